package io.github.elevator.app;

import io.github.elevator.bench.wording.DecisionWords;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.sweep.BenchmarkListener;
import io.github.elevator.bench.sweep.Cancellation;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.design.WorkloadDecision;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.Fixtures;
import io.github.elevator.testing.Scripts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The service's side of a benchmark session against a small shell script that speaks the helper's
 * protocol, with scripted figures in place of the reads this process would run on the device the
 * helper hands over (the real helper and real reads run as root on loop devices in the
 * integration tests; the job loop itself is tested against a device in memory, {@code SweepTest}):
 * the report, history, what a helper that fails or is killed leaves said, refusals before any
 * password prompt.
 */
class BenchmarkServiceTest {
    /** Answers like a session on sdc: none reads about 50 % faster than the other schedulers, with a little noise. */
    static final String SESSION = """
            echo '{"type":"ready","device":"sdc","originalScheduler":"mq-deadline","schedulers":["none","mq-deadline"],\
            "engines":{}}'
            while read -r verb a b; do
                case $verb in
                switch) echo "switch $a" >> "$CALLS"; echo "{\\"type\\":\\"switched\\",\\"scheduler\\":\\"$a\\"}" ;;
                end) break ;;
                esac
            done
            echo '{"type":"restored","device":"sdc","scheduler":"mq-deadline"}'
            """;

    @TempDir
    Path dir;

    /** None reads about 50 % faster than the other schedulers, with a little noise. */
    private static final ScriptedReads.Figures NONE_FASTER = (scheduler, n) -> scheduler.equals("none") ? 300 + n % 3 : 200 + n % 2;

    private BenchmarkService service(Path helper) {
        HelperRunner runner = new HelperRunner(helper, true, (running, ready) -> new ScriptedReads(dir.resolve("calls"), NONE_FASTER));
        return new BenchmarkService(new BlockDeviceScanner(Fixtures.workstation()), runner, new HeldDevices(dir, runner),
                new BenchmarkHistory(dir.resolve("history")));
    }

    private Path helper(String body) throws Exception {
        return Scripts.executable(dir, "helper.sh", "CALLS='" + dir.resolve("calls") + "'\n" + body);
    }

    @Test
    void blocksRunUntilDecidedAndBecomeAReport() throws Exception {
        List<String> progress = new ArrayList<>();
        List<WorkloadDecision> decisions = new ArrayList<>();
        BenchmarkRequest request = new BenchmarkRequest("sdc", BenchmarkMode.ALL, List.of(), List.of(Workload.RAND_READ), 10, 0.03);
        BenchmarkReport report = service(helper(SESSION)).run(request, new BenchmarkListener() {
            @Override
            public void progress(double fraction, double secondsLeft, String doing) {
                progress.add(doing);
            }

            @Override
            public void decided(String workload, WorkloadDecision decision) {
                decisions.add(decision);
            }
        }, new Cancellation());
        WorkloadDecision last = report.decisions().get("rand-read");
        assertEquals("none", last.recommendation(), DecisionWords.why(last));
        assertTrue(last.complete());
        assertEquals("none", report.ranking().get("rand-read").get(0));
        assertEquals("mq-deadline", report.originalScheduler());
        assertEquals(io.github.elevator.bench.report.ReportMode.SWEEP, report.mode());
        assertEquals(BenchmarkReport.SCHEMA, report.schema());
        assertEquals("psync", report.engines().get("rand-read"));
        assertEquals(decisions.size(), report.blocks(), "one decision per block");
        assertTrue(report.blocks() >= 3, "no verdict before three blocks: " + report.blocks());
        assertTrue(progress.get(0).startsWith("rand-read under "), progress.get(0));
        List<String> calls = Files.readAllLines(dir.resolve("calls"));
        assertTrue(calls.contains("switch none") && calls.contains("measure on none"), "the helper switched, the reads ran here: " + calls);
        assertEquals(1, Files.list(dir.resolve("history/sdc")).count());
    }

