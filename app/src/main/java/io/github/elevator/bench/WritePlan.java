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
 * without I/O, the streaming writer's wrap size on that filesystem, the application's files), and
 * the most the writers of read-under-write and start-under-write write in all ({@link WriteAllowance}).
 */
public final class WritePlan {
    private WritePlan() {
    }

    /** Empty when {@code workloads} write nothing. {@code usableBytes}: free space on {@code mount} for this user. */
    public static Optional<String> of(List<Workload> workloads, Path mount, long usableBytes) {
        List<Workload> writing = workloads.stream().filter(w -> !w.raw()).toList();
        if (writing.isEmpty()) return Optional.empty();
        String atOnce = ByteSize.human(mostAtOnce(writing, usableBytes));
        List<String> capped = writing.stream().filter(WriteAllowance::writesUnder).map(Workload::id).toList();
        String total = ByteSize.human(WriteAllowance.TOTAL);
        if (writing.size() == 1 && capped.size() == 1) {
            return Optional.of(Messages.text("bench.write-plan.capped", capped.get(0), total, atOnce, mount));
        }
        String who = Sentences.list(writing.stream().map(Workload::id).toList());
        String plan = Messages.count("bench.write-plan", writing.size(), who, atOnce, mount);
        return Optional.of(capped.isEmpty() ? plan
                : Sentences.sentences(plan, Messages.count("bench.write-plan.total", capped.size(), Sentences.list(capped), total)));
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
