package io.github.elevator.app;

import com.google.gson.Gson;
import io.github.elevator.protocol.ProcessStat;
import io.github.elevator.protocol.HelperEvent;
import io.github.elevator.protocol.HelperProtocol;
import io.github.elevator.protocol.EventLines;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.privilege.PrivilegeException;
import io.github.elevator.text.Messages;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the root helper's records under {@code /run/elevator/} say, read with the user's rights:
 * devices a benchmark holds now, and devices a benchmark that died left on a temporary scheduler.
 * Putting those back goes through the helper ({@code elevator restore}, or the window's button).
 */
public final class HeldDevices {
    private static final String RECORD = ".json";
    /** The helper reads no record larger than this. */
    private static final long RECORD_LIMIT = 4096;

    private final Path runElevator;
    private final Path proc;
    private final HelperRunner helper;

    public HeldDevices(Path root, HelperRunner helper) {
        this.runElevator = root.resolve("run/elevator");
        this.proc = root.resolve("proc");
        this.helper = helper;
    }

    public static HeldDevices system(HelperRunner helper) {
        return new HeldDevices(Path.of("/"), helper);
    }

    /** What a record of the helper says: what to put back, and who holds the device. */
    public record Record(String device, String originalScheduler, String currentScheduler, long holderPid, long holderStart) {
    }

    /** Every record in the folder that can be read (root trusts fewer: only its own, in exactly its own form). */
    static List<Record> records(Path runElevator) {
        List<Record> found = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(runElevator, "*" + RECORD)) {
            for (Path f : files) {
                try {
                    if (!Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS) || Files.size(f) > RECORD_LIMIT) continue;
                    Record r = new Gson().fromJson(Files.readString(f), Record.class);
                    if (r != null && r.device() != null && r.originalScheduler() != null && r.currentScheduler() != null
                            && f.getFileName().toString().equals(r.device() + RECORD)) found.add(r);
                } catch (IOException | RuntimeException unreadable) {
                    // named by describeUnreadable
                }
            }
        } catch (IOException noFolder) {
            // nothing held, nothing left over
        }
        return found;
    }

    /** A device a running benchmark holds: the holder's pid, and the scheduler the device goes back to. */
    public record Hold(long pid, String originalScheduler) {
    }

    /** The devices a running benchmark holds now. */
    public java.util.Map<String, Hold> heldNow() {
        java.util.Map<String, Hold> held = new java.util.TreeMap<>();
        for (Record r : records(runElevator)) {
            Optional<ProcessStat> holder = ProcessStat.still(proc, r.holderPid(), r.holderStart());
            if (holder.isPresent() && !stuck(r, holder.get())) held.put(r.device(), new Hold(r.holderPid(), r.originalScheduler()));
        }
        return held;
    }

    /** Records whose holder is no longer running, or runs no more: stopped, or silent for as long as the helper lets one be. */
    public List<Record> leftOver() {
        return records(runElevator).stream()
                .filter(r -> ProcessStat.still(proc, r.holderPid(), r.holderStart()).map(holder -> stuck(r, holder)).orElse(true)).toList();
    }

    /** Whether {@code holder}, live, is one the next helper ends: stopped, or its lock not refreshed for {@link HelperProtocol#STALE_SECONDS}. */
    private boolean stuck(Record r, ProcessStat holder) {
        if (holder.stopped()) return true;
        try {
            long silent = System.currentTimeMillis() - Files.getLastModifiedTime(runElevator.resolve(r.device() + ".lock")).toMillis();
            return silent >= HelperProtocol.STALE_SECONDS * 1000;
        } catch (IOException noLock) {
            return false;
        }
    }

    /** One line per device a dead benchmark left behind, saying what {@code elevator restore} would do. */
    public List<String> describeLeftOver() {
        List<String> lines = new ArrayList<>();
        for (Record r : leftOver()) lines.add(describe(r));
        return lines;
    }

    /**
     * One line per file in the records' folder that is not a record Elevator can read (not JSON,
     * a record missing its fields, too large, a folder): the helper passes over such a file, so
     * whatever scheduler its device was left on stays unless someone looks.
     */
    public List<String> describeUnreadable() {
        java.util.Set<String> read = new java.util.HashSet<>();
        records(runElevator).forEach(r -> read.add(r.device() + RECORD));
        List<String> lines = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(runElevator, "*" + RECORD)) {
            for (Path f : files) {
                String name = f.getFileName().toString();
                if (read.contains(name)) continue;
                String device = name.substring(0, name.length() - RECORD.length());
                lines.add(Messages.text("app.held.unreadable", f, whatItIs(f), device));
            }
        } catch (IOException noFolder) {
            // no folder, no records
        }
        lines.sort(null);
        return lines;
    }

    private static String whatItIs(Path f) {
        if (Files.isDirectory(f, LinkOption.NOFOLLOW_LINKS)) return Messages.text("app.held.folder");
        if (!Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) return Messages.text("app.held.not-regular");
        try {
            long size = Files.size(f);
            if (size > RECORD_LIMIT) return Messages.count("app.held.too-large", size);
        } catch (IOException e) {
            return Messages.text("app.held.unreadable-file", e.getClass().getSimpleName());
        }
        return Messages.text("app.held.not-a-record");
    }

    /** Where a device was left by a benchmark that stopped, in words; empty when no record says so. */
    public Optional<String> leftBehind(String device) {
        return leftOver().stream().filter(r -> r.device().equals(device)).findFirst().map(this::describe);
    }

    private String describe(Record r) {
        return Messages.text(ProcessStat.still(proc, r.holderPid(), r.holderStart()).isPresent() ? "app.held.stuck" : "app.held.left-behind",
                r.device(), r.currentScheduler(), r.holderPid(), r.originalScheduler());
    }

    /** Asks the helper to deal with every left-over record; returns what it did, one line per device. */
    public List<String> restore() throws PrivilegeException {
        List<String> done = new ArrayList<>();
        for (String line : helper.run(List.of("restore")).split("\n")) {
            EventLines.decode(line).ifPresent(e -> {
                if (e instanceof HelperEvent.Recovered r) done.add(Messages.text("app.held.restored", r.device(), r.action()));
            });
        }
        return done;
    }
}
