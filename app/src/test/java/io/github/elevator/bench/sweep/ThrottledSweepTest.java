package io.github.elevator.bench.sweep;

import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.design.PairVerdict;
import io.github.elevator.bench.design.Preference;
import io.github.elevator.bench.design.Strength;
import io.github.elevator.bench.design.Verdict;
import io.github.elevator.bench.design.WorkloadDecision;
import io.github.elevator.bench.sweep.ThrottleInMemory.Limit;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The default sweep on a device throttled above the scheduler (20 MB/s and 1,500 reads a second,
 * as the blkio throttle of issue 29): every scheduler is the same speed, so a decided difference is
 * false. The slices hold a few whole 1 MiB reads each, and the slice after a switch gets the reads
 * the freeze held back.
 */
class ThrottledSweepTest {
    private static final List<String> SCHEDULERS = List.of("none", "mq-deadline", "kyber");
    private static final Map<String, Limit> LIMITS = Map.of(
            Workload.SEQ_READ.id(), new Limit(20e6 / (1 << 20), 2),
            Workload.RAND_READ.id(), new Limit(1500, 1),
            Workload.RAND_READ_QD32.id(), new Limit(1500, 1));
    /**
     * The same throttle as a real one behaves under a load that never stops while the scheduler is
     * switched under it: it lets out its 100 ms allowance (150 reads) at once, then nothing, so a
     * 50 ms slice of rand-read counts 0 or 150 reads (measured with a reader that never stopped and
     * a switch every 60 ms, 40 rounds: most slices 0 or 150, quiet and with two `yes` running).
     */
    private static final Map<String, Limit> BURSTS = Map.of(
            Workload.SEQ_READ.id(), new Limit(20e6 / (1 << 20), 2),
            Workload.RAND_READ.id(), new Limit(1500, 150),
            Workload.RAND_READ_QD32.id(), new Limit(1500, 150));
    private static final int SWEEPS = 200;

    @Test
    void aDeviceEqualByConstructionIsNeverCalledFasterBeyondTheMargin() throws Exception {
        List<String> beyond = new ArrayList<>();
        Map<String, Integer> strengths = new LinkedHashMap<>();
        int falseCalls = 0;
        for (int seed = 0; seed < SWEEPS; seed++) {
            Map<String, WorkloadDecision> decisions = sweep(seed, LIMITS);
            for (WorkloadDecision d : decisions.values()) {
                strengths.merge(d.workload() + " " + Strength.of(d), 1, Integer::sum);
                if (d.pairs().stream().anyMatch(ThrottledSweepTest::beyondTheMargin)) beyond.add("sweep " + seed + " " + d.workload() + ": " + d.pairs());
                if (d.pairs().stream().anyMatch(ThrottledSweepTest::different)) falseCalls++;
            }
        }
        int workloads = SWEEPS * Workload.DEFAULTS.size();
        System.out.println("throttled, " + SWEEPS + " default sweeps in memory: " + strengths + "; a false difference in " + falseCalls
                + " of " + workloads + " workloads, beyond the margin in " + beyond.size());
        // before the fix: 16 of 600 beyond the margin, most with an interval of width 0 ("1.33 [1.33, 1.33]", 4 reads against 3)
        assertEquals(List.of(), beyond.stream().filter(c -> c.contains(Workload.SEQ_READ.id())).toList(), "a few whole reads per slice decide nothing");
        assertTrue(beyond.size() <= 0.01 * workloads, "beyond the margin by chance alone, rarely: " + beyond);
        assertTrue(falseCalls <= 0.05 * workloads, "false differences at most at the error rate: " + falseCalls + " of " + workloads);
    }

    /**
     * Slices of 0 or 150 reads pair by chance into a steady ratio over a few blocks: before a slot
     * was known no better than its slices agree, 7 of the 600 workloads here decided a difference beyond
     * the margin (a real throttled device: 2 of 8 sweeps under load, mq-deadline "3.03 times" none).
     */
    @Test
    void aThrottleThatLetsReadsOutInBurstsIsNeverCalledFaster() throws Exception {
        List<String> claims = new ArrayList<>();
        for (int seed = 0; seed < SWEEPS; seed++) {
            for (WorkloadDecision d : sweep(seed, BURSTS).values()) {
                if (d.pairs().stream().anyMatch(ThrottledSweepTest::beyondTheMargin)) claims.add("sweep " + seed + " " + d.workload() + ": " + d.pairs());
            }
        }
        System.out.println("bursts of 150 reads, " + SWEEPS + " default sweeps in memory: beyond the margin in " + claims.size());
        assertTrue(claims.size() <= 0.01 * SWEEPS * Workload.DEFAULTS.size(), "beyond the margin by chance alone, rarely: " + claims);
    }

    /** A difference decided with its whole interval beyond the margin: a claim of more than the margin. */
    private static boolean beyondTheMargin(PairVerdict p) {
        return different(p) && (p.ci95()[0] > 1.03 || p.ci95()[1] < 1 / 1.03);
    }

