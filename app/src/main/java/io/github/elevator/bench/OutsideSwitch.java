package io.github.elevator.bench;

/**
 * Another program switched the device while a benchmark held it: found on {@code found} after a
 * {@code workload} slot of {@code slot} in block {@code block}. That slot's figures were not counted.
 */
public record OutsideSwitch(String workload, String slot, int block, String found) {
}
