package io.github.elevator.rules;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds everything else on a machine that sets I/O schedulers: udev rules that assign
 * {@code queue/scheduler} (directly or through a program), the {@code [disk]} elevator of the
 * active TuneD profile, and {@code elevator=} on the kernel command line. The root is injectable
 * so tests run on a made-up tree; in production it is {@code /}. Files that cannot be read are
 * passed over: this is advice, not a gate.
 */
public final class Overriders {
    /** udev's rules directories, highest priority first: a file name in an earlier one hides the same name later. */
    static final List<String> UDEV_DIRS = List.of("etc/udev/rules.d", "run/udev/rules.d", "usr/lib/udev/rules.d", "lib/udev/rules.d");
    private static final List<String> TUNED_DIRS = List.of("etc/tuned", "etc/tuned/profiles", "usr/lib/tuned", "usr/lib/tuned/profiles");
    private static final Pattern ATTR_ASSIGNMENT = Pattern.compile("ATTR\\{queue/scheduler\\}\\s*:?=\\s*\"([^\"]*)\"");
    private static final Pattern PROGRAM = Pattern.compile("(RUN|PROGRAM|IMPORT)(\\{[^}]*\\})?\\s*\\+?:?=\\s*\"[^\"]*queue/scheduler[^\"]*\"");
    private static final Pattern ECHO = Pattern.compile("echo\\s+'?([a-z0-9_-]+)'?\\s*>\\s*\\S*queue/scheduler");
    private static final Pattern PROFILE_NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    private static final int MAX_FILE_BYTES = 1 << 20;
    private static final String OWN_NAME = UdevRules.RELATIVE_PATH.getFileName().toString();

    private final Path root;

    public Overriders(Path root) {
        this.root = root;
    }

    public static Overriders system() {
        return new Overriders(Path.of("/"));
    }

    public List<Overrider> scan() {
        List<Overrider> found = new ArrayList<>();
        udevRules(found);
        tuned(found);
        kernelCommandLine(found);
        return found;
    }

    private void udevRules(List<Overrider> found) {
        TreeMap<String, Path> byName = new TreeMap<>();
        Set<Path> seenDirs = new LinkedHashSet<>();
        for (String dir : UDEV_DIRS) {
            Path d = root.resolve(dir);
            Path real;
            try {
                real = d.toRealPath();
            } catch (IOException missing) {
                continue;
            }
            if (!seenDirs.add(real)) continue; // /lib is often a link to /usr/lib
            try (DirectoryStream<Path> files = Files.newDirectoryStream(d, "*.rules")) {
                for (Path f : files) byName.putIfAbsent(f.getFileName().toString(), f);
            } catch (IOException unreadable) {
                // passed over
            }
        }
        for (var e : byName.entrySet()) {
            Path file = e.getValue();
            if (masked(file)) continue;
            String text = read(file);
            if (text == null) continue;
            boolean ours = e.getKey().equals(OWN_NAME) && text.startsWith(UdevRules.MARKER + "\n");
            if (ours) continue;
            int order = e.getKey().compareTo(OWN_NAME);
            String note = order > 0
                    ? "It runs after Elevator's rules, so it wins on the disks it matches."
                    : "It runs before Elevator's rules, so Elevator's rule wins on the disks both match.";
            udevLines(display(file), text, note, found);
        }
    }

    /** A rules file masked by a link to /dev/null, or empty, is not in effect. */
    private static boolean masked(Path file) {
        try {
            if (Files.isSymbolicLink(file) && Files.readSymbolicLink(file).toString().equals("/dev/null")) return true;
            return Files.size(file) == 0;
        } catch (IOException e) {
            return true;
        }
    }

    static void udevLines(String file, String text, String note, List<Overrider> found) {
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            int start = i;
            StringBuilder joined = new StringBuilder();
            String line = lines[i];
            while (line.endsWith("\\") && i + 1 < lines.length) {
                joined.append(line, 0, line.length() - 1);
                line = lines[++i];
            }
            joined.append(line);
            String rule = joined.toString().strip();
            if (rule.startsWith("#") || !rule.contains("queue/scheduler")) continue;
            Matcher attr = ATTR_ASSIGNMENT.matcher(rule);
            if (attr.find()) {
                found.add(new Overrider(Overrider.Source.UDEV, file, start + 1, rule, attr.group(1), note));
            } else if (PROGRAM.matcher(rule).find()) {
                Matcher echo = ECHO.matcher(rule);
                found.add(new Overrider(Overrider.Source.UDEV, file, start + 1, rule, echo.find() ? echo.group(1) : null, note));
            }
        }
    }

    private void tuned(List<Overrider> found) {
        String active = read(root.resolve("etc/tuned/active_profile"));
        if (active == null) return;
        Set<String> visited = new LinkedHashSet<>();
        for (String profile : active.strip().split("\\s+")) tunedProfile(profile, visited, found);
    }

    private void tunedProfile(String profile, Set<String> visited, List<Overrider> found) {
        if (!PROFILE_NAME.matcher(profile).matches() || profile.startsWith(".") || visited.size() > 16 || !visited.add(profile)) return;
        for (String dir : TUNED_DIRS) {
            Path conf = root.resolve(dir).resolve(profile).resolve("tuned.conf");
            String text = read(conf);
            if (text == null) continue;
            String section = "";
            boolean disk = false;
            List<String> includes = new ArrayList<>();
            String[] lines = text.split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                String line = lines[i].strip();
                if (line.startsWith("[") && line.endsWith("]")) {
                    section = line.substring(1, line.length() - 1).strip();
                    disk = section.equals("disk") || sectionHasDiskType(lines, i + 1);
                    continue;
                }
                int eq = line.indexOf('=');
                if (line.startsWith("#") || eq < 0) continue;
                String key = line.substring(0, eq).strip();
                String value = line.substring(eq + 1).strip();
                if (section.equals("main") && key.equals("include")) includes.addAll(List.of(value.split("[,\\s]+")));
                if (disk && key.equals("elevator")) {
                    found.add(new Overrider(Overrider.Source.TUNED, display(conf), i + 1, line, value.isEmpty() ? null : value,
                            "The active TuneD profile '" + visited.iterator().next() + "' sets it whenever TuneD runs, on the disks its [" + section + "] section covers."));
                }
            }
            for (String include : includes) tunedProfile(include.strip(), visited, found);
            return; // the first directory that has the profile is the one TuneD uses
        }
    }

    private static boolean sectionHasDiskType(String[] lines, int from) {
        for (int i = from; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.startsWith("[")) return false;
            if (line.replace(" ", "").equals("type=disk")) return true;
        }
        return false;
    }

    private void kernelCommandLine(List<Overrider> found) {
        String cmdline = read(root.resolve("proc/cmdline"));
        if (cmdline == null) return;
        for (String token : cmdline.strip().split("\\s+")) {
            if (token.equals("--")) break; // what follows is for init, not the kernel
            if (token.startsWith("elevator=")) {
                found.add(new Overrider(Overrider.Source.KERNEL_COMMAND_LINE, "/proc/cmdline", 1, token, token.substring(9),
                        "Kernels since 5.0 ignore it (udev rules set schedulers now); remove it from the boot loader's settings."));
            }
        }
    }

    private String display(Path file) {
        return "/" + root.relativize(file).toString().replace('\\', '/');
    }

    private static String read(Path file) {
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > MAX_FILE_BYTES) return null;
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
    }
}
