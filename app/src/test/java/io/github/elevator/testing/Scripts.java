package io.github.elevator.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** Small real shell scripts standing in for the helper, so process handling is exercised for real. */
public final class Scripts {
    private Scripts() {
    }

    /** Writes {@code dir/name} as an executable {@code /bin/sh} script with this body. */
    public static Path executable(Path dir, String name, String body) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }
}
