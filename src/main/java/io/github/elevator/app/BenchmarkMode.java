package io.github.elevator.app;

/**
 * What a benchmark compares: the current scheduler alone (a quick run), every scheduler (or the
 * chosen subset), or the current scheduler in every slot labelled as if they were different
 * schedulers ("A", "B", ...), which measures the noise floor of the machine and device.
 */
public enum BenchmarkMode { CURRENT, ALL, NOISE_CHECK }
