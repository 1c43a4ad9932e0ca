package io.github.elevator.rules;

import io.github.elevator.text.Printable;
import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Elevator's rules as a JSON document that configuration management can carry from one machine
 * to the next ({@code elevator rules export --json}, {@code elevator rules import FILE}):
 *
 * <pre>{"format": "elevator-rules", "version": 1,
 *  "rules": [{"match": "usb", "scheduler": "bfq"},
 *            {"match": "wwn:naa.5002538f42a1b3c9", "scheduler": "none", "readAheadKb": 128, "nrRequests": 64}]}</pre>
 *
 * Reading it applies the same checks as the window and {@code elevator rules set}: every field
 * through {@link Match#parse} and {@link Rule#of}, at most {@link RuleSet#MAX_RULES} rules, one
 * per match; an unknown field, a wrong type or a document that is not this format is refused.
 */
public final class RulesProfile {
    public static final String FORMAT = "elevator-rules";
    public static final int VERSION = 1;
    public static final int MAX_BYTES = 64 * 1024;
    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();
    private static final Set<String> TOP = Set.of("format", "version", "rules");
    private static final Set<String> FIELDS = Set.of("match", "scheduler", "readAheadKb", "nrRequests");

    private RulesProfile() {
    }

    public static String toJson(RuleSet set) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("format", FORMAT);
        doc.put("version", VERSION);
        List<Map<String, Object>> rules = new ArrayList<>();
        for (Rule r : set.rules()) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("match", r.match().text());
            o.put("scheduler", r.variant());
            if (r.readAheadKb() != null) o.put("readAheadKb", r.readAheadKb());
            if (r.nrRequests() != null) o.put("nrRequests", r.nrRequests());
            rules.add(o);
        }
        doc.put("rules", rules);
        return GSON.toJson(doc);
    }

    /** Reads a profile; the message of a refusal says which rule and which field. */
    public static RuleSet parse(String text) throws RulesException {
        if (text.length() > MAX_BYTES) throw new RulesException("The profile is longer than " + MAX_BYTES + " bytes.");
        JsonObject doc;
        try {
            JsonElement e = JsonParser.parseString(text);
            if (!e.isJsonObject()) throw new RulesException("The profile is not a JSON object.");
            doc = e.getAsJsonObject();
        } catch (JsonParseException e) {
            throw new RulesException("The profile is not valid JSON.");
        }
        for (String key : doc.keySet()) {
            if (!TOP.contains(key)) throw new RulesException("Unknown field " + Printable.quoted(key) + " in the profile.");
        }
        if (!FORMAT.equals(string(doc, "format", "the profile"))) {
            throw new RulesException("This is not an Elevator rules profile (\"format\" must be \"" + FORMAT + "\").");
        }
        Integer version = number(doc, "version", "the profile");
        if (version == null || version != VERSION) throw new RulesException("Elevator reads rules profiles of version " + VERSION + ".");
        JsonElement list = doc.get("rules");
        if (list == null || !list.isJsonArray()) throw new RulesException("The profile needs a \"rules\" list.");
        JsonArray array = list.getAsJsonArray();
        if (array.size() > RuleSet.MAX_RULES) throw new RulesException("At most " + RuleSet.MAX_RULES + " rules, not " + array.size() + ".");
        List<Rule> rules = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            String where = "rule " + (i + 1);
            if (!array.get(i).isJsonObject()) throw new RulesException(where + " is not an object.");
            JsonObject o = array.get(i).getAsJsonObject();
            for (String key : o.keySet()) {
                if (!FIELDS.contains(key)) throw new RulesException("Unknown field " + Printable.quoted(key) + " in " + where + ".");
            }
            try {
                rules.add(Rule.of(Match.parse(string(o, "match", where)), string(o, "scheduler", where),
                        number(o, "readAheadKb", where), number(o, "nrRequests", where)));
            } catch (RulesException e) {
                throw new RulesException(where + ": " + e.getMessage());
            }
        }
        return RuleSet.of(rules);
    }

    private static String string(JsonObject o, String key, String where) throws RulesException {
        JsonElement e = o.get(key);
        if (e == null || !e.isJsonPrimitive() || !((JsonPrimitive) e).isString()) {
            throw new RulesException(where + " needs \"" + key + "\" as a string.");
        }
        return e.getAsString();
    }

    private static Integer number(JsonObject o, String key, String where) throws RulesException {
        JsonElement e = o.get(key);
        if (e == null || e.isJsonNull()) return null;
        if (!e.isJsonPrimitive() || !((JsonPrimitive) e).isNumber() || !e.getAsString().matches("[0-9]{1,6}")) {
            throw new RulesException(where + ": \"" + key + "\" must be a whole number.");
        }
        return Integer.valueOf(e.getAsString());
    }
}
