package io.github.elevator.ui.window;

import io.github.elevator.bench.WritePlan;
import io.github.elevator.bench.Workload;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The first-run hint says "it only reads the disk" only while the ticked workloads only read; else what they write where. */
class GuideTextTest {
    @Test
    void onlyReadsWhileNothingTickedWrites() {
        assertTrue(GuideText.firstRun("").contains("(it only reads the disk)"), GuideText.firstRun(""));
    }

    @Test
    void aTickedWorkloadThatWritesIsSaidWithWhatAndWhere() {
        String plan = WritePlan.of(List.of(Workload.SEQ_READ, Workload.READ_UNDER_WRITE), Path.of("/"), 50L << 30).orElseThrow();
        String hint = GuideText.firstRun(plan);
        assertFalse(hint.contains("it only reads"), hint);
        assertTrue(hint.endsWith(plan), "the panel's own line on what is written where: " + hint);
        assertTrue(plan.contains("read-under-write") && plan.contains("/"), plan);
    }
}
