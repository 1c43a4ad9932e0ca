package io.github.elevator.ui.devices;

import io.github.elevator.text.Messages;
import io.github.elevator.protocol.TunableLimits;
import io.github.elevator.device.TunableWords;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import java.util.Objects;

/**
 * One queue or scheduler setting of the selected device as the details pane shows it: the value
 * the kernel reports, and the text of its field, which differs from that value while someone is
 * typing a new one. A setting with no known safe range is shown, never edited.
 */
public final class TunableSetting {
    private final String key;
    private final TunableLimits.Limit limit;
    private final ObjectProperty<Long> value = new SimpleObjectProperty<>(this, "value");
    private final StringProperty text = new SimpleStringProperty(this, "text", "");
    private final BooleanBinding edited;

    TunableSetting(String key, Long kernelValue) {
        this.key = key;
        this.limit = TunableLimits.of(key);
        edited = Bindings.createBooleanBinding(() -> !text.get().strip().equals(shown()), text, value);
        take(kernelValue);
    }

    /** {@code queue/NAME} or {@code iosched/NAME}, as {@code elevator tune} takes it. */
    public String key() {
        return key;
    }

    /** The file's name, as the kernel's documentation names it. */
    public String name() {
        return key.substring(key.indexOf('/') + 1);
    }

    /** Whether Elevator knows a safe range for it, and so offers to change it. */
    public boolean editable() {
        return limit != null;
    }

    /** "KiB", "ms", ...; empty for a plain number or switch. */
    public String unit() {
        return limit == null ? "" : TunableWords.unit(limit);
    }

    /** "0–65536 KiB": what the field accepts, for its placeholder. */
    public String range() {
        return limit == null ? "" : limit.min() + "–" + limit.max() + (limit.unit().isEmpty() ? "" : " " + unit());
    }

    /** What the setting does, its range, and how to change it: the tooltip. */
    public String hint() {
        if (limit == null) return Messages.text("ui.devices.tunable.shown-only", name());
        if (limit.unit().isEmpty()) return Messages.text("ui.devices.tunable.hint", name(), TunableWords.meaning(key), limit.min(), limit.max());
        return Messages.text("ui.devices.tunable.hint.unit", name(), TunableWords.meaning(key), limit.min(), limit.max(), unit());
    }

    /** The value the kernel reports, as last read. */
    public ReadOnlyObjectProperty<Long> valueProperty() {
        return value;
    }

    /** The field's text: the kernel's value, or what is being typed instead. */
    public StringProperty textProperty() {
        return text;
    }

    /** True while the field holds something other than the kernel's value. */
    public BooleanBinding editedProperty() {
        return edited;
    }

    /** The value read back from the kernel; the field follows it unless someone is typing. */
    void take(Long kernelValue) {
        boolean typing = edited.get();
        if (!Objects.equals(kernelValue, value.get())) value.set(kernelValue);
        if (!typing) revert();
    }

    /** The field shows the kernel's value again. */
    void revert() {
        text.set(shown());
    }

    private String shown() {
        return value.get() == null ? "" : value.get().toString();
    }
}
