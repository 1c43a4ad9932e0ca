package io.github.elevator.cli;

import io.github.elevator.app.BenchmarkService;
import io.github.elevator.app.RulesService;
import io.github.elevator.app.SchedulerService;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintWriter;
import java.util.function.Supplier;

/** {@code elevator SUBCOMMAND}: the same services as the window, for scripts and servers. */
@Command(name = "elevator",
        mixinStandardHelpOptions = true,
        // --help and --version on every subcommand too (elevator bench --help, elevator rules set --help)
        scope = CommandLine.ScopeType.INHERIT,
        versionProvider = ElevatorCli.Version.class,
        description = "See and switch the I/O scheduler of every block device. Without a subcommand, opens the window.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:done", "1:refused or failed; one line on standard error says why",
                "2:the command line itself is wrong (unknown option, missing argument)"},
        subcommands = {ListCommand.class, SetCommand.class, TuneCommand.class, ResetCommand.class, BenchCommand.class,
                RestoreCommand.class, RulesCommand.class, CommandLine.HelpCommand.class})
public final class ElevatorCli {
    private final Supplier<SchedulerService> services;
    private final Supplier<BenchmarkService> benchmarks;
    private final Supplier<RulesService> rules;

    public ElevatorCli(Supplier<SchedulerService> services, Supplier<BenchmarkService> benchmarks) {
        this(services, benchmarks, () -> RulesService.system(services.get()));
    }

    public ElevatorCli(Supplier<SchedulerService> services, Supplier<BenchmarkService> benchmarks, Supplier<RulesService> rules) {
        this.services = services;
        this.benchmarks = benchmarks;
        this.rules = rules;
    }

    SchedulerService services() {
        return services.get();
    }

    BenchmarkService benchmarks() {
        return benchmarks.get();
    }

    RulesService rules() {
        return rules.get();
    }

    /** "Elevator VERSION", the version written into the build. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() throws java.io.IOException {
            java.util.Properties p = new java.util.Properties();
            try (var in = ElevatorCli.class.getResourceAsStream("/io/github/elevator/version.properties")) {
                if (in != null) p.load(in);
            }
            return new String[] {"Elevator " + p.getProperty("version", "(version unknown: not built by Maven)")};
        }
    }

    /** Runs one command line and returns the process exit code. */
    public int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(this);
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            commandLine.getErr().println("elevator: " + ex.getMessage());
            return 1;
        });
        return cli.execute(args);
    }
}
