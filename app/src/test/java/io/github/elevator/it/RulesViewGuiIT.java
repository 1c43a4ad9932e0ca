package io.github.elevator.it;

import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.app.BenchmarkService;
import io.github.elevator.app.RulesService;
import io.github.elevator.app.HeldDevices;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.rules.Kind;
import io.github.elevator.rules.Match;
import io.github.elevator.rules.Rule;
import io.github.elevator.rules.RuleSet;
import io.github.elevator.rules.ElevatorRulesFile;
import io.github.elevator.testing.Fixtures;
import io.github.elevator.testing.RecordingHelper;
import io.github.elevator.testing.XServer;
import io.github.elevator.ui.ElevatorApp;
import io.github.elevator.ui.common.FxTaskRunner;
import io.github.elevator.ui.devices.DeviceTable;
import io.github.elevator.ui.rules.RuleItem;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.matcher.control.LabeledMatchers;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The real window in a real X server over the copied workstation's disks and a made-up /etc:
 * make a rule in the rules view, see the disks it matches and the file it will write, save it
 * (the helper is a stand-in that records what it is handed), and see the rule marks of the rows.
 */
class RulesViewGuiIT extends FxRobot {
    @TempDir
    Path root;
    @TempDir
    Path helperDir;
    RecordingHelper helper;

