package io.github.elevator.privilege;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import com.sun.jna.StringArray;
import io.github.elevator.text.Messages;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A helper (or pkexec, which keeps descriptors 0-2 for the helper) started with one end of a Unix
 * socket pair as its standard input, so that it can send a descriptor back; its standard output
 * and error are pipes, as ProcessBuilder would give. Started with posix_spawn: every other
 * descriptor of this JVM closed in the child, signals at their defaults and none blocked.
 */
final class SocketPairSpawn {
    private final int pid;
    private final int socket;
    private final FdInput stdout;
    private final FdInput stderr;
    private final CompletableFuture<Integer> exit = new CompletableFuture<>();
    private boolean socketClosed;

    private SocketPairSpawn(int pid, int socket, int stdout, int stderr) {
        this.pid = pid;
        this.socket = socket;
        this.stdout = new FdInput(stdout);
        this.stderr = new FdInput(stderr);
        // outside TaskRunner, whose layer is above this one: blocked in waitpid for the helper's life
        Thread reaper = new Thread(this::reap, "elevator-helper-reaper");
        reaper.setDaemon(true);
        reaper.start();
    }

    static SocketPairSpawn start(List<String> argv) throws IOException {
        int[] pair = new int[2];
        int[] out = {-1, -1};
        int[] err = {-1, -1};
        try {
            Posix.socketpair(Posix.AF_UNIX, Posix.SOCK_STREAM | Posix.SOCK_CLOEXEC, 0, pair);
            Posix.pipe2(out, Posix.O_CLOEXEC);
            Posix.pipe2(err, Posix.O_CLOEXEC);
        } catch (LastErrorException e) {
            for (int fd : new int[] {pair[0], pair[1], out[0], out[1], err[0], err[1]}) if (fd > 0) Posix.closeQuietly(fd);
            throw Posix.error(Messages.text("privilege.spawn.channels"), e.getErrorCode());
        }
        try {
            int pid = spawn(argv, pair[1], out[1], err[1]);
            return new SocketPairSpawn(pid, pair[0], out[0], err[0]);
        } catch (IOException | RuntimeException e) {
            Posix.closeQuietly(pair[0]);
            Posix.closeQuietly(out[0]);
            Posix.closeQuietly(err[0]);
            throw e;
        } finally {
            Posix.closeQuietly(pair[1]);
            Posix.closeQuietly(out[1]);
            Posix.closeQuietly(err[1]);
        }
    }

    private static int spawn(List<String> argv, int in, int out, int err) throws IOException {
        try (Memory actions = new Memory(Posix.OPAQUE_SIZE); Memory attributes = new Memory(Posix.OPAQUE_SIZE);
             Memory none = new Memory(Posix.OPAQUE_SIZE); Memory all = new Memory(Posix.OPAQUE_SIZE)) {
            check(Posix.posix_spawn_file_actions_init(actions), "posix_spawn_file_actions_init");
            check(Posix.posix_spawnattr_init(attributes), "posix_spawnattr_init");
            try {
                check(Posix.posix_spawn_file_actions_adddup2(actions, in, 0), "dup2 onto standard input"); // untranslated: the step of posix_spawn that failed
                check(Posix.posix_spawn_file_actions_adddup2(actions, out, 1), "dup2 onto standard output"); // untranslated: the step of posix_spawn that failed
                check(Posix.posix_spawn_file_actions_adddup2(actions, err, 2), "dup2 onto standard error"); // untranslated: the step of posix_spawn that failed
                // what this JVM has open without close-on-exec never reaches the helper (pkexec would mark it so; a root app has no pkexec)
                check(Posix.posix_spawn_file_actions_addclosefrom_np(actions, 3), "closefrom");
                Posix.sigemptyset(none);
                Posix.sigfillset(all);
                check(Posix.posix_spawnattr_setsigmask(attributes, none), "posix_spawnattr_setsigmask");
                check(Posix.posix_spawnattr_setsigdefault(attributes, all), "posix_spawnattr_setsigdefault");
                check(Posix.posix_spawnattr_setflags(attributes, (short) (Posix.POSIX_SPAWN_SETSIGMASK | Posix.POSIX_SPAWN_SETSIGDEF)),
                        "posix_spawnattr_setflags");
                int[] pid = new int[1];
                StringArray args = new StringArray(argv.toArray(String[]::new));
                StringArray env = new StringArray(environment());
                int error = Posix.posix_spawnp(pid, argv.get(0), actions, attributes, args, env);
                if (error != 0) throw Posix.error(Messages.text("privilege.spawn.start", argv.get(0)), error);
                return pid[0];
            } finally {
                Posix.posix_spawnattr_destroy(attributes);
                Posix.posix_spawn_file_actions_destroy(actions);
            }
        }
    }

