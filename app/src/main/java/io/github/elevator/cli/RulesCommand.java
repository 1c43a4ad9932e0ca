package io.github.elevator.cli;

import io.github.elevator.app.RulesFailedException;
import io.github.elevator.app.RulesService;
import io.github.elevator.app.RulesOverview;
import io.github.elevator.rules.DiskEffect;
import io.github.elevator.rules.Match;
import io.github.elevator.rules.OtherSetter;
import io.github.elevator.rules.Rule;
import io.github.elevator.rules.RuleSet;
import io.github.elevator.rules.RulesException;
import io.github.elevator.rules.RulesProfile;
import io.github.elevator.rules.TunedProfile;
import io.github.elevator.rules.ElevatorRulesFile;
import io.github.elevator.protocol.Printable;
import io.github.elevator.text.Messages;
import io.github.elevator.text.Sentences;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code elevator rules ...}: the persistent rules, as in the window's Rules view. */
// the description names ElevatorRulesFile.PATH (CliHelpTextsTest holds them together)
@Command(name = "rules",
        subcommands = {RulesCommand.ListRules.class, RulesCommand.SetRule.class, RulesCommand.RemoveRule.class, RulesCommand.Export.class,
                RulesCommand.Import.class})
final class RulesCommand {
    @ParentCommand
    ElevatorCli parent;

    RulesService service() {
        return parent.rules();
    }

    /** Shared by the subcommands: printing and the one-line error. */
    abstract static class Sub implements Callable<Integer> {
        @ParentCommand
        RulesCommand rules;

        @Spec
        CommandSpec spec;

        PrintWriter out() {
            return spec.commandLine().getOut();
        }

        int error(String message) {
            spec.commandLine().getErr().println(Messages.text("cli.error", message));
            spec.commandLine().getErr().flush();
            return 1;
        }

        int done(String text) {
            out().println(text);
            out().flush();
            return 0;
        }
    }

    @Command(name = "list")
    static final class ListRules extends Sub {
        @Option(names = "--json", descriptionKey = "rules.list.json")
        boolean json;

        @Override
        public Integer call() throws Exception {
            RulesOverview state = rules.service().state();
            return done(json ? Json.GSON.toJson(asJson(state)) : table(state));
        }

        private static final String ROW = "%-32s %-12s %-10s %-11s %s%n";

        private static String table(RulesOverview state) {
            StringBuilder s = new StringBuilder();
            if (!state.fileNotice().isEmpty()) s.append(state.fileNotice()).append("\n\n");
            if (state.rules().isEmpty()) {
                s.append(Messages.text("cli.rules.none")).append('\n');
            } else {
                s.append(String.format(ROW, Messages.text("cli.rules.column.match"), Messages.text("cli.rules.column.scheduler"),
                        Messages.text("cli.rules.column.read-ahead"), Messages.text("cli.rules.column.nr-requests"), Messages.text("cli.rules.column.disks")));
                for (Rule r : state.rules().rules()) {
                    List<String> disks = state.matched(r);
                    s.append(String.format(ROW, r.match().text(), r.scheduler(),
                            r.readAheadKb() == null ? "-" : r.readAheadKb() + " KiB", r.nrRequests() == null ? "-" : r.nrRequests(),
                            disks.isEmpty() ? Messages.text("cli.rules.disks.none") : String.join(" ", disks)));
                }
            }
            if (!state.overriders().isEmpty()) {
                s.append('\n').append(Messages.text("cli.rules.overriders")).append('\n');
                for (OtherSetter o : state.overriders()) s.append("  ").append(o.describe()).append('\n');
            }
            if (!state.warnings().isEmpty()) {
                s.append('\n').append(Messages.text("cli.rules.warnings")).append('\n');
                for (String w : state.warnings()) s.append("  ").append(w).append('\n');
            }
            return s.toString().stripTrailing();
        }

