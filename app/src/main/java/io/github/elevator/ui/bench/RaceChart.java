package io.github.elevator.ui.bench;

import io.github.elevator.text.Messages;
import io.github.elevator.text.Numbers;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.util.ShapeUtils;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeriesCollection;

import java.awt.BasicStroke;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The race of the workload running now: each scheduler's running estimate after every block, with
 * the band of its 95 % interval against the one ranked first, narrowing as blocks come in. The
 * value axis follows the estimates ({@link RaceRange}); a band wider than the axis is cut at its
 * edge, and a triangle there says it goes on.
 */
final class RaceChart {
    private final YIntervalSeriesCollection data = new YIntervalSeriesCollection();
    private final NumberAxis blocks = new NumberAxis(Messages.text("ui.bench.race.blocks"));
    private final NumberAxis value = new NumberAxis();
    private final DeviationRenderer renderer = new DeviationRenderer(true, true);
    private final XYSeriesCollection cuts = new XYSeriesCollection();
    private final XYLineAndShapeRenderer cutRenderer = new XYLineAndShapeRenderer(false, true);
    private final JFreeChart chart;
    private final ChartViewer viewer;
    private final Map<String, Integer> colorOf = new HashMap<>();
    private Map<String, List<RacePoint>> shown = Map.of();
    private double high;
    private RaceRange range = new RaceRange(0, 1);
    private int cutCount;

    RaceChart() {
        blocks.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        blocks.setNumberFormatOverride(Numbers.pattern("#,##0"));
        value.setNumberFormatOverride(Numbers.pattern("#,##0.#"));
        renderer.setAlpha(0.18f);
        XYPlot plot = new XYPlot(data, blocks, value, renderer);
        plot.setDataset(1, cuts);
        plot.setRenderer(1, cutRenderer);
        java.awt.Color mark = new java.awt.Color(0x55, 0x55, 0x55);
        cutRenderer.setSeriesPaint(0, mark);
        cutRenderer.setSeriesShape(0, ShapeUtils.createUpTriangle(4.5f));
        cutRenderer.setSeriesPaint(1, mark);
        cutRenderer.setSeriesShape(1, ShapeUtils.createDownTriangle(4.5f));
        viewer = LiveChart.viewer(plot, "race-chart", 240);
        chart = viewer.getChart();
    }

    ChartViewer node() {
        return viewer;
    }

    JFreeChart chart() {
        return chart;
    }

    /** Draws {@code view}'s race afresh, when it changed; null empties the chart. */
    void show(LiveView view) {
        Map<String, List<RacePoint>> race = view == null ? Map.of() : view.race();
        if (race.equals(shown)) return;
        shown = race;
        chart.setNotify(false);
        try {
            data.removeAllSeries();
            cuts.removeAllSeries();
            high = 0;
            cutCount = 0;
            range = RaceRange.of(race.values());
            XYSeries above = new XYSeries(Messages.text("ui.bench.race.cut-above"));
            XYSeries below = new XYSeries(Messages.text("ui.bench.race.cut-below"));
            int last = 0;
            for (Map.Entry<String, List<RacePoint>> e : race.entrySet()) {
                YIntervalSeries series = new YIntervalSeries(e.getKey(), false, true);
                for (RacePoint p : e.getValue()) {
                    series.add(p.blocks(), p.value(), Math.max(p.lo(), range.low()), Math.min(p.hi(), range.high()));
                    high = Math.max(high, p.value());
                    last = Math.max(last, p.blocks());
                    if (range.cutsAbove(p)) above.add(p.blocks(), range.high());
                    if (range.cutsBelow(p)) below.add(p.blocks(), range.low());
                }
                data.addSeries(series);
                int at = data.getSeriesCount() - 1;
                java.awt.Color color = LiveChart.colorOf(e.getKey(), colorOf);
                renderer.setSeriesPaint(at, color);
                renderer.setSeriesFillPaint(at, color);
                renderer.setSeriesStroke(at, new BasicStroke(1.8f));
            }
            cutCount = above.getItemCount() + below.getItemCount();
            // both series always, so each keeps its triangle; a legend entry only for the one drawn
            cuts.addSeries(above);
            cuts.addSeries(below);
            cutRenderer.setSeriesVisibleInLegend(0, !above.isEmpty());
            cutRenderer.setSeriesVisibleInLegend(1, !below.isEmpty());
            blocks.setRange(0.5, Math.max(3, last) + 0.5);
            value.setRange(range.low(), range.high());
            chart.getTitle().setText(view == null ? "" : Messages.text("ui.bench.race.title", view.workload()));
            value.setLabel(view == null ? "" : view.unit());
        } finally {
            chart.setNotify(true);
        }
    }

    /** One series per scheduler estimated so far. */
    int seriesCount() {
        return data.getSeriesCount();
    }

    /** How many estimates (scheduler × look) are drawn. */
    int pointCount() {
        int n = 0;
        for (int i = 0; i < data.getSeriesCount(); i++) n += data.getSeries(i).getItemCount();
        return n;
    }

    /** The largest estimate drawn. */
    double highest() {
        return high;
    }

    /** The smallest estimate drawn; 0 when none. */
    double lowest() {
        double low = Double.POSITIVE_INFINITY;
        for (int i = 0; i < data.getSeriesCount(); i++) {
            for (int j = 0; j < data.getSeries(i).getItemCount(); j++) low = Math.min(low, data.getSeries(i).getYValue(j));
        }
        return Double.isInfinite(low) ? 0 : low;
    }

    double valueLowerBound() {
        return value.getLowerBound();
    }

    double valueUpperBound() {
        return value.getUpperBound();
    }

    /** How many bands are cut at the axis, and marked so. */
    int cutCount() {
        return cutCount;
    }
}
