package io.github.elevator.cli;

import io.github.elevator.app.HeldDevices;
import io.github.elevator.privilege.PrivilegeException;
import io.github.elevator.text.Messages;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

// its own exit codes: elevator.restore.usage.exitCodeList in cli.properties
@Command(name = "restore", mixinStandardHelpOptions = true)
final class RestoreCommand implements Callable<Integer> {
    @ParentCommand
    private ElevatorCli parent;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        HeldDevices held = parent.benchmarks().held();
        List<String> left = held.describeLeftOver();
        List<String> unreadable = held.describeUnreadable();
        unreadable.forEach(line -> spec.commandLine().getErr().println(Messages.text("cli.error.sentence", line)));
        if (left.isEmpty()) {
            out.println(unreadable.isEmpty() ? Messages.text("cli.restore.nothing") : Messages.text("cli.restore.nothing-readable"));
            return unreadable.isEmpty() ? 0 : 1;
        }
        left.forEach(line -> out.println(Messages.text("cli.sentence", line)));
        try {
            held.restore().forEach(out::println);
            return 0;
        } catch (PrivilegeException e) {
            spec.commandLine().getErr().println(Messages.text("cli.error", e.getMessage()));
            return 1;
        }
    }
}
