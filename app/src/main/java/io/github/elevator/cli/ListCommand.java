package io.github.elevator.cli;

import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.ByteSize;
import io.github.elevator.text.Messages;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "list")
final class ListCommand implements Callable<Integer> {
    private static final String ROW = "%-10s %-24s %10s  %-7s %-21s %-20s %s%n";

    @ParentCommand
    private ElevatorCli parent;

    @Spec
    private CommandSpec spec;

    @Option(names = "--json", descriptionKey = "list.json")
    private boolean json;

    @Option(names = "--all", descriptionKey = "list.all")
    private boolean all;

    @Override
    public Integer call() throws Exception {
        // without --all the empty loop devices are not read at all: of 200, reading each whole took most of the scan
        List<BlockDevice> devices = (all ? parent.services().devices() : parent.services().attachedDevices()).stream()
                .filter(d -> all || !d.isDetachedLoop())
                .sorted(io.github.elevator.device.DeviceOrder.DEVICES) // the window's order: the disks first, loop devices after
                .toList();
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(Json.GSON.toJson(DeviceJson.of(devices)));
        } else {
            out.printf(ROW, Messages.text("cli.list.column.device"), Messages.text("cli.list.column.model"), Messages.text("cli.list.column.size"),
                    Messages.text("cli.list.column.kind"), Messages.text("cli.list.column.type"), Messages.text("cli.list.column.mounted"),
                    Messages.text("cli.list.column.schedulers"));
            for (BlockDevice d : devices) {
                out.printf(ROW, d.name(), Formats.fit(d.displayModel().isEmpty() ? "-" : d.displayModel(), 24),
                        ByteSize.human(d.sizeBytes()), d.transport().id(), Formats.typeText(d),
                        Formats.fit(d.mountPoints().isEmpty() ? "-" : String.join(",", d.mountPoints()), 20), Formats.schedulers(d));
            }
        }
        out.flush();
        return 0;
    }
}
