package io.github.elevator.ui.startup;

import io.github.elevator.ui.common.ColorScheme;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.testing.Fixtures;
import io.github.elevator.testing.XServer;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Control;
import javafx.scene.text.Text;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The window's first frame: plain text and no control (a control would load JavaFX's stylesheet
 * before the first frame), the title, and the disks of the workstation fixture in the list's order
 * with their schedulers, the devices built in software left for the window proper.
 */
class FirstFrameGuiIT {
    @BeforeEach
    void setUp() throws Exception {
        XServer.require();
        FxToolkit.registerPrimaryStage();
    }

    @Test
    void theFirstFrameIsPlainTextWithTheTitleAndTheDisksInTheListsOrder() throws Exception {
        List<BlockDevice> devices = new BlockDeviceScanner(Fixtures.workstation()).scanAttached();
        AtomicReference<Parent> frame = new AtomicReference<>();
        FxToolkit.setupFixture(() -> frame.set(FirstFrame.of(devices, ColorScheme.LIGHT)));
        List<Node> nodes = new ArrayList<>();
        collect(frame.get(), nodes);
        assertFalse(nodes.stream().anyMatch(n -> n instanceof Control), "no control: " + nodes);
        List<String> texts = nodes.stream().filter(n -> n instanceof Text).map(n -> ((Text) n).getText()).toList();
        assertEquals("Elevator", texts.get(0));
        List<String> names = texts.stream().filter(t -> devices.stream().anyMatch(d -> d.name().equals(t))).toList();
        assertEquals(List.of("nvme0n1", "sda", "sdb", "vda", "sdc", "mmcblk0"), names, "the disks first, as the list orders them; no md, dm, loop or zram");
        assertTrue(texts.contains("bfq"), "each with its scheduler: " + texts);
    }

    @Test
    void withoutTheScanItShowsTheTitleAndTheHeadings() throws Exception {
        AtomicReference<Parent> frame = new AtomicReference<>();
        FxToolkit.setupFixture(() -> frame.set(FirstFrame.of(null, ColorScheme.DARK)));
        List<Node> nodes = new ArrayList<>();
        collect(frame.get(), nodes);
        assertTrue(nodes.stream().anyMatch(n -> n instanceof Text t && t.getText().equals("Elevator")));
        assertTrue(nodes.stream().anyMatch(n -> n instanceof Text t && t.getText().equals("Scheduler")));
    }

    private static void collect(Node node, List<Node> into) {
        into.add(node);
        if (node instanceof Parent p) p.getChildrenUnmodifiable().forEach(c -> collect(c, into));
    }
}
