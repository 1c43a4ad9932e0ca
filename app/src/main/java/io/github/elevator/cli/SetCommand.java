package io.github.elevator.cli;

import io.github.elevator.app.SwitchFailedException;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.text.Messages;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

@Command(name = "set")
final class SetCommand implements Callable<Integer> {
    @ParentCommand
    private ElevatorCli parent;

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "${bundle:label.device}", descriptionKey = "set.device")
    private String device;

    @Parameters(index = "1", paramLabel = "${bundle:label.scheduler}", descriptionKey = "set.scheduler")
    private String scheduler;

    @Option(names = "--json", descriptionKey = "set.json")
    private boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try {
            BlockDevice now = parent.services().switchScheduler(device, scheduler);
            out.println(json ? Json.GSON.toJson(DeviceJson.of(now)) : Messages.text("cli.device.schedulers", now.name(), Formats.schedulers(now)));
            out.flush();
            return 0;
        } catch (SwitchFailedException e) {
            spec.commandLine().getErr().println(Messages.text("cli.error", e.getMessage()));
            spec.commandLine().getErr().flush();
            return 1;
        }
    }
}
