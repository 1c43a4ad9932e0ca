package io.github.elevator.device;

import io.github.elevator.text.Messages;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the kernel itself would give a device: its default scheduler, and the default values of
 * the settings Elevator can change, worked out from sysfs the way the kernel decides them.
 *
 * <p>The scheduler follows {@code elevator_set_default()} / {@code elevator_get_default()} in
 * block/elevator.c (5.16 to 6.18): a driver that sets {@code BLK_MQ_F_NO_SCHED_BY_DEFAULT}
 * (the loop driver) gets {@code none}; a device with more than one hardware queue gets
 * {@code none} unless its queues share one tag set ({@code BLK_MQ_F_TAG_HCTX_SHARED}); any other
 * gets {@code mq-deadline} when the kernel has it, else {@code none}. The hardware queues are the
 * numbered directories in {@code mq/}; the two flags are only visible in debugfs
 * ({@code sys/kernel/debug/block/NAME/hctx0/flags}), read when it is there, otherwise the loop
 * driver is known by name and tag sets are taken as not shared.
 *
 * <p>Settings: {@code nr_requests} is the tag depth under {@code none} and twice the tag depth,
 * at most 128 tags, under a scheduler ({@code blk_mq_init_sched}); {@code read_ahead_kb} is
 * 128 KiB or twice the optimal I/O size ({@code blk_apply_bdi_limits}); {@code wbt_lat_usec} is
 * 75 ms on rotating disks and 2 ms on others ({@code wbt_default_latency_nsec}); {@code rq_affinity}
 * 1 and {@code nomerges} 0 for every blk-mq queue; mq-deadline's and kyber's own settings have
 * fixed defaults. Settings whose default depends on the driver or the clock ({@code max_sectors_kb},
 * bfq's, mq-deadline's {@code async_depth}) are left as they are.
 */
public record KernelDefaults(String scheduler, String why, Map<String, Long> settings) {

    private static final Map<String, Map<String, Long>> IOSCHED = Map.of(
            "mq-deadline", Map.of("read_expire", 500L, "write_expire", 5000L, "writes_starved", 2L, "front_merges", 1L,
                    "fifo_batch", 16L, "prio_aging_expire", 10_000L),
            "kyber", Map.of("read_lat_nsec", 2_000_000L, "write_lat_nsec", 10_000_000L));

    public KernelDefaults {
        settings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }

    /** The kernel's choice for a device with a scheduler; null for one without (nothing to choose). */
    public static KernelDefaults of(BlockDevice device, Path root) {
        if (!device.hasScheduler()) return null;
        Path dir = root.resolve("sys/block").resolve(device.name());
        String flags = read(root.resolve("sys/kernel/debug/block").resolve(device.name()).resolve("hctx0/flags"));
        boolean noSchedByDefault = flags != null ? flags.contains("NO_SCHED_BY_DEFAULT") : device.transport() == Transport.LOOP;
        boolean sharedTags = flags != null && flags.contains("TAG_HCTX_SHARED");
        String scheduler;
        String why;
        if (noSchedByDefault) {
            scheduler = "none";
            why = Messages.text(flags == null ? "device.default.no-scheduler.loop" : "device.default.no-scheduler");
        } else if (device.hwQueues() > 1 && !sharedTags) {
            scheduler = "none";
            why = Messages.count("device.default.queues", device.hwQueues());
        } else if (device.schedulers().contains("mq-deadline")) {
            scheduler = "mq-deadline";
            why = Messages.text(device.hwQueues() > 1 ? "device.default.shared-tags" : "device.default.one-queue");
        } else {
            scheduler = "none";
            why = Messages.text("device.default.no-mq-deadline");
        }
        Map<String, Long> settings = new LinkedHashMap<>();
        Long tags = Tunables.number(dir.resolve("mq/0/nr_tags"));
        if (tags != null) settings.put("queue/nr_requests", scheduler.equals("none") ? tags : 2 * Math.min(tags, 128));
        Long ioOpt = Tunables.number(dir.resolve("queue/optimal_io_size"));
        settings.put("queue/read_ahead_kb", Math.max(128, ioOpt == null ? 0 : 2 * ioOpt / 1024));
        settings.put("queue/wbt_lat_usec", device.rotational() ? 75_000L : 2_000L);
        settings.put("queue/rq_affinity", 1L);
        settings.put("queue/nomerges", 0L);
        new java.util.TreeMap<>(IOSCHED.getOrDefault(scheduler, Map.of())).forEach((k, v) -> settings.put(Tunables.IOSCHED_PREFIX + k, v));
        settings.keySet().removeIf(k -> device.tunables().value(k) == null && k.startsWith(Tunables.QUEUE_PREFIX));
        return new KernelDefaults(scheduler, why, settings);
    }

    private static String read(Path file) {
        try {
            return Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.US_ASCII) : null;
        } catch (IOException rootOnly) {
            return null;
        }
    }
}
