package io.github.elevator.ui.startup;

import io.github.elevator.text.Messages;
import org.junit.jupiter.api.BeforeEach;

import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link FirstFrameGuiIT}'s tests in German, whose hint and headings are longer: in a JVM of its
 * own that speaks German from its start (the failsafe execution "german"), as on a German desktop.
 */
class GermanFirstFrameGuiIT extends FirstFrameGuiIT {
    @BeforeEach
    void speaksGerman() {
        assertEquals(Messages.of(Locale.GERMAN).get("rules.title"), Messages.text("rules.title"), "this JVM speaks German");
    }
}
