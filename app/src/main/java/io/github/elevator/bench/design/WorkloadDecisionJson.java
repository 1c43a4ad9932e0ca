package io.github.elevator.bench.design;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.TypeAdapter;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonWriter;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The one JSON shape of a decision, whatever the Gson's settings: numbers and names only (its words
 * are made where it is shown), {@code recommendation}, {@code basis}, {@code bound}, {@code strength}
 * (written for readers; read back it is derived from the numbers again), {@code ratio}
 * and {@code ci95} always (null when there is none yet), NaN figures as null, {@code noiseFloor}
 * only where a noise check computed it, and no workload or metric (the document is keyed by
 * workload). Read back, workload and metric are null. A document from before leaders, basis and
 * figures were written gets its leaders from its pairs and no figures (the report puts them back
 * from its runs); one from before decisions said their case and blocks gets the case from its
 * numbers and the blocks from its figures, and its sentence ({@code why}, in the language it ran in)
 * is not read.
 */
final class WorkloadDecisionJson extends TypeAdapter<WorkloadDecision> {
    @Override
    public void write(JsonWriter out, WorkloadDecision d) throws IOException {
        if (d == null) {
            out.nullValue();
            return;
        }
        boolean serializeNulls = out.getSerializeNulls();
        out.setSerializeNulls(true);
        try {
            out.beginObject();
            Choice c = d.choice();
            out.name("recommendation").value(c.scheduler());
            out.name("basis").value(c.basis() == null ? null : name(c.basis()));
            out.name("leaders").beginArray();
            for (String leader : c.leaders()) out.value(leader);
            out.endArray();
            out.name("bound").value(c.bound());
            out.name("strength").value(d.strength() == null ? null : d.strength().key());
            out.name("reason").value(name(d.reason()));
            out.name("margin").value(d.margin());
            out.name("figures").beginArray();
            for (Figure f : d.figures()) {
                out.beginObject();
                out.name("scheduler").value(f.scheduler());
                out.name("value");
                number(out, f.value());
                out.name("cpuUsPerIo");
                number(out, f.cpuPerIo());
                out.name("blocks").value(f.blocks());
                out.name("leader").value(f.leader());
                out.endObject();
            }
            out.endArray();
            out.name("pairs").beginArray();
            for (PairVerdict p : d.pairs()) {
                out.beginObject();
                out.name("a").value(p.a());
                out.name("b").value(p.b());
                out.name("ratio").value(p.ratio());
                out.name("ci95");
                double[] ci = p.ci95();
                if (ci == null) out.nullValue();
                else out.beginArray().value(ci[0]).value(ci[1]).endArray();
                out.name("verdict").value(p.verdict().name().toLowerCase(Locale.ROOT));
                out.endObject();
            }
            out.endArray();
            out.name("decided").value(d.decided());
            out.name("toDecide").value(d.toDecide());
            out.name("blocks").value(d.blocks());
            if (d.noiseFloor() != null) out.name("noiseFloor").value(d.noiseFloor());
            out.endObject();
        } finally {
            out.setSerializeNulls(serializeNulls);
        }
    }

