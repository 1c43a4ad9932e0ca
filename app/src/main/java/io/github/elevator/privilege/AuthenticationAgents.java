package io.github.elevator.privilege;

import io.github.elevator.text.Messages;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Looks for a running polkit authentication agent of this user: the program that shows the
 * password dialog when pkexec asks. polkit offers no way to ask whether one is registered, so
 * this reads {@code /proc} for the processes of one user and knows the agents of the common
 * desktops by their program names. An agent it does not know makes it answer "none found";
 * pkexec's own answer ("No authentication agent found") is the final word either way.
 */
public final class AuthenticationAgents {
    /** What to do without one; the two agents suggested run on any X11 or Wayland desktop. */
    public static final String HOW_TO_START = Messages.text("privilege.agents.how-to-start");

    /** Shells with an agent built in, and agents whose names say neither polkit nor policykit. */
    private static final Set<String> BUILT_IN = Set.of("gnome-shell", "cinnamon", "phosh", "gnome-flashback", "cosmic-osd");
    /** Programs named like an agent that are not one. */
    private static final Set<String> NOT_AGENTS = Set.of("polkitd", "polkit-agent-helper-1", "pkexec", "pkaction", "pkcheck", "pkttyagent");

    private final Path proc;

    public AuthenticationAgents(Path proc) {
        this.proc = proc;
    }

    public static AuthenticationAgents system() {
        return new AuthenticationAgents(Path.of("/proc"));
    }

    /** The program name of a running agent that belongs to user {@code uid}, if one is found. */
    public Optional<String> find(int uid) {
        try (DirectoryStream<Path> pids = Files.newDirectoryStream(proc, p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path pid : pids) {
                Optional<String> agent = agentOf(pid, uid);
                if (agent.isPresent()) return agent;
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    private static Optional<String> agentOf(Path pid, int uid) {
        try {
            if (uidOf(pid) != uid) return Optional.empty();
            byte[] cmdline = Files.readAllBytes(pid.resolve("cmdline"));
            int end = 0;
            while (end < cmdline.length && cmdline[end] != 0) end++;
            String program = new String(cmdline, 0, end, StandardCharsets.UTF_8);
            String name = program.substring(program.lastIndexOf('/') + 1);
            return isAgent(name) ? Optional.of(name) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();   // the process ended while it was being read
        }
    }

    /** By program name: the agents of GNOME, KDE, MATE, LXDE, LXQt, Xfce, UKUI, Deepin, Hyprland, ... */
    static boolean isAgent(String name) {
        if (name.isEmpty() || NOT_AGENTS.contains(name)) return false;
        if (BUILT_IN.contains(name)) return true;
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.contains("polkit") || lower.contains("policykit");
    }

    private static int uidOf(Path pid) throws IOException {
        for (String line : Files.readAllLines(pid.resolve("status"), StandardCharsets.UTF_8)) {
            if (line.startsWith("Uid:")) return Integer.parseInt(line.substring(4).trim().split("\\s+")[0]); // untranslated: a /proc field
        }
        return -1;
    }
}
