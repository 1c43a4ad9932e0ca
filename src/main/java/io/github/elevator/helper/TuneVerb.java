package io.github.elevator.helper;

import io.github.elevator.device.TunableLimits;
import io.github.elevator.device.Tunables;
import io.github.elevator.text.Printable;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;


/**
 * {@code elevator-helper tune DEVICE KEY VALUE}: changes one queue or scheduler setting.
 *
 * <ul>
 * <li>DEVICE must equal a name the kernel lists in {@code sys/block}.</li>
 * <li>KEY ({@code queue/NAME} or {@code iosched/NAME}, or the bare NAME) must equal one of the
 * settings that exist for that device: {@code queue/NAME} from {@link TunableLimits#QUEUE} whose
 * file exists, {@code iosched/NAME} from the listing of the active scheduler's
 * {@code queue/iosched} directory. The file written is named by the listed copy, never by input.</li>
 * <li>VALUE must be ASCII digits within the setting's range.</li>
 * </ul>
 * The old value is read, the new one written (the file must exist and not be a link), read back
 * and compared; on a refusal or a value the kernel did not keep, the old value is put back. The
 * result is one JSON line: {@code {"device":"loop0","key":"iosched/low_latency","value":0,"previous":1}}.
 */
public class TuneVerb {
    private final HelperSysfs sysfs;
    private final Path sysBlock;
    private final PrintStream out;
    private final PrintStream err;

    public TuneVerb(HelperSysfs sysfs, Path root, PrintStream out, PrintStream err) {
        this.sysfs = sysfs;
        this.sysBlock = root.resolve("sys/block");
        this.out = out;
        this.err = err;
    }

    public HelperExit run(String device, String key, String value) throws IOException {
        String listed = null;
        for (String name : sysfs.listedNames()) {
            if (name.equals(device)) listed = name;
        }
        if (listed == null) return fail(HelperExit.NO_SUCH_DEVICE, "no block device is named " + Printable.quoted(device));
        Path dir = sysBlock.resolve(listed);
        String setting = null;
        List<String> settings = settings(dir);
        for (String s : settings) {
            if (s.equals(key) || s.substring(s.indexOf('/') + 1).equals(key)) setting = s;
        }
        if (setting == null) return fail(HelperExit.UNKNOWN_TUNABLE, unknown(listed, key, settings));
        TunableLimits.Limit limit = TunableLimits.of(setting);
        if (limit == null) return fail(HelperExit.UNKNOWN_TUNABLE, listed + " has " + setting + ", but Elevator knows no safe range for it");
        if (!TunableLimits.isDigits(value) || !limit.allows(Long.parseLong(value))) {
            return fail(HelperExit.BAD_TUNABLE_VALUE, setting + " takes a whole number from " + limit.min() + " to " + limit.max()
                    + (limit.unit().isEmpty() ? "" : " " + limit.unit()) + ", not " + Printable.quoted(value));
        }
        Path file = setting.startsWith(Tunables.QUEUE_PREFIX)
                ? dir.resolve("queue").resolve(setting.substring(Tunables.QUEUE_PREFIX.length()))
                : dir.resolve("queue/iosched").resolve(setting.substring(Tunables.IOSCHED_PREFIX.length()));
        String previous = read(file);
        long wanted = Long.parseLong(value);
        try {
            write(file, Long.toString(wanted));
        } catch (NoSuchFileException gone) {
            return fail(HelperExit.TUNE_REFUSED, setting + " of " + listed + " is gone (was the scheduler switched meanwhile?)");
        } catch (IOException refused) {
            putBack(file, previous, listed, setting);
            return fail(HelperExit.TUNE_REFUSED, "the kernel refused " + setting + "=" + wanted + " for " + listed + ": "
                    + Printable.oneLine(String.valueOf(refused.getMessage())));
        }
        String now = read(file);
        Long kept = number(now);
        if (kept == null || !limit.confirms(wanted, kept)) {
            putBack(file, previous, listed, setting);
            return fail(HelperExit.TUNE_NOT_CONFIRMED, listed + " reports " + setting + "=" + Printable.oneLine(now) + " after writing " + wanted
                    + "; " + previous + " was put back");
        }
        out.println("{\"device\":\"" + listed + "\",\"key\":\"" + setting + "\",\"value\":" + kept + ",\"previous\":"
                + (number(previous) == null ? "null" : number(previous)) + "}");
        return HelperExit.OK;
    }

    /** The settings that exist for the device: allowed queue files that are there, then the active scheduler's own. */
    private static List<String> settings(Path dir) throws IOException {
        List<String> settings = new ArrayList<>();
        for (String name : TunableLimits.QUEUE.keySet()) {
            if (Files.isRegularFile(dir.resolve("queue").resolve(name), LinkOption.NOFOLLOW_LINKS)) settings.add(Tunables.QUEUE_PREFIX + name);
        }
        for (String name : Tunables.ioschedNames(dir)) settings.add(Tunables.IOSCHED_PREFIX + name);
        return settings;
    }

    private static String unknown(String device, String key, List<String> settings) {
        String bare = key.startsWith(Tunables.IOSCHED_PREFIX) ? key.substring(Tunables.IOSCHED_PREFIX.length()) : key;
        String why = TunableLimits.IOSCHED.containsKey(bare)
                ? Printable.quoted(key) + " is a setting of another scheduler than the one " + device + " uses now"
                : device + " has no setting " + Printable.quoted(key);
        return why + "; it has " + (settings.isEmpty() ? "none" : String.join(", ", settings));
    }

    /** Writes the value into an existing file, never creating it and never through a link. Tests override it to play the kernel. */
    protected void write(Path file, String value) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING, LinkOption.NOFOLLOW_LINKS)) {
            ch.write(ByteBuffer.wrap(value.getBytes(StandardCharsets.US_ASCII)));
        }
    }

    private void putBack(Path file, String previous, String device, String setting) {
        Long old = number(previous);
        if (old == null) return;
        try {
            if (!previous.equals(read(file))) write(file, Long.toString(old));
        } catch (IOException e) {
            err.println("elevator-helper: could not put " + setting + "=" + old + " back on " + device);
        }
    }

    private static String read(Path file) throws IOException {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) throw new NoSuchFileException(file.toString());
        return Files.readString(file, StandardCharsets.US_ASCII).trim();
    }

    private static Long number(String s) {
        try {
            return Long.valueOf(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private HelperExit fail(HelperExit exit, String message) {
        err.println("elevator-helper: " + message);
        return exit;
    }
}
