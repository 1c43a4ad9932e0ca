package io.github.elevator.bench;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The machine's CPU time at one moment, split into Elevator's own (this process and every process
 * below it, such as the root helper), the kernel's threads, and the total, so that what other
 * programs used between two snapshots is the rest. Read twice per benchmark, not while it measures.
 */
public record LoadSnapshot(long nanos, long totalBusyTicks, long ownTicks, long kernelThreadTicks, int cores) {
    /** PF_KTHREAD in the flags field of /proc/PID/stat. */
    private static final long KERNEL_THREAD = 0x00200000L;

    public static LoadSnapshot take(Path proc) throws IOException {
        long now = System.nanoTime();
        CpuTimes cpu = CpuTimes.read(proc.resolve("stat"));
        long self = ProcessHandle.current().pid();
        java.util.Map<Long, long[]> stats = new java.util.HashMap<>(); // pid -> {ppid, flags, ticks}
        try (DirectoryStream<Path> pids = Files.newDirectoryStream(proc, p -> p.getFileName().toString().chars().allMatch(Character::isDigit))) {
            for (Path p : pids) {
                long[] s = stat(p.resolve("stat"));
                if (s != null) stats.put(Long.parseLong(p.getFileName().toString()), s);
            }
        }
        long own = 0, kernel = 0;
        for (java.util.Map.Entry<Long, long[]> e : stats.entrySet()) {
            long[] s = e.getValue();
            if ((s[1] & KERNEL_THREAD) != 0) kernel += s[2];
            else if (descends(e.getKey(), self, stats)) own += s[2];
        }
        return new LoadSnapshot(now, cpu.total() - cpu.idle() - cpu.iowait(), own, kernel, Runtime.getRuntime().availableProcessors());
    }

    /** What other programs used since {@code earlier}; the device's I/O by others is measured apart (null: not measured). */
    public OtherLoad since(LoadSnapshot earlier, Double otherIoPerSecond) {
        double seconds = (nanos - earlier.nanos) / 1e9;
        long others = (totalBusyTicks - earlier.totalBusyTicks) - (ownTicks - earlier.ownTicks)
                - (kernelThreadTicks - earlier.kernelThreadTicks);
        double cores = seconds <= 0 ? 0 : Math.max(0, others) / CpuTimes.TICKS_PER_SECOND / seconds;
        return new OtherLoad(cores, this.cores, otherIoPerSecond);
    }

    private static boolean descends(long pid, long ancestor, java.util.Map<Long, long[]> stats) {
        for (int depth = 0; depth < 64 && pid > 1; depth++) {
            if (pid == ancestor) return true;
            long[] s = stats.get(pid);
            if (s == null) return false;
            pid = s[0];
        }
        return false;
    }

    /** {ppid, flags, utime + stime} of one process, or null when it is gone or unreadable. */
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
        if (f.length < 13) return null;
        // after the name: state(0) ppid(1) pgrp session tty tpgid flags(6) minflt cminflt majflt cmajflt utime(11) stime(12)
        return new long[] {Long.parseLong(f[1]), Long.parseLong(f[6]), Long.parseLong(f[11]) + Long.parseLong(f[12])};
    }
}
