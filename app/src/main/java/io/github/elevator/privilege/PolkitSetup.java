package io.github.elevator.privilege;

import io.github.elevator.protocol.ProcessIds;
import io.github.elevator.text.Messages;

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
    /** Where each package installs the policy whose actions name its installed helper ({@link HelperLocator#installed}). */
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
                HelperLocator.isInstalledHelper(runner.helper()) && Files.isExecutable(runner.helper())
                        && Files.isExecutable(HelperLocator.rulesBeside(runner.helper())),
                Files.isRegularFile(POLICY),
                root ? Optional.empty() : AuthenticationAgents.system().find(ProcessIds.current().realUid()));
    }

    /** The message for the status line. */
    public static String message(Facts facts) {
        if (facts.root()) {
            return Messages.text("privilege.setup.root");
        }
        if (!facts.pkexecFound()) {
            return Messages.text("privilege.setup.no-pkexec");
        }
        String how;
        if (!facts.helperInstalled()) {
            how = Messages.text("privilege.setup.build-helper", HelperLocator.installed());
        } else if (!facts.policyInstalled()) {
            how = Messages.text("privilege.setup.no-policy", POLICY);
        } else if (facts.agent().isPresent()) {
            return Messages.text("privilege.setup.ready");
        } else {
            how = "";
        }
        if (facts.agent().isPresent()) return how;
        return (how + " " + Messages.text("privilege.setup.no-agent", AuthenticationAgents.HOW_TO_START)).strip();
    }

    static boolean onPath(String program, String path) {
        if (path == null || path.isBlank()) path = "/usr/bin:/bin";
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) return true;
        }
        return false;
    }
}
