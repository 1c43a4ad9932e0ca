package io.github.elevator.helper;

import io.github.elevator.helper.protocol.*;
import io.github.elevator.text.Printable;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * {@code fio WORKLOAD SECONDS} in a session: runs {@value FioCommand#FIO} as root on the held device
 * (a handed-over descriptor cannot be reopened by an unprivileged fio) with {@link FioCommand}'s fixed
 * vector for the workload, an empty environment, input closed, output bounded and a time limit, and
 * stops it when the session ends. Only fio's JSON report goes back, unchanged, after a clean exit: no
 * parser of fio's output runs as root, and its standard error never leaves the helper.
 */
final class FioCheck {
    private static final int MAX_OUTPUT = 64 * 1024;
    private static final long SPARE_SECONDS = 20;

    private FioCheck() {
    }

    static HelperEvent run(String device, HelperCommand.Fio request, BooleanSupplier stop) {
        if (!Files.isExecutable(Path.of(FioCommand.FIO))) return new HelperEvent.Refused(FioCommand.MISSING);
        List<String> argv;
        try {
            argv = FioCommand.argv(request.workload(), device, request.seconds());
        } catch (IllegalArgumentException e) {
            return new HelperEvent.Refused(e.getMessage());
        }
        ProcessBuilder builder = new ProcessBuilder(argv).redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().clear();
        Process fio = null;
        try {
            fio = builder.start();
            fio.getOutputStream().close();
            Process running = fio;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(request.seconds() + SPARE_SECONDS);
            Thread guard = new Thread(() -> {
                try {
                    while (!running.waitFor(100, TimeUnit.MILLISECONDS)) {
                        if (stop.getAsBoolean() || System.nanoTime() > deadline) running.destroyForcibly();
                    }
                } catch (InterruptedException ended) {
                    running.destroyForcibly();
                }
            }, "elevator-fio-guard");
            guard.setDaemon(true);
            guard.start();
            byte[] out = fio.getInputStream().readNBytes(MAX_OUTPUT + 1);
            if (out.length > MAX_OUTPUT) return new HelperEvent.Refused("fio wrote more than " + MAX_OUTPUT + " bytes; its run was stopped");
            int exit = fio.waitFor();
            if (stop.getAsBoolean()) return new HelperEvent.Refused("the session is ending; fio was stopped");
            if (exit != 0) return new HelperEvent.Refused("fio failed (exit status " + exit + "); run its command to see why");
            return new HelperEvent.Fio(request.workload(), argv, new String(out, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return new HelperEvent.Refused("could not run fio: " + Printable.oneLine(String.valueOf(e.getMessage())));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new HelperEvent.Refused("interrupted; fio was stopped");
        } finally {
            if (fio != null) fio.destroyForcibly();
        }
    }
}
