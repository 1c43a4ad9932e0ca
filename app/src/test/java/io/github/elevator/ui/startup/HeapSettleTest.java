package io.github.elevator.ui.startup;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HeapSettleTest {
    @Test
    void asksForACollectionOnlyWhereItRunsConcurrentlyOnG1() {
        assertTrue(HeapSettle.concurrentExplicitGc(List.of("-XX:+UseG1GC", "-Xss1m", "-XX:+ExplicitGCInvokesConcurrent", "-cp", "x")));
        assertFalse(HeapSettle.concurrentExplicitGc(List.of("-XX:+ExplicitGCInvokesConcurrent")),
                "the collector the JVM picks by itself may be Serial (one CPU): a full collection");
        assertFalse(HeapSettle.concurrentExplicitGc(List.of("-XX:+UseG1GC")), "System.gc() stops the world by default");
        assertFalse(HeapSettle.concurrentExplicitGc(List.of("-XX:+UseG1GC", "-XX:+ExplicitGCInvokesConcurrent", "-XX:-ExplicitGCInvokesConcurrent")),
                "the last switch wins, as in the JVM");
        assertFalse(HeapSettle.concurrentExplicitGc(List.of("-XX:+UseG1GC", "-XX:+ExplicitGCInvokesConcurrent", "-XX:-UseG1GC", "-XX:+UseSerialGC")));
        assertTrue(HeapSettle.concurrentExplicitGc(List.of("-XX:-UseG1GC", "-XX:+UseG1GC", "-XX:+ExplicitGCInvokesConcurrent")));
    }
}
