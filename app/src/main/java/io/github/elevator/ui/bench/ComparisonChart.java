package io.github.elevator.ui.bench;

import io.github.elevator.text.Messages;
import io.github.elevator.text.Numbers;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.List;

/**
 * One workload after a benchmark: each scheduler as a dot at its difference to the reference
 * (the recommendation, else the best), in percent, with the 95 % interval of that paired ratio
 * as a bar; the reference sits on the zero line and the recommendation is drawn larger and
 * named. The intervals come from the paired analysis of runs in the same blocks, not from the
 * spread of the runs, which carries the machine's drift.
 */
final class ComparisonChart {
    private static final Color RECOMMENDED = new Color(0x4e9a06);
    private static final Color OTHERS = new Color(0x3465a4);

    private final JFreeChart chart;
    private final ChartViewer viewer;

    ComparisonChart(Comparison c) {
        List<Comparison.Row> rows = c.rows();
        String[] names = new String[rows.size()];
        YIntervalSeries marked = new YIntervalSeries(c.recommendation() != null ? Messages.text("ui.bench.role.recommended")
                : Messages.text("ui.bench.role.reference"));
        YIntervalSeries others = new YIntervalSeries(Messages.text("ui.bench.chart.others"));
        double lowest = 0, highest = 0;
        for (int i = 0; i < rows.size(); i++) {
            Comparison.Row r = rows.get(i);
            names[i] = r.recommended() ? r.scheduler() + " ★" : r.scheduler();
            if (Double.isNaN(r.ratio())) continue; // no measurement: named, not drawn
            double mid = (r.ratio() - 1) * 100;
            double low = r.hasInterval() ? (r.low() - 1) * 100 : mid;
            double high = r.hasInterval() ? (r.high() - 1) * 100 : mid;
            (r.scheduler().equals(c.reference()) ? marked : others).add(i, mid, low, high);
            lowest = Math.min(lowest, low);
            highest = Math.max(highest, high);
        }
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        data.addSeries(marked);
        data.addSeries(others);

        SymbolAxis schedulers = new SymbolAxis(null, names);
        schedulers.setGridBandsVisible(false);
        schedulers.setInverted(true);
        schedulers.setRange(-0.6, rows.size() - 0.4);
        NumberAxis difference = new NumberAxis(Messages.text("ui.bench.chart.difference", c.reference()));
        difference.setNumberFormatOverride(Numbers.pattern("+#,##0.#;−#,##0.#"));
        double pad = Math.max(1, (highest - lowest) * 0.1);
        difference.setRange(lowest - pad, highest + pad);
        XYErrorRenderer renderer = new XYErrorRenderer();
        renderer.setDrawXError(false);
        renderer.setDrawYError(true);
        renderer.setDefaultLinesVisible(false);
        renderer.setDefaultShapesVisible(true);
        renderer.setErrorStroke(new BasicStroke(2f));
        renderer.setCapLength(6);
        renderer.setSeriesPaint(0, RECOMMENDED);
        renderer.setSeriesShape(0, new Rectangle2D.Double(-6, -6, 12, 12));
        renderer.setSeriesPaint(1, OTHERS);
        renderer.setSeriesShape(1, new Ellipse2D.Double(-4.5, -4.5, 9, 9));
        renderer.setErrorPaint(null);
        XYPlot plot = new XYPlot(data, schedulers, difference, renderer);
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        plot.addRangeMarker(new ValueMarker(0, Color.GRAY, new BasicStroke(1f)));
        chart = new JFreeChart(c.workload() + " — " + c.unit(), new Font(Font.SANS_SERIF, Font.BOLD, 12), plot, false);
        viewer = new ChartViewer(chart);
        viewer.getStyleClass().add("comparison-chart");
        double height = 70 + 30 * Math.max(1, rows.size());
        // never too narrow for the axis's label, drawn on one line under the plot (right of the schedulers' names) and cut
        // at the chart's edge; drawn by JavaFX it is a little wider than AWT measures it
        viewer.setMinSize(Math.max(240, widthOf(difference.getLabel(), difference.getLabelFont()) * 1.05 + 80), height);
        viewer.setPrefSize(420, height);
        viewer.setMaxSize(760, height);
        ChartColors.follow(viewer, chart);
    }

    private static double widthOf(String text, Font font) {
        Graphics2D g = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();
        try {
            return g.getFontMetrics(font).getStringBounds(text, g).getWidth();
        } finally {
            g.dispose();
        }
    }

    ChartViewer node() {
        return viewer;
    }

    JFreeChart chart() {
        return chart;
    }
}
