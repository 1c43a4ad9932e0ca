package io.github.elevator.helper;

import io.github.elevator.protocol.*;
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * What both root programs ({@link ElevatorHelper}, {@link ElevatorRulesHelper}) do around a verb: they
 * refuse to run as anything but root or with limits root may not raise; standard error never blocks;
 * a one-shot verb ends within {@link #ONE_SHOT_SECONDS} whatever its caller does. Every error is one
 * line on stderr and a distinct {@link HelperExit}.
 */
final class HelperProcess {
    /** How long the last output may take to reach a caller who reads it slowly, or not at all. */
    private static final long OUTPUT_MILLIS = 10_000;
    static final long ONE_SHOT_SECONDS = 45;

    /** A program's verb, given its standard output and error. */
    interface Verb {
        HelperExit run(PrintStream out, PrintStream err);
    }

    private HelperProcess() {
    }

    /** Runs {@code verb} and exits with its code; {@code holding}: whether the one-shot deadline must wait (a device's lock is held). */
    static void main(boolean session, BooleanSupplier holding, Verb verb) {
        BoundedOutput stderr = new BoundedOutput(new FileOutputStream(FileDescriptor.err), "elevator-stderr");
        PrintStream err = new PrintStream(stderr, true, StandardCharsets.UTF_8);
        String limited = callerLimits();
        HelperExit refused = !ProcessIds.current().isRoot() ? fail(err, HelperExit.NOT_ROOT, "the helper must run as root")
                : limited == null ? null : fail(err, HelperExit.LIMITS_TOO_LOW, "started with " + limited + ", which root may not raise here; nothing was changed");
        OutputStream stdout = new FileOutputStream(FileDescriptor.out);
        BoundedOutput oneShotOut = session ? null : new BoundedOutput(stdout, "elevator-stdout");
        if (!session) startDeadline(err, holding);
        HelperExit result = refused != null ? refused : verb.run(new PrintStream(session ? stdout : oneShotOut, true), err);
        if (oneShotOut != null) oneShotOut.drain(OUTPUT_MILLIS);
        stderr.drain(OUTPUT_MILLIS);
        System.exit(result.code());
    }

    /**
     * Why the limits pkexec passes on ({@code limits}: /proc/PID/limits) are too low, or null: where the
     * launcher could not raise them, the kernel would kill the helper between a switch and its restore
     * (CPU time: a session may last an hour) or fail its record (file size; root writes well below 16 MiB).
     */
    static String callerLimits(List<String> limits) {
        for (String line : limits) {
            boolean cpu = line.startsWith("Max cpu time"), file = line.startsWith("Max file size");
            if (!cpu && !file) continue;
            String soft = line.substring(13).trim().split("\\s+")[0];
            if (soft.equals("unlimited")) continue;
            long value = soft.matches("[0-9]{1,18}") ? Long.parseLong(soft) : -1;
            if (cpu && value < 3600) return "a CPU-time limit of " + soft + " s";
            if (file && value < 16L << 20) return "a file-size limit of " + soft + " bytes";
        }
        return null;
    }

    private static String callerLimits() {
        try {
            return callerLimits(Files.readAllLines(Path.of("/proc/self/limits")));
        } catch (IOException unreadable) {
            return "limits that cannot be read (" + unreadable.getMessage() + ")";
        }
    }

    /** The monotonic clock runs on while the process is stopped, so a continued helper past its time ends at once. */
    private static void startDeadline(PrintStream err, BooleanSupplier holding) {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(ONE_SHOT_SECONDS);
        Thread t = new Thread(() -> {
            try {
                while (System.nanoTime() < end || holding.getAsBoolean()) Thread.sleep(100);
            } catch (InterruptedException e) {
                return;
            }
            err.println("elevator-helper: the helper ran out of time (its caller kept it waiting); it holds no device");
            Runtime.getRuntime().halt(HelperExit.TIMED_OUT.code());
        }, "elevator-deadline");
        t.setDaemon(true);
        t.start();
    }

    /** Says why on one line (input and the kernel's words made printable) and returns the exit. */
    static HelperExit fail(PrintStream err, HelperExit exit, String message) {
        err.println("elevator-helper: " + Printable.oneLine(message));
        return exit;
    }
}
