package io.github.elevator.bench.wording;

import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.design.WorkloadDecision;
import io.github.elevator.text.Messages;
import io.github.elevator.text.Sentences;

import java.util.List;

/** A report's sentences, made from its numbers when it is shown: the window's, the command line's and the history's. */
public final class ReportWords {
    private ReportWords() {
    }

    /** The verdict on {@code workload}: its decision's why, or which schedulers were measured; null when the report has none. */
    public static String verdict(BenchmarkReport r, String workload) {
        WorkloadDecision d = r.decisions() == null ? null : r.decisions().get(workload);
        if (d != null) return DecisionWords.why(d);
        List<String> measured = r.results() == null ? List.of()
                : r.results().stream().filter(x -> workload.equals(x.workload())).map(BenchmarkReport.SchedulerResult::scheduler).distinct().toList();
        return measured.isEmpty() ? null : Messages.text("bench.report.only-measured", Sentences.commas(measured));
    }

    /** What the report recommends for the whole device, in one or two sentences; empty when it says nothing. */
    public static String overall(BenchmarkReport r) {
        return r.overall() == null || r.decisions() == null ? "" : OverallWords.text(r.overall(), r.decisions());
    }

    /** What that recommendation rests on, one line per workload; empty without one. */
    public static String basis(BenchmarkReport r) {
        return r.overall() == null || r.decisions() == null ? "" : OverallWords.basis(r.overall(), r.decisions());
    }
}
