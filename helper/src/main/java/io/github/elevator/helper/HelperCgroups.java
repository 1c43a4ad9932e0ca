package io.github.elevator.helper;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

/**
 * A process started through pkexec stays in its caller's cgroups, and a cgroup delegated to a user
 * (systemd's Delegate=yes) lets that user freeze or kill every process in it, root's too: the helper
 * frozen while it holds a device, or killed between two writes. So before any lock the device program
 * moves to its hierarchy's root out of every cgroup whose path is not root's alone, or refuses to run.
 */
final class HelperCgroups {
    private static final List<String> CONTROLS = List.of("", "cgroup.procs", "cgroup.freeze", "cgroup.kill", "freezer.state", "tasks");

    private HelperCgroups() {
    }

    /** Null once the helper is in no cgroup a user can write; else why it is still in one. */
    static String leave() {
        try {
            for (boolean moved : new boolean[] {false, true}) {
                for (String line : Files.readAllLines(Path.of("/proc/self/cgroup"))) {
                    String[] f = line.split(":", 3);
                    Path mount = mount(f[1]), cgroup = mount == null ? null : mount.resolve(f[2].substring(1));
                    if (mount == null || rootsAlone(mount, cgroup)) continue;
                    if (moved) return "it runs in the cgroup " + line + ", which a user can write, and could not leave it";
                    try {
                        Files.writeString(mount.resolve("cgroup.procs"), Long.toString(ProcessHandle.current().pid()), StandardCharsets.US_ASCII);
                    } catch (IOException refused) {
                        // the second pass says so
                    }
                }
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return "its cgroups cannot be read (" + e.getMessage() + ")";
        }
    }

    /** Where the hierarchy of {@code controllers} ("" for cgroup2) is mounted whole, or null when it is not. */
    private static Path mount(String controllers) throws IOException {
        for (String m : Files.readAllLines(Path.of("/proc/self/mountinfo"))) {
            String[] f = m.split(" ");
            int dash = Arrays.asList(f).indexOf("-");
            if (dash < 0 || !f[3].equals("/") || !f[dash + 1].equals(controllers.isEmpty() ? "cgroup2" : "cgroup")) continue;
            if (controllers.isEmpty() || Arrays.asList(f[dash + 3].split(",")).containsAll(Arrays.asList(controllers.split(",")))) {
                return Path.of(f[4].replace("\\040", " "));
            }
        }
        return null;
    }

    /** Whether every folder from the hierarchy's root down to {@code cgroup}, and its control files, is root's and writable by root alone. */
    private static boolean rootsAlone(Path mount, Path cgroup) throws IOException {
        for (Path dir = cgroup; dir.startsWith(mount); dir = dir.getParent()) {
            for (String control : CONTROLS) {
                Path p = dir.resolve(control);
                if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) continue;
                Map<String, Object> a = Files.readAttributes(p, "unix:uid,mode", LinkOption.NOFOLLOW_LINKS);
                if ((Integer) a.get("uid") != 0 || ((Integer) a.get("mode") & 022) != 0) return false;
            }
            if (dir.equals(mount)) break;
        }
        return true;
    }
}
