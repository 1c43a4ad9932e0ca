package io.github.elevator.app;

import io.github.elevator.protocol.Printable;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.KernelDefaults;
import io.github.elevator.privilege.PrivilegeException;
import io.github.elevator.text.Messages;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * "Kernel defaults": puts a device back to the scheduler the kernel itself would choose and the
 * default values of the settings Elevator changes ({@link KernelDefaults}), through the helper's
 * {@code set-scheduler} and {@code tune} verbs, one call per change that is really needed.
 */
public final class ResetService {
    private final SchedulerService devices;

    public ResetService(SchedulerService devices) {
        this.devices = devices;
    }

    /** One change a reset makes: {@code key} is "scheduler" or a setting such as {@code queue/read_ahead_kb}. */
    public record Change(String key, String from, String to) {
        public String describe() {
            return key + " " + from + " → " + to;
        }
    }

    /** What a reset of one device would do, and why the kernel would choose that scheduler. */
    public record Plan(BlockDevice device, KernelDefaults defaults, List<Change> changes) {
        public boolean isEmpty() {
            return changes.isEmpty();
        }
    }

    /** The plan for one device, or for every device with a scheduler when {@code name} is null. */
    public List<Plan> plans(String name) throws IOException, SwitchFailedException {
        List<BlockDevice> targets = new ArrayList<>();
        if (name == null) {
            devices.attachedDevices().stream().filter(BlockDevice::hasScheduler).forEach(targets::add);
        } else {
            BlockDevice d = devices.find(name).orElseThrow(() ->
                    new SwitchFailedException(devices.notADisk(name)));
            if (!d.hasScheduler()) {
                throw new SwitchFailedException(d.restsOn().isEmpty() ? Messages.text("app.reset.no-scheduler", name)
                        : Messages.text("app.reset.no-scheduler.below", name, String.join(", ", d.restsOn())));
            }
            targets.add(d);
        }
        List<Plan> plans = new ArrayList<>();
        for (BlockDevice d : targets) plans.add(plan(d));
        return plans;
    }

    public Plan plan(BlockDevice d) {
        KernelDefaults defaults = devices.kernelDefaults(d);
        List<Change> changes = new ArrayList<>();
        boolean switches = !defaults.scheduler().equals(d.active());
        if (switches) changes.add(new Change("scheduler", d.active(), defaults.scheduler()));
        for (Map.Entry<String, Long> e : defaults.settings().entrySet()) {
            // a switch re-creates the scheduler's own settings and nr_requests with their defaults
            if (switches && (e.getKey().startsWith("iosched/") || e.getKey().equals("queue/nr_requests"))) continue;
            // bfq turns write-back throttling off while it runs, and the kernel turns it back on when bfq goes
            if (switches && "bfq".equals(d.active()) && e.getKey().equals("queue/wbt_lat_usec")) continue;
            Long now = d.tunables().value(e.getKey());
            if (now != null && !now.equals(e.getValue())) changes.add(new Change(e.getKey(), now.toString(), e.getValue().toString()));
        }
        return new Plan(d, defaults, changes);
    }

    /** Makes the plan's changes and returns the device as the kernel reports it afterwards. */
    public BlockDevice apply(Plan plan) throws SwitchFailedException, TuneFailedException {
        String name = plan.device().name();
        for (Change c : plan.changes()) {
            if (!c.key().equals("scheduler")) continue;
            try {
                devices.helper().run(List.of("set-scheduler", name, c.to()));
            } catch (PrivilegeException e) {
                throw new SwitchFailedException(Messages.text("app.reset.failed", name, c.to(), e.getMessage()));
            }
        }
        BlockDevice now = current(name);
        TuneService tune = new TuneService(devices);
        for (Change c : plan(now).changes()) {
            if (!c.key().equals("scheduler")) now = tune.tune(name, c.key(), c.to());
        }
        return now;
    }

    private BlockDevice current(String name) throws SwitchFailedException {
        try {
            return devices.find(name).orElseThrow(() -> new SwitchFailedException(Messages.text("app.reset.gone", name)));
        } catch (IOException e) {
            throw new SwitchFailedException(Messages.text("app.devices.unreadable", e.getMessage()));
        }
    }
}
