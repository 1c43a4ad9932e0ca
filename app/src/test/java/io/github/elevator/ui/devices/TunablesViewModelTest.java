package io.github.elevator.ui.devices;

import io.github.elevator.app.SchedulerService;
import io.github.elevator.app.TaskRunner;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.FakeSysfs;
import io.github.elevator.testing.Scripts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The details pane's settings on the calling thread, over a fake sysfs whose files a helper
 * script really writes (as the kernel would, rounding where the test says so).
 */
class TunablesViewModelTest {
    @TempDir
    Path root;

    private Path queue;
    private Path ran;
    private DeviceListViewModel devices;
    private TunablesViewModel model;

    /** loop0 on mq-deadline with three queue settings and two of mq-deadline's, and the helper script given. */
    private void start(String helperBody, TaskRunner tasks) throws Exception {
        new FakeSysfs(root).device("loop0", "none [mq-deadline] kyber");
        queue = root.resolve("sys/devices/virtual/block/loop0/queue");
        Files.writeString(queue.resolve("read_ahead_kb"), "128\n");
        Files.writeString(queue.resolve("nr_requests"), "64\n");
        Files.writeString(queue.resolve("wbt_lat_usec"), "0\n");
        Files.createDirectories(queue.resolve("iosched"));
        Files.writeString(queue.resolve("iosched/read_expire"), "500\n");
        Files.writeString(queue.resolve("iosched/fifo_batch"), "16\n");
        ran = root.resolve("helper-args");
        Path helper = Scripts.executable(root, "helper.sh", "echo \"$@\" >> '" + ran + "'\n" + helperBody);
        devices = new DeviceListViewModel(new SchedulerService(new BlockDeviceScanner(root), new HelperRunner(helper, true)), tasks);
        devices.refresh();
        model = devices.tunables();
        if (!devices.rows().isEmpty()) model.rowProperty().set(devices.rows().get(0));
    }

    /** A helper that writes the value into the file its key names, like the tune verb on a kernel that keeps it. */
    private static final String KERNEL = "f=\"$(dirname \"$0\")/sys/block/$2/queue/$(echo \"$3\" | sed 's,^queue/,,')\"\n"
            + "printf '%s\\n' \"$4\" > \"$f\"";

    private TunableSetting setting(String key) {
        return model.settings().stream().filter(s -> s.key().equals(key)).findFirst().orElseThrow(() -> new AssertionError("no " + key));
    }

    private List<String> helperRuns() throws Exception {
        return Files.exists(ran) ? Files.readAllLines(ran) : List.of();
    }

    @Test
    void showsEachSettingWithTheKernelsValueItsRangeAndItsUnit() throws Exception {
        start("exit 0", TaskRunner.immediate());
        assertEquals(List.of("queue/read_ahead_kb", "queue/nr_requests", "queue/wbt_lat_usec", "iosched/fifo_batch", "iosched/read_expire"),
                model.settings().stream().map(TunableSetting::key).toList());
        TunableSetting readAhead = setting("queue/read_ahead_kb");
        assertEquals("read_ahead_kb", readAhead.name());
        assertEquals("128", readAhead.textProperty().get());
        assertEquals(128L, readAhead.valueProperty().get());
        assertEquals("0–65536 KiB", readAhead.range());
        assertEquals("KiB", readAhead.unit());
        assertTrue(readAhead.editable());
        assertTrue(readAhead.hint().contains("how far ahead sequential reads are fetched"), readAhead.hint());
        assertEquals("ms", setting("iosched/read_expire").unit());
        assertFalse(readAhead.editedProperty().get());
        assertFalse(model.lockedProperty().get());
        assertFalse(model.busyProperty().get());
    }

    @Test
    void aValueInRangeIsSetThroughTheHelperAndTheFieldShowsWhatTheKernelReadsBack() throws Exception {
        start(KERNEL, TaskRunner.immediate());
        TunableSetting readAhead = setting("queue/read_ahead_kb");
        readAhead.textProperty().set(" 256 ");
        assertTrue(readAhead.editedProperty().get());
        model.apply(readAhead);
        assertEquals(List.of("tune loop0 queue/read_ahead_kb 256"), helperRuns());
        assertEquals("256", Files.readString(queue.resolve("read_ahead_kb")).strip());
        assertEquals("256", readAhead.textProperty().get());
        assertEquals(256L, readAhead.valueProperty().get());
        assertFalse(readAhead.editedProperty().get());
        assertEquals("", model.problemProperty().get());
        assertEquals("read_ahead_kb of loop0 is now 256 KiB.", devices.statusProperty().get());
        assertFalse(devices.rows().get(0).busyProperty().get());
        assertEquals(256L, devices.rows().get(0).device().tunables().value("queue/read_ahead_kb"), "the row has the new state too");
    }