        private static Map<String, Object> asJson(RulesOverview state) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("file", ElevatorRulesFile.PATH);
            o.put("status", state.file().status().name().toLowerCase(java.util.Locale.ROOT));
            o.put("notice", state.fileNotice().isEmpty() ? null : state.fileNotice());
            List<Map<String, Object>> rules = new ArrayList<>();
            for (Rule r : state.rules().rules()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("match", r.match().text());
                m.put("scheduler", r.scheduler());
                m.put("readAheadKb", r.readAheadKb());
                m.put("nrRequests", r.nrRequests());
                m.put("devices", state.matched(r));
                rules.add(m);
            }
            o.put("rules", rules);
            List<Map<String, Object>> others = new ArrayList<>();
            for (OtherSetter ov : state.overriders()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("source", ov.source().name().toLowerCase(java.util.Locale.ROOT));
                m.put("file", ov.file());
                m.put("line", ov.line());
                m.put("scheduler", ov.scheduler());
                m.put("text", ov.text());
                m.put("note", ov.note());
                m.put("afterElevator", ov.afterElevator());
                List<Map<String, Object>> disks = new ArrayList<>();
                for (DiskEffect e : ov.disks()) {
                    Map<String, Object> d = new LinkedHashMap<>();
                    d.put("device", e.device());
                    d.put("scheduler", e.scheduler());
                    d.put("certain", e.certain());
                    d.put("as", e.via());
                    disks.add(d);
                }
                m.put("disks", disks);
                others.add(m);
            }
            o.put("overriders", others);
            List<Map<String, Object>> warnings = new ArrayList<>();
            state.devices().forEach(d -> {
                var status = state.status(d);
                if (!status.warning()) return;
                Map<String, Object> w = new LinkedHashMap<>();
                w.put("device", d.name());
                w.put("message", status.text());
                w.put("overrider", status.overrider() == null ? null : status.overrider().where());
                warnings.add(w);
            });
            o.put("warnings", warnings);
            return o;
        }
    }

    @Command(name = "set")
    static final class SetRule extends Sub {
        @Parameters(index = "0", paramLabel = "${bundle:label.match}", descriptionKey = "rules.set.match")
        String match;

        @Parameters(index = "1", paramLabel = "${bundle:label.scheduler}", descriptionKey = "rules.set.scheduler")
        String scheduler;

        @Option(names = "--read-ahead-kb", paramLabel = "${bundle:label.kib}", descriptionKey = "rules.set.read-ahead-kb")
        Integer readAheadKb;

        @Option(names = "--nr-requests", paramLabel = "${bundle:label.n}", descriptionKey = "rules.set.nr-requests")
        Integer nrRequests;

        @Option(names = "--dry-run", descriptionKey = "rules.set.dry-run")
        boolean dryRun;

        @Override
        public Integer call() throws Exception {
            Rule rule;
            try {
                rule = Rule.of(Match.parse(match), scheduler, readAheadKb, nrRequests);
            } catch (RulesException e) {
                return error(e.getMessage());
            }
            try {
                if (dryRun) {
                    RulesOverview state = rules.service().state();
                    if (state.file().status() == ElevatorRulesFile.Status.FOREIGN) return error(state.fileNotice());
                    var next = state.rules().with(rule);
                    next.checkSchedulers(state.knownSchedulers());
                    return done(rules.service().preview(next).stripTrailing());
                }
                return done(rules.service().set(rule).message());
            } catch (RulesFailedException | RulesException e) {
                return error(e.getMessage());
            }
        }
    }

    @Command(name = "remove")
    static final class RemoveRule extends Sub {
        @Parameters(index = "0", arity = "0..1", paramLabel = "${bundle:label.match}", descriptionKey = "rules.remove.match")
        String match;

        @Option(names = "--all", descriptionKey = "rules.remove.all")
        boolean all;

        @Override
        public Integer call() {
            if (all == (match != null)) return error(Messages.text("cli.rules.remove.name-one"));
            try {
                return done(all ? rules.service().removeAll().message() : rules.service().remove(Match.parse(match)).message());
            } catch (RulesFailedException | RulesException e) {
                return error(e.getMessage());
            }
        }
    }

    @Command(name = "export")
    static final class Export extends Sub {
        @Option(names = "--json", descriptionKey = "rules.export.json")
        boolean json;

        @Option(names = "--tuned", arity = "0..1", fallbackValue = TunedProfile.DEFAULT_NAME, paramLabel = "${bundle:label.profile}",
                descriptionKey = "rules.export.tuned")
        String tuned;

        @Override
        public Integer call() throws Exception {
            if (json && tuned != null) return error(Messages.text("cli.rules.export.one-format"));
            if (tuned != null && !TunedProfile.NAME.matcher(tuned).matches()) {
                return error(Messages.text("cli.rules.export.tuned-name", Printable.quoted(tuned)));
            }
            RulesOverview state = rules.service().state();
            if (tuned != null && state.file().status() != ElevatorRulesFile.Status.FOREIGN) {
                out().print(rules.service().tunedProfile(state, state.rules(), tuned));
                out().flush();
                return 0;
            }
            if (json && state.file().status() != ElevatorRulesFile.Status.FOREIGN) return done(RulesProfile.toJson(state.rules()));
            return switch (state.file().status()) {
                case FOREIGN -> error(state.fileNotice());
                case ABSENT -> {
                    spec.commandLine().getErr().println(Messages.text("cli.error", state.fileNotice()));
                    yield 0;
                }
                case OURS, EDITED -> {
                    out().print(state.file().text());
                    out().flush();
                    yield 0;
                }
            };
        }
    }

    @Command(name = "import")
    static final class Import extends Sub {
        @Parameters(index = "0", paramLabel = "${bundle:label.file}", descriptionKey = "rules.import.file")
        String file;

        @Option(names = "--dry-run", descriptionKey = "rules.import.dry-run")
        boolean dryRun;

        @Override
        public Integer call() throws Exception {
            RuleSet imported;
            try {
                imported = RulesProfile.parse(read());
            } catch (java.io.IOException e) {
                return error(Messages.text("cli.rules.import.unreadable", Printable.quoted(file), why(e)));
            } catch (RulesException e) {
                return error(Messages.text("cli.rules.import.refused", e.getMessage()));
            }
            try {
                RulesOverview state = rules.service().state();
                if (state.file().status() == ElevatorRulesFile.Status.FOREIGN) return error(state.fileNotice());
                imported.checkSchedulers(state.knownSchedulers());
                if (dryRun) return done(rules.service().preview(imported).stripTrailing());
                return done(rules.service().save(imported).message());
            } catch (RulesFailedException | RulesException e) {
                return error(e.getMessage());
            }
        }

        private String read() throws java.io.IOException {
            byte[] bytes = file.equals("-") ? System.in.readNBytes(RulesProfile.MAX_BYTES + 1)
                    : readBounded(java.nio.file.Path.of(file));
            return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
        }

        private static byte[] readBounded(java.nio.file.Path path) throws java.io.IOException {
            // a pipe or a device would block or never end; a folder has no text
            if (java.nio.file.Files.exists(path) && !java.nio.file.Files.isRegularFile(path)) {
                throw new java.io.IOException(Messages.text("cli.rules.import.not-a-file"));
            }
            try (var in = java.nio.file.Files.newInputStream(path)) {
                return in.readNBytes(RulesProfile.MAX_BYTES + 1);
            }
        }

        /** The cause in words: the exception's message of a missing file is its path alone. */
        private static String why(java.io.IOException e) {
            if (e instanceof java.nio.file.NoSuchFileException) return Messages.text("cli.rules.import.no-such-file");
            if (e instanceof java.nio.file.AccessDeniedException) return Messages.text("cli.rules.import.denied");
            if (e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null) return Sentences.lowerFirst(fs.getReason());
            return String.valueOf(e.getMessage());
        }
    }
}
