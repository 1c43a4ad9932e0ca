package io.github.elevator.helper;

import io.github.elevator.protocol.HelperExit;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.elevator.protocol.RulesRenderer;
import io.github.elevator.testing.FakeSysfs;
import io.github.elevator.testing.FakeUdev;
import io.github.elevator.testing.HelperUnderTest;
import io.github.elevator.testing.TreeSnapshot;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fuzzes what write-rules reads on standard input (and remove-rules beside it) against a fake
 * root: whatever the input, nothing is written anywhere but the one rules file, a refused call
 * changes nothing, and every line of a written file has one of the shapes below, which this test
 * spells out on its own rather than asking the generator. Runs for a bounded time in CI
 * (JAZZER_FUZZ=1), otherwise replays the seeds.
 */
class HelperRulesFuzzTest {
    private static final String RULES = "etc/udev/rules.d/60-elevator.rules";
    private static final String[] WORDS = {"elevator-rules 1", "rule", "end", "usb", "removable", "nvme", "ssd", "hdd", "mmc",
            "virtio", "loop", "wwn:", "serial:", "naa.5002538f42a1b3c9", "none", "mq-deadline", "kyber", "bfq", "cfq",
            "read_ahead_kb=", "nr_requests=", "low_latency=", "slice_idle=", "read_lat_nsec=", "128", "64", "\"", "\\", "\n", " ", "*", "|", "RUN+=", ",", "=", "[", "]"};

    private static final String NAME = "[a-z0-9_-]{1,32}";
    private static final String ID = "[A-Za-z0-9][A-Za-z0-9._-]{0,127}";
    private static final Set<String> FIXED_LINES = Set.of(
            "  ATTR{removable}==\"1\", \\",
            "  SUBSYSTEMS==\"usb\", \\",
            "  KERNEL==\"mmcblk*\", \\",
            "  KERNEL==\"nvme*\", \\",
            "  KERNELS==\"ata[0-9]*|end_device-*\", ATTR{queue/rotational}==\"0\", \\",
            "  KERNELS==\"ata[0-9]*|end_device-*\", ATTR{queue/rotational}==\"1\", \\",
            "  SUBSYSTEMS==\"virtio\", \\",
            "  KERNEL==\"loop*\", \\",
            // every rule for another scheduler than mq-deadline skips host-managed zoned disks
            "  ATTR{queue/zoned}!=\"host-managed\", \\",
            // a variant's settings block: reached only by its rule's jump, after an unconditional jump to the end
            "GOTO=\"elevator_end\"");
    private static final List<Pattern> RULE_LINES = List.of(
            Pattern.compile(""),
            Pattern.compile("LABEL=\"elevator_end\""),
            Pattern.compile("ACTION==\"add\\|change\", SUBSYSTEM==\"block\", ENV\\{DEVTYPE\\}==\"disk\", \\\\"),
            Pattern.compile("  ATTRS\\{(wwid|serial)\\}==\"" + ID + "\", \\\\"),
            Pattern.compile("  ATTR\\{queue/scheduler\\}==\"(" + NAME + ")\\|\\1\\[\\] \\]\\*\\|\\*\\[ \\[\\]\\1\\|\\*\\[ \\[\\]\\1\\[\\] \\]\\*\", \\\\"),
            Pattern.compile("  ATTR\\{queue/scheduler\\}=\"(none|mq-deadline|kyber|bfq)\"(, ATTR\\{queue/read_ahead_kb\\}=\"[0-9]{1,5}\")?"
                    + "(, ATTR\\{queue/nr_requests\\}=\"[0-9]{1,4}\")?, ENV\\{ELEVATOR_RULE\\}=\"(removable|usb|mmc|nvme|ssd|hdd|virtio|loop|"
                    + "(wwn|serial):" + ID + ")\", GOTO=\"elevator_(end|settings_[0-9]{1,3})\""),
            Pattern.compile("# rule (removable|usb|mmc|nvme|ssd|hdd|virtio|loop|(wwn|serial):" + ID + ") (none|mq-deadline|kyber|bfq)"
                    + "( [a-z_]{1,32}=[0-9]{1,11}){0,3}( read_ahead_kb=[0-9]{1,5})?( nr_requests=[0-9]{1,4})?"),
            Pattern.compile("# (none|mq-deadline|kyber|bfq)'s own settings of rule (removable|usb|mmc|nvme|ssd|hdd|virtio|loop|(wwn|serial):" + ID
                    + "), each where \\1 has it"),
            Pattern.compile("LABEL=\"elevator_settings_[0-9]{1,3}\""),
            Pattern.compile("TEST==\"queue/iosched/([a-z_]{1,32})\", ATTR\\{queue/iosched/\\1\\}=\"[0-9]{1,11}\""));

