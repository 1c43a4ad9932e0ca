package io.github.elevator.helper;

import java.io.*;
import java.nio.file.*;
import java.util.*;
import java.util.concurrent.TimeUnit;

/** The helper's use of udev after the rules file changed: reload the rules, re-run them on some disks. */
public interface HelperUdev {

    /** True when udevd runs here, so reloading and triggering mean something. */
    boolean running();

    void reload() throws IOException;

    /** A change event for each of these disks (names as /sys/block lists them), waiting until udev has handled them. */
    void trigger(List<String> listedNames) throws IOException;

    /** The machine's udevadm, by its absolute path, with an argument vector and a time limit. */
    static HelperUdev system() {
        return new HelperUdev() {
            public boolean running() {
                return Files.exists(Path.of("/run/udev/control")) && udevadm(List.of("control", "--ping", "--timeout=5"));
            }

            public void reload() throws IOException {
                if (!udevadm(List.of("control", "--reload"))) throw new IOException("udevadm control --reload failed");
            }

            public void trigger(List<String> listedNames) throws IOException {
                List<String> args = new ArrayList<>(List.of("trigger", "--action=change", "--settle"));
                for (String name : listedNames) args.add("/sys/block/" + name);
                if (!listedNames.isEmpty() && !udevadm(args)) throw new IOException("udevadm trigger failed");
            }

            private boolean udevadm(List<String> args) {
                List<String> cmd = new ArrayList<>(List.of(Files.isExecutable(Path.of("/usr/bin/udevadm")) ? "/usr/bin/udevadm" : "/bin/udevadm"));
                cmd.addAll(args);
                try {
                    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
                    if (p.waitFor(60, TimeUnit.SECONDS)) return p.exitValue() == 0;
                    p.destroyForcibly();
                } catch (IOException e) {
                    // not run
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return false;
            }
        };
    }
}
