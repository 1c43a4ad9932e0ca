package io.github.elevator;

import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.app.BenchmarkService;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.app.HeldDevices;
import io.github.elevator.app.Undumpable;
import io.github.elevator.cli.ElevatorCli;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.text.Messages;
import io.github.elevator.ui.ElevatorApp;
import io.github.elevator.ui.startup.FirstLook;
import javafx.application.Application;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code elevator}: the window with no arguments, the command line with a subcommand.
 * A separate class because a JavaFX Application cannot be the entry point on the class path.
 */
public final class Launcher {
    private Launcher() {
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            if (blank(System.getenv("DISPLAY")) && blank(System.getenv("WAYLAND_DISPLAY"))) {
                System.err.println(Messages.text("cli.launcher.no-display"));
                System.exit(1);
            }
            FirstLook.beginMeanwhile();
            preferSoftwareRenderingWithoutGpu();
            try {
                Application.launch(ElevatorApp.class, args);
            } catch (RuntimeException e) {
                System.err.println(Messages.text("cli.launcher.no-window", e.getMessage()));
                System.exit(1);
            }
            return;
        }
        // before anything a command does: no debugger of the same user attaches to this JVM
        Undumpable.apply();
        HelperRunner helper = HelperRunner.forThisProcess();
        ElevatorCli cli = new ElevatorCli(
                () -> new SchedulerService(BlockDeviceScanner.system(), helper),
                () -> new BenchmarkService(BlockDeviceScanner.system(), helper, HeldDevices.system(helper),
                        BenchmarkHistory.inUserData()));
        if (!args[0].equals("restore")) {
            // a benchmark killed outright left a device on a temporary scheduler: said once, on every command
            HeldDevices held = HeldDevices.system(helper);
            for (String line : held.describeLeftOver()) System.err.println(Messages.text("cli.error.sentence", line));
            for (String line : held.describeUnreadable()) System.err.println(Messages.text("cli.error.sentence", line));
        }
        // not through System.out, a PrintStream, which keeps a closed or full output to itself
        PrintWriter out = new PrintWriter(new java.io.FileOutputStream(java.io.FileDescriptor.out), true);
        int code = cli.execute(args, out, new PrintWriter(System.err, true));
        System.exit(code);
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    /**
     * JavaFX tries OpenGL before drawing in software. Without a GPU device node (a virtual
     * machine, a bare X server) that attempt always fails, after about a tenth of a second of
     * every start. An explicit -Dprism.order still wins.
     */
    private static void preferSoftwareRenderingWithoutGpu() {
        boolean gpu = Files.exists(Path.of("/dev/dri")) || Files.exists(Path.of("/dev/nvidia0"));
        if (!gpu && System.getProperty("prism.order") == null) System.setProperty("prism.order", "sw");
    }
}
