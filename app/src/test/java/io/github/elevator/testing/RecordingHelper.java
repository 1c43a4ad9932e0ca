package io.github.elevator.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A stand-in helper script that records its arguments and standard input, then prints a given answer
 * and exits with a given code; it stands in for the rules file's root program too (the same script
 * under that name beside it).
 */
public final class RecordingHelper {
    private final Path dir;
    private final Path script;

    public RecordingHelper(Path dir, String stdout, int exit) throws IOException {
        this.dir = dir;
        this.script = dir.resolve("elevator-helper");
        Files.writeString(dir.resolve("answer"), stdout);
        Scripts.executable(dir, script.getFileName().toString(), "d='" + dir + "'\ncat > \"$d/stdin\"\n"
                // args last: ran() turns true only once stdin is complete
                + "printf '%s\\n' \"$*\" > \"$d/args.tmp\" && mv \"$d/args.tmp\" \"$d/args\"\ncat \"$d/answer\"\n" + (exit == 0 ? "" : "echo 'elevator-helper: refused for a test' >&2\n")
                + "exit " + exit);
        Path rules = dir.resolve("elevator-rules-helper");
        if (!Files.exists(rules, java.nio.file.LinkOption.NOFOLLOW_LINKS)) Files.createSymbolicLink(rules, script.getFileName());
    }

    public Path path() {
        return script;
    }

    public boolean ran() {
        return Files.exists(dir.resolve("args"));
    }

    public String args() throws IOException {
        return Files.readString(dir.resolve("args")).strip();
    }

    public String stdin() throws IOException {
        return Files.readString(dir.resolve("stdin"));
    }
}
