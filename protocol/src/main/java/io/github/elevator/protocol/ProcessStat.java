package io.github.elevator.protocol;

import java.io.IOException;
import java.nio.file.*;
import java.util.Optional;

/** A process's state, parent and start time from {@code /proc/PID/stat}: the start time tells a holder from a new process with its pid. */
public record ProcessStat(long pid, char state, long parentPid, long startTicks) {

    public static ProcessStat self() {
        return of(Path.of("/proc"), ProcessHandle.current().pid())
                .orElseThrow(() -> new IllegalStateException("cannot read /proc/self/stat"));
    }

    public static Optional<ProcessStat> of(Path proc, long pid) {
        try {
            String stat = Files.readString(proc.resolve(Long.toString(pid)).resolve("stat"));
            // the command name in parentheses may hold spaces and parentheses: fields follow the last ')'
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
            return Optional.of(new ProcessStat(pid, f[0].charAt(0), Long.parseLong(f[1]), Long.parseLong(f[19])));
        } catch (IOException | RuntimeException gone) {
            return Optional.empty();
        }
    }

    /** Whether it is stopped (state T: a signal; t: a tracer): it shows no sign of life until someone continues it. */
    public boolean stopped() {
        return state == 'T' || state == 't';
    }

    /** The process that had this pid and start time, while it still runs. */
    public static Optional<ProcessStat> still(Path proc, long pid, long startTicks) {
        return of(proc, pid).filter(p -> p.startTicks() == startTicks);
    }
}
