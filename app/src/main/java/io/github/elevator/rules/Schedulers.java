package io.github.elevator.rules;

import io.github.elevator.protocol.SchedulerLine;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The scheduler names a rule may use: the kernel's blk-mq schedulers, and any other plain name a disk here offers. */
public final class Schedulers {
    /** The schedulers of current kernels (5.0 and later). */
    public static final List<String> KERNEL = List.of("none", "mq-deadline", "kyber", "bfq");

    private Schedulers() {
    }

    /** {@link #KERNEL} plus every plain name the given scheduler lists offer, in that order. */
    public static Set<String> known(Collection<List<String>> offeredByDevices) {
        Set<String> known = new LinkedHashSet<>(KERNEL);
        for (List<String> offered : offeredByDevices) {
            for (String s : offered) {
                if (SchedulerLine.isPlainName(s)) known.add(s);
            }
        }
        return known;
    }
}
