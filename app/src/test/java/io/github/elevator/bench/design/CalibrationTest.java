package io.github.elevator.bench.design;

import io.github.elevator.bench.Metric;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The method's error rates measured by simulation (seeded): identical schedulers looked at after
 * every block must be called different in at most 5 % of runs, and real differences and real
 * equality must still be found.
 */
class CalibrationTest {
    private static final String[] FOUR = {"s1", "s2", "s3", "s4"};
    private static final String[] TWO = {"a", "b"};
    /** Runs per cell of the continuation's check: at 100 % noise each runs some 15,000 blocks. */
    private static final int RUNS_CONTINUED = 100;

    @Test
    void identicalSchedulersAreCalledDifferentInAtMostFivePercentOfRuns() {
        long cpuStart = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        int runs = 2000, maxBlocks = 40, different = 0, blocks = 0;
        Random settings = new Random(9);
        for (int run = 0; run < runs; run++) {
            double noise = 0.05 + 0.25 * settings.nextDouble();
            double drift = 0.2 * (settings.nextDouble() * 2 - 1);
            SimulatedDevice device = new SimulatedDevice(SimulatedDevice.speeds(FOUR, 100, 100, 100, 100), null,
                    noise, drift, maxBlocks, run);
            SimulatedDevice.Outcome o = device.adaptiveRun(new BlockDesign(List.of(FOUR), run), Metric.IOPS, 0.03);
            if (o.everDifferent()) different++;
            blocks += o.blocks();
        }
        double rate = (double) different / runs;
        System.out.printf(Locale.ROOT, "identical schedulers (4, noise 5-30 %%, drift up to 20 %%, up to %d blocks, %d runs):"
                + " called different in %d runs = %.2f %% (mean %.1f blocks, %.1f s of CPU)%n", maxBlocks, runs, different, rate * 100,
                (double) blocks / runs, (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpuStart) / 1e9);
        assertTrue(rate <= 0.05, "false-difference rate " + rate);
    }

    @Test
    void aTenPercentLeadOverFivePercentNoiseIsFoundWithinTwentyBlocks() {
        int runs = 300, found = 0;
        for (int run = 0; run < runs; run++) {
            SimulatedDevice device = new SimulatedDevice(SimulatedDevice.speeds(TWO, 110, 100), null, 0.05, 0.2, 20, run);
            SimulatedDevice.Outcome o = device.adaptiveRun(new BlockDesign(List.of(TWO), run), Metric.IOPS, 0.03);
            if (o.last().pairs().get(0).verdict() == Verdict.FASTER && "a".equals(o.last().recommendation())) found++;
        }
        System.out.printf(Locale.ROOT, "10 %% lead, 5 %% noise, 2 schedulers: found faster within 20 blocks in %d of %d runs%n", found, runs);
        assertTrue(found > runs * 0.8, found + " of " + runs);
    }

    @Test
    void aTenPercentLeaderAmongFourIsFoundWithinTwentyBlocks() {
        int runs = 300, found = 0;
        for (int run = 0; run < runs; run++) {
            SimulatedDevice device = new SimulatedDevice(SimulatedDevice.speeds(FOUR, 110, 100, 100, 100), null, 0.05, 0.2, 20, run);
            SimulatedDevice.Outcome o = device.adaptiveRun(new BlockDesign(List.of(FOUR), run), Metric.IOPS, 0.03);
            if ("s1".equals(o.last().recommendation())) found++;
        }
        System.out.printf(Locale.ROOT, "10 %% lead, 5 %% noise, 4 schedulers: leader recommended within 20 blocks in %d of %d runs%n", found, runs);
        assertTrue(found > runs / 2, found + " of " + runs);
    }

    @Test
    void equalSchedulersWithTwoPercentNoiseEndEquivalentAtThreePercent() {
        int runs = 300, equivalent = 0, blocks = 0;
        for (int run = 0; run < runs; run++) {
            SimulatedDevice device = new SimulatedDevice(SimulatedDevice.speeds(TWO, 100, 100), null, 0.02, 0.2, 40, run);
            SimulatedDevice.Outcome o = device.adaptiveRun(new BlockDesign(List.of(TWO), run), Metric.IOPS, 0.03);
            if (o.last().pairs().get(0).verdict() == Verdict.EQUIVALENT) {
                equivalent++;
                blocks += o.blocks();
            }
        }
        System.out.printf(Locale.ROOT, "equal, 2 %% noise, margin 3 %%: equivalent within 40 blocks in %d of %d runs (mean %.1f blocks)%n",
                equivalent, runs, (double) blocks / Math.max(1, equivalent));
        assertTrue(equivalent > runs * 0.9, equivalent + " of " + runs);
    }

