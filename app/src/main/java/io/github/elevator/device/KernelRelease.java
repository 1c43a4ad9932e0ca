package io.github.elevator.device;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The running kernel's version, from {@code /proc/sys/kernel/osrelease} ("6.18.44-fc-v782"). */
public record KernelRelease(int major, int minor, String text) {
    private static final Pattern VERSION = Pattern.compile("(\\d{1,3})\\.(\\d{1,3}).*");

    /** The release under {@code root}; null when the file is missing or not a version. */
    public static KernelRelease read(Path root) {
        try {
            return parse(Files.readString(root.resolve("proc/sys/kernel/osrelease"), StandardCharsets.US_ASCII).trim());
        } catch (IOException e) {
            return null;
        }
    }

    public static KernelRelease parse(String text) {
        Matcher m = VERSION.matcher(text);
        if (!m.matches()) return null;
        return new KernelRelease(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), text);
    }

    public boolean atLeast(int major, int minor) {
        return this.major > major || (this.major == major && this.minor >= minor);
    }
}
