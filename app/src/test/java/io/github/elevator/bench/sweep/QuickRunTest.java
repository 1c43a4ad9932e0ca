package io.github.elevator.bench.sweep;

import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.sweep.MemoryDevice.Rate;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The quick benchmark's runs against a device in memory: one run per workload on the current scheduler, each checked when asked, one finish. */
class QuickRunTest {
    private static final List<Workload> THREE = List.of(Workload.SEQ_READ, Workload.RAND_READ, Workload.RAND_READ_QD32);

    private final ManualClock clock = new ManualClock(0);

    private MemoryDevice device() {
        return new MemoryDevice("mq-deadline", Map.of("mq-deadline", new Rate(300, 4), "none", new Rate(400, 3)), 0.05, 3, clock);
    }

    @Test
    void oneRunPerWorkloadOnTheCurrentSchedulerEachCheckedRightAfterIt() throws Exception {
        MemoryDevice device = device();
        List<String> checked = new ArrayList<>();
        List<double[]> progress = new ArrayList<>();
        QuickRun quick = new QuickRun(device, THREE, new BenchmarkListener() {
            @Override
            public void progress(double fraction, double secondsLeft, String doing) {
                progress.add(new double[] {fraction, secondsLeft});
            }
        }, new Cancellation(), run -> checked.add(run.workload() + " " + device.calls().size()), clock);
        Ending ending = Ending.of(device, quick);
        assertEquals(Ending.Way.DONE, ending.way());
        assertEquals(List.of("read seq-read on mq-deadline", "read rand-read on mq-deadline", "read rand-read-qd32 on mq-deadline", "finish"),
                device.calls());
        assertEquals(List.of("seq-read 1", "rand-read 2", "rand-read-qd32 3"), checked, "each run checked before the next");
        assertEquals(List.of("seq-read", "rand-read", "rand-read-qd32"), quick.runs().stream().map(RunResult::workload).toList());
        assertTrue(quick.runs().stream().allMatch(r -> r.seconds() == QuickRun.SECONDS_PER_WORKLOAD), quick.runs().toString());
        assertEquals(30, progress.get(0)[1], 1e-9, "three runs and three checks of 5 s left at the start");
        assertEquals(30 - 3 * QuickRun.SECONDS_PER_WORKLOAD, progress.get(progress.size() - 1)[1], 1e-9, "before the last check: three runs spent");
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
