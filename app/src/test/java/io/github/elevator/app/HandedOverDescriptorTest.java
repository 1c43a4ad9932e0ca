package io.github.elevator.app;

import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Sample;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.sweep.BenchmarkListener;
import io.github.elevator.bench.sweep.Cancellation;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.privilege.SessionReads;
import io.github.elevator.testing.Fixtures;
import io.github.elevator.testing.Scripts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The descriptor a benchmark reads through is closed before the service says the benchmark is
 * over, whichever way it ends: at the end, on a cancel, and on every failure (the helper killed,
 * a switch refused, a read failing), for a comparison and a quick benchmark alike. The descriptor
 * here is a file this test opens, held by the session's reads as the real one is; this process's
 * open descriptors of it are counted in /proc/self/fd (the root integration test counts those of
 * a real loop device).
 */
class HandedOverDescriptorTest {
    @TempDir
    Path dir;

    private Path device;
    /** The reads fail at this call of measure or read; 0: never. */
    private int failingRead;
    /** Counted while the benchmark ran: the reads held the device then. */
    private int heldDuring;

    private BenchmarkService service(String session) throws IOException {
        device = Files.writeString(dir.resolve("sdc"), "the device's bytes");
        Path helper = Scripts.executable(dir, "helper.sh", "CALLS='" + dir.resolve("calls") + "'\n" + session);
        HelperRunner runner = new HelperRunner(helper, true, (running, ready) -> new FileReads(device, failingRead));
        return new BenchmarkService(new BlockDeviceScanner(Fixtures.workstation()), runner, new HeldDevices(dir, runner),
                new BenchmarkHistory(dir.resolve("history")));
    }

    /** The service test's session on sdc, which at its n-th switch first runs {@code kill}, then {@code refuse}. */
    private static String session(String kill, String refuse) {
        return BenchmarkServiceTest.SESSION.replace("switch) echo", "switch) n=$((n + 1)); " + kill + "; " + refuse + "; echo");
    }

    private static final String NORMAL = session(":", ":");

    /** This process's descriptors open on the device file. */
    private long open() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.filter(fd -> {
                try {
                    return Files.readSymbolicLink(fd).equals(device);
                } catch (IOException gone) {
                    return false; // the listing's own descriptor, closed by now
                }
            }).count();
        }
    }

    private BenchmarkListener counting(Cancellation cancelOnProgress) {
        return new BenchmarkListener() {
            @Override
            public void started(String originalScheduler, List<String> slots, double seconds) {
                look();
            }

            @Override
            public void progress(double fraction, double secondsLeft, String doing) {
                look();
                if (cancelOnProgress != null) cancelOnProgress.cancel();
            }

            // at the start too: a switch refused before the first progress still finds the descriptor held
            private void look() {
                try {
                    heldDuring = (int) Math.max(heldDuring, open());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
    }

    private static BenchmarkRequest sweep() {
        return new BenchmarkRequest("sdc", BenchmarkMode.ALL, List.of(), List.of(Workload.RAND_READ), 10, 0.03);
    }

    private static BenchmarkRequest quick() {
        return new BenchmarkRequest("sdc", BenchmarkMode.CURRENT, List.of(), List.of(Workload.RAND_READ), 10, 0.03);
    }

    @Test
    void atTheEnd() throws Exception {
        BenchmarkRequest quick = quick();
        for (BenchmarkRequest request : List.of(sweep(), quick)) {
            BenchmarkReport report = service(NORMAL).run(request, counting(null), new Cancellation());
            assertEquals("mq-deadline", report.originalScheduler());
            assertEquals(request == quick ? io.github.elevator.bench.report.ReportMode.QUICK : io.github.elevator.bench.report.ReportMode.SWEEP, report.mode());
            assertEquals(1, heldDuring, "held once while it ran");
            assertEquals(0, open(), "closed when the report came back");
        }
    }

    @Test
    void onACancel() throws Exception {
        for (BenchmarkRequest request : List.of(sweep(), quick())) {
            Cancellation cancellation = new Cancellation();
            BenchmarkFailedException e = assertThrows(BenchmarkFailedException.class,
                    () -> service(NORMAL).run(request, counting(cancellation), cancellation));
            assertEquals(request.mode() == BenchmarkMode.CURRENT ? "Cancelled; sdc is still on mq-deadline." : "Cancelled; sdc is back on mq-deadline.",
                    e.getMessage(), "a quick benchmark switches nothing");
            assertEquals(1, heldDuring);
            assertEquals(0, open());
        }
    }

    @Test
    void whenTheHelperIsKilled() throws Exception {
        BenchmarkFailedException e = assertThrows(BenchmarkFailedException.class,
                () -> service(session("if [ $n -eq 3 ]; then kill -9 $$; fi", ":")).run(sweep(), counting(null), new Cancellation()));
        assertTrue(e.getMessage().startsWith("The benchmark of sdc did not complete: the helper stopped"), e.getMessage());
        assertEquals(1, heldDuring);
        assertEquals(0, open());
    }

    @Test
    void whenASwitchIsRefused() throws Exception {
        String refuse = "if [ $n -eq 2 ]; then echo '{\"type\":\"refused\",\"message\":\"not now\"}'; continue; fi";
        BenchmarkFailedException e = assertThrows(BenchmarkFailedException.class,
                () -> service(session(":", refuse)).run(sweep(), counting(null), new Cancellation()));
        assertTrue(e.getMessage().contains("not now") && e.getMessage().endsWith("sdc is back on mq-deadline."), e.getMessage());
        assertEquals(1, heldDuring);
        assertEquals(0, open());
    }

    @Test
    void whenAReadFails() throws Exception {
        for (BenchmarkRequest request : List.of(sweep(), quick())) {
            failingRead = request.mode() == BenchmarkMode.ALL ? 3 : 1; // the quick benchmark of rand-read reads once
            BenchmarkFailedException e = assertThrows(BenchmarkFailedException.class,
                    () -> service(NORMAL).run(request, counting(null), new Cancellation()));
            assertTrue(e.getMessage().contains("the read failed"), e.getMessage());
            assertEquals(1, heldDuring);
            assertEquals(0, open());
        }
    }

    /** A session's reads that hold {@code device} open, as the real ones hold the descriptor handed over, until closed. */
    private static final class FileReads implements SessionReads {
        private final FileChannel held;
        private final int failAt;
        private int reads;

        FileReads(Path device, int failAt) throws IOException {
            this.held = FileChannel.open(device, StandardOpenOption.READ);
            this.failAt = failAt;
        }

        @Override
        public Map<String, String> engines() {
            return Map.of("rand-read", "psync");
        }

        @Override
        public RunResult read(String scheduler, Workload workload, double seconds, Consumer<Sample> samples, BooleanSupplier stop)
                throws IOException {
            return result(scheduler, workload.id(), seconds);
        }

        @Override
        public void load(Workload workload) {
            // the load is the slices below
        }

        @Override
        public RunResult measure(String scheduler, double seconds, BooleanSupplier stop) throws IOException {
            return result(scheduler, "rand-read", seconds);
        }

        private RunResult result(String scheduler, String workload, double seconds) throws IOException {
            if (!held.isOpen()) throw new IOException("read after the close");
            if (++reads == failAt) throw new IOException("the read failed");
            return new RunResult(scheduler, workload, 0, seconds, scheduler.equals("none") ? 300 + reads % 3 : 200 + reads % 2,
                    1, 10, 20, 5, 0, 4, "psync");
        }

        @Override
        public void stopLoad() {
            // nothing keeps running
        }

        @Override
        public void close() {
            try {
                held.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
