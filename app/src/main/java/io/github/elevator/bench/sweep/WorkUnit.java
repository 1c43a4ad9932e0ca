package io.github.elevator.bench.sweep;

import io.github.elevator.bench.Workload;
import io.github.elevator.bench.WriteLoads;
import io.github.elevator.text.Messages;

/** One unit of a fixed workload's work, in words: a PostMark pool and its transactions for small-files, else one start. */
record WorkUnit(boolean pool) {
    static WorkUnit of(Workload w) {
        return new WorkUnit(w == Workload.SMALL_FILES);
    }

    /** "one unit of 100 transactions", "one start". */
    String one() {
        return pool ? Messages.text("app.work.one-unit", transactions()) : Messages.text("app.work.one-start");
    }

    /** "6 units of 100 transactions", "1 start". */
    String count(long n) {
        return pool ? Messages.count("app.work.units", n, transactions()) : Messages.count("app.work.starts", n);
    }

    private static String transactions() {
        return Messages.count("app.work.transactions", WriteLoads.smallFilesTransactions());
    }
}