    @Test
    void whereTheKernelRoundsTheFieldShowsTheRoundedValue() throws Exception {
        // the kernel keeps read_expire in clock ticks: 255 ms written reads back as 256 at HZ=250
        start("printf '256\\n' > \"$(dirname \"$0\")/sys/block/loop0/queue/iosched/read_expire\"", TaskRunner.immediate());
        TunableSetting readExpire = setting("iosched/read_expire");
        readExpire.textProperty().set("255");
        model.apply(readExpire);
        assertEquals(List.of("tune loop0 iosched/read_expire 255"), helperRuns());
        assertEquals("256", readExpire.textProperty().get());
        assertEquals("read_expire of loop0 is now 256 ms.", devices.statusProperty().get());
    }

    @Test
    void aValueOutOfRangeIsRefusedWithTheReasonAndNothingIsSent() throws Exception {
        start(KERNEL, TaskRunner.immediate());
        TunableSetting readAhead = setting("queue/read_ahead_kb");
        for (String bad : List.of("70000", "-1", "12ab", "", "99999999999999", "1\n2")) {
            readAhead.textProperty().set(bad);
            model.apply(readAhead);
            if (bad.isEmpty()) continue; // an empty field is not a value: checked below
            assertEquals("queue/read_ahead_kb takes a whole number from 0 to 65536 KiB, not '"
                    + bad.replace('\n', '?') + "'.", model.problemProperty().get(), bad);
            assertEquals(bad, readAhead.textProperty().get(), "what was typed stays, to be corrected");
        }
        assertEquals(List.of(), helperRuns(), "nothing reaches the helper");
        assertEquals("128", Files.readString(queue.resolve("read_ahead_kb")).strip());
        assertEquals(128L, readAhead.valueProperty().get());

        model.revert(readAhead);
        assertEquals("128", readAhead.textProperty().get());
        assertEquals("", model.problemProperty().get(), "Esc forgets the refusal with the typed value");
    }

    @Test
    void anEmptyFieldIsRefusedTooAndTheValueTheKernelHasAlreadyIsNotSentAgain() throws Exception {
        start(KERNEL, TaskRunner.immediate());
        TunableSetting nr = setting("queue/nr_requests");
        nr.textProperty().set("  ");
        model.apply(nr);
        assertTrue(model.problemProperty().get().startsWith("queue/nr_requests takes a whole number from 4 to 2048 requests"),
                model.problemProperty().get());
        nr.textProperty().set("64");
        model.apply(nr);
        assertEquals(List.of(), helperRuns());
        assertEquals("", model.problemProperty().get());
    }

    @Test
    void aFailureOfTheHelperSaysWhyAndTheFieldShowsTheKernelsValueAgain() throws Exception {
        start("echo 'elevator-helper: the kernel refused 4096 for nr_requests of loop0: Invalid argument' >&2; exit 70",
                TaskRunner.immediate());
        TunableSetting nr = setting("queue/nr_requests");
        nr.textProperty().set("2048");
        model.apply(nr);
        assertEquals(1, helperRuns().size());
        assertTrue(model.problemProperty().get().startsWith("Could not set queue/nr_requests of loop0 to 2048: "),
                model.problemProperty().get());
        assertTrue(model.problemProperty().get().contains("Invalid argument"), model.problemProperty().get());
        assertEquals(model.problemProperty().get(), devices.statusProperty().get());
        assertEquals("64", nr.textProperty().get());
        assertFalse(devices.rows().get(0).busyProperty().get());
    }

