package io.github.elevator.app;

import io.github.elevator.device.BlockDevice;
import io.github.elevator.protocol.SchedulerVariant;
import io.github.elevator.device.SchedulerVariants;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.privilege.PrivilegeException;
import io.github.elevator.text.Messages;
import io.github.elevator.protocol.Printable;

import java.io.IOException;
import java.util.List;

/** Lists devices and switches their schedulers through the privileged helper. */
public final class SchedulerService {
    private final BlockDeviceScanner scanner;
    private final HelperRunner helper;
    private final HeldDevices held;

    public SchedulerService(BlockDeviceScanner scanner, HelperRunner helper) {
        this(scanner, helper, HeldDevices.system(helper));
    }

    public SchedulerService(BlockDeviceScanner scanner, HelperRunner helper, HeldDevices held) {
        this.scanner = scanner;
        this.helper = helper;
        this.held = held;
    }

    public List<BlockDevice> devices() throws IOException {
        return scanner.scan();
    }

    /** Every device but loop devices with no file attached, which the window does not show (see {@link BlockDeviceScanner#scanAttached()}). */
    public List<BlockDevice> attachedDevices() throws IOException {
        return scanner.scanAttached();
    }

    /** These devices as the kernel describes them now; names the kernel does not list are left out. */
    public List<BlockDevice> devices(java.util.Collection<String> names) throws IOException {
        return scanner.scan(names);
    }

    public HelperRunner helper() {
        return helper;
    }

    /** The scheduler and settings the kernel itself would give the device; null when it has no scheduler. */
    public io.github.elevator.device.KernelDefaults kernelDefaults(BlockDevice device) {
        return scanner.kernelDefaults(device);
    }

    /** The device with this listed name as the kernel reports it now (a hidden NVMe path device too). */
    public java.util.Optional<BlockDevice> find(String name) throws IOException {
        return scanner.find(name);
    }

    /** Why {@code name} is no disk: a partition's disk, or that there is none. */
    public String notADisk(String name) {
        return scanner.notADisk(name);
    }

    /**
     * Switches the scheduler, or to a variant ("bfq low_latency=0": the scheduler, then its settings), and
     * returns the device as the kernel reports it afterwards.
     * Input the kernel would refuse is refused here first, so a typo never asks for a password;
     * the helper checks everything again on its side.
     */
    public BlockDevice switchScheduler(String deviceName, String scheduler) throws SwitchFailedException {
        String name = deviceName(deviceName);
        BlockDevice device = current(name);
        if (!device.hasScheduler()) {
            throw new SwitchFailedException(Messages.text("app.switch.no-scheduler", name));
        }
        String first = scheduler.split(" ", 2)[0];
        if (!device.schedulers().contains(first)) {
            throw new SwitchFailedException(Messages.text("app.switch.not-offered", name, Printable.quoted(first), String.join(", ", device.schedulers()))
                    + (device.schedulerNote() == null ? "" : " " + device.schedulerNote()));
        }
        SchedulerVariant variant;
        try {
            variant = SchedulerVariants.parse(scheduler);
        } catch (IllegalArgumentException e) {
            throw new SwitchFailedException(Messages.text("app.switch.bad-variant", name, Printable.quoted(scheduler), e.getMessage()));
        }
        // a session that stopped may have left the same scheduler with other settings, or a stopped holder: the helper deals with both first
        if (variant.isPlain() && variant.scheduler().equals(device.active()) && held.leftBehind(name).isEmpty()) return device;
        try {
            helper.run(List.of("set-scheduler", name, variant.text()));
        } catch (PrivilegeException e) {
            throw new SwitchFailedException(Messages.text("app.switch.failed", name, variant.text(), e.getMessage()));
        }
        return current(name);
    }

    private BlockDevice current(String name) throws SwitchFailedException {
        try {
            return scanner.find(name).orElseThrow(() ->
                    new SwitchFailedException(scanner.notADisk(name)));
        } catch (IOException e) {
            throw new SwitchFailedException(Messages.text("app.devices.unreadable", e.getMessage()));
        }
    }

    /**
     * A device as a person names it: {@code sdb} or {@code /dev/sdb}. Only that prefix is taken
     * off; what is left is compared with the names the kernel lists, never used as a path.
     */
    public static String deviceName(String given) {
        return given != null && given.startsWith("/dev/") && given.length() > 5 ? given.substring(5) : given;
    }

}
