package io.github.elevator.text;

/** Numbers in the reader's language: the decimal mark and thousands separator are the bundle's. */
public final class Numbers {
    private Numbers() {
    }

    /** A number formatted with {@code Locale.ROOT} ("2,881.5"), with the reader's marks put in ("2.881,5" in German). */
    public static String local(String rootFormatted) {
        String decimal = Messages.text("text.number.decimal-mark"), group = Messages.text("text.number.group-mark");
        StringBuilder s = new StringBuilder(rootFormatted.length() + 4);
        for (char c : rootFormatted.toCharArray()) {
            if (c == '.') s.append(decimal);
            else if (c == ',') s.append(group);
            else s.append(c);
        }
        return s.toString();
    }
}
