package io.github.elevator.bench.design;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BlockDesignTest {
    private static final List<String> NAMES = List.of("none", "mq-deadline", "kyber", "bfq", "s5", "s6");

    @Test
    void everyBlockRunsEachSchedulerOnce() {
        for (int n = 1; n <= NAMES.size(); n++) {
            BlockDesign design = new BlockDesign(NAMES.subList(0, n), 7);
            for (List<String> order : design.ordersSoFar(50)) {
                assertEquals(n, order.size());
                assertEquals(new HashSet<>(NAMES.subList(0, n)), new HashSet<>(order));
            }
        }
    }

    @Test
    void everyCycleBalancesPositionsAndDirectSuccession() {
        for (int n = 2; n <= NAMES.size(); n++) {
            List<String> names = NAMES.subList(0, n);
            BlockDesign design = new BlockDesign(names, 42);
            assertEquals(n % 2 == 0 ? n : 2 * n, design.cycleLength());
            // Three cycles, each balanced on its own.
            for (int cycle = 0; cycle < 3; cycle++) {
                Map<String, Integer> positions = new HashMap<>();
                Map<String, Integer> successions = new HashMap<>();
                for (int b = cycle * design.cycleLength(); b < (cycle + 1) * design.cycleLength(); b++) {
                    List<String> order = design.order(b);
                    for (int i = 0; i < n; i++) positions.merge(order.get(i) + "@" + i, 1, Integer::sum);
                    for (int i = 1; i < n; i++) successions.merge(order.get(i - 1) + ">" + order.get(i), 1, Integer::sum);
                }
                int perPosition = design.cycleLength() / n;
                assertEquals(n * n, positions.size(), "every scheduler in every position, n=" + n);
                assertTrue(positions.values().stream().allMatch(c -> c == perPosition), "n=" + n + " " + positions);
                assertEquals(n * (n - 1), successions.size(), "every scheduler directly after every other, n=" + n);
                int perSuccession = successions.values().iterator().next();
                assertTrue(successions.values().stream().allMatch(c -> c == perSuccession), "n=" + n + " " + successions);
            }
        }
    }

    @Test
    void theSameSeedGivesTheSameOrdersAndAnotherSeedOthers() {
        List<String> four = NAMES.subList(0, 4);
        assertEquals(new BlockDesign(four, 3).ordersSoFar(40), new BlockDesign(four, 3).ordersSoFar(40));
        assertNotEquals(new BlockDesign(four, 3).ordersSoFar(40), new BlockDesign(four, 4).ordersSoFar(40));
        BlockDesign design = new BlockDesign(four, 3);
        assertEquals(design.order(17), design.ordersSoFar(18).get(17));
    }

    @Test
    void theOrderChangesFromCycleToCycle() {
        BlockDesign design = new BlockDesign(NAMES.subList(0, 4), 11);
        assertNotEquals(design.ordersSoFar(4), design.ordersSoFar(8).subList(4, 8));
    }

    @Test
    void badInputIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new BlockDesign(List.of(), 1));
        assertThrows(IllegalArgumentException.class, () -> new BlockDesign(List.of("none", "none"), 1));
        assertThrows(IllegalArgumentException.class, () -> new BlockDesign(List.of("none", " "), 1));
        assertThrows(IllegalArgumentException.class, () -> new BlockDesign(List.of("none"), 1).order(-1));
        assertThrows(IllegalArgumentException.class, () -> new BlockDesign(List.of("none"), 1).ordersSoFar(-1));
    }
}
