package io.github.elevator.rules;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What this machine's TuneD will do to the disks, read as TuneD itself decides at start (its
 * daemon's _get_startup_profile, TuneD 2.20): the profiles named in {@code /etc/tuned/active_profile},
 * or the one it recommends for the machine when {@code /etc/tuned/profile_mode} says {@code auto} or
 * says nothing and active_profile is empty (Debian installs TuneD so); and
 * {@code /etc/tuned/post_loaded_profile} after them. A choice of profile alone sets nothing:
 * TuneD applies it only while its daemon runs or when it starts at boot, so a TuneD that is installed
 * but neither running nor enabled is not active.
 *
 * @param active   the profiles of active_profile, as TuneD accepts names
 * @param postLoaded the post-loaded profile, or null
 * @param recommended true when TuneD picks its recommended profile itself
 * @param runs     true when TuneD's daemon runs now or is enabled at boot
 */
public record TunedMachine(List<String> active, String postLoaded, boolean recommended, boolean runs) {
    private static final List<String> WANTS = List.of("etc/systemd/system", "usr/lib/systemd/system", "lib/systemd/system");

    public TunedMachine {
        active = List.copyOf(active);
    }

    /** True when TuneD sets the schedulers of the disks it tunes here: a profile chosen, and TuneD running or starting at boot. */
    public boolean tunedActive() {
        return runs && (!active.isEmpty() || postLoaded != null || recommended);
    }

    /** The profiles TuneD applies, in its order, as far as its files name them (TuneD writes the recommended one there once applied). */
    public List<String> applied() {
        List<String> all = new ArrayList<>(active);
        if (postLoaded != null) all.add(postLoaded);
        return List.copyOf(all);
    }

    /** Reads TuneD's state under {@code root} ({@code /} on the machine itself). */
    public static TunedMachine read(Path root) {
        Path etc = root.resolve("etc/tuned");
        List<String> names = names(OtherSetterScan.read(etc.resolve("active_profile")));
        List<String> post = names(OtherSetterScan.read(etc.resolve("post_loaded_profile")));
        String mode = OtherSetterScan.read(etc.resolve("profile_mode"));
        String m = mode == null ? "" : mode.strip();
        boolean auto = m.equals("auto") || (m.isEmpty() && names.isEmpty());
        return new TunedMachine(names, post.isEmpty() ? null : post.get(0), auto, daemonRuns(root) || startsAtBoot(root));
    }

    private static List<String> names(String text) {
        List<String> names = new ArrayList<>();
        if (text == null) return names;
        for (String name : text.strip().split("\\s+")) {
            if (TunedProfile.NAME.matcher(name).matches()) names.add(name);
        }
        return names;
    }

    /** TuneD's pid file (tuned/consts.py PID_FILE) names a process that is there. */
    private static boolean daemonRuns(Path root) {
        String pid = OtherSetterScan.read(root.resolve("run/tuned/tuned.pid"));
        return pid != null && pid.strip().matches("[1-9][0-9]{0,9}") && Files.isDirectory(root.resolve("proc").resolve(pid.strip()));
    }

    /** Enabled at boot: tuned.service wanted by a target where systemd is init, else a SysV or OpenRC start link. */
    private static boolean startsAtBoot(Path root) {
        // systemd's own test of being init (sd_booted): elsewhere its unit links start nothing
        boolean systemd = Files.isDirectory(root.resolve("run/systemd/system"));
        for (String dir : systemd ? WANTS : List.<String>of()) {
            if (any(root.resolve(dir), "*.wants", d -> Files.exists(d.resolve("tuned.service"), LinkOption.NOFOLLOW_LINKS))) return true;
        }
        if (any(root.resolve("etc"), "rc[2-5].d", d -> any(d, "S*tuned", f -> true))) return true;
        return Files.exists(root.resolve("etc/runlevels/default/tuned"), LinkOption.NOFOLLOW_LINKS);
    }

    private static boolean any(Path dir, String glob, java.util.function.Predicate<Path> test) {
        if (!Files.isDirectory(dir)) return false;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, glob)) {
            for (Path e : entries) {
                if (test.test(e)) return true;
            }
        } catch (IOException unreadable) {
            // passed over: this is advice, as in OtherSetterScan
        }
        return false;
    }
}
