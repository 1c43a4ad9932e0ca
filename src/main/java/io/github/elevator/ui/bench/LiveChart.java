package io.github.elevator.ui.bench;

import javafx.scene.paint.Color;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.awt.BasicStroke;
import java.awt.Font;
import java.text.DecimalFormat;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The workload running now, in its own unit, against seconds since the benchmark's first
 * sample: one line per scheduler, each run a line piece of its own. Another workload starts the
 * chart afresh, so two workloads never share an axis.
 */
final class LiveChart {
    private static final int MAX_POINTS = 4000;
    /** The time axis shows at least this much, so the first samples do not stretch it to fractions of a second. */
    private static final double MIN_SECONDS = 10;
    static final java.awt.Color[] PALETTE = {
            new java.awt.Color(0x3465a4), new java.awt.Color(0xcc0000), new java.awt.Color(0x4e9a06),
            new java.awt.Color(0xf57900), new java.awt.Color(0x75507b), new java.awt.Color(0x06989a)};

    private final XYSeriesCollection data = new XYSeriesCollection();
    private final NumberAxis time = new NumberAxis("seconds since the start");
    private final NumberAxis value = new NumberAxis();
    private final XYPlot plot;
    private final JFreeChart chart;
    private final ChartViewer viewer;
    private final Map<String, Integer> colorOf = new HashMap<>();
    private final Map<String, Integer> lastRun = new HashMap<>();
    private String lastScheduler;
    private String workload;

    LiveChart() {
        time.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        time.setNumberFormatOverride(new DecimalFormat("0"));
        time.setRange(0, MIN_SECONDS);
        value.setAutoRangeIncludesZero(true);
        value.setNumberFormatOverride(new DecimalFormat("#,##0.#"));
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        plot = new XYPlot(data, time, value, renderer);
        chart = new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        chart.setTitle(new TextTitle("", new Font(Font.SANS_SERIF, Font.BOLD, 13)));
        viewer = new ChartViewer(chart);
        viewer.setId("live-chart");
        viewer.setMinHeight(160);
        viewer.setMinWidth(260);
        ChartColors.follow(viewer, chart);
    }

    ChartViewer node() {
        return viewer;
    }

    JFreeChart chart() {
        return chart;
    }

    /** The workload whose points are drawn, null when none. */
    String workload() {
        return workload;
    }

    /** Starts over with {@code view}'s workload and all its points so far; null empties the chart. */
    void show(LiveView view) {
        chart.setNotify(false);
        try {
            data.removeAllSeries();
            colorOf.clear();
            lastRun.clear();
            lastScheduler = null;
            time.setRange(0, MIN_SECONDS);
            workload = view == null ? null : view.workload();
            chart.getTitle().setText(view == null ? "" : view.workload() + " — " + view.unit() + ", live");
            value.setLabel(view == null ? "" : view.unit());
            if (view != null && view.points() != null) append(view.points());
        } finally {
            chart.setNotify(true);
        }
    }

    /** Adds points of the workload shown; the chart redraws once for the whole batch. */
    void add(List<LivePoint> batch) {
        if (batch.isEmpty()) return;
        chart.setNotify(false);
        try {
            append(batch);
        } finally {
            chart.setNotify(true);
        }
    }

    private void append(List<LivePoint> batch) {
        double last = 0;
        for (LivePoint p : batch) {
            XYSeries series = series(p.scheduler());
            Integer run = lastRun.put(p.scheduler(), p.run());
            boolean resumed = (lastScheduler != null && !lastScheduler.equals(p.scheduler())) || (run != null && run != p.run());
            // a gap, not a line across the other schedulers' runs
            if (resumed && series.getItemCount() > 0) series.add(p.seconds() - 1e-6, null);
            series.add(p.seconds(), p.value());
            lastScheduler = p.scheduler();
            last = p.seconds();
        }
        double lower = Math.floor(minX());
        time.setRange(lower, Math.max(lower + MIN_SECONDS, Math.ceil(last)));
    }

    private double minX() {
        double min = Double.MAX_VALUE;
        for (int i = 0; i < data.getSeriesCount(); i++) {
            if (data.getSeries(i).getItemCount() > 0) min = Math.min(min, data.getSeries(i).getMinX());
        }
        return min == Double.MAX_VALUE ? 0 : min;
    }

    /** How many series (schedulers) the chart shows. */
    int seriesCount() {
        return data.getSeriesCount();
    }

    int pointCount() {
        int n = 0;
        for (int i = 0; i < data.getSeriesCount(); i++) n += data.getSeries(i).getItemCount();
        return n;
    }

    double timeLowerBound() {
        return time.getLowerBound();
    }

    double timeUpperBound() {
        return time.getUpperBound();
    }

    String valueLabel() {
        return value.getLabel();
    }

    String title() {
        return chart.getTitle().getText();
    }

    private XYSeries series(String scheduler) {
        int index = data.getSeriesIndex(scheduler);
        if (index >= 0) return data.getSeries(index);
        XYSeries s = new XYSeries(scheduler, false, true);
        s.setMaximumItemCount(MAX_POINTS);
        data.addSeries(s);
        int color = colorOf.computeIfAbsent(scheduler, k -> colorOf.size());
        XYLineAndShapeRenderer r = (XYLineAndShapeRenderer) plot.getRenderer();
        int at = data.getSeriesIndex(scheduler);
        r.setSeriesPaint(at, PALETTE[color % PALETTE.length]);
        r.setSeriesStroke(at, new BasicStroke(1.6f));
        return s;
    }

    static Color fxColor(int i) {
        java.awt.Color c = PALETTE[i % PALETTE.length];
        return Color.rgb(c.getRed(), c.getGreen(), c.getBlue());
    }
}
