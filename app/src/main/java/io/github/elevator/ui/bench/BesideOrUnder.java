package io.github.elevator.ui.bench;

import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.layout.Region;

/**
 * Two parts side by side where both fit at their minimum, the first at no more than its preferred
 * width and the second taking the rest; else the second under the first, each as wide as the pane
 * (the second no wider than its maximum). A comparison's table and its chart: the chart moves
 * under the table rather than pushing the panel wider than the window.
 */
final class BesideOrUnder extends Region {
    private final Node first;
    private final Node second;
    private final double gap;

    BesideOrUnder(double gap, Node first, Node second) {
        this.gap = gap;
        this.first = first;
        this.second = second;
        getChildren().addAll(first, second);
    }

    @Override
    public Orientation getContentBias() {
        return Orientation.HORIZONTAL;
    }

    private boolean beside(double width) {
        return width < 0 || width >= first.minWidth(-1) + gap + second.minWidth(-1);
    }

    private double firstWidth(double width) {
        return Math.max(first.minWidth(-1), Math.min(first.prefWidth(-1), width - gap - second.minWidth(-1)));
    }

    private double secondWidth(double width) {
        return Math.min(second.maxWidth(-1), width - gap - firstWidth(width));
    }

    @Override
    protected double computeMinWidth(double height) {
        return snappedLeftInset() + Math.max(first.minWidth(-1), second.minWidth(-1)) + snappedRightInset();
    }

    @Override
    protected double computePrefWidth(double height) {
        return snappedLeftInset() + first.prefWidth(-1) + gap + second.prefWidth(-1) + snappedRightInset();
    }

    @Override
    protected double computeMinHeight(double width) {
        return computePrefHeight(width);
    }

    @Override
    protected double computePrefHeight(double width) {
        double inner = width < 0 ? computePrefWidth(-1) - snappedLeftInset() - snappedRightInset()
                : width - snappedLeftInset() - snappedRightInset();
        double h = beside(inner) ? Math.max(first.prefHeight(firstWidth(inner)), second.prefHeight(secondWidth(inner)))
                : first.prefHeight(inner) + gap + second.prefHeight(Math.min(inner, second.maxWidth(-1)));
        return snappedTopInset() + h + snappedBottomInset();
    }

    @Override
    protected void layoutChildren() {
        double x = snappedLeftInset(), y = snappedTopInset();
        double inner = getWidth() - x - snappedRightInset();
        if (beside(inner)) {
            double w1 = firstWidth(inner), w2 = secondWidth(inner);
            first.resizeRelocate(x, y, w1, first.prefHeight(w1));
            second.resizeRelocate(x + w1 + gap, y, w2, second.prefHeight(w2));
        } else {
            double h1 = first.prefHeight(inner), w2 = Math.min(inner, second.maxWidth(-1));
            first.resizeRelocate(x, y, inner, h1);
            second.resizeRelocate(x, y + h1 + gap, w2, second.prefHeight(w2));
        }
    }
}
