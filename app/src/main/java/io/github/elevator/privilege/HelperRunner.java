package io.github.elevator.privilege;

import io.github.elevator.protocol.HelperExit;
import io.github.elevator.protocol.ProcessIds;
import io.github.elevator.text.Messages;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Runs {@code elevator-helper} with an argument vector (never a shell string): directly when
 * this process is already root, through {@code pkexec} otherwise. Maps exit codes to
 * {@link PrivilegeException}s that say in words what happened.
 */
public final class HelperRunner {
    private final Path helper;
    private final boolean root;
    private final SessionReads.Opener reads;

    public HelperRunner(Path helper, boolean root) {
        this(helper, root, DeviceReads::handedOver);
    }

    /** {@code reads}: what a benchmark session reads with once the helper holds the device (tests script it). */
    public HelperRunner(Path helper, boolean root, SessionReads.Opener reads) {
        this.helper = helper;
        this.root = root;
        this.reads = reads;
    }

    SessionReads.Opener reads() {
        return reads;
    }

    public static HelperRunner forThisProcess() {
        return new HelperRunner(HelperLocator.locate(), ProcessIds.current().isRoot());
    }

    public Path helper() {
        return helper;
    }

    /** The same, for the rules file's root program (write-rules, remove-rules), which is beside the helper. */
    public HelperRunner forRules() {
        return new HelperRunner(HelperLocator.rulesBeside(helper), root, reads);
    }

    public boolean usesPkexec() {
        return !root;
    }

    /** The exact argument vector that will be executed. */
    public List<String> command(List<String> helperArgs) {
        List<String> cmd = new ArrayList<>();
        if (!root) cmd.add("pkexec");
        cmd.add(helper.toString());
        cmd.addAll(helperArgs);
        return cmd;
    }

    private void requireHelper() throws PrivilegeException {
        if (!java.nio.file.Files.isExecutable(helper)) {
            throw new PrivilegeException(PrivilegeException.Reason.CANNOT_START, null, Messages.text("privilege.helper.missing", helper));
        }
    }

    /** Starts pkexec or the helper; a helper that is not there (a package removed meanwhile) is said in words. */
    private Process start(ProcessBuilder pb) throws PrivilegeException {
        requireHelper();
        try {
            return pb.start();
        } catch (IOException e) {
            throw cannotStart(e);
        }
    }

    private PrivilegeException cannotStart(IOException e) {
        return new PrivilegeException(PrivilegeException.Reason.CANNOT_START, null,
                root ? Messages.text("privilege.start.helper", helper, e.getMessage()) : Messages.text("privilege.start.pkexec", e.getMessage()));
    }

    /** Runs the helper to completion and returns its standard output. */
    public String run(List<String> helperArgs) throws PrivilegeException {
        return run(helperArgs, null);
    }

    /** The same, handing {@code stdin} to the helper's standard input (null: /dev/null). */
    public String run(List<String> helperArgs, String stdin) throws PrivilegeException {
        ProcessBuilder pb = new ProcessBuilder(command(helperArgs));
        if (stdin == null) pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process p = start(pb);
        // outside TaskRunner, whose layer is above this one: pumps of the child's pipes
        CompletableFuture<String> stderr = CompletableFuture.supplyAsync(() -> readAll(p.getErrorStream()));
        if (stdin != null) CompletableFuture.runAsync(() -> writeAll(p.getOutputStream(), stdin));
        String stdout = readAll(p.getInputStream());
        int code;
        try {
            code = p.waitFor();
        } catch (InterruptedException e) {
            p.destroy();
            Thread.currentThread().interrupt();
            throw new PrivilegeException(PrivilegeException.Reason.CANNOT_START, null, Messages.text("privilege.interrupted"));
        }
        if (code == 0) return stdout;
        throw failure(code, stderr.join());
    }

