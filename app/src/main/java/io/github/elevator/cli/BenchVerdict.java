package io.github.elevator.cli;

import io.github.elevator.app.BenchmarkRequest;
import io.github.elevator.app.ReportFiles;
import io.github.elevator.bench.wording.LongerWords;
import io.github.elevator.bench.design.Basis;
import io.github.elevator.bench.design.Strength;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.text.Messages;

/**
 * The verdict of a benchmark, read from the report's recommendation and why: the last line of
 * {@code elevator bench}; its {@code --json} is {@link ReportFiles#json}, as the window's export.
 */
final class BenchVerdict {
    private BenchVerdict() {
    }

    /** The scheduler recommended, or null. */
    static String recommendation(BenchmarkReport report) {
        return report.overallWinner();
    }

    /** "Verdict for loop0: none (measured). Recommended: none, for all 3 workloads." or "Verdict for loop0: no scheduler recommended. …" */
    static String line(BenchmarkReport report) {
        String chosen = recommendation(report);
        String why = ReportFiles.why(report);
        Strength strength = report.overall() == null ? null : report.overall().strength();
        String verdict = chosen == null ? Messages.text("cli.bench.verdict.none", report.device())
                : strength == null ? Messages.text("cli.bench.verdict", report.device(), chosen)
                : switch (strength) {
                    case MEASURED -> Messages.text("cli.bench.verdict.measured", report.device(), chosen);
                    case EQUAL -> Messages.text("cli.bench.verdict.equal", report.device(), chosen);
                    case NOT_MEASURED -> Messages.text(report.overall().named(report.decisions()) == Basis.LEAST_CPU
                            ? "cli.bench.verdict.not-measured.cpu" : "cli.bench.verdict.not-measured", report.device(), chosen);
                };
        return why.isEmpty() ? verdict : Messages.text("cli.sentences", verdict, why);
    }

    /**
     * After a not-measured answer, how long it would take to tell its leaders apart at this load,
     * and how to measure longer; none when the report names no time.
     */
    static java.util.List<String> longer(BenchmarkReport report) {
        String sentence = LongerWords.sentence(report, BenchmarkRequest.MAX_BUDGET);
        if (sentence.isEmpty()) return java.util.List.of();
        long budget = Math.round(report.budgetSeconds() + report.secondsToResolve());
        if (budget > BenchmarkRequest.MAX_BUDGET) return java.util.List.of(sentence);
        return java.util.List.of(sentence, Messages.text("cli.bench.longer.hint", report.device(), Long.toString(budget)));
    }
}
