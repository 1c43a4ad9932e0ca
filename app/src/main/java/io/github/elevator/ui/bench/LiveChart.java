package io.github.elevator.ui.bench;

import io.github.elevator.text.Messages;
import io.github.elevator.text.Numbers;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The workload running now, against its own clock (the seconds it ran, its slices back to back):
 * each sample a step over the time it measured, one line per scheduler, broken wherever the
 * device was switched or ran something else, never joined across. With one scheduler alone (the
 * quick benchmark), its throughput and its p99 latency on an axis of their own. Both axes rescale
 * to cover every value. Another workload starts the chart afresh, so two workloads never share an axis.
 */
final class LiveChart {
    private static final int MAX_POINTS = 4000;
    /** The time axis shows at least this much, so the first samples do not stretch it to fractions of a second. */
    private static final double MIN_SECONDS = 5;
    /** Two samples closer than this on the clock are one line; farther apart, a gap. */
    private static final double JOINED = 1e-3;
    static final java.awt.Color[] PALETTE = {
            new java.awt.Color(0x3465a4), new java.awt.Color(0xcc0000), new java.awt.Color(0x4e9a06),
            new java.awt.Color(0xf57900), new java.awt.Color(0x75507b), new java.awt.Color(0x06989a)};
    static final String LATENCY = Messages.text("ui.bench.live.latency");

    private final XYSeriesCollection data = new XYSeriesCollection();
    private final XYSeriesCollection latencyData = new XYSeriesCollection();
    private final NumberAxis time = new NumberAxis(Messages.text("ui.bench.live.seconds"));
    private final NumberAxis value = new NumberAxis();
    private final NumberAxis latency = new NumberAxis(LATENCY);
    private final XYPlot plot;
    private final JFreeChart chart;
    private final ChartViewer viewer;
    private final Map<String, Integer> colorOf = new HashMap<>();
    private final Map<XYSeries, Double> lastEnd = new HashMap<>();
    private double maxValue, maxLatency, lastSecond;
    private String workload;
    private boolean single;

    LiveChart() {
        time.setNumberFormatOverride(Numbers.pattern("#,##0.#"));
        time.setRange(0, MIN_SECONDS);
        value.setNumberFormatOverride(Numbers.pattern("#,##0.#"));
        latency.setNumberFormatOverride(Numbers.pattern("#,##0"));
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        plot = new XYPlot(data, time, value, renderer);
        plot.setRangeAxis(1, latency);
        plot.setDataset(1, latencyData);
        plot.mapDatasetToRangeAxis(1, 1);
        XYLineAndShapeRenderer latencyRenderer = new XYLineAndShapeRenderer(true, false);
        latencyRenderer.setSeriesPaint(0, PALETTE[1]);
        latencyRenderer.setSeriesStroke(0, new BasicStroke(1.2f));
        plot.setRenderer(1, latencyRenderer);
        viewer = viewer(plot, "live-chart", 260);
        chart = viewer.getChart();
    }

