package io.github.elevator.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/** GUI tests need a real X server; the build starts Xvfb and sets DISPLAY for the integration tests. */
public final class XServer {
    private XServer() {
    }

    public static void require() {
        String display = System.getenv("DISPLAY");
        Require.that(display != null && display.startsWith(":"), "needs an X server: DISPLAY is not set");
        String number = display.substring(1).split("\\.")[0];
        Require.that(Files.exists(Path.of("/tmp/.X11-unix/X" + number)),
                "no X server on " + display + " (install xvfb; the build starts it for the integration tests)");
    }
}
