package io.github.elevator.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** A stand-in helper script that records its arguments and standard input, then prints a given answer and exits with a given code. */
public final class RecordingHelper {
    private final Path dir;
    private final Path script;

    public RecordingHelper(Path dir, String stdout, int exit) throws IOException {
        this.dir = dir;
        this.script = dir.resolve("helper.sh");
        Files.writeString(dir.resolve("answer"), stdout);
        Files.writeString(script, "#!/bin/sh\nd='" + dir + "'\nprintf '%s\\n' \"$*\" > \"$d/args\"\ncat > \"$d/stdin\"\n"
                + "cat \"$d/answer\"\n" + (exit == 0 ? "" : "echo 'elevator-helper: refused for a test' >&2\n") + "exit " + exit + "\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
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