    /** A live chart's viewer: {@code plot} under a title of its own, with a legend, following the window's colours. */
    static ChartViewer viewer(XYPlot plot, String id, double minWidth) {
        JFreeChart chart = new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        chart.setTitle(new TextTitle("", new Font(Font.SANS_SERIF, Font.BOLD, 13)));
        ChartViewer viewer = new ChartViewer(chart);
        viewer.setId(id);
        viewer.setMinHeight(160);
        viewer.setMinWidth(minWidth);
        ChartColors.follow(viewer, chart);
        return viewer;
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
            latencyData.removeAllSeries();
            colorOf.clear();
            lastEnd.clear();
            maxValue = 0;
            maxLatency = 0;
            lastSecond = 0;
            workload = view == null ? null : view.workload();
            single = view != null && view.single();
            latency.setVisible(single);
            chart.getTitle().setText(title(view));
            value.setLabel(view == null ? "" : view.unit());
            if (view != null && view.points() != null) append(view.points());
            rescale();
        } finally {
            chart.setNotify(true);
        }
    }

    /** The chart's title: the workload, under which scheduler when one runs alone, and what is drawn. */
    private String title(LiveView view) {
        if (view == null) return "";
        if (!view.single()) return Messages.text("ui.bench.live.title.slices", view.workload(), view.unit());
        if (view.points() == null || view.points().isEmpty()) return Messages.text("ui.bench.live.title.single", view.workload(), view.unit());
        return Messages.text("ui.bench.live.title.single.under", view.workload(), view.points().get(0).scheduler(), view.unit());
    }

    /** Adds points of the workload shown; the chart redraws once for the whole batch. */
    void add(List<LivePoint> batch) {
        if (batch.isEmpty()) return;
        chart.setNotify(false);
        try {
            append(batch);
            rescale();
        } finally {
            chart.setNotify(true);
        }
    }

    private void append(List<LivePoint> batch) {
        for (LivePoint p : batch) {
            XYSeries series = single ? series(data, valueLabel()) : series(data, p.scheduler());
            step(series, p.start(), p.end(), p.value());
            maxValue = Math.max(maxValue, p.value());
            if (single && p.p99us() > 0) {
                step(series(latencyData, LATENCY), p.start(), p.end(), p.p99us());
                maxLatency = Math.max(maxLatency, p.p99us());
            }
            lastSecond = Math.max(lastSecond, p.end());
        }
    }

    /** One sample as a level over the time it measured; a gap before it when it does not follow the last one. */
    private void step(XYSeries series, double start, double end, double y) {
        Double last = lastEnd.get(series);
        if (last != null && start - last > JOINED) series.add(start, null);
        series.add(start, y);
        series.add(end, y);
        lastEnd.put(series, end);
    }

    /** Every value in view: the whole clock so far, from zero to above the largest value. */
    private void rescale() {
        time.setRange(0, Math.max(MIN_SECONDS, Math.ceil(lastSecond)));
        value.setRange(0, maxValue > 0 ? maxValue * 1.1 : 1);
        latency.setRange(0, maxLatency > 0 ? maxLatency * 1.1 : 1);
    }

    /** How many series (schedulers, or throughput and latency) the chart shows. */
    int seriesCount() {
        return data.getSeriesCount() + latencyData.getSeriesCount();
    }

    /** How many samples are drawn (each a step of two points). */
    int pointCount() {
        int n = 0;
        for (int i = 0; i < data.getSeriesCount(); i++) {
            XYSeries series = data.getSeries(i);
            for (int j = 0; j < series.getItemCount(); j++) if (series.getY(j) != null) n++;
        }
        return n / 2;
    }

    /** The largest value drawn, in the workload's unit. */
    double maxValue() {
        return maxValue;
    }

    double valueUpperBound() {
        return value.getUpperBound();
    }

    double timeLowerBound() {
        return time.getLowerBound();
    }

    double timeUpperBound() {
        return time.getUpperBound();
    }

    /** The latest second drawn on the workload's clock. */
    double lastSecond() {
        return lastSecond;
    }

    String valueLabel() {
        return value.getLabel();
    }

    String title() {
        return chart.getTitle().getText();
    }

    private XYSeries series(XYSeriesCollection in, String name) {
        int index = in.getSeriesIndex(name);
        if (index >= 0) return in.getSeries(index);
        XYSeries s = new XYSeries(name, false, true);
        s.setMaximumItemCount(MAX_POINTS);
        in.addSeries(s);
        if (in == data) {
            XYLineAndShapeRenderer r = (XYLineAndShapeRenderer) plot.getRenderer();
            int at = in.getSeriesIndex(name);
            r.setSeriesPaint(at, colorOf(name, colorOf));
            r.setSeriesStroke(at, new BasicStroke(1.6f));
        }
        return s;
    }

    private static final List<String> KERNEL_ORDER = List.of("none", "mq-deadline", "kyber", "bfq");

    /**
     * A scheduler's colour, the same on both live charts: the kernel's four schedulers have their
     * own, others (variants, a noise check's slots) the next ones in the order they came.
     */
    static java.awt.Color colorOf(String scheduler, Map<String, Integer> others) {
        int known = KERNEL_ORDER.indexOf(scheduler);
        int i = known >= 0 ? known : KERNEL_ORDER.size() + others.computeIfAbsent(scheduler, k -> others.size());
        return PALETTE[i % PALETTE.length];
    }

    static Color fxColor(int i) {
        java.awt.Color c = PALETTE[i % PALETTE.length];
        return Color.rgb(c.getRed(), c.getGreen(), c.getBlue());
    }
}
