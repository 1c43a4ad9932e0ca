package io.github.elevator.bench;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.github.elevator.text.Numbers;
import io.github.elevator.text.Messages;

import java.util.List;

/**
 * fio beside Elevator for one raw read workload on one scheduler: the fio command that does the
 * same reads (always, so a person can run it), and after a check with fio its figures, the
 * figures of Elevator's run right before it on the same scheduler in the same session, and the
 * ratio of Elevator's to fio's on the workload's ranked figure. The figures are null when fio did
 * not run.
 *
 * @param ratioOf the figure of the ratio: "iops" or "mibps"
 */
public record FioComparison(String command, Double iops, Double mibps, Double latP99us, Figures elevator, Double ratio,
                            String ratioOf) {

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
        return new FioComparison(command, null, null, null, null, null, null);
    }

    /** fio's figures {@code fio} beside Elevator's run {@code elevator} of the same workload and scheduler. */
    public static FioComparison of(String command, Figures fio, RunResult elevator) {
        Metric ranked = Workload.byId(elevator.workload()).map(Workload::rankedBy).orElse(Metric.IOPS);
        boolean mibps = ranked == Metric.MIBPS;
        double theirs = mibps ? fio.mibps() : fio.iops();
        double ours = mibps ? elevator.mibps() : elevator.iops();
        return new FioComparison(command, fio.iops(), fio.mibps(), fio.latP99us(),
                new Figures(elevator.iops(), elevator.mibps(), elevator.latP99us()), theirs > 0 ? ours / theirs : null,
                mibps ? Metric.MIBPS.key() : Metric.IOPS.key());
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
