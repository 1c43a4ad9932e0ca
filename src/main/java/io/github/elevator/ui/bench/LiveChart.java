package io.github.elevator.ui.bench;

import io.github.elevator.bench.Sample;
import io.github.elevator.ui.Theme;
import javafx.collections.ListChangeListener;
import javafx.scene.paint.Color;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.awt.BasicStroke;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Throughput, p99 latency and %system against time, one line per scheduler, sharing the time
 * axis. Samples are added in batches, with the chart redrawn once per batch.
 */
final class LiveChart {
    private static final int MAX_POINTS = 4000;
    private static final java.awt.Color[] PALETTE = {
            new java.awt.Color(0x3465a4), new java.awt.Color(0xcc0000), new java.awt.Color(0x4e9a06),
            new java.awt.Color(0xf57900), new java.awt.Color(0x75507b), new java.awt.Color(0x06989a)};

    private final JFreeChart chart;
    private final ChartViewer viewer;
    private final Panel[] panels;
    private final Map<String, Integer> colorOf = new HashMap<>();
    private long startNanos = -1;
    private String lastScheduler;

    private record Panel(XYPlot plot, XYSeriesCollection data, ToDoubleFunction<Sample> value) {
    }

    LiveChart() {
        NumberAxis time = new NumberAxis("seconds");
        CombinedDomainXYPlot combined = new CombinedDomainXYPlot(time);
        combined.setGap(6);
        panels = new Panel[] {
                panel(combined, "MiB/s", Sample::mibps, 3),
                panel(combined, "p99 µs", Sample::latP99us, 2),
                panel(combined, "%system", Sample::sysPct, 2)};
        chart = new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, combined, true);
        viewer = new ChartViewer(chart);
        viewer.setId("live-chart");
        viewer.setMinHeight(220);
        paint(false);
        followScheme();
    }

    /**
     * JFreeChart paints its own colours, so the chart follows the window's scheme by hand: a dark
     * window is one whose scene carries the dark stylesheet (see Theme), also after a change.
     */
    private void followScheme() {
        ListChangeListener<String> sheets = change -> paint(Theme.isDark(change.getList()));
        viewer.sceneProperty().addListener((property, old, scene) -> {
            if (old != null) old.getStylesheets().removeListener(sheets);
            if (scene == null) return;
            scene.getStylesheets().addListener(sheets);
            paint(Theme.isDark(scene.getStylesheets()));
        });
    }

    private void paint(boolean dark) {
        java.awt.Color background = dark ? new java.awt.Color(0x232529) : java.awt.Color.WHITE;
        java.awt.Color plotBackground = dark ? new java.awt.Color(0x2a2c31) : new java.awt.Color(0xfafafa);
        java.awt.Color grid = dark ? new java.awt.Color(0x4a4e56) : java.awt.Color.LIGHT_GRAY;
        java.awt.Color text = dark ? new java.awt.Color(0xdcdfe4) : java.awt.Color.DARK_GRAY;
        chart.setBackgroundPaint(background);
        chart.getLegend().setBackgroundPaint(background);
        chart.getLegend().setItemPaint(text);
        CombinedDomainXYPlot combined = (CombinedDomainXYPlot) chart.getPlot();
        paintAxis(combined.getDomainAxis(), text);
        for (Panel p : panels) {
            p.plot().setBackgroundPaint(plotBackground);
            p.plot().setDomainGridlinePaint(grid);
            p.plot().setRangeGridlinePaint(grid);
            paintAxis(p.plot().getRangeAxis(), text);
        }
    }

    private static void paintAxis(org.jfree.chart.axis.ValueAxis axis, java.awt.Color text) {
        axis.setLabelPaint(text);
        axis.setTickLabelPaint(text);
        axis.setAxisLinePaint(text);
        axis.setTickMarkPaint(text);
    }

    private static Panel panel(CombinedDomainXYPlot combined, String label, ToDoubleFunction<Sample> value, int weight) {
        XYSeriesCollection data = new XYSeriesCollection();
        NumberAxis axis = new NumberAxis(label);
        axis.setAutoRangeIncludesZero(true);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        XYPlot plot = new XYPlot(data, null, axis, renderer);
        combined.add(plot, weight);
        return new Panel(plot, data, value);
    }

    ChartViewer node() {
        return viewer;
    }

    JFreeChart chart() {
        return chart;
    }

    void clear() {
        startNanos = -1;
        lastScheduler = null;
        colorOf.clear();
        for (Panel p : panels) p.data().removeAllSeries();
    }

    /** Adds a batch; the chart redraws once for the whole batch. */
    void add(List<Sample> batch) {
        if (batch.isEmpty()) return;
        if (startNanos < 0) startNanos = System.nanoTime();
        double x = (System.nanoTime() - startNanos) / 1e9;
        chart.setNotify(false);
        try {
            for (Sample s : batch) {
                boolean resumed = lastScheduler != null && !lastScheduler.equals(s.scheduler());
                for (Panel p : panels) {
                    XYSeries series = series(p, s.scheduler());
                    // a gap, not a line across the other schedulers' runs
                    if (resumed && series.getItemCount() > 0) series.add(x - 1e-6, null);
                    series.add(x, p.value().applyAsDouble(s));
                }
                lastScheduler = s.scheduler();
            }
        } finally {
            chart.setNotify(true);
        }
    }

    /** How many series (schedulers) the chart shows: one per scheduler seen. */
    int seriesCount() {
        return panels[0].data().getSeriesCount();
    }

    int pointCount() {
        int n = 0;
        for (int i = 0; i < panels[0].data().getSeriesCount(); i++) n += panels[0].data().getSeries(i).getItemCount();
        return n;
    }

    private XYSeries series(Panel p, String scheduler) {
        int index = p.data().getSeriesIndex(scheduler);
        if (index >= 0) return p.data().getSeries(index);
        XYSeries s = new XYSeries(scheduler, false, true);
        s.setMaximumItemCount(MAX_POINTS);
        p.data().addSeries(s);
        int color = colorOf.computeIfAbsent(scheduler, k -> colorOf.size());
        XYLineAndShapeRenderer r = (XYLineAndShapeRenderer) p.plot().getRenderer();
        int at = p.data().getSeriesIndex(scheduler);
        r.setSeriesPaint(at, PALETTE[color % PALETTE.length]);
        r.setSeriesStroke(at, new BasicStroke(1.6f));
        r.setSeriesVisibleInLegend(at, p == panels[0]);
        return s;
    }

    static Color fxColor(int i) {
        java.awt.Color c = PALETTE[i % PALETTE.length];
        return Color.rgb(c.getRed(), c.getGreen(), c.getBlue());
    }
}
