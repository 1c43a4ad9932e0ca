package io.github.elevator.privilege;

import io.github.elevator.bench.RawReads;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.RunningLoad;
import io.github.elevator.bench.Sample;
import io.github.elevator.bench.TimedRun;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.engine.Engines;
import io.github.elevator.protocol.HandOverKind;
import io.github.elevator.protocol.DeviceDescriptor;
import io.github.elevator.protocol.HelperEvent;
import io.github.elevator.text.Messages;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * A session's reads on the descriptor the helper handed over, or for a kind root hands over to no
 * one ({@link HandOverKind}) on this process's own open of the node: the engines, the samplers and
 * the measurement all in this process, with the rights of whoever runs it. Before anything is
 * read, the descriptor is checked to be the device asked for, open read-only and O_DIRECT.
 */
final class DeviceReads implements SessionReads {
    static final double WARMUP_SECONDS = 0.1;
    /** After a switch, the new scheduler's first requests (fresh tags, empty queues) are not its steady state. */
    static final double SETTLE_SECONDS = 0.01;
    private static final Path SYS_BLOCK = Path.of("/sys/block");
    private static final Path PROC = Path.of("/proc");
    private static final Path DEV = Path.of("/dev");

    private final String name;
    private final DeviceDescriptor device;
    private final RawReads reads;
    private final Map<String, String> engines;
    private RunningLoad running;

    private DeviceReads(String name, DeviceDescriptor device, RawReads reads) {
        this.name = name;
        this.device = device;
        this.reads = reads;
        this.engines = reads.engineNames();
    }

    /** Why this process could not read {@code name} in a session run through pkexec, in words; null when it could. */
    static String refusal(String name) throws IOException {
        String number = Files.readString(SYS_BLOCK.resolve(name).resolve("dev")).strip();
        boolean removable = Files.readString(SYS_BLOCK.resolve(name).resolve("removable")).strip().equals("1");
        if (HandOverKind.of(name, number, Files.readString(PROC.resolve("devices"))).handedOver(removable) || Files.isReadable(DEV.resolve(name))) return null;
        return Messages.text("privilege.session.no-access", name);
    }

    /** The descriptor the helper sent before it said it was ready, else this process's own. */
    static SessionReads handedOver(VerbInProgress helper, HelperEvent.Ready ready) throws IOException {
        DeviceDescriptor handed = helper.receiveDescriptor();
        DeviceDescriptor device = handed != null ? handed : DeviceDescriptor.open(DEV.resolve(ready.device()));
        try {
            String number = Files.readString(SYS_BLOCK.resolve(ready.device()).resolve("dev")).strip();
            device.requireDevice(number, "the descriptor of " + ready.device()); // untranslated: fills the protocol's English check
            return new DeviceReads(ready.device(), device, RawReads.of(device.fd(), ready.device(), SYS_BLOCK, Engines::forQueueDepth));
        } catch (IOException | RuntimeException e) {
            device.close();
            throw e;
        }
    }

    @Override
    public Map<String, String> engines() {
        return engines;
    }

    @Override
    public RunResult read(String scheduler, Workload workload, double seconds, Consumer<Sample> samples, BooleanSupplier stop)
            throws IOException, TimedRun.CancelledException {
        return new TimedRun(name, PROC).run(scheduler, workload, 0, engines.get(workload.id()), WARMUP_SECONDS, seconds,
                engineLoad(workload), samples, stop);
    }

    @Override
    public void load(Workload workload) throws IOException, InterruptedException {
        stopLoad();
        running = RunningLoad.start(name, PROC, workload, engines.get(workload.id()), engineLoad(workload), WARMUP_SECONDS);
    }

    @Override
    public RunResult measure(String scheduler, double seconds, BooleanSupplier stop)
            throws IOException, InterruptedException, TimedRun.CancelledException {
        return running.measure(scheduler, SETTLE_SECONDS, seconds, stop);
    }

    private TimedRun.Load engineLoad(Workload workload) throws IOException {
        try {
            return reads.load(workload);
        } catch (IllegalArgumentException e) {
            throw new IOException(Messages.text("privilege.reads.failed", workload.id(), e.getMessage()));
        }
    }

    @Override
    public void stopLoad() {
        if (running != null) running.close();
        running = null;
    }

    @Override
    public void close() {
        stopLoad();
        device.close();
    }
}
