package io.github.elevator.bench.sweep;

import java.util.List;

/**
 * fio's run of one workload on the device under test.
 *
 * @param command the argument vector fio ran with
 * @param report  fio's JSON report
 */
public record FioRun(List<String> command, String report) {
    public FioRun {
        command = List.copyOf(command);
    }
}
