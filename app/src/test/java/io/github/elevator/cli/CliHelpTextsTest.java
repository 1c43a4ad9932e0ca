package io.github.elevator.cli;

import io.github.elevator.bench.FioCommand;
import io.github.elevator.rules.ElevatorRulesFile;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The help of every command, option and parameter comes from cli*.properties, in English and in each translation. */
class CliHelpTextsTest {
    private static final List<Locale> LANGUAGES = List.of(Locale.ENGLISH, Locale.GERMAN);

    private static CommandLine in(Locale locale) {
        CommandLine cli = new CommandLine(new ElevatorCli(() -> null, () -> null, () -> null));
        cli.setResourceBundle(ElevatorCli.helpTexts(locale));
        return cli;
    }

    @Test
    void everyCommandOptionAndParameterIsDescribedInEveryLanguage() {
        for (Locale locale : LANGUAGES) {
            List<String> undescribed = new ArrayList<>();
            collectUndescribed(in(locale), undescribed);
            assertEquals(List.of(), undescribed, locale + ": without a text in cli.properties");
        }
    }

    @Test
    void theHelpNamesTheRulesFileAndFioWhereTheyAre() {
        for (Locale locale : LANGUAGES) {
            CommandLine cli = in(locale);
            assertTrue(cli.getSubcommands().get("rules").getUsageMessage().contains(ElevatorRulesFile.PATH), locale + ": the rules file");
            assertTrue(cli.getSubcommands().get("bench").getUsageMessage().contains(FioCommand.FIO), locale + ": fio's path");
        }
    }

    @Test
    void germanHelpIsGerman() {
        String usage = in(Locale.GERMAN).getSubcommands().get("list").getUsageMessage();
        assertTrue(usage.startsWith("Aufruf: elevator list"), usage);
        assertTrue(usage.contains("Rückgabewerte:"), usage);
        assertTrue(usage.contains("Diese Hilfe anzeigen und beenden."), usage);
    }

    private static void collectUndescribed(CommandLine cli, List<String> undescribed) {
        CommandSpec spec = cli.getCommandSpec();
        String name = spec.qualifiedName();
        if (blank(spec.usageMessage().description()) && blank(spec.usageMessage().header())) undescribed.add(name);
        for (ArgSpec arg : spec.args()) {
            String what = arg.isOption() ? ((CommandLine.Model.OptionSpec) arg).longestName() : arg.paramLabel();
            if (blank(arg.description())) undescribed.add(name + " " + what);
        }
        for (CommandLine sub : cli.getSubcommands().values()) collectUndescribed(sub, undescribed);
    }

    private static boolean blank(String[] lines) {
        return lines.length == 0 || String.join("", lines).isBlank();
    }
}