    @BeforeEach
    void setUp() throws Exception {
        XServer.require();
        Path file = root.resolve(ElevatorRulesFile.RELATIVE_PATH);
        Files.createDirectories(file.getParent());
        Files.writeString(file, ElevatorRulesFile.render(RuleSet.of(List.of(new Rule(Match.of(Kind.HDD), "none"), new Rule(Match.of(Kind.NVME), "none")))));
        helper = new RecordingHelper(helperDir, "{\"device\":\"sdc\",\"rule\":\"usb\",\"scheduler\":\"bfq\",\"active\":\"mq-deadline\"}\n"
                + "{\"file\":\"/etc/udev/rules.d/60-elevator.rules\",\"rules\":3,\"udev\":\"not-running\"}\n", 0);
        SchedulerService devices = new SchedulerService(new BlockDeviceScanner(Fixtures.workstation()), new HelperRunner(helper.path(), true));
        RulesService rules = new RulesService(devices, root);
        FxToolkit.registerPrimaryStage();
        BenchmarkService benchmarks = new BenchmarkService(new BlockDeviceScanner(Fixtures.workstation()), devices.helper(),
                HeldDevices.system(devices.helper()), new BenchmarkHistory(helperDir.resolve("history")));
        FxToolkit.setupStage(stage -> {
            FxTaskRunner tasks = new FxTaskRunner();
            ElevatorApp.Models models = ElevatorApp.create(devices, benchmarks, tasks);
            ElevatorApp.show(stage, models, ElevatorApp.createRules(rules, tasks, models.devices()));
        });
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> lookup("#rule-sdb").tryQuery().isPresent());
    }

    @AfterEach
    void tearDown() throws Exception {
        FxToolkit.cleanupStages();
    }

    private String text(String id) {
        return lookup(id).queryAs(Labeled.class).getText();
    }

    /** Opens the dropdown and clicks the item in its popup (the window behind has lists with the same words). */
    /**
     * Clicks the unsaved-changes question's button once its window is on screen. Looked up inside the question only:
     * the Rules window's own "_Save rules…" button draws the same text, and a click on it is lost behind the modal question.
     */
    private void clickWhenShown(String text) throws Exception {
        java.util.function.Supplier<java.util.Optional<Button>> button = () -> lookup("#rules-unsaved .button").queryAllAs(Button.class).stream()
                .filter(b -> b.getText().equals(text) && b.isVisible() && b.getScene().getWindow().isShowing()).findFirst();
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> button.get().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        clickOn(button.get().orElseThrow());
    }

    private void choose(String comboId, String item) {
        clickOn(comboId);
        WaitForAsyncUtils.waitForFxEvents();
        Node cell = lookup(".list-cell").match(LabeledMatchers.hasText(item)).queryAll().stream()
                .filter(n -> n.getScene() != null && n.getScene().getWindow() instanceof javafx.stage.PopupWindow
                        && n.getScene().getWindow().isShowing())
                .findFirst().orElseThrow(() -> new AssertionError("no open dropdown offers " + item));
        clickOn(cell);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void eachRowSaysWhetherItsSchedulerComesFromARule() throws Exception {
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> "nvme".equals(text("#rule-nvme0n1")));
        assertEquals("⚠ hdd: none", text("#rule-sdb"), "sdb uses bfq although Elevator's rule says none");
        assertEquals("", text("#rule-sda"));
    }

    @Test
    void makeARuleSeeWhatItMatchesAndThePreviewThenSaveIt() throws Exception {
        clickOn("#rules");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lookup("#rules-table").tryQuery().isPresent());
        TableView<?> table = lookup("#rules-table").queryAs(TableView.class);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> table.getItems().size() == 2);

        choose("#rule-match", "every USB device (usb)");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> text("#rule-matches").equals("Matches now: sdc (Cruzer Blade)"));
        choose("#rule-scheduler", "bfq");
        clickOn("#rule-add");
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals(3, table.getItems().size());
        RuleItem usb = (RuleItem) table.getItems().stream().filter(i -> ((RuleItem) i).match().equals("usb")).findFirst().orElseThrow();
        assertEquals("sdc", usb.devices(), "the disks it matches now");
        String preview = lookup("#rules-preview").queryAs(TextArea.class).getText();
        assertTrue(preview.contains("# rule usb bfq\n" + "ACTION==\"add|change\", SUBSYSTEM==\"block\", ENV{DEVTYPE}==\"disk\", \\\n"
                + "  SUBSYSTEMS==\"usb\", \\\n"), preview);
        assertTrue(preview.contains("ATTR{queue/scheduler}=\"bfq\", ENV{ELEVATOR_RULE}=\"usb\""), preview);
        assertFalse(helper.ran(), "nothing is written before Save");

        Button save = lookup("#rules-save").queryAs(Button.class);
        assertFalse(save.isDisabled());
        clickOn(save);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> text("#rules-message").startsWith("Saved 3 rules"));
        assertEquals("write-rules", helper.args());
        assertEquals("elevator-rules 1\nrule usb bfq\nrule nvme none\nrule hdd none\nend\n", helper.stdin());
        assertTrue(text("#rules-message").contains("sdc still uses mq-deadline (its rule says bfq)"), text("#rules-message"));
    }

    @Test
    void whenTuneDRunsAProfileTheRulesWindowSaysATuneDProfileKeepsTheChoiceAndOffersTheExport() throws Exception {
        clickOn("#rules");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lookup("#rules-table").tryQuery().isPresent());
        Labeled tuned = lookup("#rules-tuned").queryAs(Labeled.class);
        assertFalse(tuned.isVisible(), "no TuneD in this root: nothing said about it");
        Button export = lookup("#rules-export-tuned").queryAs(Button.class);
        assertTrue(export.isVisible() && !export.isDisabled(), "Export for TuneD… is there without TuneD too");
        assertEquals("Export for TuneD…", export.getText().replace("_", ""));
        Files.createDirectories(root.resolve("etc/tuned"));
        Files.writeString(root.resolve("etc/tuned/active_profile"), "virtual-guest\n");
        // TuneD starts at boot (a SysV start link): a chosen profile alone sets nothing
        Files.createDirectories(root.resolve("etc/rc2.d"));
        Files.writeString(root.resolve("etc/rc2.d/S01tuned"), "");
        // the Rules button again: the window reads the machine again (the Rules window may cover the button)
        interact(() -> lookup("#rules").queryAs(Button.class).fire());
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lookup("#rules-tuned").queryAs(Labeled.class).isVisible());
        assertTrue(text("#rules-tuned").startsWith("TuneD runs here (profile virtual-guest)"), text("#rules-tuned"));
        assertTrue(text("#rules-tuned").contains("a TuneD profile is the way to keep the choice on this machine"), text("#rules-tuned"));
    }

    @Test
    void theDetailsOfferTheCurrentSchedulerForTheDisksKindOrForItAloneAndAskFirst() throws Exception {
        DeviceTable devices = lookup("#devices").queryAs(DeviceTable.class);
        interact(() -> devices.rows().stream().filter(row -> row.name().equals("sda")).findFirst().ifPresent(devices::select));
        try {
            WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> text("#use-for-kind").equals("Use mq-deadline for every SATA/SAS SSD…"));
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("the button says '" + text("#use-for-kind") + "'", e);
        }
        assertEquals("Use mq-deadline for this device only…", text("#use-for-device"));

        // the details scroll where the window is low; the buttons are at their bottom
        interact(() -> lookup("#details").queryAs(javafx.scene.control.ScrollPane.class).setVvalue(1));
        clickOn("#use-for-kind");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> lookup("#rule-confirmation").tryQuery().isPresent());
        String said = text("#rule-confirmation-text");
        assertTrue(said.contains("every SATA/SAS SSD gets mq-deadline") && said.contains("applies now to sda"), said);
        String file = lookup("#rule-confirmation-file").queryAs(TextArea.class).getText();
        assertTrue(file.startsWith(ElevatorRulesFile.MARKER) && file.contains("ENV{ELEVATOR_RULE}=\"ssd\""), file);
        clickOn("Cancel");
        WaitForAsyncUtils.waitForFxEvents();
        Thread.sleep(300);
        assertFalse(helper.ran(), "cancelled: nothing is written");

        clickOn("#use-for-kind");
        // the cancelled confirmation may linger in the scene graph for a moment: wait for the new one to show
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> lookup("Write the rule").queryAll().stream().anyMatch(javafx.scene.Node::isVisible));
        clickOn(lookup("Write the rule").queryAll().stream().filter(javafx.scene.Node::isVisible).findFirst().orElseThrow());
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, helper::ran);
        assertEquals("elevator-rules 1\nrule nvme none\nrule ssd mq-deadline\nrule hdd none\nend\n", helper.stdin());
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> text("#status").startsWith("Saved 3 rules"));
    }

    @Test
    void escapeAndControlWCloseTheRulesWindow() throws Exception {
        for (javafx.scene.input.KeyCode[] keys : List.of(new javafx.scene.input.KeyCode[] {javafx.scene.input.KeyCode.ESCAPE},
                new javafx.scene.input.KeyCode[] {javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.W})) {
            clickOn("#rules");
            WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lookup("#rules-table").tryQuery().map(n -> n.getScene().getWindow().isShowing()).orElse(false));
            clickOn("#rules-table");
            javafx.stage.Window window = lookup("#rules-table").query().getScene().getWindow();
            push(keys);
            WaitForAsyncUtils.waitForFxEvents();
            assertFalse(window.isShowing(), List.of(keys) + " closes the rules window");
        }
    }

    private javafx.stage.Window openRules() throws Exception {
        clickOn("#rules");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lookup("#rules-table").tryQuery().map(n -> n.getScene().getWindow().isShowing()).orElse(false));
        return lookup("#rules-table").query().getScene().getWindow();
    }

    /** Every label of the rules window's editor that is drawn shorter than its text. */
    private List<String> elidedLabels(javafx.stage.Window rules) {
        List<String> cut = new java.util.ArrayList<>();
        for (Node n : rules.getScene().getRoot().lookupAll(".label, .table-cell")) {
            if (n instanceof Labeled l && l.isVisible() && io.github.elevator.ui.common.Elision.isElided(l)) {
                cut.add("'" + l.getText() + "' drawn as '" + io.github.elevator.ui.common.Elision.shownText(l) + "'");
            }
        }
        return cut;
    }

    @Test
    void theEditorsLabelsStayWholeWhateverAppliesToIsChosen() throws Exception {
        javafx.stage.Window rules = openRules();
        for (double[] size : new double[][] {{1180, 700}, {1024, 700}, {780, 620}}) {
            interact(() -> {
                rules.setWidth(size[0]);
                rules.setHeight(size[1]);
            });
            javafx.scene.control.ComboBox<Object> match = lookup("#rule-match").queryComboBox();
            List<Object> choices = List.copyOf(match.getItems());
            Object longest = choices.stream().max(java.util.Comparator.comparingInt(c -> c.toString().length())).orElseThrow();
            for (Object choice : List.of(choices.get(0), longest, choices.get(choices.size() - 1))) {
                // the first from the open dropdown as a person picks it; the others lie below its fold, so they are set
                if (choice == choices.get(0)) choose("#rule-match", choice.toString());
                else interact(() -> match.setValue(choice));
                WaitForAsyncUtils.waitForFxEvents();
                for (String label : List.of("Applies to", "Scheduler", "Read-ahead (KiB)", "nr_requests")) {
                    assertTrue(lookup(label).tryQuery().isPresent(), label + " is drawn whole after choosing " + choice + " at " + size[0]);
                }
                assertEquals(List.of(), elidedLabels(rules), "after choosing " + choice + " at " + (int) size[0] + "x" + (int) size[1]);
            }
        }
    }

    @Test
    void escapeWithUnsavedChangesAsksAndKeepEditingKeepsThem() throws Exception {
        javafx.stage.Window rules = openRules();
        choose("#rule-match", "every USB device (usb)");
        choose("#rule-scheduler", "bfq");
        clickOn("#rules-table");
        push(javafx.scene.input.KeyCode.ESCAPE);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lookup("#rules-unsaved").tryQuery().isPresent());
        assertTrue(rules.isShowing(), "an editor's rule not added yet is asked about");
        push(javafx.scene.input.KeyCode.ESCAPE); // Esc in the question: keep editing
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(rules.isShowing());
        assertEquals("every USB device (usb)", lookup("#rule-match").queryComboBox().getValue().toString(), "nothing lost");

        clickOn("#rule-add");
        WaitForAsyncUtils.waitForFxEvents();
        // later, not through interact(): the question waits in a nested event loop, and interact would wait for it
        javafx.application.Platform.runLater(() -> rules.fireEvent(new javafx.stage.WindowEvent(rules, javafx.stage.WindowEvent.WINDOW_CLOSE_REQUEST)));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lookup("#rules-unsaved").tryQuery().isPresent());
        assertTrue(rules.isShowing(), "the window's close button asks as well, for a draft not saved");
        clickWhenShown("Discard changes");
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(rules.isShowing(), "discarded: closed");
        assertFalse(helper.ran(), "nothing was written");

        openRules();
        assertEquals(2, lookup("#rules-table").queryAs(TableView.class).getItems().size(), "the discarded rule is gone");
        clickOn("#rules-table");
        push(javafx.scene.input.KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(rules.isShowing(), "without changes Esc closes at once");
    }

    @Test
    void saveAskedOnClosingAddsTheEditorsRuleAndSaves() throws Exception {
        openRules();
        choose("#rule-match", "every USB device (usb)");
        choose("#rule-scheduler", "bfq");
        clickOn("#rules-table");
        push(javafx.scene.input.KeyCode.ESCAPE);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lookup("#rules-unsaved").tryQuery().isPresent());
        clickWhenShown("Save rules…");
        try {
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, helper::ran);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("not saved; the rules window says: " + lookup("#rules-message").queryLabeled().getText()
                    + "; unsaved question showing: " + lookup("#rules-unsaved").tryQuery().isPresent(), e);
        }
        assertEquals("elevator-rules 1\nrule usb bfq\nrule nvme none\nrule hdd none\nend\n", helper.stdin());
    }
}
