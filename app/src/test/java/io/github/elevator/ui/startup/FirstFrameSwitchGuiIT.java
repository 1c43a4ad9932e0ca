package io.github.elevator.ui.startup;

import io.github.elevator.app.SchedulerService;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.Installed;
import io.github.elevator.testing.LoopDevice;
import io.github.elevator.testing.Require;
import io.github.elevator.testing.XServer;
import io.github.elevator.ui.common.ColorScheme;
import io.github.elevator.ui.common.FxTaskRunner;
import io.github.elevator.ui.devices.DeviceListViewModel;
import javafx.scene.Scene;
import javafx.scene.layout.Pane;
import javafx.scene.text.Font;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A choice in a first-frame dropdown switches the kernel: a real loop device, its dropdown as the
 * first frame draws it, and the window's own view-model with the real helper carrying the choice
 * out once it takes it over, as the window proper does when it is built.
 */
class FirstFrameSwitchGuiIT extends FxRobot {
    private LoopDevice loop;

    @BeforeEach
    void setUp() throws Exception {
        XServer.require();
        Require.root();
        loop = LoopDevice.attach(64);
        FxToolkit.registerPrimaryStage();
    }

    @AfterEach
    void tearDown() throws Exception {
        FxToolkit.cleanupStages();
        if (loop != null) loop.close();
    }

    @Test
    void aChoiceMadeBeforeTheWindowProperIsThereSwitchesTheDeviceOnceItIs() throws Exception {
        BlockDevice device = BlockDeviceScanner.system().scanAttached().stream().filter(d -> d.name().equals(loop.name())).findFirst().orElseThrow();
        assertEquals("none", loop.active());
        FirstChoices choices = new FirstChoices();
        FxToolkit.setupStage(stage -> {
            FirstChooser chooser = new FirstChooser(device, FirstPalette.of(ColorScheme.LIGHT), Font.font(13), choices);
            chooser.relocate(40, 40);
            stage.setScene(new Scene(new Pane(chooser), 400, 300));
            stage.show();
        });
        clickOn("#first-scheduler-" + loop.name());
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lookup("#first-choice-mq-deadline").tryQuery().isPresent());
        clickOn("#first-choice-mq-deadline");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("none", loop.active(), "nothing is switched before the window proper is there");

        SchedulerService service = new SchedulerService(BlockDeviceScanner.system(), new HelperRunner(Installed.home().resolve("bin/elevator-helper"), true));
        DeviceListViewModel devices = WaitForAsyncUtils.asyncFx(() -> new DeviceListViewModel(service, new FxTaskRunner())).get(5, TimeUnit.SECONDS);
        WaitForAsyncUtils.asyncFx(() -> devices.refresh()).get(5, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> devices.rows().stream().anyMatch(r -> r.name().equals(loop.name())));
        WaitForAsyncUtils.asyncFx(() -> choices.handTo(devices::requestSwitch)).get(5, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> loop.active().equals("mq-deadline"));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> devices.statusProperty().get().equals(loop.name() + " now uses mq-deadline."));
    }
}
