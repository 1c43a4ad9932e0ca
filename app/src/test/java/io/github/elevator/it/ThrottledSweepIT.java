package io.github.elevator.it;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.github.elevator.testing.Installed;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code elevator bench --all-schedulers} on a loop device throttled above the scheduler (a blkio
 * cgroup: 20 MB/s and 1,500 reads a second, 5 MB/s and 300 writes), where every scheduler is the
 * same speed by construction: five sweeps, each answer equal or not measured (or none at all),
 * never a difference decided beyond the margin (issue 29, item 6).
 */
class ThrottledSweepIT extends OnAFilledLoopDevice {
    private static final int SWEEPS = 5;
    private static final double MARGIN = 0.03;

    @Test
    void aThrottledDeviceIsEqualOrNotMeasuredInEverySweep() throws Exception {
        assumeTrue(ThrottledDevice.available(), "no cgroup v1 blkio throttle on this machine");
        List<String> answers = new ArrayList<>();
        List<String> claims = new ArrayList<>();
        String serviced;
        try (ThrottledDevice throttle = ThrottledDevice.of(loop.name(), 20_000_000, 5_000_000, 1500, 300)) {
            for (int i = 1; i <= SWEEPS; i++) {
                Installed.Result r = elevator("bench", loop.name(), "--all-schedulers", "--budget", "20", "--json");
                assertEquals(0, r.exit(), r.err());
                JsonObject report = JsonParser.parseString(r.out()).getAsJsonObject();
                for (Map.Entry<String, com.google.gson.JsonElement> e : report.getAsJsonObject("decisions").entrySet()) {
                    JsonObject d = e.getValue().getAsJsonObject();
                    // no strength: no recommendation at all (slices that counted no read leave fewer than three whole blocks)
                    String strength = d.get("strength").isJsonNull() ? "no answer" : d.get("strength").getAsString();
                    answers.add("sweep " + i + " " + e.getKey() + ": " + strength);
                    if (!List.of("equal", "not-measured", "no answer").contains(strength)) claims.add("sweep " + i + " " + e.getKey() + ": " + d);
                    for (var p : d.getAsJsonArray("pairs")) {
                        JsonObject pair = p.getAsJsonObject();
                        if (beyondTheMargin(pair)) claims.add("sweep " + i + " " + e.getKey() + ": " + pair);
                    }
                }
                assertEquals("mq-deadline", loop.active(), "back on the original scheduler after sweep " + i);
            }
            serviced = throttle.serviced();
        }
        System.out.println("throttled loop device, " + SWEEPS + " sweeps: " + answers);
        assertTrue(serviced.contains("Read"), "the reads went through the throttle: " + serviced);
        assertEquals(List.of(), claims, "a device equal by construction: " + answers);
    }

    /** A faster or slower verdict whose whole interval lies beyond the margin either way. */
    private static boolean beyondTheMargin(JsonObject pair) {
        String verdict = pair.get("verdict").getAsString();
        if (!verdict.equals("faster") && !verdict.equals("slower") || !pair.get("ci95").isJsonArray()) return false;
        double lo = pair.getAsJsonArray("ci95").get(0).getAsDouble(), hi = pair.getAsJsonArray("ci95").get(1).getAsDouble();
        return lo > 1 + MARGIN || hi < 1 / (1 + MARGIN);
    }
}
