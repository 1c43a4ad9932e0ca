package io.github.elevator.privilege;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AuthenticationAgentsTest {
    @TempDir
    Path proc;

    /** One /proc/PID entry: status with the real uid first, as the kernel writes it, and a NUL-separated cmdline. */
    private void process(int pid, int uid, String... argv) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(Integer.toString(pid)));
        Files.writeString(dir.resolve("status"), "Name:\tx\nUmask:\t0022\nState:\tS (sleeping)\nUid:\t" + uid + "\t" + uid + "\t" + uid + "\t" + uid + "\n");
        Files.writeString(dir.resolve("cmdline"), String.join("\0", argv) + "\0");
    }

    @Test
    void findsTheUsersOwnAgentByItsProgramName() throws IOException {
        process(10, 0, "/usr/lib/polkit-1/polkitd", "--no-debug");
        process(11, 1000, "/usr/bin/i3");
        process(12, 1000, "/usr/lib/policykit-1-gnome/polkit-gnome-authentication-agent-1");
        Files.createDirectories(proc.resolve("self"));

        assertEquals(Optional.of("polkit-gnome-authentication-agent-1"), new AuthenticationAgents(proc).find(1000));
    }

    @Test
    void anotherUsersAgentOrPolkitdItselfIsNotOne() throws IOException {
        process(10, 0, "/usr/lib/polkit-1/polkitd", "--no-debug");
        process(11, 1001, "lxpolkit");
        process(12, 1000, "/usr/bin/xterm");

        assertEquals(Optional.empty(), new AuthenticationAgents(proc).find(1000));
    }

    @Test
    void aProcessThatVanishesOrAMissingProcIsNoAgent() throws IOException {
        Files.createDirectories(proc.resolve("13"));   // no status, no cmdline: it ended while being read
        assertEquals(Optional.empty(), new AuthenticationAgents(proc).find(1000));
        assertEquals(Optional.empty(), new AuthenticationAgents(proc.resolve("missing")).find(1000));
    }

    @Test
    void knowsTheAgentsOfTheCommonDesktops() {
        for (String name : new String[] {"polkit-gnome-authentication-agent-1", "polkit-kde-authentication-agent-1",
                "polkit-mate-authentication-agent-1", "lxpolkit", "lxqt-policykit-agent", "xfce-polkit", "ukui-polkit",
                "hyprpolkitagent", "gnome-shell", "cinnamon", "phosh"}) {
            assertTrue(AuthenticationAgents.isAgent(name), name);
        }
        for (String name : new String[] {"polkitd", "polkit-agent-helper-1", "pkexec", "pkttyagent", "bash", ""}) {
            assertFalse(AuthenticationAgents.isAgent(name), name);
        }
    }
}
