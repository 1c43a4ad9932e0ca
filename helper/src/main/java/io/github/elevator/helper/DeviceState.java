package io.github.elevator.helper;

import io.github.elevator.protocol.*;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

import static io.github.elevator.protocol.TunableLimits.IOSCHED_PREFIX;
import static io.github.elevator.protocol.TunableLimits.QUEUE_PREFIX;
import static io.github.elevator.protocol.Printable.quoted;

/**
 * The scheduler and settings of one device the kernel lists, changed only through files its own
 * listing names, each write read back: a scheduler from the device's own line; a setting
 * ({@code queue/NAME}, {@code iosched/NAME} or NAME) a {@link TunableLimits} queue file or one of the
 * active scheduler's, with ASCII digits in Elevator's range. What is refused is put back first.
 */
final class DeviceState {
    /** The queue's settings a switch resets (nr_requests: to the new scheduler's depth), found by diffing queue/ across switches. */
    static final List<String> RESET_BY_SWITCH = List.of("nr_requests");

    /** A setting that was changed: what to put back. */
    record Change(String setting, Path file, String previous, long value) {
    }

    /** Why nothing was changed. */
    static final class Refused extends Exception {
        final HelperExit exit;

        Refused(HelperExit exit, String message) {
            super(message);
            this.exit = exit;
        }
    }

    private final HelperSysfs sysfs;
    private final String device;
    private final Path queue;

    DeviceState(HelperSysfs sysfs, String listed) {
        this.sysfs = sysfs;
        this.device = listed;
        this.queue = sysfs.queue(listed);
    }

    String active() throws IOException {
        return sysfs.readScheduler(device).active();
    }

    /** The variant written {@code text} (in its one spelling) if the device offers its scheduler. */
    SchedulerVariant variant(String text) throws Refused, IOException {
        SchedulerLine line = sysfs.readScheduler(device);
        if (!line.hasScheduler()) throw new Refused(HelperExit.NO_SCHEDULER, device + " has no I/O scheduler");
        SchedulerVariant variant = SchedulerVariant.canonical(text).orElse(null);
        if (variant == null && line.offers(text.split(" ")[0])) {
            throw new Refused(HelperExit.UNKNOWN_SCHEDULER, quoted(text) + " is not a variant: its settings must be the scheduler's own, each"
                    + " once, within a variant's range (TunableLimits.VARIANT); tune sets the rest, asking every time");
        }
        if (variant == null || !line.offers(variant.scheduler())) {
            throw new Refused(HelperExit.UNKNOWN_SCHEDULER, device + " offers " + String.join(", ", line.offered()) + ", not " + quoted(text));
        }
        return variant;
    }

    /** Puts the device on the variant written {@code text}; returns the settings changed. */
    List<Change> apply(String text) throws Refused, IOException {
        SchedulerVariant variant = variant(text);
        SchedulerLine line = sysfs.readScheduler(device);
        String chosen = line.listed(variant.scheduler()).orElseThrow(() -> new NoSuchFileException(device));
        try {
            if (!chosen.equals(line.active())) sysfs.writeScheduler(device, chosen);
        } catch (NoSuchFileException gone) {
            throw gone;
        } catch (IOException refused) {
            throw new Refused(HelperExit.WRITE_FAILED, "the kernel refused " + chosen + " for " + device + ": " + refused.getMessage());
        }
        if (!chosen.equals(active())) {
            String reported = active();
            putBack(line.active());
            throw new Refused(HelperExit.NOT_CONFIRMED, device + " reports " + reported + " after writing " + chosen);
        }
        List<Change> done = new ArrayList<>();
        try {
            for (Map.Entry<String, Long> s : variant.settings().entrySet()) done.add(set(IOSCHED_PREFIX + s.getKey(), s.getValue().toString()));
            return done;
        } catch (Refused | IOException | RuntimeException e) {
            undo(done);
            putBack(line.active());
            if (e instanceof Refused r) throw new Refused(r.exit, r.getMessage() + "; " + device + " is on " + active());
            throw e;
        }
    }

    /** Writes {@code scheduler} again if the device is on another and still offers it; true when it is on it. */
    boolean putBack(String scheduler) throws IOException {
        SchedulerLine now = sysfs.readScheduler(device);
        String listed = now.listed(scheduler).orElse(null);
        if (listed != null && !listed.equals(now.active())) sysfs.writeScheduler(device, listed);
        return scheduler.equals(active());
    }

    /** Sets one setting and returns what was there before. */
    Change set(String key, String value) throws Refused, IOException {
        String setting = setting(key, value);
        TunableLimits.Limit limit = TunableLimits.of(setting);
        Path file = queue.resolve(setting.startsWith(QUEUE_PREFIX) ? setting.substring(QUEUE_PREFIX.length()) : "iosched/" + setting.substring(IOSCHED_PREFIX.length()));
        Change change = new Change(setting, file, read(file), Long.parseLong(value));
        try {
            sysfs.write(file, Long.toString(change.value()));
        } catch (NoSuchFileException gone) {
            throw new Refused(HelperExit.TUNE_REFUSED, setting + " of " + device + " is gone (was the scheduler switched meanwhile?)");
        } catch (IOException refused) {
            throw new Refused(HelperExit.TUNE_REFUSED, "the kernel refused " + setting + "=" + change.value() + " for " + device + ": "
                    + refused.getMessage() + back(change));
        }
        String now = read(file);
        Long kept = number(now);
        if (kept == null || !limit.confirms(change.value(), kept)) {
            throw new Refused(HelperExit.TUNE_NOT_CONFIRMED, device + " reports " + setting + "=" + now + " after writing " + change.value() + back(change));
        }
        return new Change(setting, file, change.previous(), kept);
    }

