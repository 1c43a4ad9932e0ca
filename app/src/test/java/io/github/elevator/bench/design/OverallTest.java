package io.github.elevator.bench.design;

import io.github.elevator.bench.wording.OverallWords;
import io.github.elevator.bench.Metric;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The whole device's recommendation from its workloads' decisions. */
class OverallTest {
    private static WorkloadDecision decided(String workload, String chosen, Basis basis, String... leaders) {
        return new WorkloadDecision(workload, Metric.IOPS, new Choice(chosen, basis, List.of(leaders), leaders.length > 1 ? 0.1 : null),
                leaders.length > 1 ? Reason.LEADERS : Reason.LEADER, 0.03, List.of(new Figure("a", 1, 1, 3, true), new Figure("b", 1, 1, 3, true)), List.of(), 0, 0, null, 3);
    }

    private static Map<String, WorkloadDecision> of(WorkloadDecision... ds) {
        Map<String, WorkloadDecision> m = new LinkedHashMap<>();
        for (WorkloadDecision d : ds) m.put(d.workload(), d);
        return m;
    }

    @Test
    void theOnePickedEverywhereIsRecommendedForAll() {
        Map<String, WorkloadDecision> oDs = of(decided("seq-read", "none", Basis.KERNEL_DEFAULT, "none", "kyber"),
                decided("rand-read-qd32", "none", Basis.ONLY_LEADER, "none"));
        Overall o = Overall.of(oDs, Preference.NONE, 60);
        assertEquals("none", o.scheduler());
        assertEquals("Recommended: none, for all 2 workloads.", OverallWords.text(o, oDs));
        assertEquals("seq-read: none, as it is the kernel's own choice for this device (leaders none, kyber; no difference over 10 %"
                + " between them)\nrand-read-qd32: none, as the only one no other was decided faster than", OverallWords.basis(o, oDs));
    }

    @Test
    void aLeaderInEveryWorkloadWinsOverEachWorkloadsOwnPickAndSaysSo() {
        // as a quiet machine's sweep gave: none behind at rand-read, mq-deadline behind at QD32, kyber nowhere behind
        Map<String, WorkloadDecision> oDs = of(decided("seq-read", "none", Basis.KERNEL_DEFAULT, "mq-deadline", "none", "kyber", "bfq"),
                decided("rand-read", "mq-deadline", Basis.IN_USE, "bfq", "mq-deadline", "kyber"),
                decided("rand-read-qd32", "none", Basis.LEAST_CPU, "none", "kyber"));
        Overall o = Overall.of(oDs, new Preference("none", "mq-deadline"), 60);
        assertEquals("kyber", o.scheduler());
        assertEquals("Recommended: kyber: in every workload, no other scheduler was decided faster than it (the picks per workload:"
                + " none for seq-read and rand-read-qd32; mq-deadline for rand-read). Not measured: this run could not tell mq-deadline, none,"
                + " kyber and bfq apart (differences up to 10 % are not ruled out, more than 3 times the margin of 3 %). kyber is named as a"
                + " default: it is a leader in every workload that recommends one.", OverallWords.text(o, oDs));
        assertEquals(Strength.NOT_MEASURED, o.strength(), "kyber is not measured ahead anywhere, and its leaders' bounds are 10 % > 3 x 3 %");
    }

    @Test
    void withoutALeaderEverywhereTheTradeOffIsNamedAndTheMostPickedOffered() {
        Map<String, WorkloadDecision> oDs = of(decided("seq-read", "none", Basis.ONLY_LEADER, "none"),
                decided("read-under-write", "bfq", Basis.ONLY_LEADER, "bfq"));
        Overall o = Overall.of(oDs, new Preference("bfq", null), 60);
        assertEquals("bfq", o.scheduler(), "a tie of one each: the kernel's choice");
        assertEquals("No one scheduler leads in every workload: none for sequential reads; bfq for reads while writing. bfq is offered:"
                + " it is recommended for the most workloads.", OverallWords.text(o, oDs));
    }

    @Test
    void aTieWithoutTheKernelsChoiceOrTheOneInUseGoesToTheLightestByDesignNotTheFirstMeasured() {
        // bfq measured best in the first workload, so it comes first among the leaders everywhere
        Map<String, WorkloadDecision> oDs = of(decided("seq-read", "kyber", Basis.LIGHTEST_BY_DESIGN, "bfq", "kyber"),
                decided("rand-read", "bfq", Basis.ONLY_LEADER, "bfq", "kyber"));
        Overall o = Overall.of(oDs, new Preference("none", "none"), 60);
        assertEquals("kyber", o.scheduler());
        Map<String, WorkloadDecision> tradeDs = of(decided("seq-read", "bfq", Basis.ONLY_LEADER, "bfq"),
                decided("rand-read", "mq-deadline", Basis.ONLY_LEADER, "mq-deadline"));
        Overall trade = Overall.of(tradeDs, Preference.NONE, 60);
        assertEquals("mq-deadline", trade.scheduler());
    }

    @Test
    void nothingToRecommendYetSaysWhatToDo() {
        WorkloadDecision early = new WorkloadDecision("seq-read", Metric.IOPS, Choice.NONE, Reason.TOO_FEW, 0.03,
                List.of(new Figure("a", 1, 1, 1, true), new Figure("b", 1, 1, 1, true)), List.of(), 0, 1, null, 1);
        Map<String, WorkloadDecision> oDs = of(early);
        Overall o = Overall.of(oDs, Preference.NONE, 60);
        assertNull(o.scheduler());
        assertEquals("No recommendation yet: too few blocks ran to compare the schedulers. Try a longer budget (180 s) or fewer"
                + " workloads at once.", OverallWords.text(o, oDs));
    }
}
