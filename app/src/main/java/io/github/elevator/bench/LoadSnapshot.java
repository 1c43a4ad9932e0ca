package io.github.elevator.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The machine's CPU time at one moment, and each process's, marked as Elevator's own (this process
 * and every process below it, such as the root helper or fio), a kernel thread, or another
 * program's, so that what other programs used between two snapshots is the rest. Read around the
 * benchmark's slots, never while one measures.
 * <p>
 * Between two snapshots only what each process gained counts: a kernel thread that ended meanwhile
 * (the kernel ends idle workers of the loop devices' queues) no longer takes its whole life's time
 * off the kernel's share, which had put it on other programs' ("2.9 of 2 cores"). Elevator's own
 * include the children it waited for (fio, a helper call), which leave the process list when they
 * end. Interrupts and time stolen by the hypervisor are no program's: they are left out.
 *
 * @param busyTicks user, nice and system time of all CPUs, in ticks
 * @param processes per process id: what it used so far, its kind and its start (a pid used again is another process)
 */
public record LoadSnapshot(long nanos, long busyTicks, Map<Long, Process> processes, int cores) {
    /** PF_KTHREAD in the flags field of /proc/PID/stat. */
    private static final long KERNEL_THREAD = 0x00200000L;

    public enum Kind { OWN, KERNEL, OTHER }

    /** One process's CPU time so far, in ticks (with its waited-for children's when it is Elevator's own). */
    public record Process(Kind kind, long startTicks, long ticks) {
    }

    /** How many ticks each kind gained since {@code earlier}. */
    private record Gains(long own, long kernel) {
    }

    public static LoadSnapshot take(Path proc) throws IOException {
        long now = System.nanoTime();
        long busy = busyTicks(proc.resolve("stat"));
        long self = ProcessHandle.current().pid();
        Map<Long, long[]> stats = new HashMap<>(); // pid -> {ppid, flags, utime + stime, cutime + cstime, start}
        try (DirectoryStream<Path> pids = Files.newDirectoryStream(proc, p -> p.getFileName().toString().chars().allMatch(Character::isDigit))) {
            for (Path p : pids) {
                long[] s = stat(p.resolve("stat"));
                if (s != null) stats.put(Long.parseLong(p.getFileName().toString()), s);
            }
        }
        Map<Long, Process> processes = new HashMap<>();
        for (Map.Entry<Long, long[]> e : stats.entrySet()) {
            long[] s = e.getValue();
            Kind kind = (s[1] & KERNEL_THREAD) != 0 ? Kind.KERNEL : descends(e.getKey(), self, stats) ? Kind.OWN : Kind.OTHER;
            processes.put(e.getKey(), new Process(kind, s[4], s[2] + (kind == Kind.OWN ? s[3] : 0)));
        }
        return new LoadSnapshot(now, busy, Map.copyOf(processes), Runtime.getRuntime().availableProcessors());
    }

    /** Elevator's own CPU time so far, in ticks. */
    public long ownTicks() {
        return processes.values().stream().filter(p -> p.kind() == Kind.OWN).mapToLong(Process::ticks).sum();
    }

    /** What other programs used since {@code earlier}; the device's I/O by others is measured apart (null: not measured). */
    public OtherLoad since(LoadSnapshot earlier, Double otherIoPerSecond) {
        double seconds = secondsSince(earlier);
        double cores = seconds <= 0 ? 0 : otherTicksSince(earlier) / CpuTimes.TICKS_PER_SECOND / seconds;
        return OtherLoad.of(cores, this.cores, otherIoPerSecond);
    }

    double secondsSince(LoadSnapshot earlier) {
        return (nanos - earlier.nanos) / 1e9;
    }

    /** Other programs' ticks since {@code earlier}: the machine's busy time less what Elevator's and the kernel's threads gained. */
    long otherTicksSince(LoadSnapshot earlier) {
        Gains g = gainsSince(earlier);
        return Math.max(0, (busyTicks - earlier.busyTicks) - g.own() - g.kernel());
    }

    private Gains gainsSince(LoadSnapshot earlier) {
        long own = 0, kernel = 0;
        for (Map.Entry<Long, Process> e : processes.entrySet()) {
            Process now = e.getValue();
            if (now.kind() == Kind.OTHER) continue;
            Process then = earlier.processes.get(e.getKey());
            long before = then != null && then.startTicks() == now.startTicks() ? then.ticks() : 0;
            long gained = Math.max(0, now.ticks() - before);
            if (now.kind() == Kind.OWN) own += gained;
            else kernel += gained;
        }
        // an own child that ended was waited for: its time is in its parent's now, the part before {@code earlier} as well
        for (Map.Entry<Long, Process> e : earlier.processes.entrySet()) {
            Process then = e.getValue(), now = processes.get(e.getKey());
            if (then.kind() == Kind.OWN && (now == null || now.startTicks() != then.startTicks())) own -= then.ticks();
        }
        return new Gains(Math.max(0, own), kernel);
    }

    /** User, nice and system ticks of the "cpu" line (guest time is already in user). */
    private static long busyTicks(Path procStat) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(procStat)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (!line.startsWith("cpu ")) continue;
                String[] f = CpuTimes.BLANKS.split(line.trim());
                return Long.parseLong(f[1]) + Long.parseLong(f[2]) + Long.parseLong(f[3]);
            }
        }
        throw new IOException(io.github.elevator.text.Messages.text("bench.proc.no-cpu-line", procStat));
    }

    private static boolean descends(long pid, long ancestor, Map<Long, long[]> stats) {
        for (int depth = 0; depth < 64 && pid > 1; depth++) {
            if (pid == ancestor) return true;
            long[] s = stats.get(pid);
            if (s == null) return false;
            pid = s[0];
        }
        return false;
    }

    /** {ppid, flags, utime + stime, cutime + cstime, starttime} of one process, or null when it is gone or unreadable. */
    private static long[] stat(Path stat) {
        String line;
        try {
            line = Files.readString(stat);
        } catch (IOException | SecurityException e) {
            return null; // ended between listing and reading, or hidden from this user
        }
        int close = line.lastIndexOf(')'); // the name may hold spaces and parentheses
        if (close < 0) return null;
        String[] f = CpuTimes.BLANKS.split(line.substring(close + 2).trim());
        if (f.length < 20) return null;
        // after the name: state(0) ppid(1) pgrp session tty tpgid flags(6) minflt cminflt majflt cmajflt utime(11) stime(12)
        // cutime(13) cstime(14) priority nice threads itrealvalue starttime(19)
        return new long[] {Long.parseLong(f[1]), Long.parseLong(f[6]), Long.parseLong(f[11]) + Long.parseLong(f[12]),
                Long.parseLong(f[13]) + Long.parseLong(f[14]), Long.parseLong(f[19])};
    }
}
