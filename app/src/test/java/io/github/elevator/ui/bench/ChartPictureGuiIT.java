package io.github.elevator.ui.bench;

import io.github.elevator.app.ReportFiles;
import io.github.elevator.testing.XServer;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The exported picture of the charts (drawn with AWT, so in a real X server): the caption above the charts, kept in the PNG written. */
class ChartPictureGuiIT {
    @TempDir
    Path dir;

    @BeforeEach
    void needsAnXServer() {
        XServer.require();
    }

    private static JFreeChart chart(String title) {
        XYSeries s = new XYSeries("none");
        for (int i = 0; i < 10; i++) s.add(i, 100 + i);
        return ChartFactory.createXYLineChart(title, "s", "IOPS", new XYSeriesCollection(s));
    }

    @Test
    void theWrittenPngHasTheCaptionAboveEveryChart() throws Exception {
        String caption = "loop3 · 2026-12-04 11:30:00 · seq-read, rand-read";
        Path file = dir.resolve("charts.png");
        ReportFiles.writePng(file, ChartPicture.of(caption, List.of(chart("seq-read"), chart("rand-read"))));
        BufferedImage read = ImageIO.read(file.toFile());
        assertEquals(ChartPicture.WIDTH, read.getWidth());
        assertEquals(ChartPicture.CAPTION_HEIGHT + 2 * ChartPicture.CHART_HEIGHT, read.getHeight(), "a band for the caption, then the two charts");
        int[] inked = inkedColumns(read);
        assertTrue(inked[0] >= 0, "the caption is drawn in its band");
        BufferedImage blank = ChartPicture.of("", List.of(chart("seq-read")));
        assertEquals(-1, inkedColumns(blank)[0], "without a caption the band is white: what is inked there is the caption");
        var metrics = blank.createGraphics().getFontMetrics(new java.awt.Font(java.awt.Font.SANS_SERIF, java.awt.Font.BOLD, 15));
        int expected = metrics.stringWidth(caption);
        int drawn = inked[1] - inked[0];
        assertTrue(Math.abs(drawn - expected) < 0.1 * expected, "the band holds the whole caption: inked " + drawn + " px, the text is " + expected + " px");
    }

    /** The first and last column with a dark pixel in the caption band; -1 when none. */
    private static int[] inkedColumns(BufferedImage image) {
        int first = -1, last = -1;
        for (int x = 0; x < image.getWidth(); x++) {
            for (int y = 0; y < ChartPicture.CAPTION_HEIGHT; y++) {
                int rgb = image.getRGB(x, y);
                if (((rgb >> 16) & 0xff) + ((rgb >> 8) & 0xff) + (rgb & 0xff) < 3 * 128) {
                    if (first < 0) first = x;
                    last = x;
                }
            }
        }
        return new int[] {first, last};
    }
}
