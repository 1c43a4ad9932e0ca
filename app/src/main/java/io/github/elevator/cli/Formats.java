package io.github.elevator.cli;

import io.github.elevator.device.BlockDevice;
import io.github.elevator.text.Messages;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

final class Formats {
    private Formats() {
    }

    /** "none [mq-deadline] kyber bfq", as the kernel prints it, or "no scheduler". */
    static String schedulers(BlockDevice d) {
        if (!d.hasScheduler()) return Messages.text("cli.schedulers.none");
        return d.schedulers().stream()
                .map(s -> s.equals(d.active()) ? "[" + s + "]" : s)
                .collect(Collectors.joining(" "));
    }

    /** The --json field type, the same words in every language: rotational or solid-state, and removable or read-only where so. */
    static String type(BlockDevice d) {
        List<String> marks = new ArrayList<>();
        marks.add(d.rotational() ? "rotational" : "solid-state"); // untranslated: JSON values
        if (d.removable()) marks.add("removable"); // untranslated: JSON value
        if (d.readOnly()) marks.add("read-only"); // untranslated: JSON value
        return String.join(",", marks);
    }

    /** The window's Type column, as the table shows it: the words of {@link #type} in the reader's language. */
    static String typeText(BlockDevice d) {
        List<String> marks = new ArrayList<>();
        marks.add(d.rotational() ? Messages.text("cli.type.rotational") : Messages.text("cli.type.solid-state"));
        if (d.removable()) marks.add(Messages.text("cli.type.removable"));
        if (d.readOnly()) marks.add(Messages.text("cli.type.read-only"));
        return String.join(",", marks);
    }

    /** Fits {@code s} into {@code max} characters, cutting the middle of paths (their ends tell most). */
    static String fit(String s, int max) {
        if (s.length() <= max) return s;
        if (s.startsWith("/")) return "…" + s.substring(s.length() - (max - 1));
        return s.substring(0, max - 1) + "…";
    }
}
