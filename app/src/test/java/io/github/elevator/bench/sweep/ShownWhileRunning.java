package io.github.elevator.bench.sweep;

import io.github.elevator.bench.RunResult;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/** What a sweep says of its own work while it runs: how a windowed workload is sized, and a slot that lasted far too long. */
public final class ShownWhileRunning {
    private ShownWhileRunning() {
    }

    public static Map<String, String> of() {
        Map<String, String> shown = new LinkedHashMap<>();
        shown.put("sizing", FixedWork.holding(400, 120, 0.25, 20).describeWindows("read-under-write", 120, 400, 1.23, 60));
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
