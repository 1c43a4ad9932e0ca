package io.github.elevator.bench;

import io.github.elevator.text.Sentences;
import io.github.elevator.device.ByteSize;
import io.github.elevator.text.Messages;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What a benchmark's write workloads will write where, in one line, said before it starts: the most
 * their files hold at once, worked out from the workloads themselves (small-files' unit counted
 * without I/O, the streaming writer's wrap size on that filesystem, the application's files).
 */
public final class WritePlan {
    private WritePlan() {
    }

    /** Empty when {@code workloads} write nothing. {@code usableBytes}: free space on {@code mount} for this user. */
    public static Optional<String> of(List<Workload> workloads, Path mount, long usableBytes) {
        List<Workload> writing = workloads.stream().filter(w -> !w.raw()).toList();
        if (writing.isEmpty()) return Optional.empty();
        long atOnce = mostAtOnce(writing, usableBytes);
        String who = Sentences.list(writing.stream().map(Workload::id).toList());
        return Optional.of(Messages.count("bench.write-plan", writing.size(), who, ByteSize.human(atOnce), mount));
    }

    /**
     * The workloads run one after another and each removes its files after every run, but the
     * application's files of start-under-write stay for the whole benchmark.
     */
    static long mostAtOnce(List<Workload> writing, long usableBytes) {
        long laidOut = 0;
        long run = 0;
        for (Workload w : writing) {
            switch (w) {
                case SMALL_FILES -> run = Math.max(run, SmallFiles.tally().peak());
                case READ_UNDER_WRITE -> run = Math.max(run, StreamingWriter.fileLimit(usableBytes));
                case START_UNDER_WRITE -> {
                    laidOut = AppFiles.plan().stream().mapToLong(AppFiles.File::size).sum();
                    run = Math.max(run, StreamingWriter.fileLimit(usableBytes));
                }
                default -> throw new IllegalArgumentException(w.id() + " writes nothing"); // untranslated: a bug
            }
        }
        return laidOut + run;
    }
}
