package io.github.elevator.ui.window;

import io.github.elevator.ui.common.LazyTooltip;
import io.github.elevator.text.Messages;
import io.github.elevator.ui.devices.DeviceListViewModel;
import javafx.beans.binding.Bindings;
import javafx.scene.control.CheckBox;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.Region;

/** "Show loop devices (12)" in the toolbar: offered while there are so many loop devices that the list leaves them out. */
final class LoopDevicesSwitch {
    private static final KeyCombination ALT_L = new KeyCodeCombination(KeyCode.L, KeyCombination.ALT_DOWN);

    private LoopDevicesSwitch() {
    }

    static CheckBox create(DeviceListViewModel devices) {
        CheckBox show = new CheckBox();
        show.setId("show-loop-devices");
        show.textProperty().bind(Bindings.createStringBinding(() -> Messages.text("ui.loops.show", devices.loopCountProperty().get()),
                devices.loopCountProperty()));
        show.selectedProperty().bindBidirectional(devices.showLoopDevicesProperty());
        show.visibleProperty().bind(devices.loopSwitchOfferedProperty());
        show.managedProperty().bind(show.visibleProperty());
        show.setMinWidth(Region.USE_PREF_SIZE);
        LazyTooltip.install(show, Messages.text("ui.loops.tip"));
        // Alt+L from anywhere in the window, also when the mnemonic is not offered (no Alt underline mode)
        show.sceneProperty().addListener((o, was, scene) -> {
            if (scene != null) scene.getAccelerators().put(ALT_L, () -> {
                if (show.isVisible()) show.setSelected(!show.isSelected());
            });
        });
        return show;
    }
}
