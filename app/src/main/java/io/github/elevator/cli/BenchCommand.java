package io.github.elevator.cli;

import io.github.elevator.bench.wording.ReportWords;
import io.github.elevator.bench.wording.DecisionWords;
import io.github.elevator.app.BenchmarkFailedException;
import io.github.elevator.app.BenchmarkMode;
import io.github.elevator.app.BenchmarkRequest;
import io.github.elevator.bench.sweep.Cancellation;
import io.github.elevator.app.QuickBenchmark;
import io.github.elevator.app.QuickFigures;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.Metric;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.design.Figure;
import io.github.elevator.bench.design.PairVerdict;
import io.github.elevator.bench.design.WorkloadDecision;
import io.github.elevator.text.LocalTimes;
import io.github.elevator.text.Messages;
import io.github.elevator.text.Numbers;
import io.github.elevator.protocol.Printable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

// its own exit codes: elevator.bench.usage.exitCodeList in cli.properties
@Command(name = "bench", mixinStandardHelpOptions = true)
public final class BenchCommand implements Callable<Integer> {
    @ParentCommand
    private ElevatorCli parent;

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "${bundle:label.device}", descriptionKey = "bench.device")
    private String device;

    @Option(names = "--workload", paramLabel = "${bundle:label.workload}", descriptionKey = "bench.workload")
    private List<String> workloads = new ArrayList<>();

    @Option(names = "--all-schedulers", descriptionKey = "bench.all-schedulers")
    private boolean all;

    @Option(names = "--schedulers", split = ",", paramLabel = "${bundle:label.schedulers}", descriptionKey = "bench.schedulers")
    private List<String> schedulers = new ArrayList<>();

    @Option(names = "--noise-check", descriptionKey = "bench.noise-check")
    private boolean noiseCheck;

    @Option(names = "--budget", paramLabel = "${bundle:label.seconds}", descriptionKey = "bench.budget", converter = WholeSeconds.class)
    private Long budget;

    /** A budget as typed: any whole number (its range is the request's to say), else the range in words. */
    static final class WholeSeconds implements picocli.CommandLine.ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            if (!value.matches("-?[0-9]{1,18}")) {
                throw new picocli.CommandLine.TypeConversionException(Messages.text("cli.bench.budget-not-number", Messages.text("app.request.budget",
                        io.github.elevator.app.BenchmarkRequest.MIN_BUDGET, io.github.elevator.app.BenchmarkRequest.MAX_BUDGET),
                        io.github.elevator.protocol.Printable.quoted(value)));
            }
            return Long.parseLong(value);
        }
    }

    @Option(names = "--margin", paramLabel = "${bundle:label.percent}", defaultValue = "3", descriptionKey = "bench.margin")
    private double marginPercent;

    // the text names FioCommand.FIO, the path the helper runs (CliHelpTextsTest holds them together)
    @Option(names = "--fio", descriptionKey = "bench.fio")
    private boolean fio;

    @Option(names = "--json", descriptionKey = "bench.json")
    private boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<Workload> chosen = new ArrayList<>();
        for (String id : workloads) {
            Workload w = Workload.byId(id).orElse(null);
            if (w == null) {
                err.println(Messages.text("cli.bench.unknown-workload", Printable.quoted(id), Workload.ids()));
                return ExitCode.COMMAND_LINE.code;
            }
            if (!chosen.contains(w)) chosen.add(w);
        }
        boolean listed = spec.commandLine().getParseResult().hasMatchedOption("--schedulers");
        BenchmarkMode mode = noiseCheck ? BenchmarkMode.NOISE_CHECK : all || listed ? BenchmarkMode.ALL : BenchmarkMode.CURRENT;
        if (noiseCheck && (all || listed)) {
            err.println(Messages.text("cli.bench.noise-check-with-comparison"));
            return ExitCode.COMMAND_LINE.code;
        }
        if (noiseCheck && fio) {
            err.println(Messages.text("cli.bench.noise-check-with-fio"));
            return ExitCode.COMMAND_LINE.code;
        }
        if (all && listed) {
            err.println(Messages.text("cli.bench.all-and-listed"));
            return ExitCode.COMMAND_LINE.code;
        }
        if (listed && schedulers.stream().allMatch(String::isBlank)) {
            err.println(Messages.text("cli.bench.no-scheduler-listed"));
            return ExitCode.COMMAND_LINE.code;
        }
        String name = io.github.elevator.app.SchedulerService.deviceName(device);
        BenchmarkRequest request;
        try {
            BenchmarkRequest defaults = BenchmarkRequest.defaults(name, mode);
            request = new BenchmarkRequest(name, mode, schedulers, chosen.isEmpty() ? parent.benchmarks().defaultWorkloads(name) : chosen,
                    budget != null ? (int) Math.max(Integer.MIN_VALUE, Math.min(budget, Integer.MAX_VALUE)) : defaults.budgetSeconds(),
                    marginPercent / 100, fio);
        } catch (IllegalArgumentException e) {
            err.println(Messages.text("cli.error", e.getMessage()));
            return ExitCode.COMMAND_LINE.code;
        }
        Optional<String> tooShort = parent.benchmarks().budgetTooShort(request);
        if (tooShort.isPresent()) {
            err.println(Messages.text("cli.error", tooShort.get()));
            return ExitCode.COMMAND_LINE.code;
        }
        parent.benchmarks().writePlan(name, request.workloads()).ifPresent(plan -> {
            err.println(plan);
            err.flush();
        });
        Cancellation cancellation = new Cancellation();
        BenchProgress progress = BenchProgress.forStandardError(err, device);
        Runnable stop = () -> {
            cancellation.cancel();
            progress.done();
            err.println(Messages.text("cli.bench.stopping"));
            err.flush();
        };
        java.util.concurrent.CountDownLatch ended = new java.util.concurrent.CountDownLatch(1);
        Thread onExit = new Thread(() -> {
            // a signal the handlers below did not take (SIGHUP): the benchmark still ends its session
            stop.run();
            try {
                ended.await(20, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Runtime.getRuntime().addShutdownHook(onExit);
        try (StopSignals signals = new StopSignals(stop)) {
            BenchmarkReport report = parent.benchmarks().run(request, progress, cancellation);
            progress.done();
            if (json) out.println(io.github.elevator.app.ReportFiles.json(report));
            else if (QuickBenchmark.isQuick(report)) printQuick(report, out);
            else printSummary(report, out);
            out.flush();
            return progress.reportNotKept() ? ExitCode.NOT_KEPT.code : ExitCode.DONE.code;
        } catch (BenchmarkFailedException e) {
            progress.done();
            err.println(Messages.text("cli.error", e.getMessage()));
            err.flush();
            return ExitCode.FAILED.code;
        } finally {
            ended.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(onExit);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs while this returns
            }
        }
    }

    /** The report as {@code elevator bench} prints it without --json. */
    public static String summary(BenchmarkReport report) {
        java.io.StringWriter text = new java.io.StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            printSummary(report, out);
        }
        return text.toString();
    }

    /** The line about other programs' load, when the machine was busy enough to matter. */
    private static void printBusy(BenchmarkReport report, PrintWriter out) {
        String busy = report.otherLoad() == null ? null : report.otherLoad().sentence(report.device());
        if (busy != null) out.println(busy);
    }

    /** The quick benchmark's three figures, each compared with the device's previous quick benchmark when there is one. */
    private void printQuick(BenchmarkReport report, PrintWriter out) {
        BenchmarkReport previous = null;
        try {
            io.github.elevator.app.BenchmarkHistory.Listing past = parent.benchmarks().history().list(report.device());
            previous = QuickBenchmark.previous(past.reports(), report).orElse(null);
            if (!past.unreadable().isEmpty()) {
                out.println(Messages.count("cli.bench.history-skipped", past.unreadable().size(), String.join(", ", past.unreadable())));
            }
        } catch (java.io.IOException e) {
            out.println(Messages.text("cli.bench.previous-unreadable", e.getMessage()));
        }
        List<String[]> rows = new ArrayList<>();
        for (QuickFigures f : QuickFigures.of(report, previous)) {
            rows.add(new String[] {f.title(), f.mibpsText(), f.iopsText(), f.p99Text(), f.changeText(r -> LocalTimes.of(r.finishedAt()))});
        }
        Columns.print(rows, out, "");
        report.skipped().forEach((w, why) -> out.println(Messages.text("cli.bench.skipped", w, why)));
        FioLines.printIfChecked(report, out);
        String scheduler = report.runs().get(0).scheduler();
        out.println(Messages.text("cli.bench.quick.measured-on", scheduler, report.device()));
        printBusy(report, out);
    }

    private static void printSummary(BenchmarkReport report, PrintWriter out) {
        report.ranking().forEach((workload, order) -> {
            Metric ranked = Workload.byId(workload).map(Workload::rankedBy).orElse(Metric.IOPS);
            WorkloadDecision d = report.decisions().get(workload);
            out.println(Messages.text("cli.bench.ranked", workload, ranked.label(), ReportWords.verdict(report, workload)));
            if (d != null) {
                for (PairVerdict p : d.pairs()) out.println("  " + DecisionWords.sentence(d, p));
                if (d.noiseFloor() != null) {
                    out.println("  " + Messages.text("cli.bench.noise-floor", Numbers.fixed(d.noiseFloor() * 100, 1)));
                }
            }
            List<String[]> rows = new ArrayList<>();
            boolean starts = ranked == Metric.START_MS; // its operations are whole starts
            rows.add(header(ranked, starts));
            for (int i = 0; i < order.size(); i++) {
                String s = order.get(i);
                BenchmarkReport.SchedulerResult r = report.results().stream()
                        .filter(x -> x.workload().equals(workload) && x.scheduler().equals(s)).findFirst().orElseThrow();
                Figure f = d == null ? null : d.figures().stream().filter(x -> x.scheduler().equals(s)).findFirst().orElse(null);
                String standing = f == null ? "-" : s.equals(d.recommendation()) ? Messages.text("cli.bench.standing.recommended")
                        : f.leader() ? Messages.text("cli.bench.standing.leader") : Messages.text("cli.bench.standing.behind");
                String blocks = f == null ? Integer.toString(r.runs()) : Integer.toString(f.blocks());
                String value = f == null || Double.isNaN(f.value()) ? "-" : Numbers.fixed(f.value(), starts || ranked == Metric.MIBPS ? 1 : 0);
                rows.add(starts ? new String[] {Integer.toString(i + 1), s, standing, blocks, value,
                        pm(r, "iops", 1), pm(r, "mibps", 1), pm(r, "latP99us", 0.001, 1), pm(r, "sysPct", 1)}
                        : new String[] {Integer.toString(i + 1), s, standing, blocks, value, pm(r, "iops", 0),
                        pm(r, "mibps", 1), pm(r, "latP50us", 0), pm(r, "latP99us", 0), pm(r, "sysPct", 1),
                        pm(r, "cpuUsPerIo", 2)});
            }
            Columns.print(rows, out, "  ");
        });
        report.skipped().forEach((w, why) -> out.println(Messages.text("cli.bench.skipped", w, why)));
        out.println(Messages.count("cli.bench.blocks-in-budget", report.blocks(), Numbers.whole(report.budgetSeconds())));
        FioLines.printIfChecked(report, out);
        printBusy(report, out);
        List<io.github.elevator.bench.OutsideSwitch> spoiled = report.outsideSwitches();
        if (!spoiled.isEmpty()) {
            io.github.elevator.bench.OutsideSwitch first = spoiled.get(0);
            out.println(Messages.count("cli.bench.outside-switch", spoiled.size(), report.device(), first.found(),
                    Messages.text("app.sweep.block", first.workload(), first.slot(), first.block())));
        }
        out.println(Messages.text("cli.bench.back-on", report.device(), report.originalScheduler()));
        // how long it would take comes before the verdict, which stays the last line
        BenchVerdict.longer(report).forEach(out::println);
        out.println(BenchVerdict.line(report));
    }

    /** The table's first row: the words translated, the units as they are. */
    private static String[] header(Metric ranked, boolean starts) {
        String[] named = {Messages.text("cli.bench.column.rank"), Messages.text("cli.bench.column.scheduler"),
                Messages.text("cli.bench.column.standing"), Messages.text("cli.bench.column.blocks"),
                Messages.text("cli.bench.column.geometric-mean", ranked.label())};
        String mibps = "MiB/s"; // untranslated: a unit
        String[] figures = starts ? new String[] {Messages.text("cli.bench.column.starts"), mibps, Messages.text("cli.bench.column.slowest"), "%sys"}
                : new String[] {"IOPS", mibps, "p50 µs", "p99 µs", "%sys", "CPU µs/IO"}; // untranslated: units
        String[] all = java.util.Arrays.copyOf(named, named.length + figures.length);
        System.arraycopy(figures, 0, all, named.length, figures.length);
        return all;
    }

    private static String pm(BenchmarkReport.SchedulerResult r, String key, int decimals) {
        return pm(r, key, 1, decimals);
    }

    /** Mean ± 95 % interval of one figure, times {@code scale} (to show µs as ms). */
    private static String pm(BenchmarkReport.SchedulerResult r, String key, double scale, int decimals) {
        Double mean = r.mean().get(key);
        if (mean == null || mean.isNaN()) return "-";
        String shown = Numbers.fixed(mean * scale, decimals);
        double ci = r.ci95().get(key) * scale;
        return ci > 0 ? shown + " ± " + Numbers.fixed(ci, decimals) : shown;
    }
}
