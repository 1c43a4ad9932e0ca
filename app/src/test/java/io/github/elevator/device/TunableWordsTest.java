package io.github.elevator.device;

import io.github.elevator.protocol.TunableLimits;
import io.github.elevator.text.Messages;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.MissingResourceException;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Every setting the root side knows a range for has its words in the bundles, its unit too. */
class TunableWordsTest {
    @Test
    void everySettingHasAMeaningAndEveryUnitAWord() {
        Messages english = Messages.of(Locale.ENGLISH);
        List<String> missing = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        TunableLimits.QUEUE.keySet().forEach(name -> keys.add("device.tunable.meaning." + name));
        TunableLimits.IOSCHED.keySet().forEach(name -> keys.add("device.tunable.meaning." + name));
        for (var limits : List.of(TunableLimits.QUEUE, TunableLimits.IOSCHED)) {
            limits.values().stream().filter(l -> !l.unit().isEmpty()).forEach(l -> keys.add(TunableWords.unitKey(l.unit())));
        }
        for (String key : keys) {
            try {
                english.get(key);
            } catch (MissingResourceException e) {
                missing.add(key);
            }
        }
        assertEquals(List.of(), missing);
    }

    @Test
    void theWordsAreTheDesktopsLanguage() {
        assertEquals("wie weit voraus sequenzielle Lesezugriffe geholt werden",
                Messages.of(Locale.GERMAN).get("device.tunable.meaning.read_ahead_kb"));
        assertEquals("Anfragen", Messages.of(Locale.GERMAN).get(TunableWords.unitKey("requests")));
        assertEquals("µs", Messages.of(Locale.GERMAN).get(TunableWords.unitKey("µs")));
    }
}
