package io.github.elevator.rules;

import io.github.elevator.text.Messages;
import io.github.elevator.protocol.Printable;
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
    /** In place of a rule's number: the field is the profile's own. */
    private static final int PROFILE = 0;

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
        if (text.length() > MAX_BYTES) throw new RulesException(Messages.count("ruleset.profile.too-long", MAX_BYTES));
        JsonObject doc;
        try {
            JsonElement e = JsonParser.parseString(text);
            if (!e.isJsonObject()) throw new RulesException(Messages.text("ruleset.profile.not-object"));
            doc = e.getAsJsonObject();
        } catch (JsonParseException e) {
            throw new RulesException(Messages.text("ruleset.profile.not-json"));
        }
        for (String key : doc.keySet()) {
            if (!TOP.contains(key)) throw new RulesException(Messages.text("ruleset.profile.unknown-field", Printable.quoted(key)));
        }
        if (!FORMAT.equals(string(doc, "format", PROFILE))) {
            throw new RulesException(Messages.text("ruleset.profile.wrong-format", FORMAT));
        }
        Integer version = number(doc, "version", PROFILE);
        if (version == null || version != VERSION) throw new RulesException(Messages.text("ruleset.profile.version", VERSION));
        JsonElement list = doc.get("rules");
        if (list == null || !list.isJsonArray()) throw new RulesException(Messages.text("ruleset.profile.no-rules"));
        JsonArray array = list.getAsJsonArray();
        if (array.size() > RuleSet.MAX_RULES) throw new RulesException(Messages.count("ruleset.set.too-many", RuleSet.MAX_RULES, array.size()));
        List<Rule> rules = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            int rule = i + 1;
            if (!array.get(i).isJsonObject()) throw new RulesException(Messages.text("ruleset.profile.rule.not-object", rule));
            JsonObject o = array.get(i).getAsJsonObject();
            for (String key : o.keySet()) {
                if (!FIELDS.contains(key)) throw new RulesException(Messages.text("ruleset.profile.rule.unknown-field", Printable.quoted(key), rule));
            }
            try {
                rules.add(Rule.of(Match.parse(string(o, "match", rule)), string(o, "scheduler", rule),
                        number(o, "readAheadKb", rule), number(o, "nrRequests", rule)));
            } catch (RulesException e) {
                throw new RulesException(Messages.text("ruleset.profile.rule.error", rule, e.getMessage()));
            }
        }
        return RuleSet.of(rules);
    }

    /** {@code rule} is the rule's number from 1, or {@link #PROFILE} for a field of the profile itself. */
    private static String string(JsonObject o, String key, int rule) throws RulesException {
        JsonElement e = o.get(key);
        if (e == null || !e.isJsonPrimitive() || !((JsonPrimitive) e).isString()) {
            throw new RulesException(rule == PROFILE ? Messages.text("ruleset.profile.needs-string", key)
                    : Messages.text("ruleset.profile.rule.needs-string", rule, key));
        }
        return e.getAsString();
    }

    private static Integer number(JsonObject o, String key, int rule) throws RulesException {
        JsonElement e = o.get(key);
        if (e == null || e.isJsonNull()) return null;
        if (!e.isJsonPrimitive() || !((JsonPrimitive) e).isNumber() || !e.getAsString().matches("[0-9]{1,6}")) {
            throw new RulesException(rule == PROFILE ? Messages.text("ruleset.profile.whole-number", key)
                    : Messages.text("ruleset.profile.rule.whole-number", rule, key));
        }
        return Integer.valueOf(e.getAsString());
    }
}
