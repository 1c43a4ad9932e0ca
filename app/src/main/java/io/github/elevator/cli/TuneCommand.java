package io.github.elevator.cli;

import io.github.elevator.app.TuneFailedException;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.app.TuneService;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.text.Messages;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;

@Command(name = "tune")
final class TuneCommand implements Callable<Integer> {
    @ParentCommand
    private ElevatorCli parent;

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "${bundle:label.device}", descriptionKey = "tune.device")
    private String device;

    @Parameters(index = "1", arity = "0..1", paramLabel = "${bundle:label.key}", descriptionKey = "tune.key")
    private String key;

    @Parameters(index = "2", arity = "0..1", paramLabel = "${bundle:label.value}", descriptionKey = "tune.value")
    private String value;

    @Option(names = "--json", descriptionKey = "tune.json")
    private boolean json;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        device = SchedulerService.deviceName(device);
        if (key != null && value == null) return error(Messages.text("cli.tune.key-without-value"));
        try {
            BlockDevice d = key == null ? show() : new TuneService(parent.services()).tune(device, key, value);
            if (json) {
                out.println(Json.GSON.toJson(d.tunables()));
            } else if (key == null) {
                out.println(d.active() == null ? Messages.text("cli.tune.heading", d.name()) : Messages.text("cli.tune.heading.active", d.name(), d.active()));
                for (String line : TuneService.describe(d)) out.println("  " + line);
            } else {
                String setting = TuneService.settingOf(d, key);
                out.println(Messages.text("cli.tune.changed", d.name(), setting, d.tunables().value(setting)));
            }
            out.flush();
            return 0;
        } catch (TuneFailedException e) {
            return error(e.getMessage());
        }
    }

    private BlockDevice show() throws IOException, TuneFailedException {
        return parent.services().find(device).orElseThrow(() -> new TuneFailedException(parent.services().notADisk(device)));
    }

    private int error(String message) {
        spec.commandLine().getErr().println(Messages.text("cli.error", message));
        spec.commandLine().getErr().flush();
        return 1;
    }
}
