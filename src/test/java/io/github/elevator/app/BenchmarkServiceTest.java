package io.github.elevator.app;

import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.Scripts;
import io.github.elevator.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BenchmarkServiceTest {
    @TempDir
    Path dir;

    private Path helper(String body) throws Exception {
        return Scripts.executable(dir, "helper.sh", body);
    }

    private BenchmarkService service(Path helper, SweepJournal journal) {
        return new BenchmarkService(new BlockDeviceScanner(Fixtures.workstation()), new HelperRunner(helper, true), journal,
                new BenchmarkHistory(dir.resolve("history")));
    }

    @Test
    void aSweepKilledOutrightIsUndoneOnNextStart() throws Exception {
        Path helper = helper("echo \"$@\" >> '" + dir.resolve("calls") + "'");
        SweepJournal journal = new SweepJournal(dir.resolve("journal.json"));
        journal.begin(new SweepJournal.Entry("sdc", "bfq")); // sdc is on mq-deadline in the fixture
        SchedulerService schedulers = new SchedulerService(new BlockDeviceScanner(Fixtures.workstation()), new HelperRunner(helper, true));
        Optional<String> said = service(helper, journal).recoverInterruptedSweep(schedulers);
        assertEquals(List.of("set-scheduler sdc bfq"), Files.readAllLines(dir.resolve("calls")));
        assertTrue(said.orElseThrow().startsWith("A benchmark of sdc was interrupted"), said.get());
        assertTrue(journal.pending().isEmpty(), "the journal is cleared once handled");
    }

    @Test
    void nothingPendingSaysNothing() throws Exception {
        Path helper = helper("exit 0");
        SweepJournal journal = new SweepJournal(dir.resolve("journal.json"));
        SchedulerService schedulers = new SchedulerService(new BlockDeviceScanner(Fixtures.workstation()), new HelperRunner(helper, true));
        assertTrue(service(helper, journal).recoverInterruptedSweep(schedulers).isEmpty());
    }

    @Test
    void streamedRunsBecomeAReportAndTheJournalIsRemoved() throws Exception {
        String run = "{\"type\":\"run\",\"scheduler\":\"%s\",\"workload\":\"rand-read\",\"repeat\":%d,\"seconds\":1,"
                + "\"iops\":%d,\"mibps\":1,\"latP50us\":10,\"latP99us\":20,\"sysPct\":5,\"iowaitPct\":0,\"engine\":\"psync\"}";
        StringBuilder script = new StringBuilder("cat <<'EOF'\n");
        script.append("{\"type\":\"start\",\"originalScheduler\":\"mq-deadline\",\"schedulers\":[\"none\",\"mq-deadline\"],"
                + "\"engines\":{\"rand-read\":\"psync\"},\"estimatedSeconds\":5}\n");
        script.append(String.format(run, "none", 1, 300)).append('\n');
        script.append(String.format(run, "mq-deadline", 1, 200)).append('\n');
        script.append(String.format(run, "mq-deadline", 2, 201)).append('\n');
        script.append(String.format(run, "none", 2, 301)).append('\n');
        script.append("{\"type\":\"done\"}\nEOF");
        SweepJournal journal = new SweepJournal(dir.resolve("journal.json"));
        var report = service(helper(script.toString()), journal).run(
                BenchmarkRequest.defaults("sdc", BenchmarkMode.ALL), new BenchmarkListener() { }, new Cancellation());
        assertEquals(List.of("none", "mq-deadline"), report.ranking().get("rand-read"));
        assertTrue(report.significant().get("rand-read"));
        assertEquals("mq-deadline", report.originalScheduler());
        assertEquals("psync", report.engines().get("rand-read"));
        assertFalse(Files.exists(dir.resolve("journal.json")));
        assertEquals(1, Files.list(dir.resolve("history/sdc")).count());
    }

    @Test
    void helperFailureIsReportedInWords() throws Exception {
        Path helper = helper("echo 'elevator-helper: the benchmark failed: Input/output error; sdc is back on mq-deadline' >&2; exit 74");
        BenchmarkFailedException e = assertThrows(BenchmarkFailedException.class, () -> service(helper,
                new SweepJournal(dir.resolve("j.json"))).run(BenchmarkRequest.defaults("sdc", BenchmarkMode.ALL), new BenchmarkListener() { }, new Cancellation()));
        assertEquals("The benchmark of sdc did not complete: The benchmark failed: Input/output error; sdc is back on mq-deadline",
                e.getMessage());
    }

    @Test
    void devicesWithoutSchedulerOrUnknownAreRefusedUpFront() throws Exception {
        BenchmarkService s = service(helper("exit 99"), new SweepJournal(dir.resolve("j.json")));
        assertTrue(assertThrows(BenchmarkFailedException.class, () -> s.run(BenchmarkRequest.defaults("zram0", BenchmarkMode.ALL),
                new BenchmarkListener() { }, new Cancellation())).getMessage().contains("no I/O scheduler"));
        assertTrue(assertThrows(BenchmarkFailedException.class, () -> s.run(BenchmarkRequest.defaults("../sdc", BenchmarkMode.ALL),
                new BenchmarkListener() { }, new Cancellation())).getMessage().startsWith("There is no block device named"));
    }
}
