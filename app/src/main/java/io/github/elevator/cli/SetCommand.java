package io.github.elevator.cli;

import io.github.elevator.app.SwitchFailedException;
import io.github.elevator.device.BlockDevice;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

@Command(name = "set", description = "Switch the I/O scheduler of one device (asks for authentication when not root).")
final class SetCommand implements Callable<Integer> {
    @ParentCommand
    private ElevatorCli parent;

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DEVICE", description = "A name from 'elevator list', such as sdb or nvme0n1 (or /dev/sdb).")
    private String device;

    @Parameters(index = "1", paramLabel = "SCHEDULER", description = "One of the schedulers that device offers, or a variant with some of its own settings, quoted: \"bfq low_latency=0\".")
    private String scheduler;

    @Option(names = "--json", description = "Print the new state as JSON.")
    private boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try {
            BlockDevice now = parent.services().switchScheduler(device, scheduler);
            out.println(json ? Json.GSON.toJson(DeviceJson.of(now)) : now.name() + ": " + Formats.schedulers(now));
            out.flush();
            return 0;
        } catch (SwitchFailedException e) {
            spec.commandLine().getErr().println("elevator: " + e.getMessage());
            spec.commandLine().getErr().flush();
            return 1;
        }
    }
}
