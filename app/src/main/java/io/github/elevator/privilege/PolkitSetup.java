package io.github.elevator.privilege;

import io.github.elevator.helper.ProcessIds;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * How this machine will authorize a change, told once when the window opens: which polkit action
 * a switch goes through, and whether anyone can ask for the password. Without the installed helper
 * and policy, polkit cannot recognise Elevator's own actions and falls back to pkexec's generic
 * one; without an authentication agent, nobody can ask and every change would fail.
 */
public final class PolkitSetup {
    /** Where the package installs the policy whose actions name {@link HelperLocator#INSTALLED}. */
    public static final Path POLICY = Path.of("/usr/share/polkit-1/actions/io.github.elevator.policy");

    /** What was found; {@code agent} is the program name of a running authentication agent. */
    public record Facts(boolean root, boolean pkexecFound, boolean helperInstalled, boolean policyInstalled,
                        Optional<String> agent) {
    }

    private PolkitSetup() {
    }

    /** Looks at this machine for the helper {@code runner} uses (reads /proc: call it off the UI thread). */
    public static Facts inspect(HelperRunner runner) {
        boolean root = !runner.usesPkexec();
        return new Facts(root,
                onPath("pkexec", System.getenv("PATH")),
                HelperLocator.isInstalledHelper(runner.helper()) && Files.isExecutable(runner.helper()),
                Files.isRegularFile(POLICY),
                root ? Optional.empty() : AuthenticationAgents.system().find(ProcessIds.current().realUid()));
    }

    /** The message for the status line. */
    public static String message(Facts facts) {
        if (facts.root()) {
            return "Running as root: changes are made directly. (Elevator is meant to run as a normal user; it asks for authentication when needed.)";
        }
        if (!facts.pkexecFound()) {
            return "pkexec is not installed, so Elevator cannot ask for the administrator password and cannot change any scheduler."
                    + " Install it (Debian and Ubuntu: package pkexec), then start Elevator again.";
        }
        String how;
        if (!facts.helperInstalled()) {
            how = "Elevator's helper is not installed at " + HelperLocator.INSTALLED + " (this Elevator runs from a build, not from its package),"
                    + " and polkit recognises Elevator's own actions only by that path: each change asks for the administrator password"
                    + " through pkexec's generic action, every time.";
        } else if (!facts.policyInstalled()) {
            how = "Elevator's polkit policy is not installed (" + POLICY + "), so polkit does not know Elevator's own actions:"
                    + " each change asks for the administrator password through pkexec's generic action, every time.";
        } else if (facts.agent().isPresent()) {
            return "Choose a scheduler from a device's dropdown; you will be asked to authenticate.";
        } else {
            how = "";
        }
        if (facts.agent().isPresent()) return how;
        return (how + " No polkit authentication agent seems to be running, so nobody can ask for the password"
                + " and changes will fail. " + AuthenticationAgents.HOW_TO_START).strip();
    }

    static boolean onPath(String program, String path) {
        if (path == null || path.isBlank()) path = "/usr/bin:/bin";
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) return true;
        }
        return false;
    }
}