    @Test
    void aHelperThatFailsBeforeHoldingTheDeviceIsReportedInWords() throws Exception {
        Path helper = helper("echo 'elevator-helper: sdc is being benchmarked by another Elevator (pid 42); nothing was changed' >&2; exit 76");
        BenchmarkFailedException e = assertThrows(BenchmarkFailedException.class, () -> service(helper)
                .run(BenchmarkRequest.defaults("sdc", BenchmarkMode.ALL), new BenchmarkListener() { }, new Cancellation()));
        assertEquals("The benchmark of sdc did not start: sdc is being benchmarked by another Elevator (pid 42); nothing was changed",
                e.getMessage());
    }

    @Test
    void badRequestsAreRefusedBeforeAnyPasswordPrompt() throws Exception {
        BenchmarkService s = service(helper("echo called >> \"$CALLS\"; exit 99"));
        assertTrue(assertThrows(BenchmarkFailedException.class, () -> s.run(BenchmarkRequest.defaults("zram0", BenchmarkMode.ALL),
                new BenchmarkListener() { }, new Cancellation())).getMessage().contains("no I/O scheduler"));
        assertTrue(assertThrows(BenchmarkFailedException.class, () -> s.run(BenchmarkRequest.defaults("../sdc", BenchmarkMode.ALL),
                new BenchmarkListener() { }, new Cancellation())).getMessage().startsWith("There is no block device named"));
        BenchmarkRequest foreign = new BenchmarkRequest("sdc", BenchmarkMode.ALL, List.of("none", "cfq"), Workload.DEFAULTS, 60, 0.03);
        assertTrue(assertThrows(BenchmarkFailedException.class, () -> s.run(foreign, new BenchmarkListener() { }, new Cancellation()))
                .getMessage().contains("does not offer 'cfq'"));
        BenchmarkRequest writes = new BenchmarkRequest("sdc", BenchmarkMode.ALL, List.of(), List.of(Workload.SMALL_FILES), 60, 0.03);
        assertTrue(assertThrows(BenchmarkFailedException.class, () -> s.run(writes, new BenchmarkListener() { }, new Cancellation()))
                .getMessage().startsWith("Nothing can run on sdc"));
        assertFalse(Files.exists(dir.resolve("calls")), "the helper was never started");
    }

