package io.github.elevator.privilege;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** A long helper verb under way: its stdout arrives line by line; it can be asked to stop. */
public final class RunningHelper {
    private final Process process;
    private final HelperRunner runner;
    private final StringBuilder stderr;
    private final Thread stderrReader;
    private final Thread stdoutReader;

    RunningHelper(Process process, HelperRunner runner, StringBuilder stderr, Thread stderrReader, Thread stdoutReader) {
        this.process = process;
        this.runner = runner;
        this.stderr = stderr;
        this.stderrReader = stderrReader;
        this.stdoutReader = stdoutReader;
    }

    /** Asks the helper to stop; it puts back what it changed and exits. */
    public void cancel() {
        try {
            OutputStream in = process.getOutputStream();
            in.write("cancel\n".getBytes(StandardCharsets.US_ASCII));
            in.flush();
            in.close();
        } catch (IOException alreadyGone) {
            // the helper has exited already
        }
    }

    /** Stops the helper with SIGTERM (its shutdown hook restores); for a caller that cannot wait. */
    public void terminate() {
        process.destroy();
    }

    /** Waits for the end; throws with the helper's own words when it failed. */
    public void waitFor() throws PrivilegeException, InterruptedException {
        int code = process.waitFor();
        stdoutReader.join(5000);
        stderrReader.join(5000);
        if (code != 0) {
            String text;
            synchronized (stderr) {
                text = stderr.toString();
            }
            throw runner.failure(code, text);
        }
    }
}
