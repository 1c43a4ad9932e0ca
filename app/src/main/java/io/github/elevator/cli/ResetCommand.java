package io.github.elevator.cli;

import io.github.elevator.app.ResetService;
import io.github.elevator.app.RulesFailedException;
import io.github.elevator.app.RulesOverview;
import io.github.elevator.app.SwitchFailedException;
import io.github.elevator.app.TuneFailedException;
import io.github.elevator.device.BlockDevice;
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

    @Parameters(index = "0", arity = "0..1", paramLabel = "DEVICE", descriptionKey = "reset.device")
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
        if (all == (device != null)) return error("Name one device to reset, or use --all.");
        ResetService reset = new ResetService(parent.services());
        try {
            List<ResetService.Plan> plans = reset.plans(device);
            for (ResetService.Plan p : plans) {
                String name = p.device().name();
                String choice = name + ": the kernel's choice is " + p.defaults().scheduler() + " (" + p.defaults().why() + ")";
                if (p.isEmpty()) {
                    out.println(choice + "; already as the kernel would have it.");
                    continue;
                }
                out.println(choice + ".");
                for (ResetService.Change c : p.changes()) out.println("  " + c.describe());
                if (dryRun) continue;
                BlockDevice now = reset.apply(p);
                out.println("  " + name + ": " + Formats.schedulers(now) + (reset.plan(now).isEmpty() ? ", as the kernel would have it." : "."));
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
        if (state.rules().isEmpty()) return "Elevator has no rules here: disks get the kernel's choice when they are added.";
        if (!removeRules || dryRun) {
            return "Elevator's rules still set " + state.rules().rules().size() + " kind(s) of disk when they are added;"
                    + " remove them with 'elevator reset " + (all ? "--all" : device) + " --remove-rules' or 'elevator rules remove --all'.";
        }
        try {
            return parent.rules().removeAll().message();
        } catch (RulesFailedException e) {
            return "The rules were not removed: " + e.getMessage();
        }
    }

    private int error(String message) {
        spec.commandLine().getErr().println("elevator: " + message);
        spec.commandLine().getErr().flush();
        return 1;
    }
}
