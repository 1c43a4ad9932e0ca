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
 * The one JSON shape of a decision, whatever the Gson's settings: {@code recommendation},
 * {@code ratio} and {@code ci95} always (null when there is none yet), {@code noiseFloor} only
 * where a noise check computed it, and no workload or metric (the document is keyed by
 * workload). Read back, workload and metric are null and blocks 0.
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
            out.name("recommendation").value(d.recommendation());
            out.name("why").value(d.why());
            out.name("margin").value(d.margin());
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
        return new WorkloadDecision(null, null, recommendation == null ? null : recommendation.getAsString(),
                o.get("why").getAsString(), o.get("margin").getAsDouble(), pairs,
                o.get("decided").getAsInt(), o.get("toDecide").getAsInt(), floor == null ? null : floor.getAsDouble(), 0);
    }

    private static JsonElement nullable(JsonObject o, String name) {
        JsonElement e = o.get(name);
        return e == null || e.isJsonNull() ? null : e;
    }
}
