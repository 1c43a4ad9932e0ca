package io.github.elevator.ui.bench;

import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.testing.SeededSweepReport;
import org.junit.jupiter.api.Test;

import java.time.ZoneId;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The caption of the exported picture of the charts: the device, the local time and the workloads. */
class ChartPictureTest {
    @Test
    void aReportsCaptionNamesItsDeviceItsTimeAndItsWorkloads() {
        BenchmarkReport r = SeededSweepReport.of("2026-12-04T11:30:00Z", 3, "none", 30000, "bfq", 20000);
        assertEquals("loop3 · 2026-12-04 11:30:00 · rand-read", ChartPicture.caption(r, ZoneId.of("UTC")));
        assertEquals("loop3 · 2026-12-04 12:30:00 · rand-read", ChartPicture.caption(r, ZoneId.of("Europe/Berlin")), "local time");
        assertEquals("sdb · 2026-12-04 11:30:00 · seq-read, rand-read",
                ChartPicture.caption("sdb", "2026-12-04T11:30:00Z", List.of("seq-read", "rand-read"), ZoneId.of("UTC")));
    }
}
