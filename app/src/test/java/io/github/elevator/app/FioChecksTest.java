package io.github.elevator.app;

import io.github.elevator.bench.FioComparison;
import io.github.elevator.bench.FioPlan;
import io.github.elevator.bench.RatioSpread;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.sweep.BenchmarkListener;
import io.github.elevator.bench.sweep.Cancellation;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The check with fio in turns: E F E F … on one scheduler, the median of the pairs' ratios and their spread. */
class FioChecksTest {

    @Test
    void elevatorAndFioTakeTurnsAtLeastThreePairsAndTheMedianOfThePairsSurvivesADriftingMachine() throws Exception {
        // the device loses 4 % of its speed every second: a run of each, one after the other, would put the drift into the ratio
        TurnsDevice device = new TurnsDevice(100_000, 0.8, 0.04);
        FioChecks checks = new FioChecks(device, 5, new BenchmarkListener() { });
        List<String> said = new ArrayList<>();
        RunResult ours = checks.alternate("rand-read", "none", (turn, turns, doing) -> said.add(turn + "/" + turns + " " + doing));

        FioPlan plan = FioPlan.within(5);
        assertTrue(plan.pairs() >= FioPlan.MIN_PAIRS, plan.toString());
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < plan.pairs(); i++) expected.addAll(List.of("E rand-read", "F rand-read"));
        assertEquals(expected, device.calls(), "Elevator and fio alternate");
        assertEquals(plan.turns(), said.size(), "each turn announced: " + said);
        assertTrue(said.get(0).startsWith("0/" + plan.turns() + " rand-read under none"), said.get(0));
        assertTrue(said.get(1).startsWith("1/" + plan.turns() + " fio: rand-read under none"), said.get(1));
        assertEquals(plan.pairs() * plan.turnSeconds(), ours.seconds(), 1e-9, "Elevator's turns as one run");

        FioComparison c = checks.of("rand-read", "none");
        assertEquals(plan.pairs(), c.ratios().size());
        RatioSpread spread = c.spread();
        assertEquals(spread.median(), c.ratio(), 1e-12, "the ratio is the median of the pairs");
        // each pair is 0.8 of fio's a second later on a device 4 %/s slower: about 0.8 × (1 + 0.04) per pair, never 0.8 × the drift of minutes
        assertEquals(0.8 / 0.96, c.ratio(), 0.02, c.ratios().toString());
        assertTrue(spread.min() <= c.ratio() && c.ratio() <= spread.max(), spread.toString());
        assertTrue(c.command().contains("--runtime=" + plan.turnSeconds()), "the command shown is the one that ran: " + c.command());
    }

    @Test
    void afterASweepEachSchedulerGetsItsTurnsOfEachRawReadAndTheTimeItTakesIsAnnouncedBefore() throws Exception {
        TurnsDevice device = new TurnsDevice(50_000, 1, 0);
        List<double[]> left = new ArrayList<>();
        FioChecks checks = new FioChecks(device, FioChecks.SWEEP_SECONDS, new BenchmarkListener() {
            @Override
            public void progress(double fraction, double secondsLeft, String doing) {
                left.add(new double[] {secondsLeft});
            }
        });
        List<Workload> workloads = List.of(Workload.SEQ_READ, Workload.RAND_READ);
        double announced = checks.afterSweepSeconds(List.of("kyber", "none", "kyber"), workloads);
        checks.afterSweep(List.of("kyber", "none", "kyber"), workloads, new Cancellation());

        int pairs = FioPlan.within(FioChecks.SWEEP_SECONDS).pairs();
        assertEquals(2 + 2 * 2 * 2 * pairs, device.calls().size(), device.calls().toString());
        assertEquals("switch kyber", device.calls().get(0));
        assertEquals("switch none", device.calls().get(1 + 2 * 2 * pairs));
        assertEquals(2 * 2 * FioPlan.within(FioChecks.SWEEP_SECONDS).expectedSeconds() + 4 * 0.1, announced, 1e-9);
        assertTrue(left.get(0)[0] <= announced && left.get(0)[0] > 0.9 * announced, "the progress starts from the time announced");
        List<Double> seconds = left.stream().map(l -> l[0]).toList();
        List<Double> falling = new ArrayList<>(seconds);
        falling.sort(Collections.reverseOrder());
        assertEquals(falling, seconds, "the time left only falls");
        for (String s : List.of("kyber", "none")) {
            for (String w : List.of("seq-read", "rand-read")) {
                FioComparison c = checks.of(w, s);
                assertEquals(pairs, c.ratios().size(), w + " " + s);
                assertEquals(1, c.ratio(), 1e-9, "the same speed on both sides, no drift: " + c);
                assertEquals(0, c.spread().width(), 1e-9, c.spread().toString());
            }
        }
    }
}
