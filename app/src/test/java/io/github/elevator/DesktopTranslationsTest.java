package io.github.elevator;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The texts the desktop shows before Elevator runs, in their own formats: the polkit policy's
 * authentication dialogs, the desktop file's menu entry and the AppStream metainfo. Each English
 * text has its German one.
 */
class DesktopTranslationsTest {
    private static final List<String> LANGUAGES = List.of("de");
    /** The checkout's top, where polkit/ and desktop/ are: the app module's tests run in app/. */
    private static final Path TOP = Path.of("..");

    /** Parsed without fetching the DTD the policy names: the tests run offline. */
    private static org.w3c.dom.Document xml(java.io.File file) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return f.newDocumentBuilder().parse(file);
    }

    @Test
    void everyPolkitActionHasItsDescriptionAndMessageInEveryLanguage() throws Exception {
        var doc = xml(TOP.resolve("polkit/io.github.elevator.policy").toFile());
        NodeList actions = doc.getElementsByTagName("action");
        assertTrue(actions.getLength() >= 6, "the policy's actions");
        for (int i = 0; i < actions.getLength(); i++) {
            Element action = (Element) actions.item(i);
            for (String tag : List.of("description", "message")) {
                NodeList texts = action.getElementsByTagName(tag);
                for (String lang : LANGUAGES) {
                    boolean found = false;
                    for (int j = 0; j < texts.getLength(); j++) {
                        Element t = (Element) texts.item(j);
                        if (lang.equals(t.getAttribute("xml:lang")) && !t.getTextContent().isBlank()) found = true;
                    }
                    assertTrue(found, action.getAttribute("id") + " has no " + tag + " in " + lang);
                }
                assertEquals(1 + LANGUAGES.size(), texts.getLength(), action.getAttribute("id") + ": one " + tag + " per language");
            }
        }
    }

    @Test
    void theMenuEntrysTextsAreTranslated() throws Exception {
        List<String> lines = Files.readAllLines(TOP.resolve("desktop/io.github.elevator.Elevator.desktop"));
        for (String key : List.of("GenericName", "Comment", "Keywords")) {
            for (String lang : LANGUAGES) {
                assertTrue(lines.stream().anyMatch(l -> l.startsWith(key + "[" + lang + "]=") && l.length() > key.length() + lang.length() + 4),
                        key + " in " + lang);
            }
        }
    }

    @Test
    void theMetainfosSummaryAndDescriptionAreTranslated() throws Exception {
        var doc = xml(TOP.resolve("desktop/io.github.elevator.Elevator.metainfo.xml").toFile());
        for (String lang : LANGUAGES) {
            for (String tag : List.of("summary", "p", "caption")) {
                NodeList all = doc.getElementsByTagName(tag);
                int english = 0, translated = 0;
                for (int i = 0; i < all.getLength(); i++) {
                    String l = ((Element) all.item(i)).getAttribute("xml:lang");
                    if (l.isEmpty()) english++;
                    else if (l.equals(lang)) translated++;
                }
                assertFalse(english == 0, tag);
                assertEquals(english, translated, tag + ": each English one has its " + lang + " one");
            }
        }
    }
}
