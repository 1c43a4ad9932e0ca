package io.github.elevator.it;

import io.github.elevator.bench.wording.DecisionWords;
import io.github.elevator.app.BenchmarkFailedException;
import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.bench.sweep.BenchmarkListener;
import io.github.elevator.app.BenchmarkMode;
import io.github.elevator.app.BenchmarkRequest;
import io.github.elevator.app.BenchmarkService;
import io.github.elevator.bench.sweep.Cancellation;
import io.github.elevator.app.HeldDevices;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.Metric;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.design.WorkloadDecision;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.Installed;
import io.github.elevator.testing.Ext4Mount;
import io.github.elevator.testing.LoopDevice;
import io.github.elevator.testing.Require;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * start-under-write through the real BenchmarkService and helper, as root, on an ext4 filesystem
 * of a RAM-backed loop device: none against kyber decided or run to the budget, the device back on
 * its scheduler, and the scratch folder with the application's files gone — after a finished
 * sweep, a cancelled one and one that failed.
 */
class StartUnderWriteIT extends OnAMountedLoopDevice {
    private static final String WORKLOAD = Workload.START_UNDER_WRITE.id();

    private BenchmarkService service() {
        HelperRunner runner = new HelperRunner(Installed.home().resolve("bin/elevator-helper"), true);
        return new BenchmarkService(BlockDeviceScanner.system(), runner, HeldDevices.system(runner),
                new BenchmarkHistory(home.resolve("history")));
    }

    private BenchmarkRequest noneAgainstBfq(int budget) {
        return new BenchmarkRequest(loop.name(), BenchmarkMode.ALL, List.of("none", "kyber"), List.of(Workload.START_UNDER_WRITE),
                budget, BenchmarkRequest.DEFAULT_MARGIN);
    }

    @Test
    void noneAgainstBfqGetsADecisionInMillisecondsPerStartAndLeavesNothingBehind() throws Exception {
        BenchmarkReport report = service().run(noneAgainstBfq(16), new BenchmarkListener() { }, new Cancellation());
        WorkloadDecision decision = report.decisions().get(WORKLOAD);
        assertTrue(decision != null && DecisionWords.why(decision) != null && !DecisionWords.why(decision).isBlank(), "a decision: " + report.decisions());
        assertEquals(Metric.START_MS, decision.metric());
        assertEquals(1, decision.pairs().size(), decision.pairs().toString());
        assertEquals(2, report.ranking().get(WORKLOAD).size(), report.ranking().toString());
        List<RunResult> runs = report.runs().stream().filter(r -> r.workload().equals(WORKLOAD)).toList();
        assertTrue(runs.size() >= 4, "at least two blocks of two runs: " + runs.size());
        for (RunResult r : runs) {
            assertTrue(r.iops() > 0 && r.latP50us() > 0, "every run recorded starts: " + r);
            assertEquals("files", r.engine());
        }
        for (BenchmarkReport.SchedulerResult r : report.results()) {
            assertTrue(r.mean().get("startMs") > 0, "each scheduler's start time: " + r);
        }
        assertNothingLeft();
        assertEquals("mq-deadline", loop.active());
        assertEquals("mq-deadline", report.originalScheduler());
    }

    @Test
    void aCancelledSweepLeavesNothingBehind() throws Exception {
        Cancellation cancellation = new Cancellation();
        BenchmarkListener cancelAfterFirstRun = new BenchmarkListener() {
            @Override
            public void run(RunResult result) {
                cancellation.cancel();
            }
        };
        BenchmarkFailedException e = assertThrows(BenchmarkFailedException.class,
                () -> service().run(noneAgainstBfq(30), cancelAfterFirstRun, cancellation));
        assertTrue(e.getMessage().startsWith("Cancelled"), e.getMessage());
        assertNothingLeft();
        assertEquals("mq-deadline", loop.active());
    }

    @Test
    void aSweepThatFailsMidwayLeavesNothingBehind() throws IOException {
        BenchmarkListener failing = new BenchmarkListener() {
            @Override
            public void sample(io.github.elevator.bench.Sample sample) {
                throw new IllegalStateException("the window went away");
            }
        };
        assertThrows(RuntimeException.class, () -> service().run(noneAgainstBfq(30), failing, new Cancellation()));
        assertNothingLeft();
    }

    private void assertNothingLeft() throws IOException {
        try (Stream<Path> left = Files.list(mnt)) {
            assertEquals(List.of("lost+found"), left.map(p -> p.getFileName().toString()).toList(),
                    "the scratch folder and the application's files are gone");
        }
    }
}
