package io.github.elevator.app;

import io.github.elevator.protocol.HelperExit;
import io.github.elevator.helper.HelperSysfs;
import io.github.elevator.rules.Kind;
import io.github.elevator.rules.Match;
import io.github.elevator.rules.Rule;
import io.github.elevator.rules.RuleSet;
import io.github.elevator.rules.RulesDescription;
import io.github.elevator.rules.ElevatorRulesFile;
import io.github.elevator.testing.FakeSysfs;
import io.github.elevator.testing.HelperUnderTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The file the Rules window and {@code elevator rules} show before saving is, byte for byte, the
 * file the root helper writes from the description it is sent: for every kind of match, for one
 * disk by WWN and by serial, with and without a variant's settings, read-ahead and nr_requests.
 */
class PreviewIsTheHelpersFileTest {
    @TempDir
    Path root;

    @Test
    void everyKindOfMatchAndSetting() throws Exception {
        List<Rule> rules = new ArrayList<>();
        for (Kind k : Kind.values()) rules.add(new Rule(Match.of(k), "mq-deadline"));
        rules.set(1, new Rule(Match.of(Kind.USB), "bfq", Map.of("low_latency", 0L, "slice_idle", 0L), 128, 64));
        rules.set(2, new Rule(Match.of(Kind.MMC), "kyber", Map.of("read_lat_nsec", 1_000_000L), null, 32));
        rules.set(7, new Rule(Match.of(Kind.LOOP), "none", Map.of(), 0, null));
        rules.add(new Rule(Match.wwn("naa.5002538f42a1b3c9"), "none", 4096, 2048));
        rules.add(new Rule(Match.serial("4C530001230914115382"), "bfq", Map.of("back_seek_penalty", 16L), null, null));
        rules.add(new Rule(Match.serial("a-b_c.d"), "mq-deadline", Map.of("fifo_batch", 16L, "front_merges", 0L, "writes_starved", 2L), 65536, 4));
        assertSameFile(RuleSet.of(rules));
        for (Rule r : rules) assertSameFile(RuleSet.of(List.of(r)));
    }

    private void assertSameFile(RuleSet set) throws Exception {
        Path machine = Files.createTempDirectory(root, "machine");
        new FakeSysfs(machine).device("loop0", "[none] mq-deadline kyber bfq");
        Files.createDirectories(machine.resolve("etc/udev/rules.d"));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        var in = new ByteArrayInputStream(RulesDescription.encode(set).getBytes(StandardCharsets.US_ASCII));
        HelperExit exit = HelperUnderTest.of(machine, new HelperSysfs(machine), in, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err))
                .run(new String[] {"write-rules"});
        assertEquals(HelperExit.OK, exit, err.toString());
        assertEquals(ElevatorRulesFile.render(set), Files.readString(machine.resolve("etc/udev/rules.d/60-elevator.rules")));
    }
}
