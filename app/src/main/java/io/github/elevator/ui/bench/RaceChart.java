package io.github.elevator.ui.bench;

import io.github.elevator.text.Messages;
import io.github.elevator.text.Numbers;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

import java.awt.BasicStroke;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The race of the workload running now: each scheduler's running estimate after every block, with
 * the band of its 95 % interval against the one ranked first, narrowing as blocks come in. The
 * value axis covers every band.
 */
final class RaceChart {
    private final YIntervalSeriesCollection data = new YIntervalSeriesCollection();
    private final NumberAxis blocks = new NumberAxis(Messages.text("ui.bench.race.blocks"));
    private final NumberAxis value = new NumberAxis();
    private final DeviationRenderer renderer = new DeviationRenderer(true, true);
    private final JFreeChart chart;
    private final ChartViewer viewer;
    private final Map<String, Integer> colorOf = new HashMap<>();
    private Map<String, List<RacePoint>> shown = Map.of();
    private double high;

    RaceChart() {
        blocks.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        blocks.setNumberFormatOverride(Numbers.pattern("#,##0"));
        value.setNumberFormatOverride(Numbers.pattern("#,##0.#"));
        renderer.setAlpha(0.18f);
        XYPlot plot = new XYPlot(data, blocks, value, renderer);
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
            high = 0;
            int last = 0;
            for (Map.Entry<String, List<RacePoint>> e : race.entrySet()) {
                YIntervalSeries series = new YIntervalSeries(e.getKey(), false, true);
                for (RacePoint p : e.getValue()) {
                    series.add(p.blocks(), p.value(), p.lo(), p.hi());
                    high = Math.max(high, p.hi());
                    last = Math.max(last, p.blocks());
                }
                data.addSeries(series);
                int at = data.getSeriesCount() - 1;
                java.awt.Color color = LiveChart.colorOf(e.getKey(), colorOf);
                renderer.setSeriesPaint(at, color);
                renderer.setSeriesFillPaint(at, color);
                renderer.setSeriesStroke(at, new BasicStroke(1.8f));
            }
            blocks.setRange(0.5, Math.max(3, last) + 0.5);
            value.setRange(0, high > 0 ? high * 1.1 : 1);
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

    /** The largest upper end of an interval drawn. */
    double highest() {
        return high;
    }

    double valueUpperBound() {
        return value.getUpperBound();
    }
}
