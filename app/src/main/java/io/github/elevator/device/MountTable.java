package io.github.elevator.device;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The mounts of this process, from {@code /proc/self/mountinfo}. */
public final class MountTable {

    /** One mount: the device numbers, the filesystem type, the source as written, and where it is mounted. */
    public record Mount(String majorMinor, String type, String source, String mountPoint) {
    }

    private final List<Mount> mounts;

    private MountTable(List<Mount> mounts) {
        this.mounts = List.copyOf(mounts);
    }

    public static MountTable read(Path mountinfo) throws IOException {
        try {
            // mount points are bytes: one that is not UTF-8 must not hide every device
            return parse(new String(Files.readAllBytes(mountinfo), java.nio.charset.StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            return new MountTable(List.of());
        }
    }

    /** Parses mountinfo text; malformed lines are skipped. */
    public static MountTable parse(String text) {
        List<Mount> mounts = new ArrayList<>();
        for (String line : text.split("\n")) {
            String[] f = line.trim().split(" ");
            int dash = List.of(f).indexOf("-");
            if (f.length < 5 || dash < 6 || dash + 2 >= f.length) continue;
            mounts.add(new Mount(f[2], unescape(f[dash + 1]), unescape(f[dash + 2]), unescape(f[4])));
        }
        return new MountTable(mounts);
    }

    public List<Mount> mounts() {
        return mounts;
    }

    /** The kernel writes space, tab, newline and backslash in paths as three-digit octal escapes. */
    static String unescape(String s) {
        if (s.indexOf('\\') < 0) return s;
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && isOctal(s, i + 1)) {
                out.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static boolean isOctal(String s, int from) {
        if (from + 3 > s.length()) return false;
        for (int i = from; i < from + 3; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '7') return false;
        }
        return true;
    }
}
