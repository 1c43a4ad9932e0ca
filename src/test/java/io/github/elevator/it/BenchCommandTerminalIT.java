package io.github.elevator.it;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.github.elevator.testing.Installed;
import io.github.elevator.testing.LoopDevice;
import io.github.elevator.testing.Require;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code elevator bench} as a person sees it in a terminal (a real pty, made by script(1)): one
 * progress line redrawn in place, the verdict last; in a pipe a quiet line per workload; Ctrl+C
 * and SIGTERM end it as a cancelled benchmark, exit code 1, the device back on its scheduler.
 */
class BenchCommandTerminalIT {
    private static final String REDRAW = "\r\033[K";
    private LoopDevice loop;

    @TempDir
    Path home;

    @BeforeEach
    void attach() throws IOException {
        Require.root();
        Require.that(Files.isExecutable(Path.of("/usr/bin/script")), "needs script(1) (util-linux) for a pty");
        loop = LoopDevice.attachFilled(64);
        loop.set("mq-deadline");
    }

    @AfterEach
    void detach() throws IOException {
        if (loop != null) loop.close();
    }

    private String bench() {
        return Installed.home().resolve("bin/elevator") + " bench " + loop.name() + " --schedulers none,mq-deadline"
                + " --workload rand-read --workload seq-read --budget 10";
    }

    private ProcessBuilder process(List<String> command) {
        ProcessBuilder pb = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().put("XDG_DATA_HOME", home.toString());
        pb.environment().put("TERM", "xterm");
        pb.environment().put("COLUMNS", "100");
        return pb;
    }

    @Test
    void onATerminalTheProgressLineIsRedrawnInPlaceAndTheVerdictIsTheLastLine() throws Exception {
        Process p = process(List.of("script", "-qfec", bench(), "/dev/null")).redirectErrorStream(true).start();
        String screen = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), screen);
        long redraws = screen.split(java.util.regex.Pattern.quote(REDRAW), -1).length - 1;
        assertTrue(redraws >= 10, "the progress line is drawn again and again: " + redraws + " times in\n" + screen);
        // split at newlines only: String.lines() would also split at the carriage returns that redraw the line
        List<String> lines = List.of(screen.replace("\r\n", "\n").split("\n"));
        long progressLines = lines.stream().filter(l -> l.contains(" %] ")).count();
        assertTrue(progressLines <= 2, "all of it on one line, not one line each: " + progressLines + " in\n" + screen);
        String last = lines.stream().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElseThrow().replace(REDRAW, "");
        assertTrue(last.startsWith("Verdict for " + loop.name() + ": "), "the verdict is the last line: " + last + "\n" + screen);
        assertTrue(last.contains("rand-read: ") && last.contains("seq-read: "), last);
        assertEquals("mq-deadline", loop.active());
    }

    @Test
    void inAPipeEachWorkloadGetsAQuietLineAndJsonStartsWithTheVerdict() throws Exception {
        Process p = process(List.of("sh", "-c", bench() + " --json")).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), err);
        assertTrue(!err.contains("\r") && err.lines().count() <= 6, "a few quiet lines:\n" + err);
        assertEquals(1, err.lines().filter(l -> l.contains("] rand-read under")).count(), err);
        assertEquals(1, err.lines().filter(l -> l.contains("] seq-read under")).count(), err);
        JsonObject report = JsonParser.parseString(out).getAsJsonObject();
        assertEquals(List.of("recommendation", "why"), report.keySet().stream().limit(2).toList(), out.substring(0, Math.min(300, out.length())));
        assertTrue(report.get("why").getAsString().startsWith("rand-read: "), report.get("why").toString());
        assertEquals(loop.name(), report.get("device").getAsString());
    }

    @Test
    void ctrlCAndSigtermEndItAsACancelledBenchmarkWithExitCodeOne() throws Exception {
        for (String signal : List.of("INT", "TERM")) {
            Path err = Files.createTempFile(home, "bench", ".err");
            Process p = process(List.of(Installed.home().resolve("bin/elevator").toString(), "bench", loop.name(), "--all-schedulers",
                    "--budget", "60")).redirectError(err.toFile()).start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!Files.readString(err).contains("] ") && System.nanoTime() < deadline) Thread.sleep(100);
            assertTrue(Files.readString(err).contains("] "), "the benchmark runs: " + Files.readString(err));
            new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), signal + ": it ends");
            String said = Files.readString(err);
            assertEquals(1, p.exitValue(), signal + " exits 1, as the README says: " + said);
            List<String> lines = said.lines().toList();
            assertEquals("elevator: Cancelled; " + loop.name() + " is back on mq-deadline.", lines.get(lines.size() - 1), said);
            assertEquals("mq-deadline", loop.active(), signal);
        }
    }
}
