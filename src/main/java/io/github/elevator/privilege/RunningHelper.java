package io.github.elevator.privilege;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** A long helper verb under way: its stdout arrives line by line; lines can be sent to its stdin. */
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

    /** Sends one line; false when the helper no longer reads. */
    public synchronized boolean send(String line) {
        try {
            OutputStream in = process.getOutputStream();
            in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            return true;
        } catch (IOException alreadyGone) {
            return false;
        }
    }

    /** Closes the helper's stdin: a session takes that as the end, puts back what it changed and exits. */
    public synchronized void closeInput() {
        try {
            process.getOutputStream().close();
        } catch (IOException alreadyGone) {
            // the helper has exited already
        }
    }

    public boolean alive() {
        return process.isAlive();
    }

    /** Stops the helper with SIGTERM (it restores on that too); for a caller that cannot wait. */
    public void terminate() {
        process.destroy();
    }

    /** What the helper said on stderr so far. */
    public String stderr() {
        synchronized (stderr) {
            return stderr.toString();
        }
    }

    /** Waits for the end; throws with the helper's own words when it failed. */
    public void waitFor() throws PrivilegeException, InterruptedException {
        int code = process.waitFor();
        stdoutReader.join(5000);
        stderrReader.join(5000);
        if (code != 0) throw runner.failure(code, stderr());
    }
}
