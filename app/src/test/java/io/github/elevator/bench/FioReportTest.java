package io.github.elevator.bench;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** fio's JSON report, as the helper hands it over unchanged, read in the app. */
class FioReportTest {
    /** fio 3.33's report of a 1 s rand-read-qd32 run on a RAM-backed loop device (FioCommand's options). */
    static String report() throws IOException {
        try (InputStream in = FioReportTest.class.getResourceAsStream("fio-rand-read-qd32.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void readsIopsBandwidthAndTheNinetyNinthPercentile() throws IOException {
        assertEquals(new FioComparison.Figures(140809.190809, 563364 / 1024.0, 1925.12), FioComparison.Figures.ofReport(report(), "rand-read-qd32"));
    }

    @Test
    void refusesWhatIsNotExactlyOneCleanRunOfTheWorkload() throws IOException {
        String good = report();
        for (String bad : new String[] {"", "fio: failed to open /dev/loop1", "[]", "{}", "{\"jobs\":[]}",
                good.replace("\"jobname\" : \"rand-read-qd32\"", "\"jobname\" : \"seq-read\""),
                good.replace("\"error\" : 0", "\"error\" : 5"),
                good.replace("\"io_kbytes\" : 563928", "\"io_kbytes\" : 0"),
                good.replace("\"99.000000\" : 1925120", "\"95.000000\" : 1925120"),
                good.replace("\"iops\" : 140809.190809", "\"iops\" : \"x\""),
                good.replace("\"jobs\" : [", "\"jobs\" : [ {}, ")}) {
            assertThrows(IllegalArgumentException.class, () -> FioComparison.Figures.ofReport(bad, "rand-read-qd32"), bad);
        }
    }
}