    /** The setting {@code key} names, if {@code value} is within its range. */
    String setting(String key, String value) throws Refused, IOException {
        List<String> settings = names();
        String setting = settings.stream().filter(s -> s.equals(key) || s.substring(s.indexOf('/') + 1).equals(key)).findFirst().orElse(null);
        if (setting == null) {
            boolean other = TunableLimits.IOSCHED.containsKey(key.startsWith(IOSCHED_PREFIX) ? key.substring(IOSCHED_PREFIX.length()) : key);
            throw new Refused(HelperExit.UNKNOWN_TUNABLE, (other ? quoted(key) + " is a setting of another scheduler than the one " + device
                    + " uses now" : device + " has no setting " + quoted(key)) + "; it has " + (settings.isEmpty() ? "none" : String.join(", ", settings)));
        }
        TunableLimits.Limit limit = TunableLimits.of(setting);
        if (limit == null) throw new Refused(HelperExit.UNKNOWN_TUNABLE, device + " has " + setting + ", but Elevator knows no safe range for it");
        if (!TunableLimits.isDigits(value) || !limit.allows(Long.parseLong(value))) {
            throw new Refused(HelperExit.BAD_TUNABLE_VALUE, setting + " takes a whole number from " + limit.min() + " to " + limit.max()
                    + (limit.unit().isEmpty() ? "" : " " + limit.unit()) + ", not " + quoted(value));
        }
        return setting;
    }

    private String back(Change change) {
        return undo(List.of(change)).isEmpty() ? "; " + change.previous() + " was put back" : "; could not put " + change.previous() + " back";
    }

    /** Puts back, newest first, what {@code changes} changed where the file is still there; returns the settings that failed. */
    List<String> undo(List<Change> changes) {
        List<String> failed = new ArrayList<>();
        for (int i = changes.size() - 1; i >= 0; i--) {
            Change c = changes.get(i);
            try {
                if (number(c.previous()) != null && !c.previous().equals(read(c.file()))) sysfs.write(c.file(), c.previous());
            } catch (NoSuchFileException switched) {
                // the scheduler it belonged to is gone, and its settings with it
            } catch (IOException e) {
                failed.add(c.setting());
            }
        }
        return failed;
    }

    /** What a session puts back at its end: the active scheduler's own settings that hold a number, and the queue's that a switch resets. */
    Map<String, String> settingsToKeep() throws IOException {
        Map<String, String> values = new LinkedHashMap<>();
        for (Map.Entry<String, Path> f : keptFiles().entrySet()) {
            try {
                String value = read(f.getValue());
                if (number(value) != null) values.put(f.getKey(), value);
            } catch (IOException unreadable) {
                // write-only or gone: nothing to put back
            }
        }
        return values;
    }

    /** What {@link #restore} wrote back ("fifo_batch=8") and what it could not, with why. */
    record Restored(List<String> put, List<String> failed) {
    }

    /** Writes back each of {@code values} that differs, through {@link #set} (they may come from a record on disk). */
    Restored restore(Map<String, String> values) throws IOException {
        List<String> put = new ArrayList<>(), failed = new ArrayList<>();
        for (Map.Entry<String, Path> f : keptFiles().entrySet()) {
            String value = values.get(f.getKey());
            if (value == null || !Files.isRegularFile(f.getValue(), LinkOption.NOFOLLOW_LINKS) || value.equals(read(f.getValue()))) continue;
            String setting = f.getKey().startsWith(QUEUE_PREFIX) ? f.getKey() : IOSCHED_PREFIX + f.getKey();
            try {
                set(setting, value);
                put.add(setting.substring(setting.indexOf('/') + 1) + "=" + value);
            } catch (Refused refused) {
                failed.add(setting + " (" + refused.getMessage() + ")");
            }
        }
        return new Restored(put, failed);
    }

    /** The files a session keeps, by their key in the record: the active scheduler's by bare name, those of {@link #RESET_BY_SWITCH} as {@code queue/NAME}. */
    private Map<String, Path> keptFiles() throws IOException {
        Map<String, Path> files = new LinkedHashMap<>();
        for (String name : ioschedNames()) files.put(name, queue.resolve("iosched").resolve(name));
        for (String name : RESET_BY_SWITCH) files.put(QUEUE_PREFIX + name, queue.resolve(name));
        return files;
    }

    /** The settings that exist for the device: allowed queue files that are there, then the active scheduler's own. */
    List<String> names() throws IOException {
        List<String> settings = new ArrayList<>();
        for (String name : TunableLimits.QUEUE.keySet()) if (Files.isRegularFile(queue.resolve(name), LinkOption.NOFOLLOW_LINKS)) settings.add(QUEUE_PREFIX + name);
        for (String name : ioschedNames()) settings.add(IOSCHED_PREFIX + name);
        return settings;
    }

    /** The kernel's own list of the active scheduler's settings, sorted. */
    private List<String> ioschedNames() throws IOException {
        List<String> names = new ArrayList<>();
        if (!Files.isDirectory(queue.resolve("iosched"), LinkOption.NOFOLLOW_LINKS)) return names;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(queue.resolve("iosched"))) {
            for (Path e : entries) if (Files.isRegularFile(e, LinkOption.NOFOLLOW_LINKS)) names.add(e.getFileName().toString());
        } catch (NoSuchFileException switchedMeanwhile) {
            return List.of();
        }
        names.sort(null);
        return names;
    }

    private static String read(Path file) throws IOException {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) throw new NoSuchFileException(file.toString());
        return Files.readString(file, StandardCharsets.US_ASCII).trim();
    }

    static Long number(String s) {
        try {
            return Long.valueOf(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