    /**
     * The recommendation rule's promise, in three figures: identical schedulers are called
     * different rarely (above), one truly better by twice the noise floor is recommended, and the
     * one recommended is truly worse than the best by more than the bound it states rarely.
     * Noise 5-20 % per run, drift up to 20 %, 15 blocks (about a 60 s sweep of the default set),
     * four schedulers.
     */
    @Test
    void aSchedulerBetterByTwiceTheNoiseFloorIsRecommendedInAtLeastNinetyPercentOfRuns() {
        int runs = 0, found = 0;
        StringBuilder table = new StringBuilder();
        for (double noise : new double[] {0.05, 0.10, 0.20}) {
            double floor = medianFloor(noise, 15, 101);
            int n = 0, mine = 0;
            for (int run = 0; run < 300; run++) {
                SimulatedDevice device = new SimulatedDevice(SimulatedDevice.speeds(FOUR, 100 * (1 + 2 * floor), 100, 100, 100), null,
                        noise, 0.2, 15, 5000 + run);
                SimulatedDevice.Outcome o = device.adaptiveRun(new BlockDesign(List.of(FOUR), run), Metric.IOPS, 0.03,
                        new Preference("s2", "s3"));
                n++;
                if ("s1".equals(o.last().recommendation())) mine++;
            }
            table.append(String.format(Locale.ROOT, "  noise %4.0f %%: floor %5.1f %%, lead %5.1f %%: recommended in %d of %d runs%n",
                    noise * 100, floor * 100, 2 * floor * 100, mine, n));
            runs += n;
            found += mine;
        }
        System.out.print("one scheduler better by twice the noise floor (4 schedulers, 15 blocks, drift 20 %, kernel's choice another):\n" + table);
        assertTrue(found >= 0.9 * runs, found + " of " + runs + "\n" + table);
    }

    @Test
    void theRecommendedSchedulerIsWorseThanTheBestByMoreThanItsStatedBoundInAtMostFivePercentOfRuns() {
        // the rule's tie-breaks pull towards a slower leader: the kernel's choice and the least CPU are the slowest schedulers
        double[][] speeds = {{100, 100, 100, 100}, {100, 98, 96, 94}, {100, 100, 97, 90}, {100, 95, 95, 95}, {100, 99, 80, 60}};
        Map<String, Double> cpu = SimulatedDevice.speeds(FOUR, 9.0, 8.0, 7.0, 6.0);
        int runs = 0, beyond = 0;
        StringBuilder table = new StringBuilder();
        for (double[] speed : speeds) {
            for (double noise : new double[] {0.05, 0.15}) {
                int n = 0, wrong = 0;
                double bounds = 0;
                int bounded = 0;
                for (int run = 0; run < 200; run++) {
                    SimulatedDevice device = new SimulatedDevice(SimulatedDevice.speeds(FOUR, speed), cpu, noise, 0.2, 15, 9000 + run);
                    WorkloadDecision d = device.adaptiveRun(new BlockDesign(List.of(FOUR), run), Metric.IOPS, 0.03,
                            new Preference("s4", "s3")).last();
                    n++;
                    String r = d.recommendation();
                    double truth = speed[0] / speed[java.util.Arrays.asList(FOUR).indexOf(r)] - 1; // how much worse than the best
                    double bound = d.choice().bound() == null ? 0 : d.choice().bound();
                    if (d.choice().bound() != null) {
                        bounds += bound;
                        bounded++;
                    }
                    if (truth > bound + 1e-12) wrong++;
                }
                table.append(String.format(Locale.ROOT, "  speeds %-22s noise %3.0f %%: worse than stated in %2d of %d runs (mean bound %4.1f %%)%n",
                        java.util.Arrays.toString(speed), noise * 100, wrong, n, bounded == 0 ? 0 : bounds / bounded * 100));
                runs += n;
                beyond += wrong;
            }
        }
        System.out.print("recommended worse than the best by more than its bound (15 blocks, drift 20 %, tie-breaks to the slowest):\n"
                + table + String.format(Locale.ROOT, "  all: %d of %d runs = %.2f %%%n", beyond, runs, 100.0 * beyond / runs));
        assertTrue(beyond <= 0.05 * runs, beyond + " of " + runs + "\n" + table);
    }

