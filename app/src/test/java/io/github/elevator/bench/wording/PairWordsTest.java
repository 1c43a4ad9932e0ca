package io.github.elevator.bench.wording;

import io.github.elevator.bench.Metric;
import io.github.elevator.bench.design.PairVerdict;
import io.github.elevator.bench.design.Reason;
import io.github.elevator.bench.design.Verdict;
import io.github.elevator.bench.design.WorkloadDecision;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each pair's verdict in words, and the numbers as the sentences write them. */
class PairWordsTest {
    private static WorkloadDecision decision(Metric metric, PairVerdict... pairs) {
        return new WorkloadDecision("w", metric, null, Reason.TOO_FEW, 0.03, List.of(), List.of(pairs), 0, pairs.length, null, 10);
    }

    @Test
    void eachVerdictInWords() {
        WorkloadDecision d = decision(Metric.IOPS,
                new PairVerdict("none", "mq-deadline", 1.12, new double[] {1.08, 1.16}, Verdict.FASTER),
                new PairVerdict("none", "bfq", 0.9, new double[] {0.85, 0.95}, Verdict.SLOWER),
                new PairVerdict("none", "kyber", 1.01, new double[] {0.99, 1.02}, Verdict.EQUIVALENT),
                new PairVerdict("kyber", "bfq", 1.01, new double[] {0.9, 1.2}, Verdict.UNDECIDED));
        assertEquals(List.of(
                "none is 12 % faster than mq-deadline (95 % CI 8–16 %)",
                "none is 10 % slower than bfq (95 % CI 5–15 %)",
                "none and kyber are equal within 3 %",
                "kyber vs bfq: not decided yet"), DecisionWords.sentences(d));
    }

    @Test
    void aLatencySaysLowerOrHigher() {
        WorkloadDecision d = decision(Metric.LAT_P99,
                new PairVerdict("none", "kyber", 0.88, new double[] {0.84, 0.92}, Verdict.FASTER),
                new PairVerdict("bfq", "kyber", 1.05, new double[] {1.021, 1.09}, Verdict.SLOWER));
        assertEquals(List.of(
                "none has 12 % lower p99 latency than kyber (95 % CI 8–16 %)",
                "bfq has 5 % higher p99 latency than kyber (95 % CI 2.1–9 %)"), DecisionWords.sentences(d));
    }

    @Test
    void everyMetricHasASentenceForEachDirection() {
        for (Metric m : Metric.values()) {
            WorkloadDecision d = decision(m,
                    new PairVerdict("none", "kyber", 1.2, new double[] {1.1, 1.3}, m.higherIsBetter() ? Verdict.FASTER : Verdict.SLOWER),
                    new PairVerdict("none", "bfq", 0.8, new double[] {0.7, 0.9}, m.higherIsBetter() ? Verdict.SLOWER : Verdict.FASTER));
            for (String s : DecisionWords.sentences(d)) assertTrue(s.startsWith("none ") && s.contains(" 20 % ") && s.endsWith("(95 % CI 10–30 %)"), m + ": " + s);
        }
    }

    @Test
    void percentagesKeepTwoFiguresAndNoTrailingZero() {
        assertEquals("3", PairWords.percent(0.03));
        assertEquals("2.1", PairWords.percent(0.021));
        assertEquals("0.4", PairWords.percent(0.004));
        assertEquals("12", PairWords.percent(0.123));
        assertEquals("10", PairWords.percent(0.0996));
        assertEquals("none, kyber and bfq", PairWords.list(List.of("none", "kyber", "bfq")));
    }
}
