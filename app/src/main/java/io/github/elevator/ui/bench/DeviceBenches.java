package io.github.elevator.ui.bench;

import io.github.elevator.app.BenchmarkMode;
import io.github.elevator.app.BenchmarkRequest;
import io.github.elevator.app.QuickBenchmark;
import io.github.elevator.app.QuickFigures;
import io.github.elevator.text.Messages;
import io.github.elevator.ui.devices.DeviceRow;
import javafx.beans.InvalidationListener;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every device's benchmark state, kept while others are shown, and the selected device's put
 * into the {@link BenchmarkModel}: its results and last message, its own budget and margin.
 * Touched on the UI thread only.
 */
final class DeviceBenches {
    private final BenchmarkModel model;
    private final Map<String, DeviceBench> states = new HashMap<>();
    /** The state of the device under benchmark; null while none runs. */
    DeviceBench benchmarked;
    /** The device that went away while selected, in words; null when none did. */
    String gone;
    /** The device selected last, kept when the selection empties (its device went away). */
    String lastSelected;
    /** While the budget and margin of another device are put in place: not the person's setting. */
    private boolean loadingSettings;
    private DeviceRow watched;
    private final InvalidationListener activeChanged = o -> publish();

    DeviceBenches(BenchmarkModel model) {
        this.model = model;
        model.budgetSeconds.addListener((o, was, now) -> {
            if (!loadingSettings && model.device.get() != null) state(model.device.get().name()).budgetSet = now.intValue();
        });
        model.marginPercent.addListener((o, was, now) -> {
            if (!loadingSettings && model.device.get() != null) state(model.device.get().name()).marginSet = now;
        });
    }

    DeviceBench state(String name) {
        return states.computeIfAbsent(name, DeviceBench::new);
    }

    /** The state of {@code name}, null when it has none yet. */
    DeviceBench find(String name) {
        return states.get(name);
    }

    /** Another device is selected (null: none): its settings and state are shown, and its scheduler is followed. */
    void selected(DeviceRow row) {
        if (watched != null) watched.activeProperty().removeListener(activeChanged);
        watched = row;
        if (row != null) {
            gone = null;
            lastSelected = row.name();
            row.activeProperty().addListener(activeChanged);
        }
        loadSettings(row == null ? null : states.get(row.name()));
        publish();
    }

    /** The budget and margin the person set for this device, else the defaults: one device's settings never carry over unnoticed. */
    private void loadSettings(DeviceBench state) {
        loadingSettings = true;
        try {
            model.budgetSeconds.set(state != null && state.budgetSet != null ? state.budgetSet : BenchmarkRequest.DEFAULT_BUDGET);
            model.marginPercent.set(state != null && state.marginSet != null ? state.marginSet : BenchInput.DEFAULT_MARGIN_PERCENT);
        } finally {
            loadingSettings = false;
        }
    }

    /** Shows the selected device's state. */
    void publish() {
        DeviceRow row = model.device.get();
        DeviceBench state = row == null ? null : states.get(row.name());
        boolean mine = state != null && state == benchmarked;
        String active = row == null ? null : row.activeProperty().get();
        if (state != null && state.messageAbout != null && active != null && !state.messageAbout.equals(active)) {
            // what the message said of the device is no longer true: it was changed since
            state.say(Messages.text("ui.bench.now-uses", row.name(), active), active);
        }
        model.quickMode.set(state != null && (mine ? state.mode == BenchmarkMode.CURRENT : QuickBenchmark.isQuick(state.report)));
        model.locked.set(mine);
        model.progress.set(state == null ? 0 : state.progress);
        model.message.set(state == null ? (row == null && gone != null ? gone : "") : state.message());
        model.report.set(state == null || mine ? null : state.report);
        publishLive(state == null ? null : state.liveView());
        List<Comparison> list = state == null ? List.of() : state.comparisons();
        if (!list.equals(model.comparisons)) model.comparisons.setAll(list);
        List<QuickFigures> tiles = state == null || (mine && state.mode != BenchmarkMode.CURRENT) ? List.of() : state.quick();
        if (!tiles.equals(model.quick)) model.quick.setAll(tiles);
        List<FioRow> checks = FioRow.of(model.report.get());
        if (!checks.equals(model.fioRows)) model.fioRows.setAll(checks);
        model.recommendation.set(state == null || mine ? DeviceAnswer.NONE : state.answer());
        String winner = model.recommendation.get().scheduler();
        boolean already = winner != null && winner.equals(active);
        model.applyText.set(applyText(model.recommendation.get(), already));
        model.canApply.set(winner != null && !already);
        model.busy.set(state == null || mine ? "" : state.busy());
        model.placeholder.set(placeholder(row, mine));
    }

    /**
     * "Apply none", or for an answer that measured nothing what it is instead: "Apply none (kernel's
     * choice)", "Apply none (not measured)"; "Already on none" when the device uses it.
     */
    static String applyText(DeviceAnswer answer, boolean already) {
        String winner = answer.scheduler();
        if (winner == null) return Messages.text("ui.bench.apply.winner");
        if (already) return Messages.text("ui.bench.apply.already", winner);
        if (!answer.notMeasured()) return Messages.text("ui.bench.apply", winner);
        return Messages.text(answer.named() == io.github.elevator.bench.design.Basis.KERNEL_DEFAULT ? "ui.bench.apply.default"
                : "ui.bench.apply.not-measured", winner);
    }

    /** A live view that shows the same as the one shown is not set again; the count of its points says it grew. */
    private void publishLive(LiveView now) {
        LiveView shown = model.live.get();
        boolean same = now != null && shown != null && now.device().equals(shown.device()) && now.workload().equals(shown.workload())
                && now.points() == shown.points() && now.race().equals(shown.race());
        if (!same) model.live.set(now);
        model.livePoints.set(now == null || now.points() == null ? 0 : now.points().size());
    }

    private String placeholder(DeviceRow row, boolean mine) {
        if (row == null) return gone != null ? gone : Messages.text("ui.bench.placeholder.select");
        if (benchmarked != null && !mine) return Messages.text("ui.bench.placeholder.busy", benchmarked.device);
        if (!row.device().hasScheduler()) return Messages.text("ui.bench.placeholder.no-scheduler", row.name());
        return Messages.text("ui.bench.placeholder.results");
    }
}
