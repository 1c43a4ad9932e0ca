package io.github.elevator.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** The exit codes as ExitCode has them, as every command's help lists them, and as README.md's table says. */
class ExitCodeTest {
    private static final Pattern HELP_ROW = Pattern.compile("^  (\\d)\\s{2,}\\S.*");
    private static final Pattern README_ROW = Pattern.compile("^\\s*\\| (\\d) \\| [^|]+ \\| ([^|]+) \\|\\s*$");

    @Test
    void everyCommandsHelpListsItsCodesInEveryLanguage() {
        for (Locale locale : List.of(Locale.ENGLISH, Locale.GERMAN)) {
            CommandLine cli = new CommandLine(new ElevatorCli(() -> null, () -> null, () -> null));
            cli.setResourceBundle(ElevatorCli.helpTexts(locale));
            List<CommandLine> all = new ArrayList<>();
            collect(cli, all);
            for (CommandLine c : all) {
                String name = c.getCommandSpec().qualifiedName(" ").replaceFirst("^elevator ?", "");
                if (name.equals("help")) continue;
                List<Integer> expected = ExitCode.of(name).stream().map(e -> e.code).toList();
                assertEquals(expected, listed(c.getUsageMessage()), locale + ": the exit codes in the help of 'elevator " + name + "'");
            }
        }
    }

    @Test
    void theReadmeTableIsTheSame() throws IOException {
        Map<Integer, String> table = new TreeMap<>();
        for (String line : Files.readAllLines(readme())) {
            Matcher m = README_ROW.matcher(line);
            if (m.matches()) table.put(Integer.parseInt(m.group(1)), m.group(2).trim());
        }
        assertFalse(table.isEmpty(), "README.md has a table of exit codes");
        Map<Integer, String> expected = new TreeMap<>();
        for (ExitCode e : ExitCode.values()) {
            boolean everywhere = ExitCode.of("list").contains(e);
            expected.put(e.code, everywhere ? "all" : "bench");
        }
        assertEquals(expected, table);
    }

    private static void collect(CommandLine c, List<CommandLine> into) {
        into.add(c);
        c.getSubcommands().values().forEach(s -> collect(s, into));
    }

    /** The codes in the help's exit code section, in order. */
    private static List<Integer> listed(String usage) {
        List<Integer> codes = new ArrayList<>();
        boolean in = false;
        for (String line : usage.split("\\R")) {
            if (line.endsWith(":") && !line.startsWith(" ")) in = line.startsWith("Exit codes") || line.startsWith("Rückgabewerte");
            else if (in) {
                Matcher m = HELP_ROW.matcher(line);
                if (m.matches()) codes.add(Integer.parseInt(m.group(1)));
            }
        }
        return codes;
    }

    private static Path readme() {
        Path here = Path.of("").toAbsolutePath();
        while (here != null && !Files.exists(here.resolve("README.md"))) here = here.getParent();
        if (here == null) throw new AssertionError("no README.md above " + Path.of("").toAbsolutePath());
        Path up = here.getParent() != null && Files.exists(here.getParent().resolve("README.md")) ? here.getParent() : here;
        return up.resolve("README.md");
    }
}
