package io.github.elevator.ui.bench;

import io.github.elevator.text.Numbers;
import javafx.event.ActionEvent;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.layout.Region;
import javafx.util.StringConverter;

import java.math.BigDecimal;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/** The benchmark panel's spinners for the budget and the margin, into which a person may also type. */
final class TypedSpinners {
    private TypedSpinners() {
    }

    /**
     * Typed text is taken on Enter and when focus leaves. Text that is not a valid value is
     * refused with a message and the last good value comes back; the spinner never clamps or
     * throws on its own.
     */
    static <T> void typeable(Spinner<T> spinner, Function<String, Optional<T>> parse, Predicate<String> take) {
        StringConverter<T> shown = spinner.getValueFactory().getConverter();
        spinner.getValueFactory().setConverter(new StringConverter<>() {
            @Override
            public String toString(T value) {
                return shown.toString(value);
            }

            @Override
            public T fromString(String text) {
                return parse.apply(text).orElse(spinner.getValue());
            }
        });
        spinner.setEditable(true);
        spinner.setPrefWidth(90);
        spinner.setMinWidth(Region.USE_PREF_SIZE);
        spinner.getEditor().addEventHandler(ActionEvent.ACTION, e -> commit(spinner, take));
        spinner.focusedProperty().addListener((o, was, now) -> {
            if (!now) commit(spinner, take);
        });
    }

    private static <T> void commit(Spinner<T> spinner, Predicate<String> take) {
        String text = spinner.getEditor().getText();
        String current = spinner.getValueFactory().getConverter().toString(spinner.getValue());
        if (!text.equals(current) && take.test(text)) return;
        spinner.getEditor().setText(current);
    }

    /** The margin in steps of half a percent, typed values kept as typed. */
    static final class MarginFactory extends SpinnerValueFactory<BigDecimal> {
        private static final BigDecimal STEP = new BigDecimal("0.5");

        MarginFactory() {
            setConverter(new StringConverter<>() {
                @Override
                public String toString(BigDecimal value) {
                    return value == null ? "" : Numbers.exact(value);
                }

                @Override
                public BigDecimal fromString(String text) {
                    return new BigDecimal(text.strip().replace(',', '.')); // either mark, as the margin is typed
                }
            });
        }

        @Override
        public void decrement(int steps) {
            step(STEP.negate().multiply(BigDecimal.valueOf(steps)));
        }

        @Override
        public void increment(int steps) {
            step(STEP.multiply(BigDecimal.valueOf(steps)));
        }

        private void step(BigDecimal by) {
            BigDecimal next = getValue().add(by);
            double v = next.doubleValue();
            if (v >= BenchInput.MIN_MARGIN_PERCENT && v <= BenchInput.MAX_MARGIN_PERCENT) setValue(next.stripTrailingZeros());
        }
    }
}
