package io.github.elevator.app;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The current-thread runner tests rely on: updates in order, then done, all before run returns. */
class TaskRunnerTest {
    @Test
    void updatesArriveInOrderBeforeTheResult() {
        List<String> seen = new ArrayList<>();
        TaskRunner.immediate().<String, Double>run(updates -> {
            updates.accept(0.25);
            updates.accept(0.75);
            return "done";
        }, fraction -> seen.add("progress " + fraction), result -> seen.add(result), error -> seen.add("failed"));
        seen.add("returned");
        assertEquals(List.of("progress 0.25", "progress 0.75", "done", "returned"), seen);
    }

    @Test
    void aFailureComesAfterTheUpdatesBeforeIt() {
        List<String> seen = new ArrayList<>();
        TaskRunner.immediate().<String, String>run(updates -> {
            updates.accept("reading");
            throw new IOException("gone");
        }, seen::add, result -> seen.add("done"), error -> seen.add("failed: " + error.getMessage()));
        assertEquals(List.of("reading", "failed: gone"), seen);
    }
}
