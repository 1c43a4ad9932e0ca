package io.github.elevator.cli;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;

final class Json {
    static final Gson GSON = new GsonBuilder().serializeNulls().setPrettyPrinting().disableHtmlEscaping().create();

    private Json() {
    }
}
