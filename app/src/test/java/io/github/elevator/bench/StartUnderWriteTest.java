package io.github.elevator.bench;

import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.report.ReportMode;
import io.github.elevator.bench.design.WorkloadDecision;
import io.github.elevator.bench.design.Preference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.ref.Reference;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * start-under-write without root, in a temporary folder on the disk the tests run on: the
 * application's file set, the drop of its cache checked page by page with mincore, starts timed
 * under the streaming writer, and nothing followed through a symlink.
 */
class StartUnderWriteTest {
    @TempDir
    Path dir;

    @Test
    void theSetIsAFewHundredFilesOfFourToTwoHundredFiftySixKibInSubFoldersTheSameEveryTime() {
        List<AppFiles.File> plan = AppFiles.plan();
        assertTrue(plan.size() >= 200 && plan.size() <= 500, "a few hundred files: " + plan.size());
        assertEquals(plan, AppFiles.plan(), "the same names, sizes and order every time");
        Set<String> names = new HashSet<>();
        Set<String> folders = new HashSet<>();
        for (AppFiles.File f : plan) {
            assertTrue(f.size() >= 4096 && f.size() <= 256 * 1024, f.toString());
            assertTrue(names.add(f.name()), "unique: " + f.name());
            folders.add(f.name().substring(0, f.name().lastIndexOf('/')));
        }
        assertTrue(folders.size() >= 4, "a few sub-folders: " + folders);
        long small = plan.stream().filter(f -> f.size() <= 16 * 1024).count();
        long large = plan.stream().filter(f -> f.size() >= 128 * 1024).count();
        assertTrue(small > plan.size() / 3, "mostly small resources: " + small);
        assertTrue(large >= 10, "and some large libraries: " + large);
        long total = plan.stream().mapToLong(AppFiles.File::size).sum();
        assertTrue(total > 8L << 20 && total < 20L << 20, "about 12 MiB: " + total);
        List<String> sorted = new ArrayList<>(names);
        sorted.sort(null);
        assertNotEquals(sorted, plan.stream().map(AppFiles.File::name).toList(), "read in another order than written");
    }

    @Test
    void layingOutWritesExactlyThePlannedFiles() throws IOException {
        AppFiles files = AppFiles.layOut(dir);
        assertEquals(dir.resolve(AppFiles.FOLDER), files.root());
        List<Path> written;
        try (Stream<Path> walk = Files.walk(files.root())) {
            written = walk.filter(Files::isRegularFile).toList();
        }
        assertEquals(files.readingOrder().size(), written.size());
        for (AppFiles.File f : files.readingOrder()) assertEquals(f.size(), Files.size(files.root().resolve(f.name())), f.name());
        assertThrows(IOException.class, () -> AppFiles.layOut(dir), "never lays out over an existing set");
    }

    @Test
    void aDropLeavesNoPageOfTheSetCachedAndAStartBringsThemBack() throws IOException {
        AppFiles files = AppFiles.layOut(dir);
        long pages = files.readingOrder().stream().mapToLong(f -> (f.size() + PageCache.pageSize() - 1) / PageCache.pageSize()).sum();
        assertTrue(files.readAll(() -> false));
        long warm = files.residentPages();
        assertTrue(warm > pages * 0.9, "read: " + warm + " of " + pages + " pages cached");
        files.dropCaches();
        assertEquals(0, files.residentPages(), "dropped, as mincore sees it");
        assertTrue(files.readAll(() -> false));
        assertTrue(files.residentPages() > pages * 0.9, "a start reads them from the device into the cache again");
    }

    @Test
    void aSetSomeoneKeepsMappedIsNotPassedOffAsCold() throws IOException {
        AppFiles files = AppFiles.layOut(dir);
        List<MappedByteBuffer> maps = new ArrayList<>();
        for (AppFiles.File f : files.readingOrder()) {
            if (!f.name().startsWith("lib/lib")) continue; // mapped pages are what DONTNEED cannot drop
            try (FileChannel ch = FileChannel.open(files.root().resolve(f.name()), StandardOpenOption.READ)) {
                maps.add(ch.map(FileChannel.MapMode.READ_ONLY, 0, f.size()).load());
            }
        }
        IOException e = assertThrows(IOException.class, files::dropCaches);
        assertTrue(e.getMessage().contains("stayed in the page cache"), e.getMessage());
        Reference.reachabilityFence(maps);
    }

