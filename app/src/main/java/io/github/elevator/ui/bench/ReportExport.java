package io.github.elevator.ui.bench;

import io.github.elevator.app.ReportFiles;
import io.github.elevator.app.TaskRunner;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.text.Messages;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;

/** Writes the report shown, or a picture of the charts, to a file off the UI thread; the status line says where, or why not. */
public final class ReportExport {
    private final BenchmarkModel model;
    private final TaskRunner tasks;
    private final Consumer<String> say;

    ReportExport(BenchmarkModel model, TaskRunner tasks, Consumer<String> say) {
        this.model = model;
        this.tasks = tasks;
        this.say = say;
    }

    /** The report shown as JSON; nothing while none is shown. */
    public void json(Path file) {
        BenchmarkReport shown = model.report.get();
        if (shown != null) save(file, to -> ReportFiles.writeJson(to, shown));
    }

    /** The report shown as CSV; nothing while none is shown. */
    public void csv(Path file) {
        BenchmarkReport shown = model.report.get();
        if (shown != null) save(file, to -> ReportFiles.writeCsv(to, shown));
    }

    /** A picture as PNG: drawn on the UI thread by the caller (the charts change there), encoded and written off it. */
    public void png(Path file, BufferedImage image) {
        save(file, to -> ReportFiles.writePng(to, image));
    }

    private interface FileWriter {
        void write(Path file) throws IOException;
    }

    private void save(Path file, FileWriter writer) {
        tasks.run(() -> {
            writer.write(file);
            return file;
        }, saved -> say.accept(Messages.text("ui.bench.saved", saved)),
                error -> say.accept(Messages.text("ui.bench.not-saved", file, error.getMessage())));
    }
}