    /** One fake machine for every run; each run starts from the same rules directory. */
    private static Path root;

    private static synchronized Path machine() throws IOException {
        if (root == null) {
            root = Files.createTempDirectory("elevator-rules-fuzz");
            new FakeSysfs(root).device("loop0", "[none] mq-deadline kyber bfq").device("vda", "none [mq-deadline] kyber bfq");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(root)));
        }
        Path rulesDir = root.resolve("etc/udev/rules.d");
        if (Files.exists(rulesDir)) delete(root.resolve("etc"));
        Files.createDirectories(rulesDir);
        Files.writeString(rulesDir.resolve("50-bystander.rules"), "# someone else's\n");
        return root;
    }

    @FuzzTest(maxDuration = "20s")
    void nothingButTheOneFileIsWrittenAndOnlyInTheValidatedShape(FuzzedDataProvider data) throws IOException {
        Path root = machine();
        switch (data.consumeInt(0, 2)) {
            case 0 -> { } // no file yet
            case 1 -> Files.writeString(root.resolve(RULES), RulesRenderer.render(List.of())); // an earlier file of ours
            default -> Files.writeString(root.resolve(RULES), "KERNEL==\"sd*\", ATTR{queue/scheduler}=\"bfq\"\n");
        }
        Map<String, String> before = TreeSnapshot.of(root);
        boolean remove = data.consumeInt(0, 9) == 0;
        String stdin = input(data);

        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        ByteArrayInputStream in = new ByteArrayInputStream(stdin.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        ElevatorRulesHelper rules = new ElevatorRulesHelper(new HelperSysfs(root), new RulesFileWriter(root), new FakeUdev(false), in);
        HelperExit exit = HelperUnderTest.of(root, new HelperSysfs(root), rules, in, quiet, quiet)
                .run(new String[] {remove ? "remove-rules" : "write-rules"});

        Map<String, String> after = TreeSnapshot.of(root);
        Map<String, String> changed = new TreeMap<>();
        for (String key : union(before.keySet(), after.keySet())) {
            if (!String.valueOf(before.get(key)).equals(String.valueOf(after.get(key)))) changed.put(key, after.get(key));
        }
        if (exit != HelperExit.OK) {
            assertEquals(Map.of(), changed, "a refused call changed something");
            return;
        }
        assertTrue(changed.isEmpty() || changed.keySet().equals(Set.of(RULES)), "wrote " + changed.keySet());
        String written = after.get(RULES);
        if (written == null) return; // removed
        String text = written.substring("file:".length());
        assertTrue(text.startsWith(RulesRenderer.MARKER + "\n"));
        String header = RulesRenderer.render(List.of()).split("\n\n# No rules.")[0];
        assertTrue(text.startsWith(header + "\n"), "the header is Elevator's, word for word");
        for (String line : text.substring(header.length() + 1).split("\n", -1)) {
            boolean ok = FIXED_LINES.contains(line) || RULE_LINES.stream().anyMatch(p -> p.matcher(line).matches());
            assertTrue(ok, "a line outside the validated shape: " + line);
        }
    }

    private static void delete(Path tree) {
        try (Stream<Path> walk = Files.walk(tree)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Mostly well-formed descriptions with words that reach the writer, and arbitrary bytes besides. */
    private static String input(FuzzedDataProvider data) {
        if (data.consumeBoolean()) return data.consumeString(400);
        StringBuilder s = new StringBuilder("elevator-rules 1\n");
        int lines = data.consumeInt(0, 6);
        for (int i = 0; i < lines; i++) {
            s.append("rule ");
            int words = data.consumeInt(1, 4);
            for (int w = 0; w < words; w++) {
                s.append(data.consumeBoolean() ? data.pickValue(WORDS) : data.consumeString(12));
                if (data.consumeBoolean()) s.append(data.pickValue(WORDS));
                if (w + 1 < words) s.append(' ');
            }
            s.append('\n');
        }
        return s.append(data.consumeBoolean() ? "end\n" : data.consumeString(6)).toString();
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new java.util.TreeSet<>(a);
        all.addAll(b);
        return all;
    }
}
