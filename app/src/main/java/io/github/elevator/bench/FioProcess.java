package io.github.elevator.bench;

import io.github.elevator.text.Messages;
import io.github.elevator.protocol.Printable;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One fio run of a {@link FioCommand} vector, started by this process with its own rights: fio opens
 * the device itself, so the check needs a user who may read the node (or root). Its report and its
 * errors go to files of this process's own, so nothing waits on a pipe; a run past its time is ended.
 */
public final class FioProcess {
    /** fio's JSON report is a few KiB; more is no report of this vector. */
    static final int MAX_REPORT = 64 * 1024;
    /** fio's start-up and ramp beside the run's own seconds. */
    private static final long SPARE_SECONDS = 20;

    private FioProcess() {
    }

    /** fio's JSON report of {@code argv}, a run of {@code seconds}; the reason in words when fio could not run or failed. */
    public static String run(List<String> argv, int seconds) throws IOException, InterruptedException {
        if (!Files.isExecutable(Path.of(argv.get(0)))) throw new IOException(FioCommand.missing());
        Path report = Files.createTempFile("elevator-fio-", ".json");
        Path errors = Files.createTempFile("elevator-fio-", ".err");
        Process fio = null;
        try {
            fio = new ProcessBuilder(argv).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .redirectOutput(report.toFile()).redirectError(errors.toFile()).start();
            if (!fio.waitFor(seconds + SPARE_SECONDS, TimeUnit.SECONDS)) throw new IOException(Messages.text("bench.fio.late", seconds + SPARE_SECONDS));
            if (fio.exitValue() != 0) throw new IOException(Messages.text("bench.fio.failed", fio.exitValue(), lastLine(errors)));
            if (Files.size(report) > MAX_REPORT) throw new IOException(Messages.text("bench.fio.too-long", MAX_REPORT));
            return Files.readString(report, StandardCharsets.UTF_8);
        } finally {
            if (fio != null) fio.destroyForcibly();
            Files.deleteIfExists(report);
            Files.deleteIfExists(errors);
        }
    }

    /** fio's own last word on what went wrong, made printable and short. */
    private static String lastLine(Path errors) throws IOException {
        List<String> lines = Files.readAllLines(errors, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).toList();
        return lines.isEmpty() ? "-" : Printable.quoted(lines.get(lines.size() - 1).strip(), 200);
    }
}