    /**
     * A decided difference's interval holds the ratio of the slots it came from: the geometric mean,
     * over the blocks of the look that decided it, of the two slots' ratios as the sweep measured
     * them. Here the throttles differ (kyber's lets twice as much through, mq-deadline's 30 % more),
     * so that pairs are decided, and a scheduler decided behind is set aside while its pairs stand.
     */
    @Test
    void aDecidedIntervalHoldsTheRatioOfTheSlotsItCameFrom() throws Exception {
        int decided = 0;
        for (int seed = 0; seed < 60; seed++) {
            Recorded r = sweep(seed, LIMITS, Map.of("none", 1.0, "mq-deadline", 1.3, "kyber", 2.0));
            for (Map.Entry<String, List<WorkloadDecision>> e : r.looks.entrySet()) {
                List<WorkloadDecision> looks = e.getValue();
                for (PairVerdict p : looks.get(looks.size() - 1).pairs()) {
                    if (!different(p)) continue;
                    int look = 0;
                    while (!decidedIn(looks.get(look), p)) look++;
                    double ratio = slotRatio(r.runs, e.getKey(), p.a(), p.b(), look + 1, look == 0 ? Set.of() : looks.get(look - 1).behind());
                    assertTrue(p.ci95()[0] <= ratio * (1 + 1e-9) && ratio <= p.ci95()[1] * (1 + 1e-9),
                            e.getKey() + ", sweep " + seed + ", decided after block " + (look + 1) + ": " + p + " against its slots' " + ratio);
                    decided++;
                }
            }
        }
        assertTrue(decided > 100, "pairs decided: " + decided);
    }

    /** Whether {@code d} has the pair of {@code p} decided different (a decided pair stays so at every later look). */
    private static boolean decidedIn(WorkloadDecision d, PairVerdict p) {
        return d.pairs().stream().anyMatch(q -> q.involves(p.a()) && q.involves(p.b()) && different(q));
    }

    private static boolean different(PairVerdict p) {
        return p.verdict().decided() && p.verdict() != Verdict.EQUIVALENT;
    }

    /**
     * exp(mean ln(a/b)) over blocks 1..{@code blocks} that measured {@code a}, {@code b} and every
     * other slot not set aside by then (a block that missed one is no block of the comparison).
     */
    private static double slotRatio(List<RunResult> runs, String workload, String a, String b, int blocks, Set<String> setAside) {
        double sum = 0;
        int n = 0;
        for (int block = 1; block <= blocks; block++) {
            int in = block;
            Map<String, Double> value = new LinkedHashMap<>();
            runs.stream().filter(x -> x.workload().equals(workload) && x.repeat() == in).forEach(x -> {
                double v = Workload.byId(workload).orElseThrow().rankedBy().of(x);
                if (v > 0) value.put(x.scheduler(), v);
            });
            Set<String> needed = new HashSet<>(SCHEDULERS);
            needed.removeAll(setAside);
            if (!value.keySet().containsAll(needed) || !value.containsKey(a) || !value.containsKey(b)) continue;
            sum += Math.log(value.get(a) / value.get(b));
            n++;
        }
        return Math.exp(sum / n);
    }

    /** One sweep's decisions after every block, per workload, and its slots. */
    private record Recorded(Map<String, List<WorkloadDecision>> looks, List<RunResult> runs) {
    }

    private static Recorded sweep(long seed, Map<String, Limit> limits, Map<String, Double> speed) throws Exception {
        ManualClock clock = new ManualClock(1_000_000_000L * (seed + 1));
        ThrottleInMemory device = new ThrottleInMemory(SCHEDULERS, limits, speed, seed, clock);
        Map<String, String> slots = new LinkedHashMap<>();
        for (String s : SCHEDULERS) slots.put(s, s);
        SweepPlan plan = new SweepPlan(slots, Workload.DEFAULTS, 0.03, false, Preference.NONE);
        Map<String, List<WorkloadDecision>> looks = new LinkedHashMap<>();
        List<RunResult> runs = new ArrayList<>();
        BenchmarkListener listener = new BenchmarkListener() {
            @Override
            public void decided(String workload, WorkloadDecision decision) {
                looks.computeIfAbsent(workload, k -> new ArrayList<>()).add(decision);
            }

            @Override
            public void run(RunResult result) {
                runs.add(result);
            }
        };
        Ending.of(device, new Sweep(device, plan, Budget.of(60, clock), null, OtherPrograms.UNWATCHED, listener, new Cancellation()));
        return new Recorded(looks, runs);
    }

    private static Map<String, WorkloadDecision> sweep(long seed, Map<String, Limit> limits) throws Exception {
        Recorded r = sweep(seed, limits, Map.of("none", 1.0, "mq-deadline", 1.0, "kyber", 1.0));
        Map<String, WorkloadDecision> out = new LinkedHashMap<>();
        r.looks.forEach((w, looks) -> out.put(w, looks.get(looks.size() - 1)));
        return out;
    }
}
