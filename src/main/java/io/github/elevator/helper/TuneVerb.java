package io.github.elevator.helper;

import io.github.elevator.text.Printable;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * {@code elevator-helper tune DEVICE KEY VALUE}: changes one queue or scheduler setting, checked
 * and read back as {@link DeviceSettings} says. DEVICE must equal a name the kernel lists in
 * {@code sys/block}. The result is one JSON line:
 * {@code {"device":"loop0","key":"iosched/low_latency","value":0,"previous":1}}.
 */
public class TuneVerb {
    private final HelperSysfs sysfs;
    private final Path root;
    private final PrintStream out;
    private final PrintStream err;

    public TuneVerb(HelperSysfs sysfs, Path root, PrintStream out, PrintStream err) {
        this.sysfs = sysfs;
        this.root = root;
        this.out = out;
        this.err = err;
    }

    public HelperExit run(String device, String key, String value) throws IOException {
        String listed = null;
        for (String name : sysfs.listedNames()) {
            if (name.equals(device)) listed = name;
        }
        if (listed == null) return fail(HelperExit.NO_SUCH_DEVICE, "no block device is named " + Printable.quoted(device));
        try {
            DeviceSettings.Change done = new DeviceSettings(root, listed, this::write).set(key, value);
            Long previous = DeviceSettings.number(done.previous());
            out.println("{\"device\":\"" + listed + "\",\"key\":\"" + done.setting() + "\",\"value\":" + done.value()
                    + ",\"previous\":" + (previous == null ? "null" : previous) + "}");
            return HelperExit.OK;
        } catch (DeviceSettings.Refused refused) {
            return fail(refused.exit(), refused.getMessage());
        }
    }

    /** Writes the value into an existing file, never creating it and never through a link. Tests override it to play the kernel. */
    protected void write(Path file, String value) throws IOException {
        DeviceSettings.writeExisting(file, value);
    }

    private HelperExit fail(HelperExit exit, String message) {
        err.println("elevator-helper: " + message);
        return exit;
    }
}
