package io.github.elevator.ui.devices;

import io.github.elevator.text.Messages;
import io.github.elevator.device.BlockDevice;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;

import java.util.function.Consumer;

/**
 * What a device's storage stack means for its scheduler: for a disk, each path from it through
 * partitions, LUKS, LVM or md to a mount point ("nvme0n1 → nvme0n1p3 → dm-1 (LUKS …) → /"); for a
 * dm, md or NVMe multipath device, the disks under it whose scheduler is the one that matters,
 * each a link that selects that disk. Hidden when there is nothing to say.
 */
final class StackView extends VBox {
    private final Consumer<String> select;

    StackView(Consumer<String> select) {
        super(4);
        this.select = select;
        setId("details-stack");
    }

    void show(BlockDevice d) {
        getChildren().clear();
        if (d != null && !d.restsOn().isEmpty()) {
            String what = Messages.text(d.paths().isEmpty() ? "ui.devices.stack.rests-on" : "ui.devices.stack.paths");
            FlowPane links = new FlowPane(6, 2);
            for (String disk : d.restsOn()) {
                Hyperlink link = new Hyperlink(disk + schedulerOf(d, disk));
                link.setId("stack-disk-" + disk);
                link.setOnAction(e -> select.accept(disk));
                links.getChildren().add(link);
            }
            getChildren().addAll(new Label(what), links);
        }
        if (d != null) {
            int i = 0;
            for (String chain : d.stack().chains()) {
                Label line = new Label(chain);
                line.setId("stack-chain-" + i++);
                line.setWrapText(true);
                getChildren().add(line);
            }
        }
        boolean any = !getChildren().isEmpty();
        setVisible(any);
        setManaged(any);
    }

    /** " (none)" for a path device, whose scheduler the namespace knows; "" otherwise. */
    private static String schedulerOf(BlockDevice d, String name) {
        return d.paths().stream().filter(p -> p.name().equals(name) && p.active() != null)
                .map(p -> " (" + p.active() + ")").findFirst().orElse("");
    }
}