    @Test
    void identicalSchedulersAreCalledFasterInAtMostFivePercentOfSweepsWithTheSettleRule() {
        int runs = 1000, faster = 0, recommended = 0;
        Random settings = new Random(17);
        for (int run = 0; run < runs; run++) {
            double noise = 0.05 + 0.15 * settings.nextDouble();
            SimulatedDevice device = new SimulatedDevice(SimulatedDevice.speeds(FOUR, 100, 100, 100, 100), null, noise, 0.2, 15, 20_000 + run);
            SimulatedDevice.Outcome o = device.adaptiveRun(new BlockDesign(List.of(FOUR), run), Metric.IOPS, 0.03, new Preference("s1", "s2"));
            if (o.everDifferent()) faster++;
            if (o.last().recommendation() != null) recommended++;
        }
        System.out.printf(Locale.ROOT, "identical schedulers, 15 blocks: a 'faster' claim in %d of %d sweeps (%.2f %%); a recommendation in %d%n",
                faster, runs, 100.0 * faster / runs, recommended);
        assertTrue(faster <= 0.05 * runs, faster + " of " + runs);
        assertTrue(recommended == runs, "every sweep with enough blocks ends in an answer: " + recommended);
    }

    /**
     * What the bar "the same recommendation in at least 4 of 5 sweeps" asks of the rule, on the
     * shape of a RAM-backed loop device at queue depth 1 (FACTS: mq-deadline and kyber about 30 %
     * ahead of none and bfq, their CPU per I/O alike): the answer may follow what a sweep resolves,
     * but among the same leaders it may not follow noise.
     */
    @Test
    void sweepsOfOneDeviceGiveTheSameRecommendationInAtLeastFourOfFive() {
        String[] real = {"none", "mq-deadline", "kyber", "bfq"};
        StringBuilder table = new StringBuilder();
        int groups = 0, agreeing = 0;
        for (double noise : new double[] {0.05, 0.10, 0.20}) {
            int g = 0, a = 0;
            Map<String, Integer> picks = new java.util.TreeMap<>();
            for (int group = 0; group < 40; group++) {
                Map<String, Integer> votes = new java.util.HashMap<>();
                for (int sweep = 0; sweep < 5; sweep++) {
                    int seed = 40_000 + group * 5 + sweep;
                    SimulatedDevice device = new SimulatedDevice(SimulatedDevice.speeds(real, 32, 42, 40, 28.5),
                            SimulatedDevice.speeds(real, 5e-6, 5e-6, 5e-6, 6e-6), noise, 0.2, 15, seed);
                    String r = device.adaptiveRun(new BlockDesign(List.of(real), seed), Metric.IOPS, 0.03, new Preference("none", "none"))
                            .last().recommendation();
                    votes.merge(String.valueOf(r), 1, Integer::sum);
                    picks.merge(String.valueOf(r), 1, Integer::sum);
                }
                g++;
                if (votes.values().stream().mapToInt(Integer::intValue).max().orElse(0) >= 4) a++;
            }
            table.append(String.format(Locale.ROOT, "  noise %4.0f %%: the same answer in >= 4 of 5 sweeps in %d of %d groups; answers %s%n",
                    noise * 100, a, g, picks));
            groups += g;
            agreeing += a;
        }
        System.out.print("groups of 5 sweeps, loop device at QD1 (15 blocks, drift 20 %):\n" + table);
        assertTrue(agreeing >= 0.9 * groups, agreeing + " of " + groups + "\n" + table);
    }

