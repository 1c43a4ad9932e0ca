package io.github.elevator.app;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import io.github.elevator.text.Messages;

/**
 * Makes this process not dumpable ({@code prctl(PR_SET_DUMPABLE, 0)}): another program of the same
 * user can then neither ptrace it (gdb, strace) nor read or write its memory through
 * {@code /proc/PID/mem}, and {@code /proc/PID}'s private files belong to root. The window and the
 * command line hold what a cached polkit authorization allows (a running benchmark session, the
 * helper's pipes); without this, a debugger attached as the same user could drive them. The JVM's
 * attach mechanism is refused by the launchers' -XX:+DisableAttachMechanism.
 */
public final class Undumpable {
    private static final int PR_SET_DUMPABLE = 4;
    private static final int PR_GET_DUMPABLE = 3;

    private Undumpable() {
    }

    /** JNA's binding, loaded by the first call, on the thread that makes it. */
    private static final class Libc {
        static {
            Native.register(Platform.C_LIBRARY_NAME);
        }

        private static native int prctl(int option, long arg2, long arg3, long arg4, long arg5) throws LastErrorException;
    }

    private static volatile Thread meanwhile;

    /**
     * Applies it on a thread of its own, for the window: loading JNA takes a tenth to a fifth of a
     * second, which passes while the window proper is built. {@link #awaitMeanwhile()} waits for
     * it, before the window takes any input.
     */
    public static void applyMeanwhile() {
        Thread thread = new Thread(Undumpable::apply, "elevator-undumpable");
        thread.setDaemon(true);
        meanwhile = thread;
        thread.start();
    }

    /** Returns once what {@link #applyMeanwhile()} started is done (at once when nothing was started). */
    public static void awaitMeanwhile() {
        Thread thread = meanwhile;
        if (thread == null) return;
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Applies it; false (and the reason on stderr) when the kernel refused or JNA could not load. */
    public static boolean apply() {
        try {
            Libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
            return Libc.prctl(PR_GET_DUMPABLE, 0, 0, 0, 0) == 0;
        } catch (LastErrorException | UnsatisfiedLinkError | NoClassDefFoundError | ExceptionInInitializerError e) {
            System.err.println(Messages.text("app.undumpable", e.getMessage()));
            return false;
        }
    }
}
