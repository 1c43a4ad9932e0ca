package io.github.elevator.cli;

import java.io.PrintWriter;
import java.util.List;

/** A table in text: each column as wide as its widest cell, the first left-aligned, the others right-aligned. */
final class Columns {
    private Columns() {
    }

    static void print(List<String[]> rows, PrintWriter out, String indent) {
        int columns = rows.stream().mapToInt(r -> r.length).max().orElse(0);
        int[] width = new int[columns];
        for (String[] r : rows) for (int c = 0; c < r.length; c++) width[c] = Math.max(width[c], r[c].codePointCount(0, r[c].length()));
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder(indent);
            for (int c = 0; c < r.length; c++) {
                String pad = " ".repeat(width[c] - r[c].codePointCount(0, r[c].length()));
                line.append(c == 0 ? "" : "  ").append(c <= 1 ? r[c] + pad : pad + r[c]);
            }
            out.println(line.toString().stripTrailing());
        }
    }
}
