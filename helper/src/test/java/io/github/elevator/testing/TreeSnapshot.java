package io.github.elevator.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Every file, directory and link below a root with its content, to prove what a run wrote. */
public final class TreeSnapshot {
    private TreeSnapshot() {
    }

    public static Map<String, String> of(Path root) throws IOException {
        Map<String, String> entries = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                String key = root.relativize(p).toString();
                if (Files.isSymbolicLink(p)) entries.put(key, "link:" + Files.readSymbolicLink(p));
                else if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) entries.put(key, "dir");
                else entries.put(key, "file:" + Files.readString(p));
            }
        }
        return entries;
    }
}