    @Override
    public WorkloadDecision read(JsonReader in) throws IOException {
        JsonElement e = JsonParser.parseReader(in);
        if (e.isJsonNull()) return null;
        JsonObject o = e.getAsJsonObject();
        List<PairVerdict> pairs = new ArrayList<>();
        for (JsonElement pe : o.getAsJsonArray("pairs")) {
            JsonObject p = pe.getAsJsonObject();
            JsonArray ci = nullable(p, "ci95") == null ? null : p.getAsJsonArray("ci95");
            pairs.add(new PairVerdict(p.get("a").getAsString(), p.get("b").getAsString(),
                    nullable(p, "ratio") == null ? null : p.get("ratio").getAsDouble(),
                    ci == null ? null : new double[] {ci.get(0).getAsDouble(), ci.get(1).getAsDouble()},
                    Verdict.valueOf(p.get("verdict").getAsString().toUpperCase(Locale.ROOT))));
        }
        JsonElement recommendation = nullable(o, "recommendation");
        JsonElement floor = nullable(o, "noiseFloor");
        List<Figure> figures = new ArrayList<>();
        JsonElement fs = nullable(o, "figures");
        if (fs != null) {
            for (JsonElement fe : fs.getAsJsonArray()) {
                JsonObject f = fe.getAsJsonObject();
                figures.add(new Figure(f.get("scheduler").getAsString(), number(f, "value"), number(f, "cpuUsPerIo"),
                        f.get("blocks").getAsInt(), f.get("leader").getAsBoolean()));
            }
        }
        Choice choice = new Choice(recommendation == null ? null : recommendation.getAsString(), basis(o), leaders(o, pairs),
                nullable(o, "bound") == null ? null : o.get("bound").getAsDouble());
        JsonElement blocks = nullable(o, "blocks");
        return new WorkloadDecision(null, null, choice, reason(o, choice, figures, pairs, floor), o.get("margin").getAsDouble(), figures, pairs,
                o.get("decided").getAsInt(), o.get("toDecide").getAsInt(), floor == null ? null : floor.getAsDouble(),
                blocks != null ? blocks.getAsInt() : figures.stream().mapToInt(Figure::blocks).max().orElse(0));
    }

    /** The case, or for a document from before decisions said it, the case its numbers show (as the analysis tells them). */
    private static Reason reason(JsonObject o, Choice choice, List<Figure> figures, List<PairVerdict> pairs, JsonElement floor) {
        JsonElement r = nullable(o, "reason");
        if (r != null) return Reason.valueOf(r.getAsString().toUpperCase(Locale.ROOT).replace('-', '_'));
        if (floor != null) return Reason.NOISE;
        if (choice.scheduler() != null) return choice.leaders().size() == 1 ? Reason.LEADER : Reason.LEADERS;
        int measured = Math.max(figures.size(), pairs.isEmpty() ? choice.leaders().size() : 2);
        return measured == 0 ? Reason.NOTHING : measured == 1 ? Reason.ONLY : Reason.TOO_FEW;
    }

    private static String name(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The basis, or for a report from before there was one: a recommendation then meant the only leader or proven equals. */
    private static Basis basis(JsonObject o) {
        JsonElement b = nullable(o, "basis");
        if (b != null) return Basis.valueOf(b.getAsString().toUpperCase(Locale.ROOT).replace('-', '_'));
        return nullable(o, "recommendation") == null ? null : Basis.ONLY_LEADER;
    }

    /** The leaders, or for an older report the schedulers of its pairs that no other was decided faster than. */
    private static List<String> leaders(JsonObject o, List<PairVerdict> pairs) {
        List<String> leaders = new ArrayList<>();
        JsonElement l = nullable(o, "leaders");
        if (l != null) {
            for (JsonElement e : l.getAsJsonArray()) leaders.add(e.getAsString());
            return leaders;
        }
        java.util.Set<String> behind = Recommendation.behind(pairs);
        for (PairVerdict p : pairs) {
            for (String s : List.of(p.a(), p.b())) if (!behind.contains(s) && !leaders.contains(s)) leaders.add(s);
        }
        return leaders;
    }

    /** NaN (unknown) is written as null, which JSON can hold. */
    private static void number(JsonWriter out, double value) throws IOException {
        if (Double.isNaN(value)) out.nullValue();
        else out.value(value);
    }

    private static double number(JsonObject o, String name) {
        JsonElement e = nullable(o, name);
        return e == null ? Double.NaN : e.getAsDouble();
    }

    private static JsonElement nullable(JsonObject o, String name) {
        JsonElement e = o.get(name);
        return e == null || e.isJsonNull() ? null : e;
    }
}
