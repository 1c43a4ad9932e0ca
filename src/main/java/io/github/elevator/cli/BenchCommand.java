package io.github.elevator.cli;

import io.github.elevator.app.BenchmarkFailedException;
import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.app.BenchmarkListener;
import io.github.elevator.app.BenchmarkMode;
import io.github.elevator.app.BenchmarkRequest;
import io.github.elevator.app.Cancellation;
import io.github.elevator.bench.BenchmarkReport;
import io.github.elevator.bench.Workload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

@Command(name = "bench", description = "Benchmark a device under its current scheduler, or under all of them (--all-schedulers), "
        + "and rank them honestly. Raw-device workloads only read.")
final class BenchCommand implements Callable<Integer> {
    @ParentCommand
    private ElevatorCli parent;

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DEVICE")
    private String device;

    @Option(names = "--workload", paramLabel = "NAME", description = "seq-read, rand-read, rand-read-qd32, small-files, "
            + "read-under-write (repeatable; default: the three raw read workloads).")
    private List<String> workloads = new ArrayList<>();

    @Option(names = "--seconds", defaultValue = "1", description = "Measured seconds per run (default ${DEFAULT-VALUE}).")
    private int seconds;

    @Option(names = "--repeats", description = "Repeats per scheduler (default 3 with --all-schedulers, else 1).")
    private Integer repeats;

    @Option(names = "--all-schedulers", description = "Run under every scheduler the device offers, interleaved, and rank them.")
    private boolean all;

    @Option(names = "--json", description = "Print the report as JSON.")
    private boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<Workload> chosen = new ArrayList<>();
        for (String id : workloads) {
            Workload w = Workload.byId(id).orElse(null);
            if (w == null) {
                err.println("elevator: unknown workload '" + id + "'; choose from " + Workload.ids());
                return 2;
            }
            if (!chosen.contains(w)) chosen.add(w);
        }
        BenchmarkRequest request;
        try {
            // stand-in: the old --seconds/--repeats become a budget until --budget and --margin land
            int runs = repeats != null ? repeats : all ? 3 : 1;
            int budget = Math.max(10, Math.min(1800, seconds * runs * (chosen.isEmpty() ? 3 : chosen.size()) * (all ? 4 : 1) * 2));
            request = new BenchmarkRequest(device, all ? BenchmarkMode.ALL : BenchmarkMode.CURRENT, List.of(),
                    chosen.isEmpty() ? Workload.DEFAULTS : chosen, budget, BenchmarkRequest.DEFAULT_MARGIN);
        } catch (IllegalArgumentException e) {
            err.println("elevator: " + e.getMessage());
            return 2;
        }
        Cancellation cancellation = new Cancellation();
        Thread onCtrlC = new Thread(cancellation::cancel);
        Runtime.getRuntime().addShutdownHook(onCtrlC);
        try {
            BenchmarkReport report = parent.benchmarks().run(request, progressTo(err), cancellation);
            if (json) out.println(BenchmarkHistory.toJson(report));
            else printSummary(report, out);
            out.flush();
            return 0;
        } catch (BenchmarkFailedException e) {
            err.println("elevator: " + e.getMessage());
            return 1;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(onCtrlC);
            } catch (IllegalStateException shuttingDown) {
                // already running
            }
        }
    }

    private BenchmarkListener progressTo(PrintWriter err) {
        return new BenchmarkListener() {
            @Override
            public void started(String original, List<String> schedulers, double estimatedSeconds) {
                err.printf(Locale.ROOT, "Benchmarking %s under %s (about %.0f s); it stays on %s afterwards.%n",
                        device, String.join(", ", schedulers), estimatedSeconds, original);
                err.flush();
            }

            @Override
            public void progress(int done, int total, double secondsLeft, String doing) {
                if (done < total) err.printf(Locale.ROOT, "[%d/%d] %s, %.0f s left%n", done + 1, total, doing, secondsLeft);
                err.flush();
            }
        };
    }

    private static void printSummary(BenchmarkReport report, PrintWriter out) {
        report.ranking().forEach((workload, order) -> {
            out.println(workload + ": " + report.verdict().get(workload));
            out.printf("  %-4s %-12s %12s %12s %10s %10s %7s%n", "rank", "scheduler", "IOPS", "MiB/s", "p50 µs", "p99 µs", "%sys");
            for (int i = 0; i < order.size(); i++) {
                String s = order.get(i);
                BenchmarkReport.SchedulerResult r = report.results().stream()
                        .filter(x -> x.workload().equals(workload) && x.scheduler().equals(s)).findFirst().orElseThrow();
                out.printf(Locale.ROOT, "  %-4d %-12s %12s %12s %10.0f %10.0f %7.1f%n", i + 1, s,
                        pm(r, "iops", "%.0f"), pm(r, "mibps", "%.1f"), r.mean().get("latP50us"), r.mean().get("latP99us"),
                        r.mean().get("sysPct"));
            }
        });
        String winner = report.overallWinner();
        if (winner != null) out.println("Overall: " + winner + " won the most workloads by more than the noise.");
        out.println(report.device() + " is back on " + report.originalScheduler() + ".");
    }

    private static String pm(BenchmarkReport.SchedulerResult r, String key, String format) {
        String mean = String.format(Locale.ROOT, format, r.mean().get(key));
        double ci = r.ci95().get(key);
        return ci > 0 ? mean + "±" + String.format(Locale.ROOT, format, ci) : mean;
    }
}
