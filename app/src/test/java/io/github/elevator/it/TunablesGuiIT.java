package io.github.elevator.it;

import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.app.BenchmarkService;
import io.github.elevator.app.HeldDevices;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.Installed;
import io.github.elevator.testing.LoopDevice;
import io.github.elevator.testing.Require;
import io.github.elevator.testing.XServer;
import io.github.elevator.ui.ElevatorApp;
import io.github.elevator.ui.common.FxTaskRunner;
import io.github.elevator.ui.devices.DeviceRow;
import io.github.elevator.ui.devices.DeviceTable;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The details pane's settings in the real window, changing a real loop device through the real
 * helper: a value typed and confirmed reaches the kernel's file and is shown as read back; a value
 * out of range is refused in the window and nothing changes. Every setting is put back after.
 */
class TunablesGuiIT extends FxRobot {
    private static final List<String> QUEUE = List.of("read_ahead_kb", "nr_requests");
    private LoopDevice loop;
    private ElevatorApp.Models models;
    private io.github.elevator.ui.window.DeviceFollower hotplug;
    private final Map<String, String> before = new TreeMap<>();

    @TempDir
    Path dir;

    @BeforeEach
    void setUp() throws Exception {
        XServer.require();
        Require.root();
        loop = LoopDevice.attach(64);
        for (String name : QUEUE) before.put(name, read("queue/" + name));
        loop.set("mq-deadline");
        FxToolkit.registerPrimaryStage();
    }

    /** Queue settings outlive a detach (the loop device is reused), so they are put back even when a test failed. */
    @AfterEach
    void tearDown() throws Exception {
        if (loop == null) return;
        try {
            if (hotplug != null) hotplug.close();
            FxToolkit.cleanupStages();
            for (var e : before.entrySet()) {
                if (!read("queue/" + e.getKey()).equals(e.getValue())) Files.writeString(file("queue/" + e.getKey()), e.getValue());
            }
        } finally {
            loop.close();
        }
    }

    private Path file(String setting) {
        // queue/NAME is the file queue/NAME; iosched/NAME is queue/iosched/NAME
        return Path.of("/sys/block", loop.name(), "queue", setting.startsWith("queue/") ? setting.substring("queue/".length()) : setting);
    }

    private String read(String setting) throws IOException {
        return Files.readString(file(setting)).strip();
    }

