package io.github.elevator.helper;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class CallerLimitsTest {
    private static List<String> limits(String cpu, String file) {
        return List.of("Limit                     Soft Limit           Hard Limit           Units",
                "Max cpu time              " + cpu + "            unlimited            seconds",
                "Max file size             " + file + "            unlimited            bytes",
                "Max data size             unlimited            unlimited            bytes");
    }

    @Test
    void unlimitedOrLargeLimitsAreFine() {
        assertNull(HelperProcess.callerLimits(limits("unlimited", "unlimited")));
        assertNull(HelperProcess.callerLimits(limits("7200", "1073741824")));
    }

    @Test
    void aLimitThatCouldCutASessionShortIsNamed() {
        assertEquals("a CPU-time limit of 3 s", HelperProcess.callerLimits(limits("3", "unlimited")));
        assertEquals("a file-size limit of 0 bytes", HelperProcess.callerLimits(limits("unlimited", "0")));
    }
}
