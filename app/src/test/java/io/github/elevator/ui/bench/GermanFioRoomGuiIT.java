package io.github.elevator.ui.bench;

import io.github.elevator.text.Messages;
import org.junit.jupiter.api.BeforeEach;

import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link FioRoomGuiIT}'s tests in German, whose words are longer: in a JVM of its own that speaks
 * German from its start (the failsafe execution "german"), as on a German desktop.
 */
class GermanFioRoomGuiIT extends FioRoomGuiIT {
    @BeforeEach
    void speaksGerman() {
        assertEquals(Messages.of(Locale.GERMAN).get("rules.title"), Messages.text("rules.title"), "this JVM speaks German");
    }
}
