package io.github.elevator.protocol;

import java.lang.reflect.RecordComponent;
import java.util.*;

/** The root side's one JSON writer, by hand (the helper has no JSON library); strings are ASCII, all else escaped. */
public final class JsonText {
    private JsonText() {
    }

    /** JSON of a record (its components in order), a list, a map, a number, a boolean or a string. */
    public static String of(Object v) {
        StringJoiner j;
        if (v == null || v instanceof Number || v instanceof Boolean) return String.valueOf(v);
        if (v instanceof List<?> list) {
            j = new StringJoiner(",", "[", "]");
            list.forEach(e -> j.add(of(e)));
        } else if (v instanceof Map<?, ?> map) {
            j = new StringJoiner(",", "{", "}");
            map.forEach((k, e) -> j.add(of(k.toString()) + ":" + of(e)));
        } else if (v instanceof Record r) {
            j = new StringJoiner(",", "{", "}");
            for (RecordComponent c : r.getClass().getRecordComponents()) {
                try {
                    j.add(of(c.getName()) + ":" + of(c.getAccessor().invoke(r)));
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            }
        } else {
            StringBuilder s = new StringBuilder("\"");
            for (char c : v.toString().toCharArray()) {
                if (c == '"' || c == '\\') s.append('\\').append(c);
                else if (c < 0x20 || c > 0x7e) s.append(String.format("\\u%04x", (int) c));
                else s.append(c);
            }
            return s.append('"').toString();
        }
        return j.toString();
    }
}
