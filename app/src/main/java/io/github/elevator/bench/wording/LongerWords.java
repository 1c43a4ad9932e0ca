package io.github.elevator.bench.wording;

import io.github.elevator.bench.WriteAllowance;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.report.QuietEstimate;
import io.github.elevator.device.ByteSize;
import io.github.elevator.text.LocalTimes;
import io.github.elevator.text.Messages;
import io.github.elevator.text.Numbers;
import io.github.elevator.text.Sentences;

/**
 * How long a sweep whose answer is not measured would have to go on to tell its leaders apart, in
 * words: "about 6 min", and the sentence the answer ends with. The time is the report's estimate at
 * the machine's pace and load during the sweep ({@code TimeToResolve}), and where the sweep was busy
 * and the history held a quiet sweep of the device, at that sweep's noise ({@link QuietEstimate}).
 */
public final class LongerWords {
    private LongerWords() {
    }

    /** "about 40 s", "about 6 min", "about 3 h": rounded up, so that the time named is not short. */
    public static String time(double seconds) {
        if (seconds < 90) return Messages.text("bench.longer.time.s", Numbers.whole(Math.ceil(seconds / 10) * 10));
        if (seconds < 90 * 60) return Messages.text("bench.longer.time.min", Numbers.whole(Math.ceil(seconds / 60)));
        return Messages.text("bench.longer.time.h", Numbers.whole(Math.ceil(seconds / 3600)));
    }

    /**
     * "Telling them apart within 3 % would take about 6 min more at this load." and, beyond
     * {@code longestSeconds} (the longest a sweep may run), that it is longer than that; where a
     * workload under a writer would need more writes than one sweep may make, that the time leaves
     * it out; empty when the report names no time.
     */
    public static String sentence(BenchmarkReport r, int longestSeconds) {
        Double seconds = r.secondsToResolve();
        if (seconds == null || r.decisions() == null || r.decisions().isEmpty()) return "";
        String margin = Numbers.percent(r.decisions().values().iterator().next().margin());
        String sentence = seconds <= longestSeconds ? Messages.text("bench.longer.sentence", margin, time(seconds))
                : Messages.text("bench.longer.beyond", margin, time(seconds), Numbers.whole(longestSeconds / 60.0));
        if (!r.shortOfWrites().isEmpty()) {
            String which = Sentences.list(r.shortOfWrites());
            sentence = Messages.text("cli.sentences", sentence,
                    Messages.count("bench.longer.writes", r.shortOfWrites().size(), which, ByteSize.human(WriteAllowance.TOTAL)));
        }
        QuietEstimate quiet = r.quiet();
        if (quiet == null) return sentence;
        String when = LocalTimes.of(quiet.measuredAt());
        String onQuiet = quiet.seconds() < 1 ? Messages.text("bench.longer.quiet.enough", when)
                : Messages.text("bench.longer.quiet", time(quiet.seconds()), when);
        return Messages.text("cli.sentences", sentence, onQuiet);
    }
}
