package io.github.elevator.bench.design;

import java.util.Comparator;
import java.util.List;

/**
 * The schedulers in the order of the work each does per request by its design: none (no queue of
 * its own), mq-deadline (one sorted queue per direction), kyber (token buckets per domain), bfq
 * (per-process queues and budgets, the most). A fixed order, so that leaders no measurement told
 * apart get the same answer in every sweep; a measured but undecided CPU figure changes from one
 * sweep to the next. A variant ("bfq low_latency=0") comes right after its scheduler; schedulers
 * this list does not know come last, by name.
 */
final class LightestFirst {
    private static final List<String> ORDER = List.of("none", "mq-deadline", "kyber", "bfq");

    static final Comparator<String> ORDERING = Comparator.comparingInt(LightestFirst::rank)
            .thenComparing(LightestFirst::base)
            .thenComparing(s -> s.contains(" "))
            .thenComparing(Comparator.naturalOrder());

    private LightestFirst() {
    }

    private static int rank(String scheduler) {
        int i = ORDER.indexOf(base(scheduler));
        return i < 0 ? ORDER.size() : i;
    }

    private static String base(String scheduler) {
        int space = scheduler.indexOf(' ');
        return space < 0 ? scheduler : scheduler.substring(0, space);
    }
}