    @Test
    void whileTheHelperRunsTheDeviceIsBusyAndASecondChangeWaits() throws Exception {
        List<Runnable> pending = new ArrayList<>();
        TaskRunner later = new TaskRunner() {
            @Override
            public <T, U> void run(Task<T, U> work, Consumer<? super U> onUpdate, Consumer<? super T> onSuccess,
                                   Consumer<? super Exception> onFailure) {
                pending.add(() -> TaskRunner.immediate().run(work, onUpdate, onSuccess, onFailure));
            }
        };
        start(KERNEL, later);
        pending.remove(0).run(); // the first scan
        model.rowProperty().set(devices.rows().get(0));
        TunableSetting readAhead = setting("queue/read_ahead_kb");
        TunableSetting fifo = setting("iosched/fifo_batch");
        readAhead.textProperty().set("512");
        model.apply(readAhead);
        assertTrue(model.busyProperty().get());
        assertTrue(devices.rows().get(0).lockedProperty().get(), "the scheduler dropdown waits as well");
        assertEquals("Setting read_ahead_kb of loop0 to 512 KiB…", devices.statusProperty().get());
        fifo.textProperty().set("8");
        model.apply(fifo);
        assertEquals(1, pending.size(), "no second helper while one runs");
        pending.remove(0).run();
        assertFalse(model.busyProperty().get());
        assertEquals(List.of("tune loop0 queue/read_ahead_kb 512"), helperRuns());
        assertEquals("512", readAhead.textProperty().get());
        assertEquals("8", fifo.textProperty().get(), "what was typed in another field stays");
    }

    @Test
    void nothingChangesWhileABenchmarkRunsOnTheDevice() throws Exception {
        start(KERNEL, TaskRunner.immediate());
        DeviceRow row = devices.rows().get(0);
        devices.underBenchmarkProperty().set(row);
        assertTrue(model.lockedProperty().get());
        TunableSetting readAhead = setting("queue/read_ahead_kb");
        readAhead.textProperty().set("256");
        model.apply(readAhead);
        assertEquals(List.of(), helperRuns());
        devices.underBenchmarkProperty().set(null);
        assertFalse(model.lockedProperty().get());
        model.apply(readAhead);
        assertEquals(List.of("tune loop0 queue/read_ahead_kb 256"), helperRuns());
    }

    @Test
    void valuesChangedElsewhereShowWithoutLosingWhatIsBeingTypedAndASwitchBringsTheNewSchedulersSettings() throws Exception {
        start(KERNEL, TaskRunner.immediate());
        TunableSetting readAhead = setting("queue/read_ahead_kb");
        TunableSetting nr = setting("queue/nr_requests");
        nr.textProperty().set("99");
        Files.writeString(queue.resolve("read_ahead_kb"), "4096\n");
        Files.writeString(queue.resolve("nr_requests"), "32\n");
        devices.refresh();
        assertEquals("4096", readAhead.textProperty().get());
        assertEquals(32L, nr.valueProperty().get());
        assertEquals("99", nr.textProperty().get(), "typing is not overwritten by a refresh");

        // a switch to kyber: mq-deadline's files go, kyber's come; the queue's settings stay the same objects
        Files.writeString(queue.resolve("scheduler"), "none mq-deadline [kyber]\n");
        Files.delete(queue.resolve("iosched/read_expire"));
        Files.delete(queue.resolve("iosched/fifo_batch"));
        Files.writeString(queue.resolve("iosched/read_lat_nsec"), "2000000\n");
        assertEquals("mq-deadline", model.schedulerProperty().get());
        devices.refresh();
        assertEquals("kyber", model.schedulerProperty().get(), "the scheduler whose own settings are listed");
        assertEquals(List.of("queue/read_ahead_kb", "queue/nr_requests", "queue/wbt_lat_usec", "iosched/read_lat_nsec"),
                model.settings().stream().map(TunableSetting::key).toList());
        assertTrue(model.settings().contains(nr) && nr.textProperty().get().equals("99"));
        assertEquals("1–10000000000 ns", setting("iosched/read_lat_nsec").range());
    }

    @Test
    void anotherDeviceShowsItsOwnSettingsAndASettingWithoutAKnownRangeIsShownOnly() throws Exception {
        start(KERNEL, TaskRunner.immediate());
        setting("queue/read_ahead_kb").textProperty().set("70000");
        model.apply(setting("queue/read_ahead_kb"));
        assertFalse(model.problemProperty().get().isEmpty());
        Files.writeString(queue.resolve("iosched/some_new_knob"), "3\n");
        devices.refresh();
        TunableSetting unknown = setting("iosched/some_new_knob");
        assertFalse(unknown.editable());
        unknown.textProperty().set("4");
        model.apply(unknown);
        assertTrue(model.problemProperty().get().contains("knows no safe range"), model.problemProperty().get());
        assertEquals(List.of(), helperRuns());

        model.rowProperty().set(null);
        assertTrue(model.settings().isEmpty());
        assertEquals("", model.problemProperty().get(), "a refusal belongs to the device it was about");
        assertTrue(model.lockedProperty().get());
    }

