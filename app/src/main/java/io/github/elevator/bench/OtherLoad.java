package io.github.elevator.bench;

import io.github.elevator.text.Numbers;
import io.github.elevator.text.Messages;

/**
 * What programs other than Elevator used of the machine while a benchmark ran: CPU in cores (the
 * machine's busy time less Elevator's own processes and the kernel's threads, which do the
 * device's own work), and I/O on the benchmarked device while Elevator paused its own.
 *
 * @param otherCores    other programs' CPU time over the wall time, in cores
 * @param cores         the CPUs the machine has
 * @param otherIoPerSecond requests a second that others completed on the device while Elevator read nothing; null if not measured
 */
public record OtherLoad(double otherCores, int cores, Double otherIoPerSecond) {
    /** From this share of the machine's cores on, other programs widen what a sweep can resolve enough to say so. */
    static final double BUSY_SHARE = 0.15;
    /** From this many requests a second by others on the device, its own figures are not the device's alone. */
    static final double BUSY_IO_PER_SECOND = 5;

    /**
     * From a measurement: never more than the machine's cores (a count of ticks read a moment apart
     * can exceed them by a tick or two), never less than none.
     */
    public static OtherLoad of(double otherCores, int cores, Double otherIoPerSecond) {
        return new OtherLoad(Math.max(0, Math.min(cores, otherCores)), cores, otherIoPerSecond);
    }

    /** The line the result shows when the machine was busy; null when it was quiet enough not to matter. */
    public String sentence(String device) {
        boolean cpu = otherCores >= BUSY_SHARE * cores;
        boolean io = otherIoPerSecond != null && otherIoPerSecond >= BUSY_IO_PER_SECOND;
        if (!cpu && !io) return null;
        String used = Numbers.fixed(otherCores, 1);
        String times = io ? Numbers.whole(otherIoPerSecond) : "";
        if (!io) return Messages.count("bench.other-load.cpu", cores, used);
        return cpu ? Messages.count("bench.other-load.both", cores, used, device, times) : Messages.text("bench.other-load.io", device, times);
    }
}
