package io.github.elevator.ui.bench;

import io.github.elevator.ui.common.Theme;
import javafx.collections.ListChangeListener;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;

import java.awt.Color;

/**
 * JFreeChart paints its own colours, so a chart follows the window's scheme by hand: a dark
 * window is one whose scene carries the dark stylesheet (see Theme), also after a change.
 */
final class ChartColors {
    static final Color DARK_TEXT = new Color(0xdcdfe4);
    static final Color LIGHT_TEXT = Color.DARK_GRAY;

    private ChartColors() {
    }

    static void follow(ChartViewer viewer, JFreeChart chart) {
        paint(chart, false);
        ListChangeListener<String> sheets = change -> paint(chart, Theme.isDark(change.getList()));
        viewer.sceneProperty().addListener((property, old, scene) -> {
            if (old != null) old.getStylesheets().removeListener(sheets);
            if (scene == null) return;
            scene.getStylesheets().addListener(sheets);
            paint(chart, Theme.isDark(scene.getStylesheets()));
        });
    }

    static boolean isDark(JFreeChart chart) {
        return chart.getBackgroundPaint() instanceof Color c && c.getRed() < 128;
    }

    static void paint(JFreeChart chart, boolean dark) {
        Color background = dark ? new Color(0x232529) : Color.WHITE;
        Color plotBackground = dark ? new Color(0x2a2c31) : new Color(0xfafafa);
        Color grid = dark ? new Color(0x4a4e56) : Color.LIGHT_GRAY;
        Color text = dark ? DARK_TEXT : LIGHT_TEXT;
        chart.setBackgroundPaint(background);
        if (chart.getTitle() != null) chart.getTitle().setPaint(text);
        if (chart.getLegend() != null) {
            chart.getLegend().setBackgroundPaint(background);
            chart.getLegend().setItemPaint(text);
        }
        XYPlot plot = chart.getXYPlot();
        plot.setBackgroundPaint(plotBackground);
        plot.setDomainGridlinePaint(grid);
        plot.setRangeGridlinePaint(grid);
        paintAxis(plot.getDomainAxis(), text);
        paintAxis(plot.getRangeAxis(), text);
        chart.fireChartChanged();
    }

    private static void paintAxis(ValueAxis axis, Color text) {
        axis.setLabelPaint(text);
        axis.setTickLabelPaint(text);
        axis.setAxisLinePaint(text);
        axis.setTickMarkPaint(text);
    }
}