    /**
     * Issue 29: the kind an answer states (measured, equal, not measured) matches the truth of the
     * simulation in at least 95 % of runs, at each noise level measured on this project's machines
     * (5, 15, 40, 100 % per slot). Per noise level three truths, four schedulers, drift 20 %, the
     * kernel's choice one of the slowest, each far from the threshold so that its kind is not in
     * doubt:
     * <ul>
     *   <li>measured: one scheduler ahead by eight standard errors of a 15-block run's log ratio;
     *       the answer must be {@link Strength#MEASURED} and name it;</li>
     *   <li>equal: identical schedulers, enough blocks (40, 60, 60, 100) and a margin a person
     *       would set at that noise (3, 10, 25, 50 %) that the leaders' bound lies well inside
     *       3 × the margin; the
     *       answer must be {@link Strength#EQUAL};</li>
     *   <li>not measured: identical schedulers in a run far too short for the 3 % margin (15
     *       blocks; 4 at 5 % noise), whose expected bound is several times 3 × the margin; the
     *       answer must be {@link Strength#NOT_MEASURED}, never measured.</li>
     * </ul>
     */
    @Test
    void theKindOfAnswerStatedMatchesTheTruthInAtLeastNinetyFivePercentOfRuns() {
        record Cell(String truth, double noise, int blocks, double margin, double lead, Strength expected) {
        }
        List<Cell> cells = new java.util.ArrayList<>();
        for (double noise : new double[] {0.05, 0.15, 0.40, 1.00}) {
            double lead = Math.exp(8 * noise * Math.sqrt(2.0 / 15));
            cells.add(new Cell("measured", noise, 15, 0.03, lead, Strength.MEASURED));
            double equalMargin = noise <= 0.05 ? 0.03 : noise <= 0.15 ? 0.10 : noise <= 0.40 ? 0.25 : 0.50;
            int equalBlocks = noise <= 0.05 ? 40 : noise <= 0.40 ? 60 : 100;
            cells.add(new Cell("equal", noise, equalBlocks, equalMargin, 1, Strength.EQUAL));
            cells.add(new Cell("not measured", noise, noise <= 0.05 ? 4 : 15, 0.03, 1, Strength.NOT_MEASURED));
        }
        StringBuilder table = new StringBuilder();
        boolean allMatch = true;
        int seed = 60_000;
        for (Cell cell : cells) {
            int runs = 200, matched = 0;
            Map<Strength, Integer> stated = new java.util.EnumMap<>(Strength.class);
            double boundSum = 0;
            int bounded = 0;
            for (int run = 0; run < runs; run++, seed++) {
                SimulatedDevice device = new SimulatedDevice(SimulatedDevice.speeds(FOUR, 100 * cell.lead(), 100, 100, 100), null,
                        cell.noise(), 0.2, cell.blocks(), seed);
                WorkloadDecision d = device.adaptiveRun(new BlockDesign(List.of(FOUR), seed), Metric.IOPS, cell.margin(),
                        new Preference("s4", "s3")).last();
                Strength s = d.strength();
                Overall o = Overall.of(Map.of("sim", d), new Preference("s4", "s3"), 60);
                if (s != o.strength()) throw new AssertionError("one workload: the whole answer's strength is the workload's: " + s + " vs " + o);
                stated.merge(s == null ? Strength.NOT_MEASURED : s, 1, Integer::sum);
                if (d.choice().bound() != null && !d.choice().bound().isInfinite()) {
                    boundSum += d.choice().bound();
                    bounded++;
                }
                boolean truthful = switch (cell.expected()) {
                    case MEASURED -> s == Strength.MEASURED && "s1".equals(d.recommendation());
                    case EQUAL, NOT_MEASURED -> s == cell.expected();
                };
                if (truthful) matched++;
            }
            boolean ok = matched >= 0.95 * runs;
            allMatch &= ok;
            table.append(String.format(Locale.ROOT, "  noise %3.0f %%  truth %-12s (%3d blocks, margin %2.0f %%, lead %6.2fx): stated %s;"
                            + " matches in %3d of %d = %5.1f %%; mean bound %s%s%n", cell.noise() * 100, cell.truth(), cell.blocks(),
                    cell.margin() * 100, cell.lead(), stated, matched, runs, 100.0 * matched / runs,
                    bounded == 0 ? "-" : String.format(Locale.ROOT, "%.1f %%", boundSum / bounded * 100), ok ? "" : "  <-- below 95 %"));
        }
        System.out.print("kind of answer stated vs the truth (4 schedulers, drift 20 %, threshold " + Strength.NOT_MEASURED_FACTOR
                + " x the margin):\n" + table);
        assertTrue(allMatch, table.toString());
    }

