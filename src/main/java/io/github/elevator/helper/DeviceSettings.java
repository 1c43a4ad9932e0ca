package io.github.elevator.helper;

import io.github.elevator.device.TunableLimits;
import io.github.elevator.device.Tunables;
import io.github.elevator.text.Printable;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The queue and scheduler settings of one device the kernel lists, changed only through files that
 * the device's own listing names. Used by {@code tune} and by a benchmark session's variants.
 * <ul>
 * <li>A key ({@code queue/NAME}, {@code iosched/NAME} or the bare NAME) must equal one of the
 * settings that exist: {@code queue/NAME} from {@link TunableLimits#QUEUE} whose file exists,
 * {@code iosched/NAME} from the listing of the active scheduler's {@code queue/iosched}. The file
 * written is named by the listed copy, never by input.</li>
 * <li>A value must be ASCII digits within the setting's range.</li>
 * </ul>
 * The old value is read, the new one written (the file must exist and not be a link), read back
 * and compared; on a refusal or a value the kernel did not keep, the old value is put back.
 */
final class DeviceSettings {
    /** Writes a value into an existing sysfs file; tests hand in one that plays the kernel. */
    interface FileWriter {
        void write(Path file, String value) throws IOException;
    }

    /** A setting that was changed: what to put back. */
    record Change(String setting, Path file, String previous, long value) {
    }

    /** Why a setting was not changed; nothing is changed when it is thrown. */
    static final class Refused extends Exception {
        private final HelperExit exit;

        Refused(HelperExit exit, String message) {
            super(message);
            this.exit = exit;
        }

        HelperExit exit() {
            return exit;
        }
    }

    private final String device;
    private final Path dir;
    private final FileWriter writer;

    DeviceSettings(Path root, String listed, FileWriter writer) {
        this.device = listed;
        this.dir = root.resolve("sys/block").resolve(listed);
        this.writer = writer;
    }

    DeviceSettings(Path root, String listed) {
        this(root, listed, DeviceSettings::writeExisting);
    }

    /** Sets {@code key} to {@code value} and returns what was there before. */
    Change set(String key, String value) throws Refused, IOException {
        List<String> settings = names();
        String setting = null;
        for (String s : settings) {
            if (s.equals(key) || s.substring(s.indexOf('/') + 1).equals(key)) setting = s;
        }
        if (setting == null) throw new Refused(HelperExit.UNKNOWN_TUNABLE, unknown(key, settings));
        TunableLimits.Limit limit = TunableLimits.of(setting);
        if (limit == null) throw new Refused(HelperExit.UNKNOWN_TUNABLE, device + " has " + setting + ", but Elevator knows no safe range for it");
        if (!TunableLimits.isDigits(value) || !limit.allows(Long.parseLong(value))) {
            throw new Refused(HelperExit.BAD_TUNABLE_VALUE, setting + " takes a whole number from " + limit.min() + " to " + limit.max()
                    + (limit.unit().isEmpty() ? "" : " " + limit.unit()) + ", not " + Printable.quoted(value));
        }
        Path file = setting.startsWith(Tunables.QUEUE_PREFIX)
                ? dir.resolve("queue").resolve(setting.substring(Tunables.QUEUE_PREFIX.length()))
                : dir.resolve("queue/iosched").resolve(setting.substring(Tunables.IOSCHED_PREFIX.length()));
        Change change = new Change(setting, file, read(file), Long.parseLong(value));
        try {
            writer.write(file, Long.toString(change.value()));
        } catch (NoSuchFileException gone) {
            throw new Refused(HelperExit.TUNE_REFUSED, setting + " of " + device + " is gone (was the scheduler switched meanwhile?)");
        } catch (IOException refused) {
            throw new Refused(HelperExit.TUNE_REFUSED, "the kernel refused " + setting + "=" + change.value() + " for " + device + ": "
                    + Printable.oneLine(String.valueOf(refused.getMessage())) + back(change));
        }
        String now = read(file);
        Long kept = number(now);
        if (kept == null || !limit.confirms(change.value(), kept)) {
            throw new Refused(HelperExit.TUNE_NOT_CONFIRMED, device + " reports " + setting + "=" + Printable.oneLine(now)
                    + " after writing " + change.value() + back(change));
        }
        return new Change(setting, file, change.previous(), kept);
    }

    /**
     * Sets a variant's own scheduler settings in order; on any failure puts back, newest first,
     * what it had set, and rethrows: the device keeps none of them.
     */
    List<Change> setAll(Map<String, Long> ioschedSettings) throws Refused, IOException {
        List<Change> done = new ArrayList<>();
        try {
            for (Map.Entry<String, Long> s : ioschedSettings.entrySet()) {
                done.add(set(Tunables.IOSCHED_PREFIX + s.getKey(), Long.toString(s.getValue())));
            }
        } catch (Refused | IOException | RuntimeException e) {
            putBackAll(done);
            throw e;
        }
        return done;
    }

    /** Puts back, newest first, what {@code changes} changed; returns the settings that could not be put back. */
    List<String> putBackAll(List<Change> changes) {
        List<String> failed = new ArrayList<>();
        for (int i = changes.size() - 1; i >= 0; i--) {
            if (!putBack(changes.get(i))) failed.add(changes.get(i).setting());
        }
        return failed;
    }

    private String back(Change change) {
        return putBack(change) ? "; " + change.previous() + " was put back" : "; could not put " + change.previous() + " back";
    }

    /** Puts the value from before {@code change} back, if the file still exists and differs; false when that failed. */
    boolean putBack(Change change) {
        Long old = number(change.previous());
        if (old == null) return true;
        try {
            if (!change.previous().equals(read(change.file()))) writer.write(change.file(), Long.toString(old));
            return true;
        } catch (NoSuchFileException switched) {
            return true; // the scheduler it belonged to is gone, and its settings with it
        } catch (IOException e) {
            return false;
        }
    }

    /** The active scheduler's own settings that hold a number, by bare name: what a session puts back at its end. */
    Map<String, String> ioschedValues() throws IOException {
        Map<String, String> values = new LinkedHashMap<>();
        for (String name : Tunables.ioschedNames(dir)) {
            try {
                String value = read(dir.resolve("queue/iosched").resolve(name));
                if (number(value) != null) values.put(name, value);
            } catch (IOException unreadable) {
                // write-only or gone: nothing to put back
            }
        }
        return values;
    }

    /**
     * Writes the values of {@link #ioschedValues()} back where the active scheduler lists the same
     * name and the value differs (a switch away and back resets them); returns the names that failed,
     * each with why. A value is written only when it is a setting Elevator knows and within its range
     * ({@link TunableLimits}): the values may come from a record on disk, so they are input like any other.
     */
    List<String> restore(Map<String, String> values) throws IOException {
        List<String> failed = new ArrayList<>();
        if (values == null) return failed;
        for (String name : Tunables.ioschedNames(dir)) {
            String value = values.get(name);
            if (value == null) continue;
            Path file = dir.resolve("queue/iosched").resolve(name);
            String setting = Tunables.IOSCHED_PREFIX + name;
            TunableLimits.Limit limit = TunableLimits.IOSCHED.get(name);
            if (limit == null || !TunableLimits.isDigits(value) || !limit.allows(Long.parseLong(value))) {
                if (!value.equals(read(file))) {
                    failed.add(setting + " (" + Printable.quoted(value) + " is not within Elevator's range"
                            + (limit == null ? "" : " " + limit.min() + "-" + limit.max()) + ")");
                }
                continue;
            }
            if (!putBack(new Change(setting, file, value, 0))) failed.add(setting);
        }
        return failed;
    }

    /** The settings that exist for the device: allowed queue files that are there, then the active scheduler's own. */
    List<String> names() throws IOException {
        List<String> settings = new ArrayList<>();
        for (String name : TunableLimits.QUEUE.keySet()) {
            if (Files.isRegularFile(dir.resolve("queue").resolve(name), LinkOption.NOFOLLOW_LINKS)) settings.add(Tunables.QUEUE_PREFIX + name);
        }
        for (String name : Tunables.ioschedNames(dir)) settings.add(Tunables.IOSCHED_PREFIX + name);
        return settings;
    }

    private String unknown(String key, List<String> settings) {
        String bare = key.startsWith(Tunables.IOSCHED_PREFIX) ? key.substring(Tunables.IOSCHED_PREFIX.length()) : key;
        String why = TunableLimits.IOSCHED.containsKey(bare)
                ? Printable.quoted(key) + " is a setting of another scheduler than the one " + device + " uses now"
                : device + " has no setting " + Printable.quoted(key);
        return why + "; it has " + (settings.isEmpty() ? "none" : String.join(", ", settings));
    }

    /** Writes into an existing file, never creating it and never through a link. */
    static void writeExisting(Path file, String value) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING, LinkOption.NOFOLLOW_LINKS)) {
            ch.write(ByteBuffer.wrap(value.getBytes(StandardCharsets.US_ASCII)));
        }
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
