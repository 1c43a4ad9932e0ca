package io.github.elevator.bench.sweep;

import io.github.elevator.bench.Workload;
import io.github.elevator.bench.design.Preference;

import java.util.List;
import java.util.Map;

/**
 * What a sweep compares and how it judges.
 *
 * @param schedulerOfSlot each slot's label and the scheduler (or variant) it runs: the schedulers themselves, or in a
 *                        noise check the current one under several labels
 * @param workloads       the workloads, in the order each block runs them
 * @param margin          the relative difference below which two slots count as equal
 * @param noiseCheck      every slot is the same scheduler: the sweep measures how often identical slots are called different
 * @param preference      how a choice is made between leaders (ignored in a noise check)
 */
public record SweepPlan(Map<String, String> schedulerOfSlot, List<Workload> workloads, double margin, boolean noiseCheck,
                        Preference preference) {
}
