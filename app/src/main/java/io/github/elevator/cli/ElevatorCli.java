package io.github.elevator.cli;

import io.github.elevator.app.BenchmarkService;
import io.github.elevator.app.RulesService;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.text.Messages;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.ResourceBundle;
import java.util.function.Supplier;

/** {@code elevator SUBCOMMAND}: the same services as the window, for scripts and servers. */
@Command(name = "elevator",
        mixinStandardHelpOptions = true,
        // --help and --version on every subcommand too (elevator bench --help, elevator rules set --help)
        scope = CommandLine.ScopeType.INHERIT,
        versionProvider = ElevatorCli.Version.class,
        // every help text: io/github/elevator/text/cli*.properties, in the language of Messages
        resourceBundle = ElevatorCli.HELP_TEXTS,
        subcommands = {ListCommand.class, SetCommand.class, TuneCommand.class, ResetCommand.class, BenchCommand.class,
                RestoreCommand.class, RulesCommand.class, CommandLine.HelpCommand.class})
public final class ElevatorCli {
    static final String HELP_TEXTS = "io.github.elevator.text.cli";

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
            String version = p.getProperty("version");
            return new String[] {Messages.text("cli.version", version != null ? version : Messages.text("cli.version.unknown"))};
        }
    }

    /**
     * Runs one command line and returns the process exit code. Output that did not reach
     * {@code out} (a closed or full standard output) is a failure, said on {@code err}.
     */
    public int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(this);
        cli.setResourceBundle(helpTexts(Messages.language()));
        cli.setOut(out);
        cli.setErr(err);
        // a mistyped command line gets one line and where to read on, not the whole usage
        cli.setParameterExceptionHandler((ex, given) -> {
            CommandLine wrong = ex.getCommandLine();
            wrong.getErr().println(Messages.text("cli.error", ex.getMessage()));
            wrong.getErr().println(Messages.text("cli.error.see-help", wrong.getCommandSpec().qualifiedName()));
            return ExitCode.COMMAND_LINE.code;
        });
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            commandLine.getErr().println(Messages.text("cli.error", ex.getMessage()));
            return ExitCode.FAILED.code;
        });
        int code = cli.execute(args);
        if (!out.checkError()) return code;
        err.println(Messages.text("cli.error.output-lost"));
        return code == ExitCode.DONE.code ? ExitCode.FAILED.code : code;
    }

    /** The help texts in one language, English where there are none: given the language Messages chose, not the JVM's default locale picocli would take. */
    static ResourceBundle helpTexts(Locale locale) {
        return ResourceBundle.getBundle(HELP_TEXTS, locale,
                ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
    }
}
