package io.github.elevator.ui.rules;

import io.github.elevator.text.Messages;
import io.github.elevator.app.RulesFailedException;
import io.github.elevator.app.RulesService;
import io.github.elevator.app.RulesOverview;
import io.github.elevator.app.TaskRunner;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.rules.Kind;
import io.github.elevator.rules.Match;
import io.github.elevator.rules.Rule;
import io.github.elevator.rules.RuleSet;
import io.github.elevator.rules.RuleStatus;
import io.github.elevator.rules.RulesException;
import io.github.elevator.rules.TunedMachine;
import io.github.elevator.rules.TunedProfile;
import io.github.elevator.ui.devices.DeviceListViewModel;
import io.github.elevator.ui.devices.DeviceRow;
import io.github.elevator.ui.devices.RuleActions;
import javafx.beans.InvalidationListener;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * The rules view and the "from rule" marks of the device list. Holds the saved rules as read back,
 * and a draft that the view edits and previews; saving writes the draft through the helper. The
 * actions {@link #useForKind} and {@link #useForThisDevice} save at once: the device details use
 * them for the current scheduler, a benchmark result for its winner.
 */
public final class RulesViewModel implements RuleActions {
    private final RulesService service;
    private final TaskRunner tasks;
    private final DeviceListViewModel devices;
    private RulesOverview state;

    private final ObjectProperty<RuleSet> draft = new SimpleObjectProperty<>(RuleSet.EMPTY);
    private final ObservableList<RuleItem> items = FXCollections.observableArrayList();
    private final StringProperty preview = new SimpleStringProperty("");
    private final StringProperty notice = new SimpleStringProperty("");
    private final BooleanProperty noticeIsWarning = new SimpleBooleanProperty();
    private final StringProperty message = new SimpleStringProperty("");
    private final StringProperty tunedNotice = new SimpleStringProperty("");
    private final ObservableList<OverriderItem> overriders = FXCollections.observableArrayList();
    private final BooleanProperty dirty = new SimpleBooleanProperty();
    private final BooleanProperty busy = new SimpleBooleanProperty();

    private final ObservableList<MatchChoice> matchChoices = FXCollections.observableArrayList();
    private final ObjectProperty<MatchChoice> editorMatch = new SimpleObjectProperty<>();
    private final ObservableList<String> schedulerChoices = FXCollections.observableArrayList();
    private final StringProperty editorScheduler = new SimpleStringProperty();
    private final StringProperty editorReadAhead = new SimpleStringProperty("");
    private final StringProperty editorNrRequests = new SimpleStringProperty("");
    private final StringProperty editorMatches = new SimpleStringProperty("");

    private final InvalidationListener rowChanged = o -> annotateRows();

    public RulesViewModel(RulesService service, TaskRunner tasks, DeviceListViewModel devices) {
        this.service = service;
        this.tasks = tasks;
        this.devices = devices;
        draft.addListener((o, a, b) -> rebuild());
        editorMatch.addListener((o, a, b) -> describeEditorMatch());
        devices.rows().addListener((ListChangeListener<DeviceRow>) c -> {
            while (c.next()) {
                c.getRemoved().forEach(r -> r.deviceProperty().removeListener(rowChanged));
                c.getAddedSubList().forEach(r -> r.deviceProperty().addListener(rowChanged));
            }
            annotateRows();
        });
        devices.rows().forEach(r -> r.deviceProperty().addListener(rowChanged));
    }

    // --- what the view shows

    public ObservableList<RuleItem> items() {
        return items;
    }

    public StringProperty previewProperty() {
        return preview;
    }

    /** About the file itself: absent, changed by hand, not Elevator's. */
    public StringProperty noticeProperty() {
        return notice;
    }

    /** True when the notice is a warning: the file was changed by hand, or is not Elevator's. */
    public BooleanProperty noticeIsWarningProperty() {
        return noticeIsWarning;
    }

    /** When TuneD runs a profile here: that a TuneD profile is the way to keep the choice on this machine; else "". */
    public StringProperty tunedNoticeProperty() {
        return tunedNotice;
    }

    /** The last thing the view has to say: what a save did, or why not. */
    public StringProperty messageProperty() {
        return message;
    }

    /** Everything else that sets schedulers, with what each does to the disks here. */
    public ObservableList<OverriderItem> overriders() {
        return overriders;
    }

    /** True while the draft differs from the saved rules. */
    public BooleanProperty dirtyProperty() {
        return dirty;
    }

    public BooleanProperty busyProperty() {
        return busy;
    }

    public ObservableList<MatchChoice> matchChoices() {
        return matchChoices;
    }

    public ObjectProperty<MatchChoice> editorMatchProperty() {
        return editorMatch;
    }

    public ObservableList<String> schedulerChoices() {
        return schedulerChoices;
    }

    public StringProperty editorSchedulerProperty() {
        return editorScheduler;
    }

    public StringProperty editorReadAheadProperty() {
        return editorReadAhead;
    }

    public StringProperty editorNrRequestsProperty() {
        return editorNrRequests;
    }

    /** The disks the editor's "Applies to" covers now. */
    public StringProperty editorMatchesProperty() {
        return editorMatches;
    }

    public RuleSet draft() {
        return draft.get();
    }

    // --- actions

    /** Reads the rules file, the devices and the other setters again; drops an unsaved draft. */
    public void refresh() {
        tasks.run(() -> new Loaded(service.state(), service.tuned()), this::loaded,
                e -> message.set(Messages.text("rules.message.read-failed", e.getMessage())));
    }

    private record Loaded(RulesOverview state, TunedMachine tuned) {
    }

    private void loaded(Loaded loaded) {
        RulesOverview s = loaded.state();
        state = s;
        tunedNotice.set(tunedNotice(loaded.tuned()));
        notice.set(s.fileNotice());
        noticeIsWarning.set(s.file().status() == io.github.elevator.rules.ElevatorRulesFile.Status.EDITED
                || s.file().status() == io.github.elevator.rules.ElevatorRulesFile.Status.FOREIGN);
        overriders.setAll(s.overriders().stream().map(OverriderItem::of).toList());
        choices(s);
        draft.set(s.rules());
        rebuild();
        annotateRows();
    }

    private static String tunedNotice(TunedMachine tuned) {
        if (!tuned.tunedActive()) return "";
        List<String> profiles = tuned.applied();
        return Messages.text("rules.tuned.active", profiles.isEmpty() ? Messages.text("rules.tuned.recommended") : String.join(" ", profiles));
    }

    /** Reads the rules again when nobody is editing them: after the file changed on disk. */
    public void refreshUnlessEdited() {
        if (!dirty.get() && !busy.get()) refresh();
    }

    /** Adds the editor's rule to the draft, or replaces the draft's rule for the same disks. */
    public void addFromEditor() {
        MatchChoice choice = editorMatch.get();
        if (choice == null) {
            message.set(Messages.text("rules.message.choose"));
            return;
        }
        try {
            Rule rule = Rule.of(choice.match(), editorScheduler.get(), number(editorReadAhead.get(), "read-ahead"),
                    number(editorNrRequests.get(), "nr_requests"));
            if (state != null) RuleSet.of(List.of(rule)).checkSchedulers(state.knownSchedulers());
            boolean replacing = draft.get().find(rule.match()) != null;
            draft.set(draft.get().with(rule));
            List<String> now = state == null ? List.of() : state.matched(rule);
            message.set(Messages.text(replacing ? "rules.message.changed" : "rules.message.added", rule.match().describe(), rule.settings())
                    + (now.isEmpty() ? " " + Messages.text("rules.message.no-disk-now") : "")
                    + " " + Messages.text("rules.message.save-to-write"));
        } catch (RulesException e) {
            message.set(e.getMessage());
        }
    }

    /** Loads a rule into the editor. */
    public void edit(RuleItem item) {
        Rule r = item.rule();
        MatchChoice choice = matchChoices.stream().filter(c -> c.match().equals(r.match())).findFirst().orElse(null);
        editorMatch.set(choice);
        // a variant ("bfq low_latency=0") is offered beside the plain schedulers, so editing keeps its settings
        if (!schedulerChoices.contains(r.variant())) schedulerChoices.add(r.variant());
        editorScheduler.set(r.variant());
        editorReadAhead.set(r.readAheadKb() == null ? "" : r.readAheadKb().toString());
        editorNrRequests.set(r.nrRequests() == null ? "" : r.nrRequests().toString());
    }

    public void remove(RuleItem item) {
        draft.set(draft.get().without(item.rule().match()));
        message.set(Messages.text("rules.message.removed", item.rule().match().describe()) + " " + Messages.text("rules.message.save-to-write"));
    }

    public void revert() {
        if (state != null) draft.set(state.rules());
        message.set("");
    }

    /** True when closing would lose something: a draft not saved, or a rule in the editor not added to it. */
    public boolean hasUnsavedChanges() {
        return dirty.get() || editorPending();
    }

    private boolean editorPending() {
        MatchChoice choice = editorMatch.get();
        if (choice == null || editorScheduler.get() == null) return false;
        try {
            Rule rule = Rule.of(choice.match(), editorScheduler.get(), number(editorReadAhead.get(), "read-ahead"),
                    number(editorNrRequests.get(), "nr_requests"));
            return !rule.equals(draft.get().find(choice.match()));
        } catch (RulesException | IllegalArgumentException notARuleYet) {
            return true;
        }
    }

    /** "Save" asked on closing: the editor's rule is added first, since it was meant to be kept; one it cannot add says why and nothing is saved. */
    public void addPendingAndSave() {
        if (editorPending()) {
            addFromEditor();
            if (editorPending()) return;
        }
        save();
    }

    /** Closing without saving: the draft goes back to the file, and the editor is emptied. */
    public void discard() {
        revert();
        editorMatch.set(null);
        editorScheduler.set(null);
        editorReadAhead.set("");
        editorNrRequests.set("");
    }

    /** Writes the draft (or removes the file when the draft is empty); asks for authentication. */
    public void save() {
        RuleSet rules = draft.get();
        run(Messages.text("rules.message.saving"), () -> service.save(rules));
    }

    /**
     * Writes the rules as shown (the draft) into {@code file} as a TuneD profile named
     * {@link TunedProfile#DEFAULT_NAME}, including the profile TuneD runs here; says where, or why not.
     */
    public void exportTuned(Path file) {
        RulesOverview s = state;
        RuleSet rules = draft.get();
        if (s == null || file == null) return;
        tasks.run(() -> {
            Files.writeString(file, service.tunedProfile(s, rules, TunedProfile.DEFAULT_NAME));
            return file;
        }, written -> message.set(Messages.text("rules.tuned.saved", written)), e -> message.set(Messages.text("rules.tuned.failed", e.getMessage())));
    }

    /** "Use SCHEDULER for every KIND device" for this device's kind; saves at once. For benchmark results too. */
    public void useForKind(BlockDevice device, String scheduler) {
        Kind kind = Kind.of(device);
        run(kind == null ? Messages.text("rules.making.unknown-kind", scheduler) : Messages.text("rules.making.kind", scheduler, kind.every()),
                () -> service.useForKind(device, scheduler));
    }

    /** "Use SCHEDULER for this device only", by its WWN or serial; saves at once. */
    public void useForThisDevice(BlockDevice device, String scheduler) {
        run(Messages.text("rules.making.device", scheduler, device.name()), () -> service.useForThisDevice(device, scheduler));
    }

    @Override
    public void useForKind(DeviceRow row, String scheduler) {
        useForKind(row.device(), scheduler);
    }

    @Override
    public void useForThisDevice(DeviceRow row, String scheduler) {
        useForThisDevice(row.device(), scheduler);
    }

    /** Works out, off the UI thread, what "Use SCHEDULER for every KIND device" would write; hands it to {@code then}. */
    public void planForKind(BlockDevice device, String scheduler, java.util.function.Consumer<RulesService.Plan> then) {
        plan(() -> service.planForKind(device, scheduler), then);
    }

    /** The same for "Use SCHEDULER for this device only". */
    public void planForThisDevice(BlockDevice device, String scheduler, java.util.function.Consumer<RulesService.Plan> then) {
        plan(() -> service.planForThisDevice(device, scheduler), then);
    }

    private void plan(Callable<RulesService.Plan> work, java.util.function.Consumer<RulesService.Plan> then) {
        if (busy.get()) return;
        tasks.run(work, then, e -> {
            message.set(e.getMessage());
            devices.say(e.getMessage());
        });
    }

    /** Saves a rule the person has seen and confirmed. */
    public void save(RulesService.Plan plan) {
        run(Messages.text("rules.making.match", plan.rule().variant(), plan.rule().match().describe()), () -> service.save(plan));
    }

    private void run(String doing, Callable<RulesService.SaveResult> work) {
        if (busy.get()) return;
        busy.set(true);
        message.set(doing);
        devices.say(doing);
        tasks.run(work, result -> {
            busy.set(false);
            message.set(result.message());
            devices.say(result.message());
            refresh();
            devices.refresh();
        }, e -> {
            busy.set(false);
            String text = e instanceof RulesFailedException ? e.getMessage() : Messages.text("rules.message.not-saved", e.getMessage());
            message.set(text);
            devices.say(text);
        });
    }

    // --- keeping the derived state in step

    private void rebuild() {
        RuleSet rules = draft.get();
        items.setAll(rules.rules().stream().map(r -> new RuleItem(r, state == null ? List.of() : state.matched(r))).toList());
        preview.set(service.preview(rules));
        dirty.set(state != null && !rules.equals(state.rules()));
    }

    private void choices(RulesOverview s) {
        List<MatchChoice> list = new ArrayList<>();
        for (Kind k : Kind.values()) list.add(new MatchChoice(Match.of(k), Messages.text("rules.choice.kind", k.every(), k.id())));
        Set<Match> seen = new LinkedHashSet<>();
        for (BlockDevice d : s.devices()) {
            Match m = Match.identity(d);
            if (m != null && d.hasScheduler() && seen.add(m)) {
                list.add(new MatchChoice(m, d.displayModel().isEmpty() ? Messages.text("rules.choice.device", d.name(), m.text())
                        : Messages.text("rules.choice.device.model", d.name(), d.displayModel(), m.text())));
            }
        }
        for (Rule r : s.rules().rules()) {
            if (r.match().type() != Match.Type.KIND && seen.add(r.match())) list.add(new MatchChoice(r.match(), Messages.text("rules.choice.absent", r.match().describe())));
        }
        MatchChoice selected = editorMatch.get();
        matchChoices.setAll(list);
        editorMatch.set(selected == null ? null : list.stream().filter(c -> c.match().equals(selected.match())).findFirst().orElse(null));
        schedulerChoices.setAll(s.knownSchedulers().stream().sorted((a, b) -> order(a) - order(b)).toList());
        describeEditorMatch();
    }

    private static int order(String scheduler) {
        int i = io.github.elevator.rules.Schedulers.KERNEL.indexOf(scheduler);
        return i < 0 ? 100 : i;
    }

    private void describeEditorMatch() {
        MatchChoice c = editorMatch.get();
        if (c == null || state == null) {
            editorMatches.set("");
            return;
        }
        List<String> names = state.devices().stream().filter(d -> c.match().matches(d))
                .map(d -> d.name() + (d.displayModel().isEmpty() ? "" : " (" + d.displayModel() + ")")).toList();
        editorMatches.set(names.isEmpty() ? Messages.text("rules.editor.matches.none") : Messages.text("rules.editor.matches", String.join(", ", names)));
    }

    private void annotateRows() {
        for (DeviceRow row : devices.rows()) {
            row.setRuleStatus(state == null ? RuleStatus.NONE : state.status(row.device()));
        }
    }

    private static Integer number(String text, String name) throws RulesException {
        if (text == null || text.isBlank()) return null;
        try {
            return Integer.valueOf(text.strip());
        } catch (NumberFormatException e) {
            throw new RulesException(Messages.text("rules.message.number", name));
        }
    }
}
