package io.github.elevator.privilege;

import io.github.elevator.protocol.DeviceDescriptor;
import io.github.elevator.text.Messages;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * A long helper verb under way: its stdout arrives line by line; lines can be sent to its stdin,
 * a Unix socket on which the helper can also hand over a descriptor.
 */
public final class VerbInProgress {
    private final SocketPairSpawn process;
    private final HelperRunner runner;
    private final StringBuilder stderr;
    private final Thread stderrReader;
    private final Thread stdoutReader;

    VerbInProgress(SocketPairSpawn process, HelperRunner runner, StringBuilder stderr, Thread stderrReader, Thread stdoutReader) {
        this.process = process;
        this.runner = runner;
        this.stderr = stderr;
        this.stderrReader = stderrReader;
        this.stdoutReader = stdoutReader;
    }

    /** Sends one line; false when the helper no longer reads. */
    public boolean send(String line) {
        return process.send((line + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** The descriptor the helper has sent on its standard input's socket, or null when it sent none. */
    public DeviceDescriptor receiveDescriptor() throws IOException {
        int socket = process.socket();
        if (socket < 0) throw new IOException(Messages.text("privilege.handover.ended"));
        return DeviceDescriptor.receive(socket);
    }

    /** Closes the helper's stdin: a session takes that as the end, puts back what it changed and exits. */
    public void closeInput() {
        process.closeInput();
    }

    public boolean alive() {
        return process.alive();
    }

    /** The helper's process (pkexec's, which becomes the helper's when pkexec runs it). */
    public long pid() {
        return process.pid();
    }

    /** Stops the helper with SIGTERM (it restores on that too); for a caller that cannot wait. */
    public void terminate() {
        process.terminate();
    }

    /** What the helper said on stderr so far. */
    public String stderr() {
        synchronized (stderr) {
            return stderr.toString();
        }
    }

    /** Waits up to {@code seconds} for the end; its exit status (128 + N after signal N), or -1 while it still runs. */
    public int waitForExit(long seconds) throws InterruptedException {
        return process.waitFor(seconds, java.util.concurrent.TimeUnit.SECONDS) ? process.waitFor() : -1;
    }

    /** Waits for the end; throws with the helper's own words when it failed. */
    public void waitFor() throws PrivilegeException, InterruptedException {
        int code = process.waitFor();
        stdoutReader.join(5000);
        stderrReader.join(5000);
        if (code != 0) throw runner.failure(code, stderr());
    }
}