    /** fio runs with this process's rights: a device it cannot read (here: no node at all) is refused before anyone is asked. */
    @Test
    void aFioCheckOfADeviceThisUserCannotReadIsRefusedBeforeAnyPasswordPrompt() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(Path.of(io.github.elevator.bench.FioCommand.FIO)), "fio is installed (CI installs it)");
        BenchmarkService s = service(helper("echo called >> \"$CALLS\"; exit 99"));
        String said = assertThrows(BenchmarkFailedException.class, () -> s.run(randRead().withFio(true), new BenchmarkListener() { },
                new Cancellation())).getMessage();
        assertTrue(said.startsWith("Check with fio runs fio with your own rights, and you cannot read /dev/sdc"), said);
        assertTrue(said.endsWith("sudo elevator bench sdc --fio"), said);
        assertFalse(Files.exists(dir.resolve("calls")), "the helper was never started");
    }

    /** The session above, killed outright (as by SIGKILL) at its third switch; {@code record} true: after writing its record, as the real helper has. */
    private Path killedAtTheThirdSlice(boolean record) throws Exception {
        String records = dir.resolve("run/elevator").toString();
        Files.createDirectories(dir.resolve("run/elevator"));
        String killed = (record ? "echo '{\"device\":\"sdc\",\"originalScheduler\":\"mq-deadline\",\"previousScheduler\":\"mq-deadline\",\"currentScheduler\":\"none\","
                + "\"holderPid\":4242,\"holderStart\":1}' > '" + records + "/sdc.json'; " : "") + "kill -9 $$";
        return helper(SESSION.replace("switch) echo", "switch) n=$((n + 1)); if [ $n -eq 3 ]; then " + killed + "; fi; echo"));
    }

    private static BenchmarkRequest randRead() {
        return new BenchmarkRequest("sdc", BenchmarkMode.ALL, List.of(), List.of(Workload.RAND_READ), 10, 0.03);
    }

    @Test
    void aHelperKilledMidSweepIsOneTrueSentenceThatSaysWhereTheDeviceWasLeft() throws Exception {
        BenchmarkFailedException e = assertThrows(BenchmarkFailedException.class, () -> service(killedAtTheThirdSlice(true))
                .run(randRead(), new BenchmarkListener() { }, new Cancellation()));
        assertEquals("The benchmark of sdc did not complete: the helper stopped: the helper failed (exit 137); sdc was left on none"
                + " by a benchmark that stopped (pid 4242); its original scheduler, mq-deadline, is put back by 'elevator restore'"
                + " or the next change Elevator makes.", e.getMessage());
    }

    @Test
    void aHelperKilledWithoutARecordSaysTheSchedulerIsNotKnown() throws Exception {
        BenchmarkFailedException e = assertThrows(BenchmarkFailedException.class, () -> service(killedAtTheThirdSlice(false))
                .run(randRead(), new BenchmarkListener() { }, new Cancellation()));
        assertEquals("The benchmark of sdc did not complete: the helper stopped: the helper failed (exit 137); the helper did not say"
                + " which scheduler sdc is on now (the helper failed (exit 137)); 'elevator list' shows it.", e.getMessage());
    }

    @Test
    void aCancelledBenchmarkSaysWhereTheDeviceIsBack() throws Exception {
        Cancellation cancellation = new Cancellation();
        BenchmarkFailedException e = assertThrows(BenchmarkFailedException.class, () -> service(helper(SESSION)).run(randRead(),
                new BenchmarkListener() {
                    @Override
                    public void progress(double fraction, double secondsLeft, String doing) {
                        cancellation.cancel();
                    }
                }, cancellation));
        assertEquals("Cancelled; sdc is back on mq-deadline.", e.getMessage());
    }

    @Test
    void aReportThatCannotBeSavedSaysSoInOneLine() throws Exception {
        Files.writeString(dir.resolve("history"), "a file where the history folder should be");
        List<String> said = new ArrayList<>();
        BenchmarkListener listener = new BenchmarkListener() {
            @Override
            public void notSaved(String sentence) {
                said.add(sentence);
            }
        };
        BenchmarkReport report = service(helper(SESSION)).run(randRead(), listener, new Cancellation());
        assertEquals("none", report.decisions().get("rand-read").recommendation(), "the report itself is still returned");
        assertEquals(List.of("The report was not kept in the history: could not write " + dir.resolve("history/sdc") + " (not a directory)."), said);

        Files.delete(dir.resolve("history"));
        Files.createSymbolicLink(dir.resolve("history"), dir.resolve("loop"));
        Files.createSymbolicLink(dir.resolve("loop"), dir.resolve("history"));
        said.clear();
        service(helper(SESSION)).run(randRead(), listener, new Cancellation());
        assertEquals(1, said.size(), said.toString());
        assertTrue(said.get(0).startsWith("The report was not kept in the history: ") && said.get(0).contains(dir.resolve("history").toString())
                && said.get(0).endsWith(".") && !said.get(0).contains("\n"), said.get(0));
    }

    /** A list that is wrong on any device (a scheduler twice, one alone, an empty name) is a bad request, refused before any device is looked at. */
    @Test
    void theSameSchedulerTwiceIsRefusedLikeOneAlone() {
        for (List<String> named : List.of(List.of("bfq", "bfq"), List.of("none", "bfq low_latency=0", "bfq  low_latency=0"))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new BenchmarkRequest("sdc", BenchmarkMode.ALL, named, List.of(Workload.RAND_READ), 10, 0.03));
            assertTrue(e.getMessage().startsWith("Choose at least two different schedulers to compare; 'bfq") && e.getMessage().endsWith(" is named twice."),
                    e.getMessage());
        }
        assertEquals("Choose at least two schedulers to compare.", assertThrows(IllegalArgumentException.class,
                () -> new BenchmarkRequest("sdc", BenchmarkMode.ALL, List.of("none"), List.of(Workload.RAND_READ), 10, 0.03)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new BenchmarkRequest("sdc", BenchmarkMode.ALL, List.of("bfq", ""), Workload.DEFAULTS, 10, 0.03));
    }
}
