package io.github.elevator.bench;

import io.github.elevator.bench.engine.IoEngine;
import io.github.elevator.bench.engine.IoRecorder;
import io.github.elevator.bench.engine.ReadPattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RawReadsTest {

    /** Takes the pattern a workload would read, and reads nothing. */
    private static final class Taker implements IoEngine {
        final List<ReadPattern> taken = new ArrayList<>();

        @Override
        public String name() {
            return "taker";
        }

        @Override
        public void run(int device, ReadPattern pattern, IoRecorder recorder, BooleanSupplier keepGoing) {
            taken.add(pattern);
        }
    }

    private static ReadPattern patternOf(Path sysBlock, int logical, Workload w) throws IOException {
        Path queue = Files.createDirectories(sysBlock.resolve("sdx/queue"));
        Files.writeString(sysBlock.resolve("sdx/size"), (8L << 30) / 512 + 1 + "\n"); // 8 GiB and one sector
        Files.writeString(queue.resolve("logical_block_size"), logical + "\n");
        Taker taker = new Taker();
        RawReads.of(3, "sdx", sysBlock, depth -> taker).load(w).run(null, () -> false);
        return taker.taken.get(0);
    }

    /** A 4 KiB random read is one aligned 4 KiB block, as fio's (blockalign defaults to bs), on a 512 B-sector disk too. */
    @Test
    void randomReadsAreAlignedToTheirOwnSizeNotToTheSector(@TempDir Path sys) throws IOException {
        for (Workload w : List.of(Workload.RAND_READ, Workload.RAND_READ_QD32)) {
            ReadPattern p = patternOf(sys.resolve(w.id()), 512, w);
            assertEquals(4096, p.alignment(), w.id());
            assertEquals(8L << 30, p.spanBytes(), "the span holds whole blocks only");
        }
    }

    @Test
    void aLargerLogicalBlockSizeStillRules(@TempDir Path sys) throws IOException {
        assertEquals(4096, patternOf(sys.resolve("4kn"), 4096, Workload.RAND_READ).alignment());
        assertEquals(1 << 20, patternOf(sys.resolve("seq"), 512, Workload.SEQ_READ).alignment());
    }
}
