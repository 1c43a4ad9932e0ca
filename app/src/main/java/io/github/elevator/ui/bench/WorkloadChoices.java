package io.github.elevator.ui.bench;

import io.github.elevator.app.TaskRunner;
import io.github.elevator.bench.DefaultWorkloads;
import io.github.elevator.bench.Scratch;
import io.github.elevator.bench.Workload;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.ui.devices.DeviceRow;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The workloads ticked for each device: the person's own choice, else the device's defaults;
 * write workloads only where a filesystem of the device can take them, which is looked up off
 * the UI thread whenever a device is selected.
 */
final class WorkloadChoices {
    private final BenchmarkModel model;
    private final TaskRunner tasks;
    /** The workloads a person chose for a device themselves; a device without a choice gets its defaults. */
    private final Map<String, Set<Workload>> choiceOf = new HashMap<>();
    private boolean choosingDefaults;

    WorkloadChoices(BenchmarkModel model, TaskRunner tasks) {
        this.model = model;
        this.tasks = tasks;
        for (Workload w : Workload.values()) {
            model.chosen.get(w).addListener((o, was, now) -> {
                if (!choosingDefaults && model.device.get() != null) choiceOf.put(model.device.get().name(), model.chosenNow());
            });
        }
    }

    /** Finds where {@code row}'s write workloads could run, then ticks its workloads. */
    void selected(DeviceRow row) {
        BlockDevice d = row.device();
        // a filesystem query: off the UI thread
        tasks.run(() -> {
            StringBuilder why = new StringBuilder();
            Optional<Path> mount = Scratch.writableMount(d, why);
            return mount.isPresent() ? new BenchmarkModel.WritePlace(mount.get(), Files.getFileStore(mount.get()).getUsableSpace(), "")
                    : new BenchmarkModel.WritePlace(null, 0, why.toString());
        }, place -> {
            if (model.device.get() != row) return;
            model.writeUnavailable.set(place.whyNot());
            model.writePlace.set(place.mount() == null ? null : place);
            Set<Workload> choice = choiceOf.get(row.name());
            choose(choice != null ? choice : DefaultWorkloads.of(d, place.mount() != null), place.mount() != null);
        }, error -> model.writeUnavailable.set(error.getMessage()));
    }

    /** Ticks {@code workloads} and only them; write workloads only where they can run. */
    private void choose(Collection<Workload> workloads, boolean writable) {
        choosingDefaults = true;
        try {
            for (Workload w : Workload.values()) model.chosen.get(w).set(workloads.contains(w) && (writable || w.raw()));
        } finally {
            choosingDefaults = false;
        }
    }
}
