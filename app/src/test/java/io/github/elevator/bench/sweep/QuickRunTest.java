package io.github.elevator.bench.sweep;

import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.TimedRun;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.sweep.MemoryDevice.Rate;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The quick benchmark's runs against a device in memory: one run per workload on the current scheduler (with a check, the check's turns), one finish. */
class QuickRunTest {
    private static final List<Workload> THREE = List.of(Workload.SEQ_READ, Workload.RAND_READ, Workload.RAND_READ_QD32);

    private final ManualClock clock = new ManualClock(0);

    private MemoryDevice device() {
        return new MemoryDevice("mq-deadline", Map.of("mq-deadline", new Rate(300, 4), "none", new Rate(400, 3)), 0.05, 3, clock);
    }

    @Test
    void withACheckEachWorkloadIsTheChecksTurnsOnTheCurrentSchedulerAndTheProgressCountsThem() throws Exception {
        MemoryDevice device = device();
        List<String> checked = new ArrayList<>();
        List<String> reading = new ArrayList<>();
        List<double[]> progress = new ArrayList<>();
        RunCheck turns = new RunCheck() {
            @Override
            public double secondsPerWorkload() {
                return 8;
            }

            @Override
            public RunResult alternate(String workload, String scheduler, Turns each) throws IOException, TimedRun.CancelledException {
                checked.add(workload + " on " + scheduler);
                for (int t = 0; t < 4; t++) {
                    each.next(t, 4, workload + " turn " + t);
                    clock.advance(2);
                }
                return device.read(workload, 3, s -> { });
            }
        };
        QuickRun quick = new QuickRun(device, THREE, new BenchmarkListener() {
            @Override
            public void progress(double fraction, double secondsLeft, String doing) {
                progress.add(new double[] {fraction, secondsLeft});
            }

            @Override
            public void reading(String workload) {
                reading.add(workload);
            }
        }, new Cancellation(), turns, clock);
        Ending ending = Ending.of(device, quick);
        assertEquals(Ending.Way.DONE, ending.way());
        assertEquals(List.of("seq-read on mq-deadline", "rand-read on mq-deadline", "rand-read-qd32 on mq-deadline"), checked);
        assertEquals(List.of("seq-read", "rand-read", "rand-read-qd32"), reading, "each workload's reads announced before they start");
        assertEquals(List.of("seq-read", "rand-read", "rand-read-qd32"), quick.runs().stream().map(RunResult::workload).toList(),
                "the check's Elevator turns are the quick benchmark's runs");
        assertTrue(quick.runs().stream().allMatch(r -> r.seconds() == 3), quick.runs().toString());
        assertEquals(12, progress.size(), "one progress per turn");
        assertEquals(24, progress.get(0)[1], 1e-9, "three workloads of the check's 8 s left at the start");
        assertEquals(0, progress.get(0)[0], 1e-9);
        assertEquals((2 + 3 / 4.0) / 3, progress.get(11)[0], 1e-9, "the last turn of the last workload");
    }

    @Test
    void aCancelOrAFailureAtAnyRunEndsInOneFinish() throws Exception {
        for (int at = 1; at <= THREE.size(); at++) {
            MemoryDevice failing = device().failingAtCall(at);
            Ending failed = Ending.of(failing, new QuickRun(failing, THREE, new BenchmarkListener() { }, new Cancellation(), null, clock));
            assertEquals(Ending.Way.FAILED, failed.way());
            assertEquals(1, failing.finishes());
            assertEquals(at + 1, failing.calls().size(), "nothing after the failure but the finish: " + failing.calls());

            MemoryDevice cancelled = device();
            Cancellation cancellation = new Cancellation();
            int runs = at;
            Ending ending = Ending.of(cancelled, new QuickRun(cancelled, THREE, new BenchmarkListener() {
                @Override
                public void run(RunResult result) {
                    if (cancelled.calls().size() == runs) cancellation.cancel();
                }
            }, cancellation, null, clock));
            assertEquals(Ending.Way.CANCELLED, ending.way());
            assertEquals(1, cancelled.finishes());
            assertEquals(at + 1, cancelled.calls().size(), "no run after the cancel: " + cancelled.calls());
        }
    }
}
