package io.github.elevator.ui.bench;

import io.github.elevator.app.BenchmarkMode;
import io.github.elevator.app.FioChecks;
import io.github.elevator.app.QuickBenchmark;
import io.github.elevator.app.TurnsDevice;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Sample;
import io.github.elevator.bench.sweep.BenchmarkListener;
import io.github.elevator.bench.sweep.Cancellation;
import io.github.elevator.bench.sweep.QuickRun;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The quick benchmark checked with fio, its events applied to the panel's model as the window applies
 * them: whenever the progress names a workload (Elevator's turn or fio's), the live chart shows that
 * workload, never the one before it (it said "rand-read under none" under a chart of "seq-read").
 */
class FioCheckShowsOneWorkloadTest {

    @Test
    void everyTurnsProgressNamesTheWorkloadTheLiveChartShows() throws Exception {
        DeviceBench state = new DeviceBench("loop7");
        state.begin(BenchmarkMode.CURRENT, QuickBenchmark.WORKLOADS, 0);
        SweepUpdates updates = new SweepUpdates(update -> update.accept(state));
        List<String> seen = new ArrayList<>();
        BenchmarkListener window = new BenchmarkListener() {
            @Override
            public void progress(double fraction, double secondsLeft, String doing) {
                updates.progress(fraction, secondsLeft, doing);
                LiveView shown = state.liveView();
                assertNotNull(shown, "a chart while " + doing);
                String named = doing.replaceFirst("^fio: ", "").split(" ")[0];
                assertEquals(named, shown.workload(), "the progress \"" + state.message() + "\" over a chart of " + shown.workload());
                seen.add(doing);
            }

            @Override
            public void reading(String workload) {
                updates.reading(workload);
            }

            @Override
            public void sample(Sample sample) {
                updates.sample(sample);
            }

            @Override
            public void run(RunResult result) {
                updates.run(result);
            }
        };
        TurnsDevice device = new TurnsDevice(30_000, 0.9, 0);
        FioChecks fio = new FioChecks(device, QuickRun.SECONDS_PER_WORKLOAD, window);
        new QuickRun(device, QuickBenchmark.WORKLOADS, window, new Cancellation(), fio, System::nanoTime).run();

        assertTrue(seen.stream().anyMatch(s -> s.startsWith("fio: rand-read under none")), seen.toString());
        assertTrue(seen.stream().anyMatch(s -> s.startsWith("rand-read-qd32 under none")), seen.toString());
        assertEquals(3, state.runs.size(), "one run per workload: Elevator's turns");
    }
}
