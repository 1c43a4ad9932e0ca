package io.github.elevator.bench;

import io.github.elevator.text.Messages;
import io.github.elevator.protocol.Printable;

import java.util.*;
import java.util.regex.Pattern;

/**
 * The fio run that checks a raw read workload as Elevator's engine runs it (block size, depth, engine,
 * O_DIRECT, offsets, warm-up; read-only): one table, so the command the app shows is the vector it runs
 * ({@link FioProcess}, with the user's own rights). Every word comes from this table or is checked here.
 */
public final class FioCommand {
    public static final String FIO = "/usr/bin/fio";
    public static final int MAX_SECONDS = 10;
    private static final Pattern DEVICE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    private record Shape(String rw, String bs, String engine, int depth, boolean random) {
    }

    private static final Map<String, Shape> SHAPES = new LinkedHashMap<>();

    static {
        SHAPES.put("seq-read", new Shape("read", "1M", "io_uring", 8, false));
        SHAPES.put("rand-read", new Shape("randread", "4k", "psync", 1, true));
        SHAPES.put("rand-read-qd32", new Shape("randread", "4k", "io_uring", 32, true));
    }

    private FioCommand() {
    }

    /** Why there is no check with fio here, with how to install it. */
    public static String missing() {
        return Messages.text("bench.fio.missing", FIO);
    }

    /** Whether {@code workload} has a fio check: the raw reads do; writes and small files do not. */
    public static boolean covers(String workload) {
        return SHAPES.containsKey(workload);
    }

    /** The vector for {@code workload} on {@code /dev/DEVICE}, {@code seconds} long, random offsets aligned to the block size; refused for anything else. */
    public static List<String> argv(String workload, String device, int seconds) {
        Shape s = SHAPES.get(workload);
        if (s == null) throw new IllegalArgumentException(Messages.text("bench.fio.no-check", Printable.quoted(workload), String.join(", ", SHAPES.keySet())));
        if (!DEVICE.matcher(device).matches()) throw new IllegalArgumentException(Messages.text("bench.fio.not-a-device", Printable.quoted(device)));
        if (seconds < 1 || seconds > MAX_SECONDS) throw new IllegalArgumentException(Messages.text("bench.fio.seconds", MAX_SECONDS, seconds));
        List<String> argv = new ArrayList<>(List.of(FIO, "--name=" + workload, "--filename=/dev/" + device, "--readonly",
                "--direct=1", "--thread", "--ioengine=" + s.engine(), "--rw=" + s.rw(), "--bs=" + s.bs(), "--iodepth=" + s.depth()));
        if (s.random()) argv.addAll(List.of("--norandommap", "--randrepeat=0", "--blockalign=" + s.bs()));
        argv.addAll(List.of("--ramp_time=100ms", "--runtime=" + seconds, "--time_based", "--clat_percentiles=0",
                "--lat_percentiles=1", "--percentile_list=99", "--output-format=json"));
        return List.copyOf(argv);
    }
}
