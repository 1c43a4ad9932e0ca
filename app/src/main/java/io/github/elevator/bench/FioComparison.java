package io.github.elevator.bench;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.github.elevator.text.Numbers;
import io.github.elevator.text.Messages;

import java.util.ArrayList;
import java.util.List;

/**
 * fio beside Elevator for one raw read workload on one scheduler: the fio command that does the
 * same reads (always, so a person can run it), and after a check with fio its figures, the
 * figures of Elevator's turns, alternating with fio's on the same scheduler in the same session
 * ({@link FioPlan}), and the median of the pairs' ratios of Elevator's to fio's on the workload's
 * ranked figure. The figures are null when fio did not run.
 *
 * @param ratioOf the figure of the ratio: "iops" or "mibps"
 * @param ratios  each pair's ratio, in the order they ran; null in reports from before the pairs
 */
public record FioComparison(String command, Double iops, Double mibps, Double latP99us, Figures elevator, Double ratio,
                            String ratioOf, List<Double> ratios) {
    public FioComparison {
        ratios = ratios == null ? null : List.copyOf(ratios);
    }

    /** One run's figures. */
    public record Figures(double iops, double mibps, double latP99us) {
        /**
         * fio's figures of {@code workload} from its JSON report as the helper handed it over unchanged
         * (FioCommand's options): read IOPS, MiB/s from KiB/s, the 99th percentile of the latency from
         * submission to completion in µs. Anything but exactly one clean job of that name that read
         * something is refused (IllegalArgumentException with why).
         */
        public static Figures ofReport(String report, String workload) {
            JsonObject read;
            try {
                var jobs = JsonParser.parseString(report).getAsJsonObject().getAsJsonArray("jobs");
                JsonObject job = jobs.size() == 1 ? jobs.get(0).getAsJsonObject() : null;
                if (job == null || !job.get("jobname").getAsString().equals(workload) || job.get("error").getAsLong() != 0) {
                    throw new IllegalArgumentException(Messages.text("bench.fio.report.job", workload));
                }
                read = job.getAsJsonObject("read");
                if (read.get("io_kbytes").getAsLong() <= 0 || read.get("runtime").getAsLong() <= 0) {
                    throw new IllegalArgumentException(Messages.text("bench.fio.report.nothing"));
                }
                double p99ns = read.getAsJsonObject("lat_ns").getAsJsonObject("percentile").get("99.000000").getAsDouble();
                return new Figures(read.get("iops").getAsDouble(), read.get("bw").getAsDouble() / 1024.0, p99ns / 1000.0);
            } catch (IllegalStateException | UnsupportedOperationException | NullPointerException | ClassCastException
                     | com.google.gson.JsonParseException | NumberFormatException e) {
                throw new IllegalArgumentException(Messages.text("bench.fio.report.unread"), e);
            }
        }
    }

    /** fio's runtime for a run of Elevator's of {@code seconds}: the same, whole seconds from 1 to FioCommand's MAX_SECONDS. */
    public static int seconds(double elevatorSeconds) {
        return (int) Math.max(1, Math.min(FioCommand.MAX_SECONDS, Math.round(elevatorSeconds)));
    }

    /** FioCommand's vector as a command to copy into a shell: every word is plain (no quoting needed), joined by spaces. */
    public static String shown(List<String> argv) {
        return String.join(" ", argv);
    }

    public static FioComparison commandOnly(String command) {
        return new FioComparison(command, null, null, null, null, null, null, null);
    }

    /** fio's figures {@code fio} beside Elevator's run {@code elevator} of the same workload and scheduler: one pair. */
    public static FioComparison of(String command, Figures fio, RunResult elevator) {
        return ofPairs(command, List.of(fio), List.of(elevator));
    }

    /**
     * fio's turns beside Elevator's, pair by pair ({@code fio.get(i)} ran right after {@code elevator.get(i)}, as
     * long): both sides' figures over all their turns, and the median of the pairs' ratios. A pair where fio
     * measured nothing has no ratio; with none left there is no ratio.
     */
    public static FioComparison ofPairs(String command, List<Figures> fio, List<RunResult> elevator) {
        if (fio.isEmpty() || fio.size() != elevator.size()) throw new IllegalArgumentException("pairs do not match"); // untranslated: a bug
        RunResult ours = RunResult.ofSlices(elevator);
        Metric ranked = Workload.byId(ours.workload()).map(Workload::rankedBy).orElse(Metric.IOPS);
        boolean mibps = ranked == Metric.MIBPS;
        List<Double> ratios = new ArrayList<>();
        double iops = 0, mib = 0, p99 = 0;
        for (int i = 0; i < fio.size(); i++) {
            Figures f = fio.get(i);
            iops += f.iops() / fio.size();
            mib += f.mibps() / fio.size();
            p99 += f.latP99us() / fio.size();
            double theirs = mibps ? f.mibps() : f.iops();
            double mine = mibps ? elevator.get(i).mibps() : elevator.get(i).iops();
            if (theirs > 0 && mine > 0) ratios.add(mine / theirs);
        }
        return new FioComparison(command, iops, mib, p99, new Figures(ours.iops(), ours.mibps(), ours.latP99us()),
                ratios.isEmpty() ? null : RatioSpread.of(ratios).median(), mibps ? Metric.MIBPS.key() : Metric.IOPS.key(),
                ratios.isEmpty() ? null : ratios);
    }

    /** The pairs' ratios' median and spread; null before a check, or in a report from before the pairs. */
    public RatioSpread spread() {
        return ratios == null || ratios.isEmpty() ? null : RatioSpread.of(ratios);
    }

    public boolean checked() {
        return ratio != null;
    }

    /** Elevator's figure of the ratio with its unit: "2,881.0 MiB/s", "31,204 IOPS"; only after a check. */
    public String elevatorText() {
        return text(elevator.iops(), elevator.mibps());
    }

    /** fio's figure of the ratio with its unit; only after a check. */
    public String fioText() {
        return text(iops, mibps);
    }

    private String text(double iops, double mib) {
        if (Metric.MIBPS.key().equals(ratioOf)) return Messages.text("bench.fio.mibps", Numbers.fixed(mib, 1));
        return Messages.text("bench.fio.iops", Numbers.whole(iops));
    }
}
