package io.github.elevator.ui.rules;

import javafx.scene.control.ListCell;

/** A dropdown's shown choice that takes a second line rather than an ellipsis: one disk's name, model and id are long. */
final class WrappingCell<T> extends ListCell<T> {
    private final String prompt;

    WrappingCell(String prompt) {
        this.prompt = prompt;
        setWrapText(true);
    }

    /** Asked without a width (as the dropdown asks), the height its text takes at the width it has. */
    @Override
    protected double computePrefHeight(double width) {
        return super.computePrefHeight(width < 0 && getWidth() > 0 ? getWidth() : width);
    }

    @Override
    protected void updateItem(T item, boolean empty) {
        super.updateItem(item, empty);
        setText(empty || item == null ? prompt : item.toString());
    }
}
