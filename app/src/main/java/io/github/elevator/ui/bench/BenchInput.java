package io.github.elevator.ui.bench;

import io.github.elevator.app.BenchmarkRequest;
import io.github.elevator.device.SchedulerVariants;
import io.github.elevator.text.Messages;
import io.github.elevator.protocol.Printable;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** What a person types into the benchmark panel, read as a budget, a margin or variants: valid values or nothing. */
public final class BenchInput {
    public static final int MIN_BUDGET = BenchmarkRequest.MIN_BUDGET;
    public static final int MAX_BUDGET = BenchmarkRequest.MAX_BUDGET;
    public static final double MIN_MARGIN_PERCENT = BenchmarkRequest.MIN_MARGIN * 100;
    public static final double MAX_MARGIN_PERCENT = BenchmarkRequest.MAX_MARGIN * 100;
    static final BigDecimal DEFAULT_MARGIN_PERCENT = BigDecimal.valueOf(BenchmarkRequest.DEFAULT_MARGIN * 100).stripTrailingZeros();

    private BenchInput() {
    }

    /** Typed text as a budget: whole seconds within range; empty for anything else. */
    public static Optional<Integer> parseBudget(String text) {
        try {
            int seconds = Integer.parseInt(text.strip());
            return seconds >= MIN_BUDGET && seconds <= MAX_BUDGET ? Optional.of(seconds) : Optional.empty();
        } catch (NumberFormatException notANumber) {
            return Optional.empty();
        }
    }

    /** Typed text as a margin in percent ("3", "2.5", "2,5 %") within range; empty for anything else. */
    public static Optional<BigDecimal> parseMargin(String text) {
        try {
            BigDecimal pct = new BigDecimal(text.strip().replace(',', '.').replace("%", "").strip());
            double v = pct.doubleValue();
            return v >= MIN_MARGIN_PERCENT && v <= MAX_MARGIN_PERCENT ? Optional.of(pct.stripTrailingZeros()) : Optional.empty();
        } catch (NumberFormatException notANumber) {
            return Optional.empty();
        }
    }

    /** The offered schedulers and the typed variants, in that order; throws with words when a variant is not one. */
    static List<String> withVariants(List<String> offered, String typed) {
        List<String> all = new ArrayList<>(offered);
        if (typed == null || typed.isBlank()) return all;
        for (String item : typed.split(",")) {
            if (item.isBlank()) continue;
            String text;
            try {
                text = SchedulerVariants.parse(item.strip()).text();
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(Messages.text("ui.bench.variant.refused", Printable.quoted(item.strip()), e.getMessage()));
            }
            if (!all.contains(text)) all.add(text);
        }
        return all;
    }
}
