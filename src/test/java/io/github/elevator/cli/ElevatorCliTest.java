package io.github.elevator.cli;

import com.google.gson.JsonParser;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.Fixtures;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
    void listJsonHasTheDocumentedFields() throws Exception {
        assertEquals(0, run("list", "--json"));
        String expected = Files.readString(Fixtures.workstation().resolve("EXPECTED.json"));
        assertEquals(JsonParser.parseString(expected), JsonParser.parseString(out.toString()));
    }

    @Test
    void listTableShowsActiveSchedulerInBrackets() {
        assertEquals(0, run("list"));
        String table = out.toString();
        assertTrue(table.contains("sdc        usb        16.0 GB  Cruzer Blade                 none [mq-deadline] kyber bfq"), table);
        assertTrue(table.contains("zram0      other      8.59 GB                               no scheduler"), table);
    }

    @Test
    void setWithHostileInputFailsWithOneLine() {
        assertEquals(1, run("set", "../vda", "bfq"));
        assertEquals("elevator: There is no block device named '../vda'.\n", err.toString());
        assertEquals("", out.toString());
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
}
