package io.github.elevator.protocol;

import java.lang.reflect.RecordComponent;
import java.util.*;

/**
 * The app's writer of commands and reader of the helper's event lines ({@link HelperProtocol#encode(HelperEvent)}): a
 * strict reader of that JSON subset (one object of strings, numbers, lists of strings and
 * objects of strings), written by hand like the writer. A line that is anything else is no event.
 */
public final class EventLines {
    /** Each event's tag as {@link HelperProtocol#encode(HelperEvent)} writes it: its record's name in lower case. */
    static final Map<String, Class<? extends HelperEvent>> TYPES = tags();
    private final String s;
    private int i;

    private EventLines(String s) {
        this.s = s;
    }

    private static Map<String, Class<? extends HelperEvent>> tags() {
        Map<String, Class<? extends HelperEvent>> tags = new HashMap<>();
        for (Class<?> type : HelperEvent.class.getPermittedSubclasses()) {
            tags.put(type.getSimpleName().toLowerCase(Locale.ROOT), type.asSubclass(HelperEvent.class));
        }
        return Map.copyOf(tags);
    }

    /** A command as the app sends it, in the one spelling {@link HelperProtocol#decodeCommand} takes. */
    public static String encode(HelperCommand command) {
        return command instanceof HelperCommand.Switch s ? "switch " + s.variant().text() : "end";
    }

    /** An event line as the app reads it; empty for anything else (a stray line is never fatal). */
    public static Optional<HelperEvent> decode(String line) {
        try {
            EventLines p = new EventLines(line);
            if (!(p.value() instanceof Map<?, ?> o) || p.i != line.length()) return Optional.empty();
            Class<? extends HelperEvent> type = TYPES.get(o.get("type"));
            if (type == null) return Optional.empty();
            RecordComponent[] parts = type.getRecordComponents();
            Object[] values = new Object[parts.length];
            Class<?>[] types = new Class<?>[parts.length];
            for (int k = 0; k < parts.length; k++) {
                types[k] = parts[k].getType();
                Object v = o.get(parts[k].getName());
                values[k] = types[k] == long.class ? (v instanceof Long n ? n : 0L)
                        : types[k] == double.class ? (v instanceof Number n ? (Object) n.doubleValue() : (Object) 0.0)
                        : types[k].isInstance(v) ? v : null;
                if (v != null && values[k] == null) return Optional.empty();
            }
            return Optional.of(type.getDeclaredConstructor(types).newInstance(values));
        } catch (ReflectiveOperationException | RuntimeException notAnEvent) {
            return Optional.empty();
        }
    }

    private Object value() {
        char c = s.charAt(i);
        if (c == '"') return string();
        if (c == '[' || c == '{') {
            boolean list = c == '[';
            List<Object> items = new ArrayList<>();
            Map<String, Object> fields = new LinkedHashMap<>();
            i++;
            while (s.charAt(i) != (list ? ']' : '}')) {
                if (!items.isEmpty() || !fields.isEmpty()) expect(',');
                if (list) {
                    items.add(value());
                } else {
                    String key = string();
                    expect(':');
                    if (fields.put(key, value()) != null) throw new IllegalArgumentException("a field twice");
                }
            }
            i++;
            return list ? List.copyOf(items) : fields;
        }
        if (s.startsWith("null", i)) {
            i += 4;
            return null;
        }
        int start = i;
        if (c == '-') i++;
        digits();
        boolean decimal = i < s.length() && (s.charAt(i) == '.' || s.charAt(i) == 'E' || s.charAt(i) == 'e');
        if (i < s.length() && s.charAt(i) == '.') {
            i++;
            digits();
        }
        if (i < s.length() && (s.charAt(i) == 'E' || s.charAt(i) == 'e')) {
            i++;
            if (s.charAt(i) == '-' || s.charAt(i) == '+') i++;
            digits();
        }
        return decimal ? (Object) Double.parseDouble(s.substring(start, i)) : (Object) Long.parseLong(s.substring(start, i));
    }

    /** One digit at least, as JSON wants. */
    private void digits() {
        int start = i;
        while (i < s.length() && Character.isDigit(s.charAt(i))) i++;
        if (i == start) throw new IllegalArgumentException("a digit");
    }

    private String string() {
        expect('"');
        StringBuilder b = new StringBuilder();
        for (char c; (c = s.charAt(i++)) != '"'; ) {
            if (c < 0x20) throw new IllegalArgumentException("a control character");
            if (c != '\\') {
                b.append(c);
                continue;
            }
            char e = s.charAt(i++);
            switch (e) {
                case '"', '\\', '/' -> b.append(e);
                case 'n' -> b.append('\n');
                case 't' -> b.append('\t');
                case 'r' -> b.append('\r');
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case 'u' -> {
                    b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                    i += 4;
                }
                default -> throw new IllegalArgumentException("an unknown escape");
            }
        }
        return b.toString();
    }

    private void expect(char c) {
        if (s.charAt(i++) != c) throw new IllegalArgumentException("expected " + c);
    }
}
