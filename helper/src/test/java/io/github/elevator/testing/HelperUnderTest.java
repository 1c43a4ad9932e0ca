package io.github.elevator.testing;

import io.github.elevator.helper.ElevatorHelper;
import io.github.elevator.helper.ElevatorRulesHelper;
import io.github.elevator.protocol.HelperExit;
import io.github.elevator.helper.RulesFileWriter;
import io.github.elevator.helper.HelperSysfs;

import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * The root side in this JVM over a tree of the test's own: its sysfs, its /run, its /etc/udev (with a
 * recording udev). A verb goes to the program the app starts for it: the rules file's verbs to
 * {@link ElevatorRulesHelper}, every other word to {@link ElevatorHelper}.
 */
public final class HelperUnderTest {
    /** One of the two programs, ready to run a verb. */
    public interface RootSide {
        HelperExit run(String[] args);
    }

    private HelperUnderTest() {
    }

    public static RootSide of(Path root, HelperSysfs sysfs, InputStream in, PrintStream out, PrintStream err) {
        return of(root, sysfs, new ElevatorRulesHelper(new HelperSysfs(root), new RulesFileWriter(root), new FakeUdev(false), in), in, out, err);
    }

    public static RootSide of(Path root, HelperSysfs sysfs, ElevatorRulesHelper rules, InputStream in, PrintStream out, PrintStream err) {
        return args -> args.length > 0 && (args[0].equals("write-rules") || args[0].equals("remove-rules"))
                ? rules.run(args, out, err)
                : new ElevatorHelper(root, sysfs, in, out, err).run(args);
    }

    public static RootSide of(Path root, HelperSysfs sysfs, PrintStream out, PrintStream err) {
        return of(root, sysfs, InputStream.nullInputStream(), out, err);
    }
}