    /**
     * Starts a long verb (a benchmark session) with a Unix socket as its standard input, so the
     * helper can hand over a descriptor on it: each stdout line goes to {@code onLine} on a reader
     * thread; the socket stays open so the helper notices when this process goes away.
     */
    public VerbInProgress start(List<String> helperArgs, java.util.function.Consumer<String> onLine) throws PrivilegeException {
        SocketPairSpawn p;
        try {
            requireHelper();
            p = SocketPairSpawn.start(command(helperArgs));
        } catch (IOException e) {
            throw cannotStart(e);
        }
        StringBuilder err = new StringBuilder();
        Thread errReader = lines(p.stderr(), line -> {
            synchronized (err) {
                err.append(line).append('\n');
            }
        }, "elevator-helper-stderr");
        Thread outReader = lines(p.stdout(), onLine, "elevator-helper-stdout");
        return new VerbInProgress(p, this, err, errReader, outReader);
    }

    private static Thread lines(InputStream in, java.util.function.Consumer<String> onLine, String name) {
        // outside TaskRunner, whose layer is above this one: one pipe read for the child's life
        Thread t = new Thread(() -> {
            try (var r = new java.io.BufferedReader(new java.io.InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) onLine.accept(line);
            } catch (IOException ignored) {
                // process ended
            }
        }, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** The failure for an exit code, told apart by what pkexec or the helper wrote on stderr. */
    PrivilegeException failure(int code, String stderr) {
        if (!root && code == 126) {
            return new PrivilegeException(PrivilegeException.Reason.DISMISSED, null, Messages.text("privilege.dismissed"));
        }
        if (!root && code == 127) return pkexecRefused(stderr);
        HelperExit exit = Arrays.stream(HelperExit.values()).filter(e -> e.code() == code).findFirst().orElse(null);
        String detail = lastLine(stderr).replaceFirst("^elevator-helper: ", "");
        if (exit == null) {
            return new PrivilegeException(PrivilegeException.Reason.HELPER_FAILED, null,
                    detail.isEmpty() ? Messages.text("privilege.helper.failed", code) : Messages.text("privilege.helper.failed.detail", code, detail));
        }
        return new PrivilegeException(PrivilegeException.Reason.HELPER_FAILED, exit, sentence(ExitMeanings.told(Messages.current(), exit, detail)));
    }

    /** The first letter in capitals, unless the text begins with a device's name (loop3, sdb, nvme0n1): that stays as the kernel spells it. */
    static String sentence(String text) {
        String first = text.split("[\\s:,;]", 2)[0];
        if (first.matches("(loop|nvme|mmcblk|zram|dm-|md|sd|vd|xvd|hd|sr|nbd|ram)[a-z0-9-]*")) return text;
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    /** pkexec's 127 means one of three things; its message on stderr says which (polkit 0.105 to 126). */
    private static PrivilegeException pkexecRefused(String stderr) {
        if (stderr.contains("No authentication agent found")) { // untranslated: pkexec's words, read here
            return new PrivilegeException(PrivilegeException.Reason.NO_AGENT, null,
                    Messages.text("privilege.pkexec.no-agent", AuthenticationAgents.HOW_TO_START));
        }
        if (stderr.contains("Not authorized")) { // untranslated: pkexec's words, read here
            return new PrivilegeException(PrivilegeException.Reason.NOT_AUTHORIZED, null, Messages.text("privilege.pkexec.not-authorized"));
        }
        if (stderr.contains("Error getting authority")) { // untranslated: pkexec's words, read here
            return new PrivilegeException(PrivilegeException.Reason.CANNOT_START, null, Messages.text("privilege.pkexec.no-authority"));
        }
        String detail = lastLine(stderr);
        return new PrivilegeException(PrivilegeException.Reason.NOT_AUTHORIZED, null,
                detail.isEmpty() ? Messages.text("privilege.pkexec.refused") : Messages.text("privilege.pkexec.refused.detail", detail));
    }

    private static String readAll(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    private static void writeAll(java.io.OutputStream in, String text) {
        try (in) {
            in.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // the helper stopped reading: its exit status says why
        }
    }

    static String lastLine(String text) {
        String[] lines = text.strip().split("\n");
        return lines.length == 0 ? "" : lines[lines.length - 1].strip();
    }
}
