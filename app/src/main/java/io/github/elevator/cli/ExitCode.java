package io.github.elevator.cli;

import java.util.List;
import java.util.Set;

/**
 * The exit codes of {@code elevator}: this table, the help of every command (usage.exitCodeList in
 * cli*.properties) and the table in README.md say the same; ExitCodeTest holds the three together.
 */
enum ExitCode {
    DONE(0, null),
    FAILED(1, null),
    COMMAND_LINE(2, null),
    /** Only {@code bench} keeps a report. */
    NOT_KEPT(3, Set.of("bench"));

    final int code;
    /** The commands that can end with it; null for every command. */
    private final Set<String> only;

    ExitCode(int code, Set<String> only) {
        this.code = code;
        this.only = only;
    }

    /** The codes {@code command} ("list", "rules set", "" for elevator itself) can end with, in order. */
    static List<ExitCode> of(String command) {
        String first = command.split(" ", 2)[0];
        return java.util.Arrays.stream(values()).filter(c -> c.only == null || c.only.contains(first)).toList();
    }
}
