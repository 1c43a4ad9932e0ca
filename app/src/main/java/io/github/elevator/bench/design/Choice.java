package io.github.elevator.bench.design;

import java.util.List;

/**
 * The recommendation of one workload: one of its leaders, and what the data rule out between them.
 *
 * @param scheduler the one to apply; null when nothing can be recommended (fewer than two
 *                  schedulers, too few blocks, a noise check)
 * @param basis     why that one among the leaders; null without a scheduler
 * @param leaders   the schedulers no other was decided faster than, best measured first
 * @param bound     with several leaders, the largest difference between two of them that the data
 *                  do not rule out (a fraction, 0.17 for 17 %); null with one leader or none
 */
public record Choice(String scheduler, Basis basis, List<String> leaders, Double bound) {
    public static final Choice NONE = new Choice(null, null, List.of(), null);

    public Choice {
        leaders = List.copyOf(leaders);
    }
}
