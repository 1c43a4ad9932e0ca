package io.github.elevator.helper.protocol;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.github.elevator.device.SchedulerVariant;

import java.util.Map;
import java.util.Optional;

/**
 * The one encoding of the app-helper protocol, used by both sides: commands are short text
 * lines ({@code switch kyber}, {@code switch bfq low_latency=0}, {@code fio rand-read 5}, {@code end}), events are JSON lines
 * tagged with {@code "type"}. Field names come from the records, never from string literals.
 */
public final class HelperProtocol {
    /** Longer command lines are refused unread. */
    public static final int MAX_COMMAND_LINE = 128;

    private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();
    private static final Map<String, Class<? extends HelperEvent>> TYPES = Map.of(
            "state", HelperEvent.State.class,
            "ready", HelperEvent.Ready.class,
            "switched", HelperEvent.Switched.class,
            "fio", HelperEvent.Fio.class,
            "refused", HelperEvent.Refused.class,
            "restored", HelperEvent.Restored.class,
            "recovered", HelperEvent.Recovered.class);

    private HelperProtocol() {
    }

    public static String encode(HelperCommand command) {
        if (command instanceof HelperCommand.Switch s) return "switch " + s.variant().text();
        if (command instanceof HelperCommand.Fio f) return "fio " + f.workload() + " " + f.seconds();
        return "end";
    }

    /**
     * A command line as the helper reads it; empty when it is not one. Only the shape is checked
     * here (words); the helper checks the values against the kernel.
     */
    public static Optional<HelperCommand> decodeCommand(String line) {
        if (line.length() > MAX_COMMAND_LINE) return Optional.empty();
        String[] w = line.split(" ", -1);
        return switch (w[0]) {
            case "switch" -> w.length >= 2 ? variant(line.substring(w[0].length() + 1)).map(HelperCommand.Switch::new) : Optional.empty();
            case "fio" -> w.length == 3 && FioCommand.covers(w[1]) && w[2].matches("[1-9][0-9]?")
                    && Integer.parseInt(w[2]) <= FioCommand.MAX_SECONDS
                    ? Optional.of(new HelperCommand.Fio(w[1], Integer.parseInt(w[2]))) : Optional.empty();
            case "end" -> w.length == 1 ? Optional.of(new HelperCommand.End()) : Optional.empty();
            default -> Optional.empty();
        };
    }

    /** A variant only in its own canonical text form ("bfq low_latency=0"), so one request has one spelling. */
    public static Optional<SchedulerVariant> variant(String text) {
        try {
            SchedulerVariant v = SchedulerVariant.parse(text);
            return v.text().equals(text) ? Optional.of(v) : Optional.empty();
        } catch (IllegalArgumentException notOne) {
            return Optional.empty();
        }
    }

    public static String encode(HelperEvent event) {
        JsonObject o = GSON.toJsonTree(event).getAsJsonObject();
        o.addProperty("type", typeOf(event.getClass()));
        return GSON.toJson(o);
    }

    /** An event line as the app reads it; empty for anything else (a stray line is never fatal). */
    public static Optional<HelperEvent> decodeEvent(String line) {
        try {
            JsonElement e = JsonParser.parseString(line);
            if (!e.isJsonObject() || !e.getAsJsonObject().has("type")) return Optional.empty();
            Class<? extends HelperEvent> type = TYPES.get(e.getAsJsonObject().get("type").getAsString());
            return type == null ? Optional.empty() : Optional.ofNullable(GSON.fromJson(e, type));
        } catch (RuntimeException notAnEvent) {
            return Optional.empty();
        }
    }

    private static String typeOf(Class<?> type) {
        return TYPES.entrySet().stream().filter(t -> t.getValue() == type).map(Map.Entry::getKey).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("not a protocol event: " + type));
    }
}
