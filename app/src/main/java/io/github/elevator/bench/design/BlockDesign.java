package io.github.elevator.bench.design;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The order of the schedulers within each block: every block runs each scheduler once, back to
 * back. The orders are the rows of a Williams design (a Latin square, with its reversals when the
 * number of schedulers is odd): over every cycle of {@link #cycleLength()} blocks each scheduler
 * runs once in each position and directly follows each other scheduler equally often, so a drift
 * of the machine within blocks, or what one scheduler leaves behind for the next, favours no one.
 * Which scheduler takes which part of the square, and the order of the rows within each cycle,
 * are drawn from the seed: the same seed always gives the same orders.
 */
public final class BlockDesign {
    private final List<String> schedulers;
    private final long seed;
    private final int[][] rows;
    /** scheduler index for each treatment of the square, drawn once per design. */
    private final int[] labels;

    public BlockDesign(List<String> schedulers, long seed) {
        if (schedulers == null || schedulers.isEmpty()) throw new IllegalArgumentException("a block design needs at least one scheduler"); // untranslated: a bug
        if (schedulers.stream().anyMatch(s -> s == null || s.isBlank())) throw new IllegalArgumentException("scheduler names must not be empty: " + schedulers); // untranslated: a bug
        if (new HashSet<>(schedulers).size() != schedulers.size()) throw new IllegalArgumentException("each scheduler must be named once: " + schedulers); // untranslated: a bug
        this.schedulers = List.copyOf(schedulers);
        this.seed = seed;
        this.rows = williams(schedulers.size());
        this.labels = permutation(schedulers.size(), new SplittableRandom(seed));
    }

    public List<String> schedulers() {
        return schedulers;
    }

    /** Blocks after which every position and every direct succession has come equally often. */
    public int cycleLength() {
        return rows.length;
    }

    /** The order of block {@code block} (0 for the first block). */
    public List<String> order(int block) {
        if (block < 0) throw new IllegalArgumentException("blocks are counted from 0, not " + block); // untranslated: a bug
        int cycle = block / rows.length;
        // A different row order in every cycle, drawn only from the seed and the cycle.
        int[] rowOrder = permutation(rows.length, new SplittableRandom(mix(seed, cycle)));
        int[] row = rows[rowOrder[block % rows.length]];
        List<String> order = new ArrayList<>(row.length);
        for (int treatment : row) order.add(schedulers.get(labels[treatment]));
        return List.copyOf(order);
    }

    /** The orders of the first {@code blocks} blocks, as run. */
    public List<List<String>> ordersSoFar(int blocks) {
        if (blocks < 0) throw new IllegalArgumentException("a number of blocks cannot be negative: " + blocks); // untranslated: a bug
        List<List<String>> orders = new ArrayList<>(blocks);
        for (int b = 0; b < blocks; b++) orders.add(order(b));
        return List.copyOf(orders);
    }

    /**
     * Williams' construction: the first row is 0, 1, n-1, 2, n-2, ...; row i adds i to every
     * entry (mod n). For an even n these n rows are balanced for direct succession; for an odd n
     * the reversed rows are needed as well.
     */
    static int[][] williams(int n) {
        int[] first = new int[n];
        for (int j = 0; j < n; j++) first[j] = j % 2 == 1 ? (j + 1) / 2 : (n - j / 2) % n;
        int count = n % 2 == 0 ? n : 2 * n;
        int[][] rows = new int[count][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) rows[i][j] = (first[j] + i) % n;
            if (count > n) for (int j = 0; j < n; j++) rows[n + i][n - 1 - j] = rows[i][j];
        }
        return rows;
    }

    private static int[] permutation(int n, SplittableRandom random) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) p[i] = i;
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }

    private static long mix(long seed, int cycle) {
        return seed * 0x9E3779B97F4A7C15L + cycle + 1;
    }
}
