package io.github.elevator.protocol;

import java.util.*;

/**
 * The queue and scheduler settings Elevator lets a person change, each with its range: a fixed
 * allow-list of queue files, and those of the active scheduler's {@code queue/iosched} named here (a
 * setting with no known range is shown, never written). Ranges stay inside the kernel's own limits,
 * so it never clamps silently. {@code tolerance}: how far the value read back may be from the one
 * written, as the kernel keeps coarser units (ms as ticks, 10 ms at HZ=100; KiB as pages, up to 64 KiB).
 */
public final class TunableLimits {

    /** One setting's range, its unit, and how much the kernel may round it (what it does, in words, is the app's). */
    public record Limit(long min, long max, String unit, long tolerance) {
        public boolean allows(long value) {
            return value >= min && value <= max;
        }

        /** True when {@code readBack} is what the kernel keeps after {@code written} was stored. */
        public boolean confirms(long written, long readBack) {
            return Math.abs(readBack - written) <= tolerance;
        }
    }

    /** Longest value accepted: enough digits for every range here, never more. */
    public static final int MAX_DIGITS = 11;
    /** Keys are written {@code queue/NAME} or {@code iosched/NAME}, as on the command line. */
    public static final String QUEUE_PREFIX = "queue/";
    public static final String IOSCHED_PREFIX = "iosched/";

    private static final long TICK_MS = 10;
    private static final long PAGE_KB = 63;

    /** {@code queue/NAME} files, in the order they are shown. */
    public static final Map<String, Limit> QUEUE = new LinkedHashMap<>();
    /** {@code queue/iosched/NAME} files of the kernel's schedulers (no name is shared between two schedulers). */
    public static final Map<String, Limit> IOSCHED = new LinkedHashMap<>();
    /** The scheduler each of {@link #IOSCHED} belongs to. */
    public static final Map<String, String> IOSCHED_OWNER = new LinkedHashMap<>();
    /** What a variant may set: values a person would choose for a disk in use. set-scheduler's authorization may be cached; the extremes are tune's, which always asks. */
    public static final Map<String, Limit> VARIANT = new LinkedHashMap<>();

    static {
        QUEUE.put("read_ahead_kb", new Limit(0, 65536, "KiB", PAGE_KB));
        // nr_requests: the kernel's lower bound (BLKDEV_MIN_RQ) and its upper bound with a scheduler (MAX_SCHED_RQ)
        QUEUE.put("nr_requests", new Limit(4, 2048, "requests", 0));
        QUEUE.put("wbt_lat_usec", new Limit(0, 10_000_000, "µs", 0));
        QUEUE.put("rq_affinity", new Limit(0, 2, "", 0));
        QUEUE.put("nomerges", new Limit(0, 2, "", 0));
        QUEUE.put("max_sectors_kb", new Limit(4, 65536, "KiB", 3));

        // mq-deadline (block/mq-deadline.c)
        iosched("mq-deadline", "read_expire", new Limit(0, 60_000, "ms", TICK_MS), 10, 5000);
        iosched("mq-deadline", "write_expire", new Limit(0, 60_000, "ms", TICK_MS), 100, 10000);
        iosched("mq-deadline", "writes_starved", new Limit(0, 1024, "", 0), 1, 16);
        iosched("mq-deadline", "front_merges", new Limit(0, 1, "", 0), 0, 1);
        iosched("mq-deadline", "fifo_batch", new Limit(0, 4096, "requests", 0), 1, 256);
        iosched("mq-deadline", "async_depth", new Limit(1, 65536, "requests", 0), 1, 2048);
        iosched("mq-deadline", "prio_aging_expire", new Limit(0, 600_000, "ms", TICK_MS), 1000, 60000);
        // kyber (block/kyber-iosched.c)
        iosched("kyber", "read_lat_nsec", new Limit(1, 10_000_000_000L, "ns", 0), 100000, 100000000);
        iosched("kyber", "write_lat_nsec", new Limit(1, 10_000_000_000L, "ns", 0), 100000, 1000000000);
        // bfq (block/bfq-iosched.c)
        iosched("bfq", "low_latency", new Limit(0, 1, "", 0), 0, 1);
        iosched("bfq", "slice_idle", new Limit(0, 1000, "ms", 0), 0, 50);
        iosched("bfq", "slice_idle_us", new Limit(0, 1_000_000, "µs", 0), 0, 50000);
        iosched("bfq", "strict_guarantees", new Limit(0, 1, "", 0), 0, 1);
        iosched("bfq", "fifo_expire_sync", new Limit(1, 60_000, "ms", 0), 10, 1000);
        iosched("bfq", "fifo_expire_async", new Limit(1, 60_000, "ms", 0), 10, 2000);
        iosched("bfq", "back_seek_max", new Limit(0, 1_048_576, "KiB", 0), 0, 65536);
        iosched("bfq", "back_seek_penalty", new Limit(1, 1024, "", 0), 1, 16);
        iosched("bfq", "max_budget", new Limit(0, 1_048_576, "sectors", 0), 0, 65536);
        iosched("bfq", "timeout_sync", new Limit(1, 60_000, "ms", TICK_MS), 10, 1000);
    }

    private TunableLimits() {
    }

    private static void iosched(String scheduler, String name, Limit limit, long variantMin, long variantMax) {
        IOSCHED.put(name, limit);
        IOSCHED_OWNER.put(name, scheduler);
        VARIANT.put(name, new Limit(variantMin, variantMax, limit.unit(), limit.tolerance()));
    }

    /** The limit of a key written {@code queue/NAME} or {@code iosched/NAME}; null for any other key. */
    public static Limit of(String key) {
        if (key.startsWith(QUEUE_PREFIX)) return QUEUE.get(key.substring(QUEUE_PREFIX.length()));
        if (key.startsWith(IOSCHED_PREFIX)) return IOSCHED.get(key.substring(IOSCHED_PREFIX.length()));
        return null;
    }

    /** A value as typed: 1 to {@link #MAX_DIGITS} ASCII digits and nothing else (no sign, no space, no newline). */
    public static boolean isDigits(String value) {
        if (value == null || value.isEmpty() || value.length() > MAX_DIGITS) return false;
        return value.chars().allMatch(c -> c >= '0' && c <= '9');
    }
}
