package io.github.elevator.privilege;

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import io.github.elevator.protocol.ProcessIds;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * A measuring tool for {@code fio-compare.sh}, not shipped: the app's own benchmark path in this
 * JVM. It opens a {@link RootHeldDevice} on DEVICE through HELPER (directly when root, as the app
 * does), so the helper holds the device and hands it over, and the reads run here; then it serves
 * one command a line on standard input, as a sweep calls the session: {@code read WORKLOAD SECONDS},
 * {@code load WORKLOAD}, {@code measure SECONDS}, {@code switch SCHEDULER}, {@code end}. It prints
 * {"type":"sample",...} for each live sample, {"type":"run",...} for each result, {"type":"loaded"},
 * {"type":"switched"} or {"type":"refused","message":...}. Usage: {@code SessionBenchmark HELPER DEVICE}.
 */
public final class SessionBenchmark {
    private static final Gson GSON = new Gson();

    private SessionBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: SessionBenchmark HELPER DEVICE");
            System.exit(2);
        }
        PrintStream out = System.out;
        HelperRunner runner = new HelperRunner(Path.of(args[0]), ProcessIds.current().isRoot());
        try (RootHeldDevice session = RootHeldDevice.open(runner, args[1]);
             BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null && !line.equals("end")) {
                String[] w = line.split(" ");
                try {
                    switch (w[0]) {
                        case "read" -> emit(out, "run", session.read(w[1], Double.parseDouble(w[2]), s -> emit(out, "sample", s)));
                        case "load" -> {
                            session.load(w[1]);
                            emit(out, "loaded", new JsonObject());
                        }
                        case "measure" -> emit(out, "run", session.measure(Double.parseDouble(w[1])));
                        case "switch" -> {
                            session.switchTo(line.substring(7));
                            emit(out, "switched", new JsonObject());
                        }
                        default -> throw new IOException("not a command: " + line);
                    }
                } catch (IOException e) {
                    JsonObject refused = new JsonObject();
                    refused.addProperty("message", e.getMessage());
                    emit(out, "refused", refused);
                }
            }
            String back = session.finish();
            JsonObject restored = new JsonObject();
            restored.addProperty("scheduler", back);
            emit(out, "restored", restored);
        } catch (PrivilegeException e) {
            System.err.println("SessionBenchmark: " + e.getMessage());
            System.exit(1);
        }
    }

    private static synchronized void emit(PrintStream out, String type, Object record) {
        JsonObject e = record instanceof JsonObject o ? o : GSON.toJsonTree(record).getAsJsonObject();
        e.addProperty("type", type);
        out.println(GSON.toJson(e));
        out.flush();
    }
}
