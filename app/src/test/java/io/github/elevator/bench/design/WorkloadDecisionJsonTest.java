package io.github.elevator.bench.design;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import io.github.elevator.bench.Metric;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The JSON shape the CLI prints, with Gson's defaults and with the CLI's settings alike. */
class WorkloadDecisionJsonTest {
    private static final Gson PLAIN = new Gson();
    private static final Gson CLI = new GsonBuilder().serializeNulls().disableHtmlEscaping().create();

    private static final WorkloadDecision DECIDED = new WorkloadDecision("rand-read", Metric.IOPS,
            new Choice("none", Basis.ONLY_LEADER, List.of("none"), null), Reason.LEADER, 0.03,
            List.of(new Figure("none", 5600, 4.5, 12, true), new Figure("kyber", 5000, Double.NaN, 12, false)),
            List.of(new PairVerdict("none", "kyber", 1.12, new double[] {1.08, 1.16}, Verdict.FASTER),
                    new PairVerdict("kyber", "bfq", 1.01, new double[] {0.97, 1.05}, Verdict.UNDECIDED)),
            1, 1, null, 12);

    @Test
    void aDecisionSerializesToTheDocumentedShape() {
        String expected = "{\"recommendation\":\"none\",\"basis\":\"only-leader\",\"leaders\":[\"none\"],\"bound\":null,\"strength\":\"measured\","
                + "\"reason\":\"leader\",\"margin\":0.03,"
                + "\"figures\":[{\"scheduler\":\"none\",\"value\":5600.0,\"cpuUsPerIo\":4.5,\"blocks\":12,\"leader\":true},"
                + "{\"scheduler\":\"kyber\",\"value\":5000.0,\"cpuUsPerIo\":null,\"blocks\":12,\"leader\":false}],"
                + "\"pairs\":[{\"a\":\"none\",\"b\":\"kyber\",\"ratio\":1.12,\"ci95\":[1.08,1.16],\"verdict\":\"faster\"},"
                + "{\"a\":\"kyber\",\"b\":\"bfq\",\"ratio\":1.01,\"ci95\":[0.97,1.05],\"verdict\":\"undecided\"}],"
                + "\"decided\":1,\"toDecide\":1,\"blocks\":12}";
        assertEquals(expected, CLI.toJson(DECIDED));
        assertEquals(expected, PLAIN.toJson(DECIDED));
    }

    @Test
    void noRecommendationIsNullAndTooFewBlocksLeaveTheIntervalNull() {
        WorkloadDecision d = new WorkloadDecision("w", Metric.IOPS, null, Reason.TOO_FEW, 0.05, List.of(),
                List.of(new PairVerdict("a", "b", 1.5, null, Verdict.UNDECIDED)), 0, 1, null, 1);
        String expected = "{\"recommendation\":null,\"basis\":null,\"leaders\":[],\"bound\":null,\"strength\":null,\"reason\":\"too-few\","
                + "\"margin\":0.05,\"figures\":[],\"pairs\":[{\"a\":\"a\",\"b\":\"b\",\"ratio\":1.5,\"ci95\":null,\"verdict\":\"undecided\"}],\"decided\":0,\"toDecide\":1,\"blocks\":1}";
        assertEquals(expected, PLAIN.toJson(d));
        assertEquals(expected, CLI.toJson(d));
    }

    @Test
    void theNoiseFloorAppearsOnlyWhereANoiseCheckComputedIt() {
        WorkloadDecision d = new WorkloadDecision("w", Metric.IOPS, null, Reason.NOISE, 0.03,
                List.of(), List.of(new PairVerdict("none#1", "none#2", 1.001, new double[] {0.98, 1.021}, Verdict.EQUIVALENT)), 1, 1, 0.021, 30);
        assertEquals("{\"recommendation\":null,\"basis\":null,\"leaders\":[],\"bound\":null,\"strength\":null,"
                + "\"reason\":\"noise\",\"margin\":0.03,\"figures\":[],"
                + "\"pairs\":[{\"a\":\"none#1\",\"b\":\"none#2\",\"ratio\":1.001,\"ci95\":[0.98,1.021],\"verdict\":\"equivalent\"}],"
                + "\"decided\":1,\"toDecide\":1,\"blocks\":30,\"noiseFloor\":0.021}", CLI.toJson(d));
    }

    @Test
    void readBackGivesTheSameFigures() {
        WorkloadDecision back = CLI.fromJson(CLI.toJson(DECIDED), WorkloadDecision.class);
        assertEquals(DECIDED.recommendation(), back.recommendation());
        assertEquals(DECIDED.reason(), back.reason());
        assertEquals(DECIDED.blocks(), back.blocks());
        assertEquals(DECIDED.pairs(), back.pairs());
        assertEquals(DECIDED.decided(), back.decided());
        assertEquals(CLI.toJson(DECIDED), CLI.toJson(back));
    }

    @Test
    void aDocumentFromBeforeLeadersAndFiguresReadsWithItsLeadersFromThePairs() {
        String old = "{\"recommendation\":null,\"why\":\"Not decided.\",\"margin\":0.03,\"pairs\":["
                + "{\"a\":\"none\",\"b\":\"kyber\",\"ratio\":1.01,\"ci95\":[0.97,1.05],\"verdict\":\"undecided\"},"
                + "{\"a\":\"none\",\"b\":\"bfq\",\"ratio\":1.4,\"ci95\":[1.2,1.6],\"verdict\":\"faster\"}],"
                + "\"decided\":1,\"toDecide\":2}";
        WorkloadDecision back = CLI.fromJson(old, WorkloadDecision.class);
        assertEquals(List.of("none", "kyber"), back.choice().leaders());
        assertEquals(null, back.choice().basis());
        assertEquals(List.of(), back.figures());
        assertEquals(Reason.TOO_FEW, back.reason(), "its case from its numbers; its sentence, in the language it ran in, is not read");
    }

    @Test
    void aComputedDecisionSerializes() {
        WorkloadDecision d = PairedAnalysis.decide("w", Metric.IOPS,
                PairedAnalysisTest.twoSchedulers("none", "kyber", 0.10, 0.12, 0.08, 0.10), 0.03);
        String json = CLI.toJson(d);
        assertEquals(d.pairs(), CLI.fromJson(json, WorkloadDecision.class).pairs());
        assertEquals(true, json.contains("\"verdict\":\"faster\""), json);
    }
}
