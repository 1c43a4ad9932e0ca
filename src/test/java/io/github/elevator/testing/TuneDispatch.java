package io.github.elevator.testing;

import io.github.elevator.helper.ElevatorHelper;
import io.github.elevator.helper.HelperExit;
import io.github.elevator.helper.HelperSysfs;
import io.github.elevator.helper.TuneVerb;

import java.nio.file.Path;

/**
 * The helper with its {@code tune} verb dispatched, as {@code ElevatorHelper} does once its
 * dispatch line is in: {@code tune} goes to {@link TuneVerb}, everything else to the real helper.
 * Tests start it as root through {@link #script(Path)}.
 */
public final class TuneDispatch {
    private TuneDispatch() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 4 && args[0].equals("tune")) {
            HelperExit result = new TuneVerb(new HelperSysfs(Path.of("/")), Path.of("/"), System.out, System.err).run(args[1], args[2], args[3]);
            System.out.flush();
            System.exit(result.code());
        }
        ElevatorHelper.main(args);
    }

    /** A script in {@code dir} that runs this class with the test's own class path. */
    public static Path script(Path dir) throws java.io.IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return Scripts.executable(dir, "helper-with-tune.sh", "exec '" + java + "' -cp '" + System.getProperty("java.class.path")
                + "' " + TuneDispatch.class.getName() + " \"$@\"");
    }
}
