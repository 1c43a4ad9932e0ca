package io.github.elevator.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The file side of the write workloads, run by the app with the rights of the person who asked,
 * in a folder they can write ({@link Scratch}); never by the root helper.
 */
public final class WriteLoads {
    private WriteLoads() {
    }

    /** small-files: {@code units} units of the PostMark pattern, with fsync, one after another. */
    public static TimedRun.Work smallFiles(Path scratch, int units) {
        if (units < 1) throw new IllegalArgumentException("at least one unit of small-files work"); // untranslated: a bug
        return (meter, cancelled) -> SmallFiles.run(scratch, units, meter, cancelled);
    }

    /** Transactions in one unit of small-files. */
    public static int smallFilesTransactions() {
        return SmallFiles.TRANSACTIONS;
    }

    /** Work measured while a writer streams direct writes into the folder; the writer stops when it returns. */
    public interface Foreground {
        void run() throws IOException, InterruptedException;
    }

    /**
     * read-under-write's writer around its reader (which reads the raw device), once the writer is
     * going: held to the allowance's pace, it writes at most what is left of it, which it spends (the
     * caller ends the block).
     * False when the writer stopped at the allowance before the reader ended: not all of the reads
     * were made under it.
     */
    public static boolean whileWriting(Path scratch, WriteAllowance allowance, Foreground reader) throws IOException, InterruptedException {
        AtomicBoolean reading = new AtomicBoolean(true);
        InterruptedException[] interrupted = new InterruptedException[1];
        StreamingWriter writer = new StreamingWriter(scratch, 4096, WritePace.of(allowance.bytesPerSecond()), allowance.left());
        try {
            writer.whileRunning(reading::get, () -> {
                try {
                    StartUnderWrite.awaitWriter(writer, () -> false);
                    reader.run();
                } catch (InterruptedException e) {
                    interrupted[0] = e;
                } finally {
                    reading.set(false);
                }
            });
        } finally {
            allowance.spendPart(writer.written());
        }
        if (interrupted[0] != null) throw interrupted[0];
        return !writer.stoppedAtLimit();
    }
}
