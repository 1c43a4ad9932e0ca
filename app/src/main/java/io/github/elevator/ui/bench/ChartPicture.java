package io.github.elevator.ui.bench;

import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.text.LocalTimes;
import io.github.elevator.text.Messages;
import org.jfree.chart.JFreeChart;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The charts as one picture, under a caption that names the device, the time and the workloads: a
 * PNG found later in a folder says by itself what it shows.
 */
final class ChartPicture {
    static final int WIDTH = 1000;
    static final int CHART_HEIGHT = 320;
    static final int CAPTION_HEIGHT = 36;
    private static final Font CAPTION_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 15);

    private ChartPicture() {
    }

    /** "loop3 · 2026-12-04 12:30:00 · seq-read, rand-read": the device, the local time of {@code isoTime}, the workloads. */
    static String caption(String device, String isoTime, List<String> workloads, ZoneId zone) {
        return Messages.text("ui.bench.png.caption", device, LocalTimes.of(isoTime, zone), String.join(", ", workloads));
    }

    /** A report's caption: its device, when it finished, the workloads it ran (in their order), else those it ranked. */
    static String caption(BenchmarkReport r, ZoneId zone) {
        Set<String> workloads = new LinkedHashSet<>();
        for (RunResult run : r.runs()) workloads.add(run.workload());
        if (workloads.isEmpty()) workloads.addAll(r.ranking().keySet());
        return caption(r.device(), r.finishedAt(), new ArrayList<>(workloads), zone);
    }

    /** The caption on a white band, then each chart below the one before. */
    static BufferedImage of(String caption, List<JFreeChart> charts) {
        BufferedImage image = new BufferedImage(WIDTH, CAPTION_HEIGHT + CHART_HEIGHT * charts.size(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, WIDTH, CAPTION_HEIGHT);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.BLACK);
        g.setFont(CAPTION_FONT);
        g.drawString(caption, 12, CAPTION_HEIGHT / 2 + g.getFontMetrics().getAscent() / 2 - 2);
        for (int i = 0; i < charts.size(); i++) {
            charts.get(i).draw(g, new Rectangle2D.Double(0, CAPTION_HEIGHT + i * CHART_HEIGHT, WIDTH, CHART_HEIGHT));
        }
        g.dispose();
        return image;
    }
}
