package io.github.elevator.ui.startup;

import io.github.elevator.device.BlockDevice;
import io.github.elevator.text.Messages;
import io.github.elevator.device.SchedulerGuide;
import javafx.geometry.Insets;
import javafx.geometry.Point2D;
import javafx.geometry.VPos;
import javafx.scene.AccessibleAction;
import javafx.scene.AccessibleRole;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Background;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.layout.Border;
import javafx.scene.layout.BorderStroke;
import javafx.scene.layout.BorderStrokeStyle;
import javafx.scene.layout.BorderWidths;
import javafx.scene.layout.CornerRadii;
import javafx.scene.layout.Pane;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.paint.CycleMethod;
import javafx.scene.paint.LinearGradient;
import javafx.scene.paint.Stop;
import javafx.scene.shape.Polygon;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.stage.Popup;

import java.util.ArrayList;
import java.util.List;

/**
 * A disk's scheduler dropdown in the window's first frame, drawn and opened without a control:
 * JavaFX's first control loads and applies its whole stylesheet, which is most of what the window
 * proper waits for. A press (or the accessibility action) opens the kernel's schedulers for the
 * disk, each with what it is for, as the real dropdown lists them; the arrow keys move through
 * them, Enter or a click chooses, Escape or a click elsewhere closes without a choice. A choice
 * goes to {@link FirstChoices}, which hands it to the window proper, as the real dropdown would.
 */
final class FirstChooser extends Pane {
    static final double WIDTH = 130, HEIGHT = 24;
    private static final double LINE_HEIGHT = 24;

    private final BlockDevice device;
    private final FirstPalette palette;
    private final Font font;
    private final FirstChoices choices;
    private Popup popup;
    private final List<Pane> lines = new ArrayList<>();
    private int highlighted;

    FirstChooser(BlockDevice device, FirstPalette palette, Font font, FirstChoices choices) {
        this.device = device;
        this.palette = palette;
        this.font = font;
        this.choices = choices;
        setId("first-scheduler-" + device.name());
        setPrefSize(WIDTH, HEIGHT);
        setMinSize(WIDTH, HEIGHT);
        setMaxSize(WIDTH, HEIGHT);
        CornerRadii round = new CornerRadii(3);
        setBackground(new Background(new BackgroundFill(new LinearGradient(0, 0, 0, 1, true, CycleMethod.NO_CYCLE,
                new Stop(0, palette.boxTop()), new Stop(1, palette.boxBottom())), round, Insets.EMPTY)));
        setBorder(new Border(new BorderStroke(palette.boxBorder(), BorderStrokeStyle.SOLID, round, BorderWidths.DEFAULT)));
        Text name = text(device.active(), palette.text());
        name.setLayoutX(9);
        name.setLayoutY(HEIGHT / 2);
        Polygon arrow = new Polygon(0, 0, 8, 0, 4, 4);
        arrow.setFill(palette.text());
        arrow.relocate(WIDTH - 18, HEIGHT / 2 - 2);
        getChildren().setAll(name, arrow);
        setAccessibleRole(AccessibleRole.BUTTON);
        setAccessibleRoleDescription(Messages.text("ui.devices.dropdown"));
        setAccessibleText(Messages.text("ui.devices.scheduler.of", device.name(), device.active()));
        addEventHandler(MouseEvent.MOUSE_PRESSED, e -> {
            if (e.getButton() != MouseButton.PRIMARY) return;
            e.consume();
            open();
        });
    }

    /** Whether its list is open. */
    boolean isShowing() {
        return popup != null && popup.isShowing();
    }

    @Override
    public void executeAccessibleAction(AccessibleAction action, Object... parameters) {
        if (action == AccessibleAction.FIRE) open();
        else super.executeAccessibleAction(action, parameters);
    }

    void open() {
        if (isShowing() || getScene() == null) return;
        popup = new Popup();
        popup.setAutoHide(true);
        popup.setHideOnEscape(true);
        VBox list = new VBox();
        list.setBackground(new Background(new BackgroundFill(palette.list(), CornerRadii.EMPTY, Insets.EMPTY)));
        list.setBorder(new Border(new BorderStroke(palette.listBorder(), BorderStrokeStyle.SOLID, CornerRadii.EMPTY, BorderWidths.DEFAULT)));
        list.setPadding(new Insets(1));
        lines.clear();
        List<String> schedulers = device.schedulers();
        for (int i = 0; i < schedulers.size(); i++) {
            String scheduler = schedulers.get(i);
            String shown = SchedulerGuide.line(scheduler).map(l -> scheduler + " — " + l).orElse(scheduler);
            Text words = text(shown, palette.text());
            words.setLayoutX(8);
            words.setLayoutY(LINE_HEIGHT / 2);
            Pane line = new Pane(words);
            line.setId("first-choice-" + scheduler);
            line.setPrefHeight(LINE_HEIGHT);
            line.setMinWidth(WIDTH - 2);
            line.setPrefWidth(Math.max(WIDTH - 2, words.getLayoutBounds().getWidth() + 16));
            int index = i;
            line.setOnMouseEntered(e -> highlight(index));
            line.setOnMouseClicked(e -> {
                if (e.getButton() == MouseButton.PRIMARY) choose(index);
            });
            lines.add(line);
        }
        list.getChildren().setAll(lines);
        popup.getContent().setAll(list);
        popup.addEventHandler(KeyEvent.KEY_PRESSED, this::key);
        popup.setOnHidden(e -> choices.closed());
        highlight(Math.max(0, schedulers.indexOf(device.active())));
        Point2D under = localToScreen(0, HEIGHT);
        choices.opened();
        popup.show(this, under.getX(), under.getY());
    }

    private void key(KeyEvent e) {
        switch (e.getCode()) {
            case DOWN -> highlight(Math.min(lines.size() - 1, highlighted + 1));
            case UP -> highlight(Math.max(0, highlighted - 1));
            case HOME -> highlight(0);
            case END -> highlight(lines.size() - 1);
            case ENTER, SPACE -> choose(highlighted);
            default -> {
                return;
            }
        }
        e.consume();
    }

    private void highlight(int index) {
        highlighted = index;
        for (int i = 0; i < lines.size(); i++) {
            boolean on = i == index;
            lines.get(i).setBackground(on ? new Background(new BackgroundFill(palette.chosen(), CornerRadii.EMPTY, Insets.EMPTY)) : null);
            ((Text) lines.get(i).getChildren().get(0)).setFill(on ? palette.chosenText() : palette.text());
        }
    }

    private void choose(int index) {
        String scheduler = device.schedulers().get(index);
        // as the real dropdown: choosing the scheduler in use is no choice
        if (!scheduler.equals(device.active())) choices.choose(device.name(), scheduler);
        popup.hide();
    }

    private Text text(String s, Color fill) {
        Text t = new Text(s);
        t.setFont(font);
        t.setFill(fill);
        t.setTextOrigin(VPos.CENTER);
        return t;
    }
}
