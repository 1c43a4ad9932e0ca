package io.github.elevator.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/** The runnable layout that {@code mvn package} leaves in target/elevator, run as real processes. */
public final class Installed {
    private Installed() {
    }

    public record Result(int exit, String out, String err) {
    }

    public static Path home() {
        String home = System.getProperty("elevator.home", "../target/elevator");
        Path p = Path.of(home).toAbsolutePath();
        Require.that(Files.isExecutable(p.resolve("bin/elevator")), "needs the packaged layout (run mvn verify): " + p);
        return p;
    }

    public static Result run(String program, String... args) throws IOException {
        return runWithEnv(List.of(), program, args);
    }

    /** With extra NAME=VALUE environment entries; stdin is /dev/null. */
    public static Result runWithEnv(List<String> env, String program, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(home().resolve("bin").resolve(program).toString());
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        for (String e : env) pb.environment().put(e.substring(0, e.indexOf('=')), e.substring(e.indexOf('=') + 1));
        Path err = Files.createTempFile("elevator-it", ".err");
        pb.redirectError(err.toFile());
        Process p = pb.start();
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(cmd + " timed out");
            }
            return new Result(p.exitValue(), out, Files.readString(err));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        } finally {
            Files.deleteIfExists(err);
        }
    }

    /** The scheduler line of every block device on the machine, to prove nothing else changed. */
    public static Map<String, String> allSchedulers() throws IOException {
        Map<String, String> lines = new TreeMap<>();
        try (var entries = Files.list(Path.of("/sys/block"))) {
            for (Path dev : (Iterable<Path>) entries::iterator) {
                Path f = dev.resolve("queue/scheduler");
                if (Files.exists(f)) lines.put(dev.getFileName().toString(), Files.readString(f).strip());
            }
        }
        return lines;
    }
}
