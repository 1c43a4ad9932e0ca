package io.github.elevator.helper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The helper's use of udev after the rules file changed: reload the rules, re-run them on some disks. */
public interface HelperUdev {

    /** True when udevd runs here, so reloading and triggering mean something. */
    boolean running();

    void reload() throws IOException;

    /** A change event for each of these disks (names as /sys/block lists them), waiting until udev has handled them. */
    void trigger(List<String> listedNames) throws IOException;

    /** The machine's udevadm, run with an argument vector. */
    static HelperUdev system() {
        return new HelperUdev() {
            @Override
            public boolean running() {
                return Files.exists(Path.of("/run/udev/control")) && udevadm("control", "--ping", "--timeout=5") == 0;
            }

            @Override
            public void reload() throws IOException {
                if (udevadm("control", "--reload") != 0) throw new IOException("udevadm control --reload failed");
            }

            @Override
            public void trigger(List<String> listedNames) throws IOException {
                if (listedNames.isEmpty()) return;
                List<String> args = new ArrayList<>(List.of("trigger", "--action=change", "--settle"));
                for (String name : listedNames) args.add("/sys/block/" + name);
                if (udevadm(args.toArray(String[]::new)) != 0) throw new IOException("udevadm trigger failed");
            }

            private int udevadm(String... args) {
                String program = Files.isExecutable(Path.of("/usr/bin/udevadm")) ? "/usr/bin/udevadm" : "/bin/udevadm";
                List<String> cmd = new ArrayList<>();
                cmd.add(program);
                cmd.addAll(List.of(args));
                try {
                    Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
                    if (!p.waitFor(60, TimeUnit.SECONDS)) {
                        p.destroyForcibly();
                        return -1;
                    }
                    return p.exitValue();
                } catch (IOException e) {
                    return -1;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return -1;
                }
            }
        };
    }
}
