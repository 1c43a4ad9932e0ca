package io.github.elevator.cli;

import io.github.elevator.app.ResetService;
import io.github.elevator.app.RulesFailedException;
import io.github.elevator.app.RulesOverview;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.app.SwitchFailedException;
import io.github.elevator.app.TuneFailedException;
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
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "reset")
final class ResetCommand implements Callable<Integer> {
    @ParentCommand
    private ElevatorCli parent;

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "${bundle:label.device}", descriptionKey = "reset.device")
    private String device;

    @Option(names = "--all", descriptionKey = "reset.all")
    private boolean all;

    @Option(names = "--dry-run", descriptionKey = "reset.dry-run")
    private boolean dryRun;

    @Option(names = "--remove-rules", descriptionKey = "reset.remove-rules")
    private boolean removeRules;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (all == (device != null)) return error(Messages.text("cli.reset.name-one"));
        if (device != null) device = SchedulerService.deviceName(device);
        ResetService reset = new ResetService(parent.services());
        try {
            List<ResetService.Plan> plans = reset.plans(device);
            for (ResetService.Plan p : plans) {
                String name = p.device().name();
                if (p.isEmpty()) {
                    out.println(Messages.text("cli.reset.choice.already", name, p.defaults().scheduler(), p.defaults().why()));
                    continue;
                }
                out.println(Messages.text("cli.reset.choice", name, p.defaults().scheduler(), p.defaults().why()));
                for (ResetService.Change c : p.changes()) out.println("  " + c.describe());
                if (dryRun) continue;
                BlockDevice now = reset.apply(p);
                String state = Formats.schedulers(now);
                out.println("  " + (reset.plan(now).isEmpty() ? Messages.text("cli.reset.now.as-kernel", name, state) : Messages.text("cli.reset.now", name, state)));
            }
            out.println(rulesNote());
            out.flush();
            return 0;
        } catch (SwitchFailedException | TuneFailedException e) {
            out.flush();
            return error(e.getMessage());
        }
    }

    /** The offer to remove Elevator's rules, or their removal with --remove-rules. */
    private String rulesNote() throws IOException {
        RulesOverview state = parent.rules().state();
        if (state.rules().isEmpty()) return Messages.text("cli.reset.rules.none");
        if (!removeRules || dryRun) {
            return Messages.count("cli.reset.rules.still-set", state.rules().rules().size(), all ? "--all" : device);
        }
        try {
            return parent.rules().removeAll().message();
        } catch (RulesFailedException e) {
            return Messages.text("cli.reset.rules.not-removed", e.getMessage());
        }
    }

    private int error(String message) {
        spec.commandLine().getErr().println(Messages.text("cli.error", message));
        spec.commandLine().getErr().flush();
        return 1;
    }
}
