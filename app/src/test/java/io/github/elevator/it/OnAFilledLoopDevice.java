package io.github.elevator.it;

import io.github.elevator.testing.Installed;
import io.github.elevator.testing.LoopDevice;
import io.github.elevator.testing.Require;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;

/**
 * A test, as root, on a RAM-backed loop device of its own (128 MiB of data), on mq-deadline (not the
 * kernel's default, so a restore shows), detached afterwards; Elevator keeps its history in a
 * folder of the test's.
 */
abstract class OnAFilledLoopDevice {
    protected LoopDevice loop;

    @TempDir
    protected Path home;

    @BeforeEach
    final void attachFilled() throws IOException {
        Require.root();
        loop = LoopDevice.attachFilled(128);
        loop.set("mq-deadline");
    }

    @AfterEach
    final void detachFilled() throws IOException {
        if (loop != null) loop.close();
    }

    /** The installed command line with the test's history folder. */
    protected Installed.Result elevator(String... args) throws IOException {
        return Installed.runWithEnv(List.of("XDG_DATA_HOME=" + home), "elevator", args);
    }

    static String sha256(Path file) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        try (var in = Files.newInputStream(file)) {
            byte[] buf = new byte[1 << 20];
            int n;
            while ((n = in.read(buf)) > 0) md.update(buf, 0, n);
        }
        return HexFormat.of().formatHex(md.digest());
    }
}
