package io.github.elevator;

import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.app.BenchmarkService;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.app.SweepJournal;
import io.github.elevator.cli.ElevatorCli;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.ui.ElevatorApp;
import javafx.application.Application;

import java.io.PrintWriter;

/**
 * {@code elevator}: the window with no arguments, the command line with a subcommand.
 * A separate class because a JavaFX Application cannot be the entry point on the class path.
 */
public final class Launcher {
    private Launcher() {
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            Application.launch(ElevatorApp.class, args);
            return;
        }
        ElevatorCli cli = new ElevatorCli(
                () -> new SchedulerService(BlockDeviceScanner.system(), HelperRunner.forThisProcess()),
                () -> new BenchmarkService(BlockDeviceScanner.system(), HelperRunner.forThisProcess(),
                        SweepJournal.inUserData(), BenchmarkHistory.inUserData()));
        int code = cli.execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true));
        System.exit(code);
    }
}