    @Test
    void aSymlinkPutInPlaceOfAFileIsNeitherReadNorDroppedThrough() throws IOException {
        AppFiles files = AppFiles.layOut(dir);
        AppFiles.File victim = files.readingOrder().get(files.readingOrder().size() / 2);
        Path outside = Files.createDirectory(dir.resolve("outside")).resolve("secret");
        byte[] secret = new byte[victim.size()];
        Files.write(outside, secret);
        Path link = files.root().resolve(victim.name());
        Files.delete(link);
        Files.createSymbolicLink(link, outside);
        assertThrows(IOException.class, () -> files.readAll(() -> false));
        IOException drop = assertThrows(IOException.class, files::dropCaches);
        assertTrue(drop.getMessage().contains(victim.name()), drop.getMessage());
        assertTrue(Files.isSymbolicLink(link));
        assertArrayEquals(secret, Files.readAllBytes(outside));
    }

    @Test
    void aRunTimesStartsUnderTheWriterAndKeepsTheSetForTheNextRun() throws Exception {
        StartUnderWrite startUp = StartUnderWrite.layOut(dir, WriteAllowance.standard());
        List<Sample> samples = new ArrayList<>();
        for (int run = 0; run < 2; run++) {
            RunResult r = new TimedRun("no-such-device", Path.of("/proc")).runFixed("none", Workload.START_UNDER_WRITE, run, "files",
                    startUp.starts(3), samples::add, () -> false);
            assertEquals(3, Math.round(r.iops() * r.seconds()), "exactly its three starts: " + r);
            double ms = Metric.START_MS.of(r);
            assertTrue(ms > 0 && ms * 1000 <= r.latP99us(), "the median start, in ms: " + r);
            assertEquals(startUp.files().totalBytes() * r.iops(), r.mibps() * (1 << 20), r.mibps() * (1 << 20) * 1e-6,
                    "every start reads the whole set");
            assertFalse(Files.exists(dir.resolve("stream.bin")), "the writer's file is removed after each run");
            assertEquals(startUp.files().readingOrder().size(), countFiles(startUp.files().root()), "the set stays for the next run");
        }
        assertFalse(samples.isEmpty());
    }

    /** Unpaced, its writer wrote about 200 GB in a 60 s sweep of a RAM-backed device; now it keeps read-under-write's pace. */
    @Test
    void itsWriterKeepsReadUnderWritesPace() throws Exception {
        WriteAllowance allowance = WriteAllowance.standard();
        StartUnderWrite startUp = StartUnderWrite.layOut(dir, allowance);
        long start = System.nanoTime();
        new TimedRun("no-such-device", Path.of("/proc")).runFixed("none", Workload.START_UNDER_WRITE, 0, "files", startUp.starts(40),
                s -> { }, () -> false);
        double seconds = (System.nanoTime() - start) / 1e9;
        // the pace over the run, and the catching up after a stall it allows (8 MiB) twice over
        double most = WriteAllowance.BYTES_PER_SECOND * seconds + 16.0 * (1 << 20);
        assertTrue(allowance.spent() > 0, "the writer wrote");
        assertTrue(allowance.spent() <= most, allowance.spent() / (1 << 20) + " MiB in " + seconds + " s, at most " + most / (1 << 20));
    }

