package io.github.elevator.app;

import io.github.elevator.protocol.Printable;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.protocol.TunableLimits;
import io.github.elevator.device.TunableWords;
import io.github.elevator.privilege.PrivilegeException;
import io.github.elevator.text.Messages;

import java.io.IOException;
import java.util.List;

/**
 * Changes one queue or scheduler setting through the privileged helper's {@code tune} verb.
 * Anything the helper would refuse (a device or key that does not exist, a value out of range)
 * is refused here first, so a typo never asks for a password; the helper checks it all again.
 */
public final class TuneService {
    private final SchedulerService devices;

    public TuneService(SchedulerService devices) {
        this.devices = devices;
    }

    /** The setting a key names on this device ({@code queue/NAME}, {@code iosched/NAME} or the bare NAME), or null. */
    public static String settingOf(BlockDevice device, String key) {
        for (String s : device.tunables().keys()) {
            if (s.equals(key) || s.substring(s.indexOf('/') + 1).equals(key)) return s;
        }
        return null;
    }

    /**
     * The setting KEY names on the device, when VALUE is one the helper would accept for it;
     * otherwise the reason in words. Nothing runs: callers check input before anything is sent.
     */
    public static String check(BlockDevice device, String key, String value) throws TuneFailedException {
        String name = device.name();
        String setting = settingOf(device, key);
        if (setting == null) {
            throw new TuneFailedException(Messages.text("app.tune.no-setting", name, Printable.quoted(key),
                    device.tunables().keys().isEmpty() ? Messages.text("app.tune.none") : String.join(", ", device.tunables().keys())));
        }
        TunableLimits.Limit limit = TunableLimits.of(setting);
        if (limit == null) throw new TuneFailedException(Messages.text("app.tune.no-range", setting, name));
        if (!TunableLimits.isDigits(value) || !limit.allows(Long.parseLong(value))) {
            throw new TuneFailedException(limit.unit().isEmpty()
                    ? Messages.text("app.tune.out-of-range", setting, limit.min(), limit.max(), Printable.quoted(value))
                    : Messages.text("app.tune.out-of-range.unit", setting, limit.min(), limit.max(), TunableWords.unit(limit), Printable.quoted(value)));
        }
        return setting;
    }

    /** Sets KEY to VALUE on the device and returns the device as the kernel reports it afterwards. */
    public BlockDevice tune(String name, String key, String value) throws TuneFailedException {
        BlockDevice device = current(name);
        String setting = check(device, key, value);
        if (Long.valueOf(value).equals(device.tunables().value(setting))) return device;
        try {
            devices.helper().run(List.of("tune", name, setting, value));
        } catch (PrivilegeException e) {
            throw new TuneFailedException(Messages.text("app.tune.failed", setting, name, value, e.getMessage()));
        }
        return current(name);
    }

    private BlockDevice current(String name) throws TuneFailedException {
        try {
            return devices.find(name).orElseThrow(() ->
                    new TuneFailedException(devices.notADisk(name)));
        } catch (IOException e) {
            throw new TuneFailedException(Messages.text("app.devices.unreadable", e.getMessage()));
        }
    }

    /** "read_ahead_kb 128 KiB (0 to 65536): how far ahead ...": one line per setting, for people. */
    public static List<String> describe(BlockDevice device) {
        return device.tunables().keys().stream().map(k -> {
            TunableLimits.Limit l = TunableLimits.of(k);
            String unit = l == null || l.unit().isEmpty() ? "" : " " + TunableWords.unit(l);
            String now = device.tunables().value(k) + unit;
            return l == null ? Messages.text("app.tune.line.unknown", k, now) : Messages.text("app.tune.line", k, now, l.min(), l.max(), TunableWords.meaning(k));
        }).toList();
    }
}
