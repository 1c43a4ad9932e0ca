package io.github.elevator.bench.sweep;

import io.github.elevator.bench.RunResult;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a sweep says of its own work while it runs: how a windowed workload is sized, a slot that
 * lasted far too long, and read-under-write's writer having written what it may.
 */
public final class ShownWhileRunning {
    private ShownWhileRunning() {
    }

    public static Map<String, String> of() {
        Map<String, String> shown = new LinkedHashMap<>();
        shown.put("sizing", FixedWork.holding(400, 120, 0.25, 20).describeWindows("read-under-write", 120, 400, 1.23, 60));
        io.github.elevator.bench.WriteAllowance allowance = io.github.elevator.bench.WriteAllowance.standard();
        WriteRuns writes = new WriteRuns(null, null, 1, new BenchmarkListener() { }, new Cancellation(),
                allowance.sharedBy(java.util.List.of(io.github.elevator.bench.Workload.READ_UNDER_WRITE)));
        shown.put("writes-spent", writes.spent(io.github.elevator.bench.Workload.READ_UNDER_WRITE));
        shown.put("writes-spent.mid-block", writes.spentWithin(io.github.elevator.bench.Workload.READ_UNDER_WRITE, 12));
        RunResult slow = new RunResult("none", "seq-read", 0, 1234.5, 1, 1, 1, 1, 1, 1, 1, "psync");
        try {
            SlotCheck.whole(slow, 1.5);
            shown.put("broken-slot", "not refused");
        } catch (IOException e) {
            shown.put("broken-slot", e.getMessage());
        }
        return shown;
    }
}
