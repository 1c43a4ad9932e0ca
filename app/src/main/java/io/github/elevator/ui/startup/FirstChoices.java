package io.github.elevator.ui.startup;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * What the person chose in the first frame's dropdowns ({@link FirstChooser}), carried out by the
 * window proper once it can: a choice made before it is built waits, one made after goes straight
 * on. The window proper is built, and takes the first frame's place, only while no list of the
 * first frame is open: the JavaFX thread then draws the list at once and follows the keys, and
 * the list does not vanish under the pointer. JavaFX thread only.
 */
public final class FirstChoices {
    private final Map<String, String> waiting = new LinkedHashMap<>();
    private final List<Runnable> whenClosed = new ArrayList<>();
    private BiConsumer<String, String> taker;
    private boolean open;

    /** Carries out each choice, device and scheduler, from now on: those made before it first. */
    public void handTo(BiConsumer<String, String> taker) {
        this.taker = taker;
        waiting.forEach(taker);
        waiting.clear();
    }

    /** Runs {@code then} now when no first-frame list is open, else once it closes. */
    public void whenNoneOpen(Runnable then) {
        if (open) whenClosed.add(then);
        else then.run();
    }

    void choose(String device, String scheduler) {
        if (taker != null) taker.accept(device, scheduler);
        else waiting.put(device, scheduler); // the last choice for a device is the one that counts
    }

    void opened() {
        open = true;
    }

    void closed() {
        open = false;
        List<Runnable> now = List.copyOf(whenClosed);
        whenClosed.clear();
        now.forEach(Runnable::run);
    }
}
