package io.github.elevator.ui.bench;

import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.app.RulesService;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.CutText;
import io.github.elevator.testing.Fixtures;
import io.github.elevator.testing.XServer;
import io.github.elevator.text.Messages;
import io.github.elevator.ui.common.ColorScheme;
import io.github.elevator.ui.ElevatorApp;
import io.github.elevator.ui.common.FxTaskRunner;
import io.github.elevator.ui.devices.DeviceListViewModel;
import io.github.elevator.ui.devices.DeviceTable;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ToggleButton;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * The window in German at 1366x768, over the workstation fixture with a simulated sweep: no text
 * cut and nothing outside the window, with the devices, the tunables opened, a finished sweep's
 * verdict and the Rules window; and at 1024x768 too, light and dark, for the benchmark panel in
 * the states of {@link BenchmarkPanelDemo} whose words are longest. Runs in a JVM of its own that speaks German (the failsafe execution
 * "german"), as a person's desktop would start it.
 */
class GermanWindowGuiIT extends FxRobot {
    @TempDir
    Path dir;
    private Stage stage;
    private BenchmarkController bench;

    @BeforeEach
    void setUp() throws Exception {
        XServer.require();
        assertEquals(Messages.of(Locale.GERMAN).get("rules.title"), Messages.text("rules.title"), "this JVM speaks German");
        assertNotEquals(Messages.of(Locale.ENGLISH).get("rules.title"), Messages.text("rules.title"), "German differs from English");
        FxToolkit.registerPrimaryStage();
    }

    /** The window as it opens on a screen of this size, in this scheme, benchmarking with this sweep. */
    private void open(double width, double height, ColorScheme scheme, SimulatedSweep sweep) throws Exception {
        SchedulerService schedulers = new SchedulerService(new BlockDeviceScanner(Fixtures.workstation()), new HelperRunner(Path.of("/bin/false"), true));
        FxTaskRunner tasks = new FxTaskRunner();
        stage = FxToolkit.setupStage(s -> {
            DeviceListViewModel devices = new DeviceListViewModel(schedulers, tasks);
            devices.refresh();
            bench = new BenchmarkController(sweep, new BenchmarkHistory(dir.resolve("history")), schedulers, tasks,
                    devices::say, devices::refresh);
            ElevatorApp.show(s, new ElevatorApp.Models(devices, bench),
                    ElevatorApp.createRules(new RulesService(schedulers, dir), tasks, devices), scheme, width, height);
            s.setX(0);
            s.setY(0);
        });
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> lookup("#benchmark").tryQuery().isPresent()
                && lookup("#details-title").tryQuery().isPresent() && table().rows().size() > 3);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @AfterEach
    void tearDown() throws Exception {
        FxToolkit.cleanupStages();
    }

    private DeviceTable table() {
        return lookup("#devices").queryAs(DeviceTable.class);
    }

    private List<String> cut(Window window) {
        List<String> found = new ArrayList<>();
        interact(() -> {
            found.addAll(CutText.in(window));
            found.addAll(CutText.outside(window).stream().map(c -> "outside the window: " + c).toList());
            found.addAll(CutText.sideways(window).stream().map(c -> "cut sideways: " + c).toList());
        });
        return found;
    }

    @Test
    void theMainWindowCutsNoTextWithTheDevicesTheTunablesAndAFinishedSweep() throws Exception {
        open(1366, 768, ColorScheme.LIGHT, SimulatedSweep.typical());
        assertEquals(List.of(), cut(stage), "with the devices");
        interact(() -> lookup("#tunables-open").queryAs(ToggleButton.class).setSelected(true));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(), cut(stage), "with the tunables open");
        interact(() -> lookup("#tunables-open").queryAs(ToggleButton.class).setSelected(false));

        DemoState.reach(this, bench, "result");
        assertEquals(List.of(), cut(stage), "with a finished sweep's verdict");
    }

    /** German words are longer: the demo's states with the longest of them, at both screen sizes, light and dark. */
    @ParameterizedTest(name = "{0}x{1} {2} {3}")
    @CsvSource({"1024,768,not-measured,LIGHT", "1024,768,detail,LIGHT", "1024,768,detail,DARK", "1024,768,undecided,LIGHT",
            "1024,768,equal,DARK", "1024,768,result,LIGHT", "1366,768,not-measured,LIGHT", "1366,768,detail,DARK"})
    void theBenchmarkPanelCutsNoTextInTheDemosStates(int width, int height, String state, ColorScheme scheme) throws Exception {
        open(width, height, scheme, SimulatedSweep.of(state));
        DemoState.reach(this, bench, state);
        assertEquals(List.of(), cut(stage), state + " at " + width + "x" + height + ", " + scheme);
    }

    @Test
    void theRulesWindowCutsNoTextWhateverAppliesToIsChosen() throws Exception {
        open(1366, 768, ColorScheme.LIGHT, SimulatedSweep.typical());
        clickOn("#rules");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> lookup("#rules-table").tryQuery().map(n -> n.getScene().getWindow().isShowing()).orElse(false));
        Window rules = lookup("#rules-table").query().getScene().getWindow();
        assertEquals(List.of(), cut(rules), "as it opens");
        ComboBox<Object> match = lookup("#rule-match").queryComboBox();
        for (Object choice : List.copyOf(match.getItems())) {
            interact(() -> match.setValue(choice));
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals(List.of(), cut(rules), "after choosing " + choice);
        }
    }
}
