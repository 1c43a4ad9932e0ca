package io.github.elevator.testing;

import io.github.elevator.helper.ElevatorHelper;
import io.github.elevator.helper.HelperRules;
import io.github.elevator.helper.HelperRulesFile;
import io.github.elevator.helper.HelperSysfs;

import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;

/** The helper in this JVM over a tree of the test's own: its sysfs, its /run, its /etc/udev (with a recording udev). */
public final class HelperUnderTest {
    private HelperUnderTest() {
    }

    public static ElevatorHelper of(Path root, HelperSysfs sysfs, InputStream in, PrintStream out, PrintStream err) {
        return of(root, sysfs, new HelperRules(new HelperSysfs(root), new HelperRulesFile(root), new FakeUdev(false), in), in, out, err);
    }

    public static ElevatorHelper of(Path root, HelperSysfs sysfs, HelperRules rules, InputStream in, PrintStream out, PrintStream err) {
        return new ElevatorHelper(root, sysfs, rules, in, out, err);
    }

    public static ElevatorHelper of(Path root, HelperSysfs sysfs, PrintStream out, PrintStream err) {
        return of(root, sysfs, InputStream.nullInputStream(), out, err);
    }
}