    /** Issue 29: its writers spend an allowance; a run whose writer reached what was left before its starts ended says so. */
    @Test
    void aRunWhoseWriterRanOutOfItsAllowanceIsNotUnderWrite() throws Exception {
        WriteAllowance small = new WriteAllowance(4L << 20, 64L << 20);
        StartUnderWrite startUp = StartUnderWrite.layOut(dir, small);
        new TimedRun("no-such-device", Path.of("/proc")).runFixed("none", Workload.START_UNDER_WRITE, 0, "files", startUp.starts(40),
                s -> { }, () -> false);
        assertEquals(4L << 20, small.spent(), "the writer wrote what was left and not a chunk more");
        assertFalse(startUp.lastRunUnderWrite(), "40 starts outlast 4 MiB at 64 MiB/s");

        WriteAllowance plenty = new WriteAllowance(1L << 30, 64L << 20);
        StartUnderWrite underWrite = StartUnderWrite.layOut(Files.createDirectory(dir.resolve("plenty")), plenty);
        new TimedRun("no-such-device", Path.of("/proc")).runFixed("none", Workload.START_UNDER_WRITE, 0, "files", underWrite.starts(2),
                s -> { }, () -> false);
        assertTrue(underWrite.lastRunUnderWrite(), "the writer wrote through both starts");
        assertTrue(plenty.spent() > 0 && plenty.spent() < plenty.total(), plenty.spent() + " B spent");
    }

    @Test
    void aCancelStopsTheStartsMidway() throws Exception {
        StartUnderWrite startUp = StartUnderWrite.layOut(dir, WriteAllowance.standard());
        AtomicLong cancelAt = new AtomicLong(System.nanoTime() + 300_000_000L);
        assertThrows(TimedRun.CancelledException.class, () -> new TimedRun("no-such-device", Path.of("/proc"))
                .runFixed("none", Workload.START_UNDER_WRITE, 0, "files", startUp.starts(100_000),
                        s -> { }, () -> System.nanoTime() > cancelAt.get()));
        assertFalse(Files.exists(dir.resolve("stream.bin")));
    }

    @Test
    void theScratchFolderGoesWithTheSetInIt() throws IOException {
        Scratch scratch = Scratch.create(dir);
        StartUnderWrite.layOut(scratch.dir(), WriteAllowance.standard());
        scratch.close();
        assertFalse(Files.exists(scratch.dir(), LinkOption.NOFOLLOW_LINKS));
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(), left.toList());
        }
    }

    @Test
    void startsAreRankedShortestFirstInTheirOwnUnitAndOnlyThere() {
        assertFalse(Metric.START_MS.higherIsBetter());
        assertEquals(Metric.START_MS, Workload.START_UNDER_WRITE.rankedBy());
        assertFalse(Workload.START_UNDER_WRITE.raw());
        assertFalse(Workload.DEFAULTS.contains(Workload.START_UNDER_WRITE));
        List<RunResult> runs = List.of(start("bfq", 740), start("none", 2100), start("bfq", 760), start("none", 2200),
                new RunResult("none", "rand-read", 1, 1, 30000, 117, 30, 90, 20, 1, 5, "psync"));
        BenchmarkReport report = BenchmarkReport.of(ReportMode.SWEEP, "loop0", "none", "now", Map.of(), runs,
                Map.<String, WorkloadDecision>of(), List.of(), 60, Map.of(), Preference.NONE, null);
        assertEquals(List.of("bfq", "none"), report.ranking().get("start-under-write"));
        BenchmarkReport.SchedulerResult bfq = report.results().stream()
                .filter(r -> r.workload().equals("start-under-write") && r.scheduler().equals("bfq")).findFirst().orElseThrow();
        assertEquals(750, bfq.mean().get("startMs"), 1e-9);
        BenchmarkReport.SchedulerResult read = report.results().stream()
                .filter(r -> r.workload().equals("rand-read")).findFirst().orElseThrow();
        assertFalse(read.mean().containsKey("startMs"), "a start time means nothing for other workloads");
    }

    private static RunResult start(String scheduler, double ms) {
        return new RunResult(scheduler, "start-under-write", 1, 3, 1000 / ms, 12 * 1000 / ms, ms * 1000, ms * 1100, 10, 40, 0, "files");
    }

    private static long countFiles(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).count();
        }
    }
}
