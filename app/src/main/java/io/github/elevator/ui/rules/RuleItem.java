package io.github.elevator.ui.rules;

import io.github.elevator.text.Messages;
import io.github.elevator.rules.Rule;

import java.util.List;

/** One row of the rules table: the rule, and the disks it matches now. */
public record RuleItem(Rule rule, List<String> devicesNow) {
    public String appliesTo() {
        return rule.match().describe();
    }

    public String match() {
        return rule.match().text();
    }

    public String settings() {
        return rule.settings();
    }

    public String devices() {
        return devicesNow.isEmpty() ? Messages.text("rules.item.none-now") : String.join(", ", devicesNow);
    }
}
