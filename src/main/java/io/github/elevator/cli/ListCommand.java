package io.github.elevator.cli;

import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.ByteSize;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "list", description = "List every block device with its I/O schedulers; the active one in [brackets].")
final class ListCommand implements Callable<Integer> {
    @ParentCommand
    private ElevatorCli parent;

    @Spec
    private CommandSpec spec;

    @Option(names = "--json", description = "Print a JSON array instead of a table.")
    private boolean json;

    @Option(names = "--all", description = "Also list loop devices with no file attached.")
    private boolean all;

    @Override
    public Integer call() throws Exception {
        List<BlockDevice> devices = parent.services().devices().stream()
                .filter(d -> all || !d.isDetachedLoop())
                .toList();
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(Json.GSON.toJson(devices));
        } else {
            out.printf("%-10s %-8s %9s  %-28s %s%n", "DEVICE", "KIND", "SIZE", "MODEL", "SCHEDULERS");
            for (BlockDevice d : devices) {
                out.printf("%-10s %-8s %9s  %-28s %s%n", d.name(), d.transport().id(), ByteSize.human(d.sizeBytes()),
                        truncate(d.displayModel(), 28), Formats.schedulers(d));
            }
        }
        out.flush();
        return 0;
    }

    private static String truncate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }
}
