package io.github.elevator.helper.protocol;

import java.util.*;
import java.util.regex.Pattern;

/**
 * The fio run that checks a raw read workload as Elevator's engine runs it (block size, depth, engine,
 * O_DIRECT, offsets, warm-up; read-only): one table for both sides, so the command the app shows is the
 * vector root runs. Every word comes from this table or is checked here.
 */
public final class FioCommand {
    public static final String FIO = "/usr/bin/fio";
    public static final int MAX_SECONDS = 10;
    public static final String MISSING = "fio is not installed (" + FIO + "); install it with your distribution's package"
            + " manager, for example: sudo apt install fio, sudo dnf install fio, or sudo pacman -S fio";
    private static final Pattern DEVICE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    private record Shape(String rw, String bs, String engine, int depth, boolean random) {
    }

    private static final Map<String, Shape> SHAPES = Map.of(
            "seq-read", new Shape("read", "1M", "io_uring", 8, false),
            "rand-read", new Shape("randread", "4k", "psync", 1, true),
            "rand-read-qd32", new Shape("randread", "4k", "io_uring", 32, true));

    private FioCommand() {
    }

    /** Whether {@code workload} has a fio check: the raw reads do; writes and small files do not. */
    public static boolean covers(String workload) {
        return SHAPES.containsKey(workload);
    }

    /** The vector for {@code workload} on {@code /dev/DEVICE}, {@code seconds} long, random offsets aligned to the block size; refused for anything else. */
    public static List<String> argv(String workload, String device, int seconds) {
        Shape s = SHAPES.get(workload);
        if (s == null) throw new IllegalArgumentException("no fio check for " + workload + ": only seq-read, rand-read and rand-read-qd32");
        if (!DEVICE.matcher(device).matches()) throw new IllegalArgumentException("not a device name: " + device);
        if (seconds < 1 || seconds > MAX_SECONDS) throw new IllegalArgumentException("fio runs from 1 to " + MAX_SECONDS + " s, not " + seconds);
        List<String> argv = new ArrayList<>(List.of(FIO, "--name=" + workload, "--filename=/dev/" + device, "--readonly",
                "--direct=1", "--thread", "--ioengine=" + s.engine(), "--rw=" + s.rw(), "--bs=" + s.bs(), "--iodepth=" + s.depth()));
        if (s.random()) argv.addAll(List.of("--norandommap", "--randrepeat=0", "--blockalign=" + s.bs()));
        argv.addAll(List.of("--ramp_time=100ms", "--runtime=" + seconds, "--time_based", "--clat_percentiles=0",
                "--lat_percentiles=1", "--percentile_list=99", "--output-format=json"));
        return List.copyOf(argv);
    }
}