    private static String[] environment() {
        return System.getenv().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toArray(String[]::new);
    }

    private static void check(int error, String what) throws IOException {
        if (error != 0) throw Posix.error(what, error);
    }

    private void reap() {
        int[] status = new int[1];
        while (true) {
            try {
                Posix.waitpid(pid, status, 0);
                break;
            } catch (LastErrorException e) {
                if (e.getErrorCode() != Posix.EINTR) {
                    exit.complete(-1);
                    return;
                }
            }
        }
        int s = status[0];
        exit.complete((s & 0x7f) == 0 ? (s >> 8) & 0xff : 128 + (s & 0x7f));
        closeSocket();
    }

    int pid() {
        return pid;
    }

    /** The app's end of the socket, for the descriptor the helper sends; -1 once the helper has ended. */
    synchronized int socket() {
        return socketClosed ? -1 : socket;
    }

    /** Writes all of {@code bytes} to the helper's standard input; false when it no longer reads. */
    synchronized boolean send(byte[] bytes) {
        if (socketClosed) return false;
        int done = 0;
        try {
            while (done < bytes.length) {
                byte[] rest = done == 0 ? bytes : java.util.Arrays.copyOfRange(bytes, done, bytes.length);
                done += (int) Posix.write(socket, rest, rest.length);
            }
            return true;
        } catch (LastErrorException e) {
            return false;
        }
    }

    /** End of input for the helper; the socket stays open for what it may still send. */
    synchronized void closeInput() {
        if (socketClosed) return;
        try {
            Posix.shutdown(socket, Posix.SHUT_WR);
        } catch (LastErrorException alreadyGone) {
            // the helper has ended
        }
    }

    private synchronized void closeSocket() {
        if (socketClosed) return;
        socketClosed = true;
        Posix.closeQuietly(socket);
    }

    InputStream stdout() {
        return stdout;
    }

    InputStream stderr() {
        return stderr;
    }

    boolean alive() {
        return !exit.isDone();
    }

    /** SIGTERM (the helper restores on it too); only reaches a helper this user may signal. */
    void terminate() {
        if (!alive()) return;
        try {
            Posix.kill(pid, Posix.SIGTERM);
        } catch (LastErrorException notOurs) {
            // pkexec became root's helper: closing its input ends it instead
            closeInput();
        }
    }

    int waitFor() throws InterruptedException {
        try {
            return exit.get();
        } catch (java.util.concurrent.ExecutionException e) {
            return -1;
        }
    }

    boolean waitFor(long timeout, TimeUnit unit) throws InterruptedException {
        try {
            exit.get(timeout, unit);
            return true;
        } catch (java.util.concurrent.TimeoutException e) {
            return false;
        } catch (java.util.concurrent.ExecutionException e) {
            return true;
        }
    }

    /** A pipe's read end as a stream, read with read(2); closed at its end of file. */
    private static final class FdInput extends InputStream {
        private final int fd;
        private final byte[] chunk = new byte[8192];
        private boolean closed;

        FdInput(int fd) {
            this.fd = fd;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) == -1 ? -1 : one[0] & 0xff;
        }

        @Override
        public synchronized int read(byte[] b, int off, int len) throws IOException {
            if (closed) return -1;
            if (len == 0) return 0;
            while (true) {
                try {
                    int n = (int) Posix.read(fd, chunk, Math.min(len, chunk.length));
                    if (n == 0) {
                        close();
                        return -1;
                    }
                    System.arraycopy(chunk, 0, b, off, n);
                    return n;
                } catch (LastErrorException e) {
                    if (e.getErrorCode() != Posix.EINTR) throw Posix.error(Messages.text("privilege.spawn.read"), e.getErrorCode());
                }
            }
        }

        @Override
        public synchronized void close() {
            if (closed) return;
            closed = true;
            Posix.closeQuietly(fd);
        }
    }
}