    /** A helper that switches (dropping the old scheduler's files, as the kernel does) and tunes. */
    private static final String SWITCHING_KERNEL = "d=\"$(dirname \"$0\")/sys/block/$2/queue\"\n"
            + "case \"$1\" in\n"
            + "set-scheduler) printf '[%s] mq-deadline kyber\\n' \"$3\" > \"$d/scheduler\"; rm -f \"$d\"/iosched/* ;;\n"
            + "tune) printf '%s\\n' \"$4\" > \"$d/$(echo \"$3\" | sed 's,^queue/,,')\" ;;\n"
            + "esac";

    @Test
    void kernelDefaultsSaysWhatChangesAndMakesTheChangesOnlyWhenConfirmed() throws Exception {
        start(SWITCHING_KERNEL, TaskRunner.immediate());
        Files.writeString(queue.resolve("scheduler"), "none [mq-deadline] kyber\n");
        Files.writeString(queue.resolve("read_ahead_kb"), "4096\n");
        devices.refresh();
        assertTrue(model.resettableProperty().get());
        List<io.github.elevator.app.ResetService.Plan> asked = new ArrayList<>();
        model.planKernelDefaults(asked::add);
        assertEquals(1, asked.size());
        assertEquals(List.of("scheduler mq-deadline → none", "queue/read_ahead_kb 4096 → 128", "queue/wbt_lat_usec 0 → 2000"),
                TunablesViewModel.describe(asked.get(0)));
        assertEquals(List.of(), helperRuns(), "nothing changes before it is confirmed");

        model.resetToKernelDefaults(asked.get(0));
        assertEquals(List.of("set-scheduler loop0 none", "tune loop0 queue/read_ahead_kb 128", "tune loop0 queue/wbt_lat_usec 2000"), helperRuns());
        assertEquals("loop0 is as the kernel would have it: none with its default settings.", devices.statusProperty().get());
        assertEquals("none", devices.rows().get(0).activeProperty().get());
        assertEquals(List.of("queue/read_ahead_kb", "queue/nr_requests", "queue/wbt_lat_usec"),
                model.settings().stream().map(TunableSetting::key).toList(), "mq-deadline's own settings went with it");
        assertEquals("128", setting("queue/read_ahead_kb").textProperty().get());
        assertFalse(devices.rows().get(0).busyProperty().get());

        asked.clear();
        model.planKernelDefaults(asked::add);
        assertEquals(List.of(), asked, "nothing to confirm when nothing differs");
        assertTrue(devices.statusProperty().get().startsWith("loop0 is as the kernel would have it: none (its driver asks for no scheduler"),
                devices.statusProperty().get());
    }

    @Test
    void kernelDefaultsIsNotOfferedDuringABenchmarkNorForADeviceWithoutAScheduler() throws Exception {
        start(SWITCHING_KERNEL, TaskRunner.immediate());
        Files.writeString(queue.resolve("read_ahead_kb"), "4096\n");
        devices.refresh();
        devices.underBenchmarkProperty().set(devices.rows().get(0));
        List<io.github.elevator.app.ResetService.Plan> asked = new ArrayList<>();
        model.planKernelDefaults(asked::add);
        assertEquals(List.of(), asked);
        devices.underBenchmarkProperty().set(null);
        model.planKernelDefaults(asked::add);
        assertEquals(1, asked.size());
        devices.underBenchmarkProperty().set(devices.rows().get(0));
        model.resetToKernelDefaults(asked.get(0));
        assertEquals(List.of(), helperRuns(), "a plan confirmed before a benchmark began is not made during it");

        new FakeSysfs(root).device("dm-0", null);
        devices.refresh();
        model.rowProperty().set(devices.rows().stream().filter(r -> r.name().equals("dm-0")).findFirst().orElseThrow());
        assertFalse(model.resettableProperty().get());
    }

    @Test
    void aViewListeningToTheSettingsHearsOfChangesAfterAGarbageCollection() throws Exception {
        start(KERNEL, TaskRunner.immediate());
        int[] changes = {0};
        model.settings().addListener((javafx.collections.ListChangeListener<TunableSetting>) c -> changes[0]++);
        for (int i = 0; i < 3; i++) System.gc();
        Files.writeString(queue.resolve("scheduler"), "none mq-deadline [kyber]\n");
        Files.delete(queue.resolve("iosched/read_expire"));
        Files.delete(queue.resolve("iosched/fifo_batch"));
        Files.writeString(queue.resolve("iosched/read_lat_nsec"), "2000000\n");
        devices.refresh();
        assertEquals(1, changes[0], "the list the view listens to is the view-model's own, not a copy that was collected");
    }
}
