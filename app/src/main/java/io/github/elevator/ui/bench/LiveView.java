package io.github.elevator.ui.bench;

import java.util.List;
import java.util.Map;

/**
 * What the live charts show: one device's workload running now, in its unit; its samples so far
 * and, in a comparison, each scheduler's running estimate look by look (the race). {@code single}:
 * one scheduler alone (the quick benchmark), whose chart shows throughput and latency.
 */
public record LiveView(String device, String workload, String unit, boolean single, List<LivePoint> points,
                       Map<String, List<RacePoint>> race) {
}
