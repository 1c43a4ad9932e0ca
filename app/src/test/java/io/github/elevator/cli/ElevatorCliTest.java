package io.github.elevator.cli;

import com.google.gson.JsonParser;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ElevatorCliTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        ElevatorCli cli = new ElevatorCli(() -> new SchedulerService(
                new BlockDeviceScanner(Fixtures.workstation()), new HelperRunner(Path.of("/nonexistent/helper"), true)),
                () -> { throw new AssertionError("no benchmark in these tests"); });
        return cli.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void listJsonHasTheDocumentedFieldsAndOneWordForKind() throws Exception {
        assertEquals(0, run("list", "--json"));
        var expected = JsonParser.parseString(Files.readString(Fixtures.workstation().resolve("EXPECTED.json"))).getAsJsonArray();
        var printed = JsonParser.parseString(out.toString()).getAsJsonArray();
        assertEquals(expected.size(), printed.size());
        java.util.Map<String, com.google.gson.JsonElement> byName = new java.util.HashMap<>();
        expected.forEach(e -> byName.put(e.getAsJsonObject().get("name").getAsString(), e));
        List<String> names = new java.util.ArrayList<>();
        for (int i = 0; i < printed.size(); i++) {
            var device = printed.get(i).getAsJsonObject();
            names.add(device.get("name").getAsString());
            assertEquals(device.get("transport"), device.get("kind"), "kind, and transport kept as its alias");
            assertTrue(device.remove("type").getAsString().matches("(rotational|solid-state)(,removable)?(,read-only)?"));
            device.remove("kind");
            assertEquals(byName.get(device.get("name").getAsString()), device);
        }
        assertEquals("nvme0n1", names.get(0), "the window's order: the disks first " + names);
        assertTrue(names.indexOf("loop0") > names.indexOf("sdc"), "loop devices after the disks: " + names);
    }

    /** As "elevator list --json > /dev/full" and "elevator list >&-": what could not be written is a failure, in one line. */
    @Test
    void anOutputThatCannotBeWrittenIsAFailureSaidOnce() {
        java.io.OutputStream full = new java.io.OutputStream() {
            @Override
            public void write(int b) throws java.io.IOException {
                throw new java.io.IOException("No space left on device");
            }
        };
        ElevatorCli cli = new ElevatorCli(() -> new SchedulerService(
                new BlockDeviceScanner(Fixtures.workstation()), new HelperRunner(Path.of("/nonexistent/helper"), true)),
                () -> { throw new AssertionError("no benchmark in these tests"); });
        for (String[] args : new String[][] {{"list", "--json"}, {"list"}, {"--version"}}) {
            StringWriter said = new StringWriter();
            assertEquals(1, cli.execute(args, new PrintWriter(full, true), new PrintWriter(said, true)), String.join(" ", args));
            assertEquals("elevator: the output could not be written in full (standard output is closed, or its disk is full).\n",
                    said.toString(), String.join(" ", args));
        }
    }

    @Test
    void listTableHasTheWindowsColumnsAndTheActiveSchedulerInBrackets() {
        assertEquals(0, run("list"));
        String table = out.toString();
        assertTrue(table.startsWith("DEVICE     MODEL                          SIZE  KIND    TYPE                  MOUNTED AT           SCHEDULERS\n"), table);
        assertTrue(table.contains("sdc        Cruzer Blade               14.9 GiB  usb     rotational,removable  /media/alex/CRUZER   none [mq-deadline] kyber bfq"), table);
        assertTrue(table.contains("nvme0n1    Samsung SSD 980 PRO 1TB     932 GiB  nvme    solid-state           /boot,/boot/efi      [none] mq-deadline kyber bfq"), table);
        assertTrue(table.contains("zram0      -                          8.00 GiB  other   solid-state           -                    no scheduler"), table);
        assertTrue(table.contains("loop0      …alex/images/scratch.img   64.0 MiB"), "a loop device's file, cut at the front: " + table);
        assertTrue(table.indexOf("\nsdc ") < table.indexOf("\nloop0 ") && table.indexOf("\nmd0 ") < table.indexOf("\nloop0 "),
                "the window's order: disks, then what software builds: " + table);
    }

    @Test
    void helpOnEverySubcommandExitsZero() {
        for (String[] args : new String[][] {{"--help"}, {"list", "--help"}, {"set", "--help"}, {"bench", "--help"}, {"rules", "--help"},
                {"rules", "list", "--help"}, {"rules", "set", "--help"}, {"rules", "remove", "--help"}, {"rules", "export", "--help"}}) {
            out.getBuffer().setLength(0);
            assertEquals(0, run(args), String.join(" ", args) + ": " + err);
            assertTrue(out.toString().startsWith("Usage: elevator"), String.join(" ", args) + ": " + out);
        }
        assertTrue(out.toString().isEmpty() || err.toString().isEmpty(), err.toString());
    }

    @Test
    void theExitCodesAreDocumentedInTheHelp() {
        assertEquals(0, run("--help"));
        assertTrue(out.toString().contains("Exit codes:") && out.toString().contains("2   the command line itself is wrong"), out.toString());
    }

    @Test
    void theVersionComesFromTheBuild() {
        assertEquals(0, run("--version"));
        assertTrue(out.toString().matches("Elevator \\d+\\.\\d+\\.\\d+.*\n"), out.toString());
    }

    @Test
    void setTakesADeviceByItsDevPathToo() {
        assertEquals(0, run("set", "/dev/sdb", "bfq"));
        assertEquals("sdb: none mq-deadline kyber [bfq]\n", out.toString());
    }

    @Test
    void setWithHostileInputFailsWithOneLine() {
        assertEquals(1, run("set", "../vda", "bfq"));
        assertEquals("elevator: There is no block device named '../vda'.\n", err.toString());
        assertEquals("", out.toString());
    }

    /** A mistyped command line: one line that says what, one that says where to read on, exit 2; never the whole usage. */
    @Test
    void aCommandLineErrorIsOneLineAndAHint() {
        for (String[] args : new String[][] {{"--frobnicate"}, {"bench", "sdc", "--budget", "abc"}, {"bench"}, {"set", "sdb"}}) {
            err.getBuffer().setLength(0);
            assertEquals(2, run(args), String.join(" ", args));
            List<String> lines = err.toString().lines().toList();
            assertEquals(2, lines.size(), err.toString());
            assertTrue(lines.get(0).startsWith("elevator: "), lines.get(0));
            assertTrue(lines.get(1).matches("See 'elevator( [a-z]+)? --help'\\."), lines.get(1));
        }
        err.getBuffer().setLength(0);
        run("bench", "sdc", "--budget", "abc");
        assertTrue(err.toString().contains("the budget must be from 10 to 1800 seconds, not 'abc'"), err.toString());
    }

    private static final HelperRunner NO_HELPER = new HelperRunner(Path.of("/nonexistent/helper"), true);
    private final BlockDeviceScanner benchmarksScanner = new BlockDeviceScanner(Fixtures.workstation());

    /** The benchmark service on the workstation's devices, with no helper: what is refused is refused before any is started. */
    private io.github.elevator.app.BenchmarkService benchmarks(Path dir) {
        return new io.github.elevator.app.BenchmarkService(benchmarksScanner, NO_HELPER, new io.github.elevator.app.HeldDevices(dir, NO_HELPER),
                new io.github.elevator.app.BenchmarkHistory(dir.resolve("history")));
    }

    /** A budget too short for the blocks a comparison is judged on: one line with the shortest that can answer, exit 2, before any password prompt. */
    @Test
    void aBudgetThatCannotAnswerIsRefusedWithTheShortestThatCan(@TempDir Path dir) {
        io.github.elevator.app.BenchmarkService benchmarks = benchmarks(dir);
        ElevatorCli cli = new ElevatorCli(() -> new SchedulerService(benchmarksScanner, NO_HELPER), () -> benchmarks);
        String six = "none,mq-deadline,kyber,bfq,bfq low_latency=0,kyber read_lat_nsec=500000";
        int shortest = io.github.elevator.bench.sweep.ShortestBudget.seconds(6, io.github.elevator.bench.Workload.DEFAULTS);
        String[] args = {"bench", "sdc", "--schedulers", six, "--budget", String.valueOf(shortest - 1)};
        assertEquals(2, cli.execute(args, new PrintWriter(out, true), new PrintWriter(err, true)), err.toString());
        assertEquals("elevator: A budget of " + (shortest - 1) + " s cannot answer: the 3 blocks a comparison is judged on, each with 6 runs"
                + " of each of 3 workloads, need at least " + shortest + " s.\n", err.toString());
        assertEquals("", out.toString());
        assertTrue(benchmarks.budgetTooShort(new io.github.elevator.app.BenchmarkRequest("sdc", io.github.elevator.app.BenchmarkMode.ALL,
                List.of(six.split(",")), io.github.elevator.bench.Workload.DEFAULTS, shortest, 0.03)).isEmpty(), shortest + " s answers");
    }

    /** A budget beyond any int is out of range like any other, said with the range, never "is not an int". */
    @Test
    void aHugeBudgetIsSaidWithTheRange(@TempDir Path dir) {
        io.github.elevator.app.BenchmarkService benchmarks = benchmarks(dir);
        ElevatorCli cli = new ElevatorCli(() -> new SchedulerService(benchmarksScanner, NO_HELPER), () -> benchmarks);
        for (String huge : List.of("99999999999", "9999999999999999999999", "-99999999999")) {
            err.getBuffer().setLength(0);
            String[] args = {"bench", "sdc", "--all-schedulers", "--budget", huge};
            assertEquals(2, cli.execute(args, new PrintWriter(out, true), new PrintWriter(err, true)), huge + ": " + err);
            assertTrue(err.toString().lines().findFirst().orElse("").contains("the budget must be from 10 to 1800 seconds"), huge + ": " + err);
            assertFalse(err.toString().contains("int"), huge + ": " + err);
        }
    }

    /** docs/cli.md's sentence on --schedulers: a list wrong by itself is exit 2 before any device is looked at, a scheduler not offered exit 1. */
    @Test
    void aSchedulersListWrongByItselfIsExit2AndOneTheDeviceDoesNotOfferExit1(@TempDir Path dir) {
        io.github.elevator.app.BenchmarkService benchmarks = benchmarks(dir);
        ElevatorCli cli = new ElevatorCli(() -> new SchedulerService(benchmarksScanner, NO_HELPER), () -> benchmarks);
        for (String[] wrong : new String[][] {{"--schedulers", "bfq,bfq"}, {"--schedulers", ""}, {"--schedulers", "bfq"},
                {"--schedulers", "none,bfq", "--all-schedulers"}}) {
            for (String device : List.of("sdc", "nosuchdisk")) {
                err.getBuffer().setLength(0);
                String[] args = java.util.stream.Stream.concat(java.util.stream.Stream.of("bench", device), java.util.Arrays.stream(wrong))
                        .toArray(String[]::new);
                assertEquals(2, cli.execute(args, new PrintWriter(out, true), new PrintWriter(err, true)), String.join(" ", args) + ": " + err);
                assertEquals(1, err.toString().lines().count(), "one line, the same whatever the device: " + err);
            }
        }
        err.getBuffer().setLength(0);
        String[] notOffered = {"bench", "sdc", "--schedulers", "none,cfq"};
        assertEquals(1, cli.execute(notOffered, new PrintWriter(out, true), new PrintWriter(err, true)), err.toString());
        assertTrue(err.toString().contains("'cfq'"), err.toString());
        assertEquals("", out.toString());
    }

    @Test
    void tuneNamesAPartitionsDisk() {
        assertEquals(1, run("tune", "sda1"));
        assertEquals("elevator: sda1 is a partition of sda; the I/O scheduler belongs to the whole disk, so name sda instead.\n", err.toString());
    }

    @Test
    void setWithMissingArgumentsIsAUsageError() {
        assertEquals(2, run("set", "sdc"));
        assertTrue(err.toString().contains("Missing required parameter"), err.toString());
    }

    @Test
    void setToTheActiveSchedulerReportsTheState() {
        assertEquals(0, run("set", "sdb", "bfq"));
        assertEquals("sdb: none mq-deadline kyber [bfq]\n", out.toString());
    }

    private int runBench(Path data, String... args) {
        HelperRunner none = new HelperRunner(Path.of("/nonexistent/helper"), true);
        BlockDeviceScanner scanner = new BlockDeviceScanner(Fixtures.workstation());
        ElevatorCli cli = new ElevatorCli(() -> new SchedulerService(scanner, none), () -> new io.github.elevator.app.BenchmarkService(
                scanner, none, new io.github.elevator.app.HeldDevices(data, none), new io.github.elevator.app.BenchmarkHistory(data)));
        return cli.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void everyHelpSaysItsExitCodesOnceAndEverySummaryIsASentence() {
        for (String command : List.of("list", "set", "tune", "reset", "bench", "restore", "rules")) {
            out.getBuffer().setLength(0);
            assertEquals(0, run(command, "--help"));
            String help = out.toString();
            assertEquals(1, help.split("Exit codes", -1).length - 1, command + " --help says its exit codes once: " + help);
        }
        out.getBuffer().setLength(0);
        assertEquals(0, run("--help"));
        String commands = out.toString().substring(out.toString().indexOf("Commands:"), out.toString().indexOf("\nExit codes:"));
        for (String summary : commands.split("\\n  (?=\\S)")) {
            if (summary.startsWith("Commands:") || summary.startsWith("help ")) continue;
            assertTrue(summary.strip().endsWith("."), "a summary ends in a full stop: " + summary);
        }
    }

    @Test
    void schedulerListsThatNameFewerThanTwoDifferentSchedulersAreABadListAsTheHelpSays(@TempDir Path data) {
        for (String[] args : new String[][] {{"bench", "sdc", "--schedulers", "bfq"}, {"bench", "sdc", "--schedulers", "bfq,bfq"},
                {"bench", "sdc", "--schedulers", "bfq low_latency=0,bfq  low_latency=0"}}) {
            err.getBuffer().setLength(0);
            assertEquals(2, runBench(data, args), "a bad list, as the help says: " + String.join(" ", args));
            assertTrue(err.toString().startsWith("elevator: Choose at least two"), String.join(" ", args) + ": " + err);
            assertEquals(1, err.toString().lines().count(), err.toString());
        }
        for (String[] args : new String[][] {{"bench", "sdc", "--schedulers", ",,"}, {"bench", "sdc", "--schedulers", ""},
                {"bench", "sdc", "--schedulers", "bfq,,none"}, {"bench", "sdc", "--all-schedulers", "--schedulers", "bfq,none"}}) {
            err.getBuffer().setLength(0);
            assertEquals(2, runBench(data, args), String.join(" ", args) + ": " + err);
            assertTrue(err.toString().startsWith("elevator: "), err.toString());
            assertEquals(1, err.toString().lines().count(), err.toString());
        }
        assertEquals("", out.toString());
    }

    @Test
    void restoreNamesRecordsItCannotReadInsteadOfSayingThereIsNothing(@TempDir Path data) throws Exception {
        Files.createDirectories(data.resolve("run/elevator"));
        Files.writeString(data.resolve("run/elevator/loop1.json"), "{}");
        assertEquals(1, runBench(data, "restore"));
        assertEquals("elevator: " + data.resolve("run/elevator/loop1.json") + " is not a record Elevator can read, so Elevator cannot"
                + " tell whether a benchmark left loop1 on a temporary scheduler; check its scheduler with 'elevator list', then remove"
                + " the file as root.\n", err.toString());
        assertEquals("Nothing to restore from the records Elevator can read.\n", out.toString());
    }
}
