package io.github.elevator.ui.bench;

import java.util.List;

/** What the live chart shows: one device's current workload, in its unit, with the points so far. */
public record LiveView(String device, String workload, String unit, List<LivePoint> points) {
}