    private void showWindowOnTheLoopDevice() throws TimeoutException {
        HelperRunner runner = new HelperRunner(Installed.home().resolve("bin/elevator-helper"), true);
        SchedulerService service = new SchedulerService(BlockDeviceScanner.system(), runner);
        BenchmarkService benchmarks = new BenchmarkService(BlockDeviceScanner.system(), runner,
                HeldDevices.system(runner), new BenchmarkHistory(dir.resolve("history")));
        FxToolkit.setupStage(stage -> {
            models = ElevatorApp.create(service, benchmarks, new FxTaskRunner());
            ElevatorApp.show(stage, models);
            hotplug = ElevatorApp.followHotplug(models.devices());
        });
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> lookup("#name-" + loop.name()).tryQuery().isPresent()
                && lookup("#details-title").tryQuery().isPresent());
        DeviceTable table = lookup("#devices").queryAs(DeviceTable.class);
        try {
            // selected again while the list replaces the device's line (other devices coming and going rescan it)
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> {
                DeviceRow line = table.rows().stream().filter(r -> r.name().equals(loop.name())).findFirst().orElse(null);
                if (line == null) return false;
                if (table.selectedProperty().get() != line) interact(() -> table.select(line));
                return lookup("#details-title").queryAs(Label.class).getText().startsWith(loop.name())
                        && lookup("#tunable-iosched-read_expire").tryQuery().isPresent();
            });
        } catch (TimeoutException e) {
            throw new AssertionError("the details show " + lookup("#details-title").queryAs(Label.class).getText() + " with "
                    + lookup(".text-field").queryAll().stream().map(Node::getId).toList() + "; " + loop.name() + " uses " + active() + ", its row says " + models.devices().rows().stream()
                    .filter(r -> r.name().equals(loop.name())).map(r -> r.device().active() + " " + r.device().tunables()
                            + (r == table.selectedProperty().get() ? " (selected)" : " (not the selected line)")).toList()
                    + "; the settings shown: " + models.devices().tunables().settings().stream().map(t -> t.key()).toList());
        }
        // the settings are folded under their heading until opened
        scrollTo(lookup("#tunables-open").query());
        clickOn("#tunables-open");
        WaitForAsyncUtils.waitForFxEvents();
    }

    private String active() {
        try {
            return loop.active();
        } catch (IOException e) {
            return e.toString();
        }
    }

    private TextField field(String setting) {
        return lookup("#tunable-" + setting.replace('/', '-')).queryAs(TextField.class);
    }

    /** Scrolls the details pane so the node is in view, as a person would before clicking it. */
    private void scrollTo(Node node) {
        interact(() -> {
            ScrollPane details = lookup("#details").queryAs(ScrollPane.class);
            double content = details.getContent().getBoundsInLocal().getHeight();
            double view = details.getViewportBounds().getHeight();
            double y = details.getContent().sceneToLocal(node.localToScene(0, 0)).getY();
            if (content > view) details.setVvalue(Math.min(1, Math.max(0, (y - view / 3) / (content - view))));
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    private String status() {
        return lookup("#status").queryAs(Label.class).getText();
    }

    @Test
    void aValueTypedInTheDetailsReachesTheKernelAndTheFieldShowsWhatItReadsBack() throws Exception {
        showWindowOnTheLoopDevice();
        String readAhead = before.get("read_ahead_kb").equals("256") ? "512" : "256";

        // the keyboard alone: Alt+T reaches the first setting, read_ahead_kb; Enter sets it
        press(KeyCode.ALT).type(KeyCode.T).release(KeyCode.ALT);
        TextField first = field("queue/read_ahead_kb");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, first::isFocused);
        press(KeyCode.CONTROL).type(KeyCode.A).release(KeyCode.CONTROL);
        write(readAhead);
        type(KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> status().equals("read_ahead_kb of " + loop.name() + " is now " + readAhead + " KiB."));
        assertEquals(readAhead, read("queue/read_ahead_kb"));
        assertEquals(readAhead, first.getText());
        assertTrue(first.isFocused(), "the focus stays on the field: " + first.getScene().getFocusOwner());

        // the mouse: mq-deadline's read_expire, typed, then its Set button
        String readExpire = read("iosched/read_expire").equals("250") ? "300" : "250";
        TextField expire = field("iosched/read_expire");
        scrollTo(expire);
        doubleClickOn(expire);
        press(KeyCode.CONTROL).type(KeyCode.A).release(KeyCode.CONTROL);
        write(readExpire);
        Button set = lookup("#tunable-iosched-read_expire-set").queryAs(Button.class);
        WaitForAsyncUtils.waitFor(2, TimeUnit.SECONDS, set::isVisible);
        clickOn(set);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> status().startsWith("read_expire of " + loop.name() + " is now "));
        long kernel = Long.parseLong(read("iosched/read_expire"));
        assertTrue(Math.abs(kernel - Long.parseLong(readExpire)) <= 10, "the kernel keeps it in clock ticks: " + kernel);
        assertEquals(String.valueOf(kernel), expire.getText(), "the field shows what the kernel reads back");
        assertFalse(set.isVisible());
        assertEquals("mq-deadline", loop.active());
    }

    @Test
    void aValueOutOfRangeIsRefusedInTheWindowAndNothingChanges() throws Exception {
        showWindowOnTheLoopDevice();
        String nrBefore = read("queue/nr_requests");
        String statusBefore = status();
        TextField nr = field("queue/nr_requests");
        scrollTo(nr);
        // reached by focus, as Tab would (the mouse path is the read_expire test's): a click computed before the
        // details finished scrolling could land beside the field
        interact(nr::requestFocus);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, nr::isFocused);
        press(KeyCode.CONTROL).type(KeyCode.A).release(KeyCode.CONTROL);
        write("99999");
        type(KeyCode.ENTER);
        // the section is drawn again when the device is read again (every second while in view): look the nodes up anew
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lookup("#tunable-queue-nr_requests-problem").queryAs(Label.class).isVisible());
        Label problem = lookup("#tunable-queue-nr_requests-problem").queryAs(Label.class);
        assertEquals("queue/nr_requests takes a whole number from 4 to 2048 requests, not '99999'.", problem.getText());
        nr = field("queue/nr_requests");
        assertEquals("99999", nr.getText(), "what was typed stays, to be corrected");
        assertEquals(statusBefore, status(), "nothing was started");
        assertEquals(nrBefore, read("queue/nr_requests"));

        // Esc puts the kernel's value back in the field and the refusal goes
        type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> field("queue/nr_requests").getText().equals(nrBefore));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !lookup("#tunable-queue-nr_requests-problem").queryAs(Label.class).isVisible());
        nr = field("queue/nr_requests");

        // during a benchmark of the device nothing can be typed at all
        DeviceRow row = models.devices().rows().stream().filter(r -> r.name().equals(loop.name())).findFirst().orElseThrow();
        interact(() -> models.devices().underBenchmarkProperty().set(row));
        assertTrue(nr.isDisabled());
        interact(() -> models.devices().underBenchmarkProperty().set(null));
        assertFalse(nr.isDisabled());
        assertEquals(nrBefore, read("queue/nr_requests"));
    }

    @Test
    void kernelDefaultsPutsTheDeviceBackOnceConfirmed() throws Exception {
        Files.writeString(file("queue/read_ahead_kb"), "4096");
        showWindowOnTheLoopDevice();
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> field("queue/read_ahead_kb").getText().equals("4096"));
        Button defaults = lookup("#kernel-defaults").queryAs(Button.class);
        scrollTo(defaults);
        clickOn(defaults);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> lookup("#kernel-defaults-changes").tryQuery().isPresent());
        String changes = lookup("#kernel-defaults-changes").queryAs(Label.class).getText();
        assertTrue(changes.contains("scheduler mq-deadline → none") && changes.contains("queue/read_ahead_kb 4096 → 128"), changes);
        assertEquals("mq-deadline", loop.active(), "nothing changes before it is confirmed");
        clickOn(lookup((Node n) -> n instanceof Button b && "Put back".equals(b.getText().replace("_", ""))).queryAs(Button.class));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> status().startsWith(loop.name() + " is as the kernel would have it: none"));
        assertEquals("none", loop.active());
        assertEquals("128", read("queue/read_ahead_kb"));
        assertEquals("128", field("queue/read_ahead_kb").getText());
        assertTrue(lookup("#tunable-iosched-read_expire").tryQuery().isEmpty(), "mq-deadline's settings went with it");
    }
}
