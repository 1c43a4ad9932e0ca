package io.github.elevator.ui.bench;

import io.github.elevator.app.QuickFigures;
import io.github.elevator.bench.Workload;
import io.github.elevator.text.LocalTimes;
import io.github.elevator.text.Messages;
import io.github.elevator.ui.common.WordWrappingLabel;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import java.util.List;

/**
 * The quick benchmark as three tiles, as KDiskMark and GNOME Disks show it: per workload its
 * throughput large (MiB/s for sequential reads, IOPS for random ones), the other figures and p99
 * below, and how it compares with the device's previous quick benchmark.
 */
final class QuickTiles extends HBox {
    QuickTiles(String id) {
        super(10);
        setId(id);
        getStyleClass().add("quick-tiles");
    }

    void show(List<QuickFigures> figures) {
        getChildren().setAll(figures.stream().map(QuickTiles::tile).toList());
    }

    private static VBox tile(QuickFigures f) {
        boolean sequential = f.workload().equals(Workload.SEQ_READ.id());
        Label title = new Label(f.title());
        title.getStyleClass().add("quick-title");
        Label big = new Label(sequential ? f.mibpsText() : f.iopsText());
        big.getStyleClass().add("quick-figure");
        Label rest = new WordWrappingLabel((sequential ? f.iopsText() : f.mibpsText()) + " · " + f.p99Text());
        Label change = ComparisonView.wrapping(f.changeText(r -> LocalTimes.of(r.finishedAt())), "quick-change");
        change.setVisible(!change.getText().isEmpty());
        change.managedProperty().bind(change.visibleProperty());
        Label under = new WordWrappingLabel(Messages.text("ui.bench.quick.under", f.scheduler(), f.workload()));
        under.getStyleClass().add("dim");
        VBox tile = new VBox(2, title, big, rest, under, change);
        // the title and the figure whole; the lines under them wrap between words where three tiles are too wide
        for (Label l : List.of(title, big)) l.setMinWidth(Region.USE_PREF_SIZE);
        tile.setId("quick-" + f.workload());
        tile.getStyleClass().add("quick-tile");
        tile.setPadding(new Insets(8, 12, 8, 12));
        // as narrow as its figures: the comparison with the last run wraps (three tiles beside the details at 1024 pixels)
        tile.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(tile, Priority.ALWAYS);
        return tile;
    }
}
