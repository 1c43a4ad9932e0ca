package io.github.elevator.ui.bench;

import io.github.elevator.app.BenchmarkRequest;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.report.ReportMode;
import io.github.elevator.bench.wording.LongerWords;
import io.github.elevator.text.Messages;

/** Whether the window offers to measure a report longer, and the button's words: "Measure longer (about 6 min)". */
final class LongerOffer {
    private LongerOffer() {
    }

    /** A sweep that names a time to resolve it within what one sweep may run. */
    static boolean offered(BenchmarkReport r) {
        return r != null && r.mode() == ReportMode.SWEEP && r.secondsToResolve() != null && r.secondsToResolve() <= BenchmarkRequest.MAX_BUDGET;
    }

    static String label(BenchmarkReport r) {
        return offered(r) ? Messages.text("ui.bench.longer", LongerWords.time(r.secondsToResolve())) : "";
    }

    /** The sentence under the answer: how long, at this load (and when that is longer than a sweep may run); empty without one. */
    static String sentence(BenchmarkReport r) {
        return r == null ? "" : LongerWords.sentence(r, BenchmarkRequest.MAX_BUDGET);
    }
}
