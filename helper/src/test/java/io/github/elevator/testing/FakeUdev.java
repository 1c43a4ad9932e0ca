package io.github.elevator.testing;

import io.github.elevator.helper.ElevatorRulesHelper;

import java.util.ArrayList;
import java.util.List;

/** A udev that records what the helper asked of it (each udevadm vector but the ping); running or not, as the test says. */
public final class FakeUdev implements ElevatorRulesHelper.Udev {
    private final boolean running;
    public final List<String> calls = new ArrayList<>();

    public FakeUdev(boolean running) {
        this.running = running;
    }

    @Override
    public boolean udevadm(List<String> args) {
        if (args.contains("--ping")) return running;
        calls.add(String.join(" ", args));
        return true;
    }
}
