package io.github.elevator.bench.engine;

import io.github.elevator.testing.LoopDevice;
import io.github.elevator.testing.Require;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A loop device of our own whose backing file holds a known pattern: the 8-byte word at byte
 * position p is {@link #word(long)}, so any block read back tells where it came from. Remembers
 * the file's sha256 so a test can prove that nothing was written.
 */
final class PatternedLoop implements AutoCloseable {
    static final int MIB = 64;
    static final long SIZE = MIB * 1024L * 1024L;

    private final LoopDevice loop;
    private final Path backing;
    private final String checksumAtStart;

    private PatternedLoop(LoopDevice loop, Path backing) throws IOException {
        this.loop = loop;
        this.backing = backing;
        fill(backing);
        this.checksumAtStart = sha256(backing);
    }

    static PatternedLoop attach() throws IOException {
        Require.root();
        LoopDevice loop = LoopDevice.attach(MIB);
        try {
            Path backing = Path.of(Files.readString(Path.of("/sys/block", loop.name(), "loop/backing_file")).strip());
            return new PatternedLoop(loop, backing);
        } catch (IOException | RuntimeException e) {
            loop.close();
            throw e;
        }
    }

    static long word(long position) {
        return (position * 0x9E3779B97F4A7C15L) ^ 0x0123456789ABCDEFL;
    }

    /** Whether {@code data} holds exactly the pattern's bytes starting at {@code offset}. */
    static boolean matches(long offset, ByteBuffer data) {
        ByteBuffer d = data.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        if (offset % 8 != 0 || d.remaining() % 8 != 0) return false;
        for (int i = d.position(); i < d.limit(); i += 8) {
            if (d.getLong(i) != word(offset + i - d.position())) return false;
        }
        return true;
    }

    Path device() {
        return Path.of("/dev", loop.name());
    }

    String checksumAtStart() {
        return checksumAtStart;
    }

    String checksumNow() throws IOException {
        return sha256(backing);
    }

    private static void fill(Path file) throws IOException {
        ByteBuffer chunk = ByteBuffer.allocateDirect(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            for (long base = 0; base < SIZE; base += chunk.capacity()) {
                chunk.clear();
                for (int i = 0; i < chunk.capacity(); i += 8) chunk.putLong(i, word(base + i));
                while (chunk.hasRemaining()) ch.write(chunk, base + chunk.position());
            }
            ch.force(true);
        }
    }

    private static String sha256(Path file) throws IOException {
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() throws IOException {
        loop.close();
    }
}
