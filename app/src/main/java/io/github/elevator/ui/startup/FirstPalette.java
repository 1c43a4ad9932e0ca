package io.github.elevator.ui.startup;

import io.github.elevator.ui.common.ColorScheme;
import javafx.scene.paint.Color;

/**
 * The first frame's colours: those the window proper's stylesheet gives the same parts (read
 * from its frames), so that nothing changes colour when it takes the first frame's place. Set in
 * code, since the first frame loads no stylesheet.
 */
record FirstPalette(Color background, Color text, Color dim, Color bar, Color line, Color table, Color heading,
        Color boxTop, Color boxBottom, Color boxBorder, Color list, Color listBorder, Color chosen, Color chosenText) {

    static FirstPalette of(ColorScheme scheme) {
        return scheme == ColorScheme.DARK
                ? new FirstPalette(Color.web("#232529"), Color.web("#e6e7e7"), Color.web("#a0a4aa"), Color.web("#393c42"),
                        Color.web("#08090a"), Color.web("#2a2c31"), Color.web("#3a3d43"), Color.web("#3b3e44"), Color.web("#32353a"),
                        Color.web("#27292d"), Color.web("#2a2c31"), Color.web("#5a5e66"), Color.web("#2f5f9e"), Color.WHITE)
                : new FirstPalette(Color.web("#f4f4f4"), Color.web("#333333"), Color.web("#808080"), Color.web("#ededed"),
                        Color.web("#c8c8c8"), Color.WHITE, Color.web("#ebebeb"), Color.web("#efefef"), Color.web("#dbdbdb"),
                        Color.web("#b5b5b5"), Color.WHITE, Color.web("#b5b5b5"), Color.web("#0096c9"), Color.WHITE);
    }
}
