package io.github.elevator.bench;

import io.github.elevator.text.Numbers;
import io.github.elevator.text.Messages;

import java.util.Locale;

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
        if (Metric.MIBPS.key().equals(ratioOf)) return Messages.text("bench.fio.mibps", Numbers.local(String.format(Locale.ROOT, "%,.1f", mib)));
        return Messages.text("bench.fio.iops", Numbers.local(String.format(Locale.ROOT, "%,.0f", iops)));
    }
}
