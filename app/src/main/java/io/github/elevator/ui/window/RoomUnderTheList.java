package io.github.elevator.ui.window;

import javafx.application.Platform;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Region;

/**
 * Gives the part under the device list (the details beside the benchmark panel) the height they
 * need, as far as the window has it; the list keeps its minimum and gets the rest. Where the
 * window has not the room, they scroll. The divider follows what they need whenever that changes
 * (a split pane does not move it for a minimum of its own); in between it stays where the person
 * put it.
 */
final class RoomUnderTheList {
    /** The device list keeps at least its headings and four lines. */
    static final double LIST_MIN_HEIGHT = 30 + 4 * 34;
    /**
     * The part under the list until the benchmark panel is built: about what the panel needs at
     * 1280 pixels (350), as much as the smallest window leaves under the list.
     */
    static final double BEFORE_THE_PANEL = 300;

    private final BorderPane window;
    private final SplitPane split, bottom;
    private final ScrollPane details, benchScroll;
    private final io.github.elevator.ui.bench.BenchmarkView bench;
    /** The height last given to the part under the list. */
    private double fittedTo;
    private boolean asked;

    RoomUnderTheList(BorderPane window, SplitPane split, SplitPane bottom, ScrollPane details, ScrollPane benchScroll, io.github.elevator.ui.bench.BenchmarkView bench) {
        this.window = window;
        this.split = split;
        this.bottom = bottom;
        this.details = details;
        this.benchScroll = benchScroll;
        this.bench = bench;
        bench.needsLayoutProperty().addListener((o, was, needs) -> {
            if (!needs) fitSoon();
        });
        details.needsLayoutProperty().addListener((o, was, needs) -> {
            if (!needs) fitSoon();
        });
        window.heightProperty().addListener(o -> fitSoon());
        benchScroll.widthProperty().addListener(o -> fitSoon());
        benchScroll.heightProperty().addListener(o -> fitSoon());
        fitSoon();
    }

    /** After the layout pass that changed what they need, once however many asked: a change made during a pass would ask for another at once. */
    private void fitSoon() {
        if (asked) return;
        asked = true;
        // outside TaskRunner: on the FX thread already, it waits for the layout pass under way
        Platform.runLater(() -> {
            asked = false;
            fit();
        });
    }

    private void fit() {
        double benchNeeds = bench.minHeight(benchScroll.getWidth()) + 2;
        double benchWants = bench.heightWanted(benchScroll.getWidth()) + 2;
        double detailsNeeds = details.getContent() == null ? 0
                : details.getContent().prefHeight(details.getWidth() - details.snappedLeftInset() - details.snappedRightInset()) + 2;
        double around = (window.getTop() == null ? 0 : window.getTop().getLayoutBounds().getHeight())
                + (window.getBottom() == null ? 0 : window.getBottom().getLayoutBounds().getHeight());
        double room = window.getHeight() - around - LIST_MIN_HEIGHT - 8;
        double min = Math.ceil(Math.min(Math.max(benchNeeds, detailsNeeds), room));
        double wanted = Math.ceil(Math.min(Math.max(benchWants, detailsNeeds), room));
        if (room > 0 && Math.abs(bottom.getMinHeight() - min) >= 1) bottom.setMinHeight(min);
        if (room > 0 && split.getHeight() > 0 && (Math.abs(wanted - fittedTo) >= 1 || bottom.getHeight() + 1 < min)) {
            fittedTo = wanted;
            double divider = split.getHeight() - ((Region) split.getItems().get(0)).getHeight() - bottom.getHeight();
            split.setDividerPositions(Math.max(0, (split.getHeight() - wanted - divider / 2) / split.getHeight()));
        }
        // a scroll bar only where the panel's minimum does not fit (the skin offers one as soon as it is below its preferred height)
        ScrollPane.ScrollBarPolicy bar = benchScroll.getHeight() + 1 >= benchNeeds - 2 ? ScrollPane.ScrollBarPolicy.NEVER : ScrollPane.ScrollBarPolicy.AS_NEEDED;
        if (benchScroll.getVbarPolicy() != bar) benchScroll.setVbarPolicy(bar);
    }
}