    /**
     * Issue 29: "Measure longer" for the time the answer names resolves it. At each noise level
     * measured here (5, 15, 40, 100 % per slot), margin 3 %, four schedulers, drift 20 %: a run
     * of the default sweep's length (15 blocks; 6 at 5 % noise, where 15 already resolve most)
     * whose answer is not measured is continued to the blocks {@link TimeToResolve} names, and
     * its answer must then be measured or equal in at least 80 % of runs, for each truth: all
     * identical, one ahead by the margin, one ahead by three margins. Identical schedulers called
     * different after the continuation are counted too: its last look spends 1 % more of the
     * error rate, and what it adds must stay within 2.5 % of the runs (measured: 2.0 %).
     */
    @Test
    void measuringLongerForTheTimeNamedResolvesTheAnswerInAtLeastEightyPercentOfRuns() {
        double margin = 0.03;
        StringBuilder table = new StringBuilder();
        boolean allResolve = true;
        int seed = 80_000, falseDifferent = 0, addedDifferent = 0, identicalContinued = 0;
        for (double noise : new double[] {0.05, 0.15, 0.40, 1.00}) {
            int first = noise <= 0.05 ? 6 : 15;
            for (double lead : new double[] {1, 1 + margin, 1 + 3 * margin}) {
                int continued = 0, resolved = 0;
                long blocksNamed = 0;
                for (int run = 0; run < RUNS_CONTINUED; run++, seed++) {
                    SimulatedDevice device = new SimulatedDevice(SimulatedDevice.speeds(FOUR, 100 * lead, 100, 100, 100), null,
                            noise, 0.2, first, seed);
                    BlockDesign design = new BlockDesign(List.of(FOUR), seed);
                    Preference preference = new Preference("s4", "s3");
                    SimulatedDevice.Outcome o = device.adaptiveRun(design, Metric.IOPS, margin, preference);
                    if (o.last().strength() != Strength.NOT_MEASURED) continue;
                    int total = TimeToResolve.blocks(o.observed(), o.last());
                    if (total <= o.last().blocks()) throw new AssertionError("a not-measured answer names more blocks: " + total);
                    WorkloadDecision d = device.continued(design, Metric.IOPS, margin, preference, o, total);
                    continued++;
                    blocksNamed += total;
                    if (d.strength() == Strength.MEASURED || d.strength() == Strength.EQUAL) resolved++;
                    if (lead == 1) {
                        identicalContinued++;
                        boolean now = d.pairs().stream().anyMatch(p -> p.verdict().different());
                        if (o.everDifferent() || now) falseDifferent++;
                        if (!o.everDifferent() && now) addedDifferent++;
                    }
                }
                boolean ok = continued > 0 && resolved >= 0.8 * continued;
                allResolve &= ok;
                table.append(String.format(Locale.ROOT, "  noise %3.0f %%, lead %4.2fx: %3d of %d runs not measured after %2d blocks;"
                                + " continued to %7.0f blocks on average, resolved in %3d = %5.1f %%%s%n", noise * 100, lead, continued, RUNS_CONTINUED, first,
                        continued == 0 ? 0.0 : (double) blocksNamed / continued, resolved, continued == 0 ? 0 : 100.0 * resolved / continued,
                        ok ? "" : "  <-- below 80 %"));
            }
        }
        table.append(String.format(Locale.ROOT, "  identical schedulers called different by the sweep or its continuation: %d of %d;"
                + " by the continuation alone: %d%n", falseDifferent, identicalContinued, addedDifferent));
        System.out.print("measure longer for the time named (4 schedulers, margin 3 %, drift 20 %):\n" + table);
        assertTrue(allResolve, table.toString());
        // the continuation's last look spends 1 % more (AlphaSpending.CONTINUED_LAST_SHARE): what it adds stays near that
        assertTrue(addedDifferent <= 0.025 * identicalContinued, table.toString());
    }

    /** The median noise floor of identical schedulers with this noise over this many blocks. */
    private static double medianFloor(double noise, int blocks, int seed) {
        double[] floors = new double[51];
        for (int i = 0; i < floors.length; i++) {
            SimulatedDevice device = new SimulatedDevice(SimulatedDevice.speeds(FOUR, 100, 100, 100, 100), null, noise, 0.2, blocks, seed + i);
            floors[i] = device.noiseFloor(new BlockDesign(List.of(FOUR), seed + i), Metric.IOPS, 0.03);
        }
        java.util.Arrays.sort(floors);
        return floors[floors.length / 2];
    }
}
