package io.github.elevator.cli;

import io.github.elevator.bench.sweep.BenchmarkListener;
import io.github.elevator.bench.design.WorkloadDecision;
import io.github.elevator.text.Messages;
import io.github.elevator.text.Numbers;

import java.io.PrintWriter;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@code elevator bench} says while it runs, on standard error. On a terminal one progress
 * line, redrawn in place as slices and blocks go by; elsewhere (a log, a pipe) a quiet line when a
 * workload starts and one when it is decided. Lines that stay (the start, a skipped workload) are
 * printed above the progress line.
 */
final class BenchProgress implements BenchmarkListener {
    private static final String ERASE_LINE = "\r\033[K";

    private boolean notKept;
    private final PrintWriter err;
    private final String device;
    private final boolean inPlace;
    private final int columns;
    private final Map<String, String> standing = new HashMap<>();
    private final Set<String> started = new HashSet<>();
    private final Set<String> settled = new HashSet<>();
    private String shown = "";

    BenchProgress(PrintWriter err, String device, boolean inPlace, int columns) {
        this.err = err;
        this.device = device;
        this.inPlace = inPlace;
        this.columns = columns;
    }

    static BenchProgress forStandardError(PrintWriter err, String device) {
        return new BenchProgress(err, device, Terminal.standardErrorIsOne(), Terminal.columns());
    }

    @Override
    public void started(String original, List<String> slots, double budgetSeconds) {
        // one slot on the scheduler in use switches nothing, so nothing goes back
        boolean switches = slots.size() > 1 || !slots.contains(original);
        line(Messages.text(switches ? "cli.bench.started" : "cli.bench.started.in-place", device, String.join(", ", slots), whole(budgetSeconds), original));
    }

    @Override
    public void progress(double fraction, double secondsLeft, String doing) {
        String workload = doing.split(" ", 2)[0];
        String whole = Numbers.whole(fraction * 100);
        String percent = " ".repeat(Math.max(0, 3 - whole.length())) + whole; // a steady width, as the line is redrawn in place
        String decided = standing.get(workload);
        String text = decided == null ? Messages.text("cli.bench.progress", percent, doing, whole(secondsLeft))
                : Messages.text("cli.bench.progress.decided", percent, doing, whole(secondsLeft), decided);
        if (inPlace) redraw(text);
        // "small-files: 3 units of 100 transactions a run …" says how a workload is sized: each such line is news
        else if (workload.endsWith(":") || started.add(workload)) println(text);
    }

    @Override
    public void decided(String workload, WorkloadDecision d) {
        if (d.toDecide() == 0) return;
        standing.put(workload, Messages.text("cli.bench.progress.standing", d.decided(), d.toDecide()));
        if (!inPlace && d.decided() == d.toDecide() && settled.add(workload)) {
            println(Messages.count("cli.bench.settled", d.toDecide(), workload, Messages.count("cli.bench.after-blocks", d.blocks())));
        }
    }

    @Override
    public void skipped(String workload, String reason) {
        line(Messages.text("cli.bench.skipping", workload, reason));
    }

    @Override
    public void notSaved(String sentence) {
        notKept = true;
        line(sentence);
    }

    /** Whether the report could not be kept in the history: the run is done, but not all of it was written (exit 3). */
    boolean reportNotKept() {
        return notKept;
    }

    private static String whole(double seconds) {
        return Numbers.whole(seconds);
    }

    /** Ends the progress line, so what follows starts on a line of its own. */
    void done() {
        if (inPlace && !shown.isEmpty()) {
            err.print(ERASE_LINE);
            err.flush();
            shown = "";
        }
    }

    /** A line that stays: printed above the progress line, which is drawn again under it. */
    private void line(String text) {
        String progress = shown;
        done();
        println(text);
        if (!progress.isEmpty()) redraw(progress);
    }

    private void redraw(String text) {
        // one character less than the width: a line that fills it exactly wraps on some terminals
        String fitted = text.length() < columns ? text : text.substring(0, columns - 2) + "…";
        if (fitted.equals(shown)) return;
        err.print(ERASE_LINE + fitted);
        err.flush();
        shown = fitted;
    }

    private void println(String text) {
        err.println(text);
        err.flush();
    }
}
