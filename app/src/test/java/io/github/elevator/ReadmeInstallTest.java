package io.github.elevator;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * README.md's Install section fits on one screen: one short section per family of distributions,
 * each with one command, and the README itself stays short. (30 lines: what a terminal or a
 * laptop's browser shows without scrolling.)
 */
class ReadmeInstallTest {
    private static final int SCREEN_LINES = 30;
    private static final int README_LINES = 250;

    @Test
    void oneCommandPerFamilyOnOneScreen() throws Exception {
        List<String> lines = Files.readAllLines(Path.of("..", "README.md"));
        assertTrue(lines.size() <= README_LINES, "README.md has " + lines.size() + " lines");
        int start = lines.indexOf("## Install");
        int end = start + 1;
        while (end < lines.size() && !lines.get(end).startsWith("## ")) end++;
        assertTrue(start >= 0, "README.md has an Install section");
        assertTrue(end - start <= SCREEN_LINES, "the Install section has " + (end - start) + " lines");
        List<String> families = new ArrayList<>();
        List<Integer> commands = new ArrayList<>();
        boolean inBlock = false;
        for (String line : lines.subList(start, end)) {
            if (line.startsWith("### ")) {
                families.add(line.substring(4));
                commands.add(0);
            } else if (line.startsWith("```")) {
                inBlock = !inBlock;
            } else if (inBlock && !families.isEmpty()) {
                commands.set(commands.size() - 1, commands.get(commands.size() - 1) + 1);
            }
        }
        assertEquals(3, families.size(), "Debian, rpm and Arch families: " + families);
        assertEquals(List.of(1, 1, 1), commands, "one command line each: " + families);
    }
}
