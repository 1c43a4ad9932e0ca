package io.github.elevator.protocol;

import java.io.IOException;
import java.nio.file.*;

/** Real and effective user id of this process, from {@code /proc/self/status}. */
public record ProcessIds(int realUid, int effectiveUid) {

    public static ProcessIds current() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) {
                    String[] f = line.substring(4).trim().split("\\s+");
                    return new ProcessIds(Integer.parseInt(f[0]), Integer.parseInt(f[1]));
                }
            }
        } catch (IOException | RuntimeException e) {
            // fall through: treat as unprivileged
        }
        return new ProcessIds(-1, -1);
    }

    public boolean isRoot() {
        return realUid == 0 && effectiveUid == 0;
    }
}
