package io.github.elevator.rules;

import io.github.elevator.text.Messages;
import io.github.elevator.protocol.Printable;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.Transport;

import java.util.Comparator;
import java.util.regex.Pattern;

/**
 * What a rule applies to: a {@link Kind} of disk, or one disk by its WWN or serial number.
 * Written {@code usb}, {@code wwn:ID} or {@code serial:ID}. Identifiers are limited to letters,
 * digits, '.', '_' and '-' so that they can stand in a udev rule as they are: no quote, no
 * backslash, no glob character, no space, no newline.
 */
public record Match(Kind kind, Type type, String id) {

    /** By precedence: one disk by WWN, by serial, then a kind. */
    public enum Type { WWN, SERIAL, KIND }

    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");

    /** Most specific first: WWN, serial, then the kinds in {@link Kind}'s order; ties by id. */
    public static final Comparator<Match> PRECEDENCE = Comparator.comparing(Match::type)
            .thenComparing(m -> m.kind == null ? -1 : m.kind.ordinal())
            .thenComparing(m -> m.id == null ? "" : m.id);

    public Match {
        if ((type == Type.KIND) != (kind != null) || (type == Type.KIND) == (id != null)) {
            throw new IllegalArgumentException("a match is a kind or an identifier"); // untranslated: a bug, callers check first
        }
        if (id != null && !ID.matcher(id).matches()) throw new IllegalArgumentException("not a valid identifier"); // untranslated: a bug, callers check first
    }

    public static Match of(Kind kind) {
        return new Match(kind, Type.KIND, null);
    }

    public static Match wwn(String id) throws RulesException {
        return identifier(Type.WWN, id);
    }

    public static Match serial(String id) throws RulesException {
        return identifier(Type.SERIAL, id);
    }

    /** Parses {@code usb}, {@code wwn:ID} or {@code serial:ID}, refusing anything else with a clear message. */
    public static Match parse(String text) throws RulesException {
        if (text == null || text.isEmpty()) throw new RulesException(Messages.text("ruleset.match.missing", Kind.ids()));
        if (text.startsWith("wwn:")) return wwn(text.substring(4));
        if (text.startsWith("serial:")) return serial(text.substring(7));
        Kind kind = Kind.byId(text);
        if (kind == null) throw new RulesException(Messages.text("ruleset.match.unknown", Printable.quoted(text), Kind.ids()));
        return of(kind);
    }

    private static Match identifier(Type type, String id) throws RulesException {
        if (id == null || !ID.matcher(id).matches()) {
            String quoted = Printable.quoted(id == null ? "" : id);
            throw new RulesException(type == Type.WWN ? Messages.text("ruleset.match.malformed.wwn", quoted)
                    : Messages.text("ruleset.match.malformed.serial", quoted));
        }
        return new Match(null, type, id);
    }

    /** The text form: {@code usb}, {@code wwn:ID}, {@code serial:ID}. */
    public String text() {
        return switch (type) {
            case KIND -> kind.id();
            case WWN -> "wwn:" + id;
            case SERIAL -> "serial:" + id;
        };
    }

    /** "every USB device", "the disk with WWN naa.5002…": for labels and messages. */
    public String describe() {
        return switch (type) {
            case KIND -> kind.every();
            case WWN -> Messages.text("ruleset.match.wwn", id);
            case SERIAL -> Messages.text("ruleset.match.serial", id);
        };
    }

    /**
     * True when the generated udev rule matches this disk. A serial matches only where sysfs shows
     * the serial as a {@code serial} attribute (USB, NVMe, virtio, MMC): SATA and SAS disks keep
     * theirs in a binary VPD page that udev rules cannot compare, so those are matched by WWN.
     */
    public boolean matches(BlockDevice d) {
        return switch (type) {
            case KIND -> kind.matches(d);
            case WWN -> id.equals(d.wwn());
            case SERIAL -> id.equals(d.serial()) && serialIsAnAttribute(d.transport());
        };
    }

    static boolean serialIsAnAttribute(Transport t) {
        return t == Transport.USB || t == Transport.NVME || t == Transport.VIRTIO || t == Transport.MMC;
    }

    /** "For this device only": its WWN if udev can match it, else its serial; null when neither can be used. */
    public static Match identity(BlockDevice d) {
        if (d.wwn() != null && ID.matcher(d.wwn()).matches()) return new Match(null, Type.WWN, d.wwn());
        if (d.serial() != null && ID.matcher(d.serial()).matches() && serialIsAnAttribute(d.transport())) {
            return new Match(null, Type.SERIAL, d.serial());
        }
        return null;
    }

    @Override
    public String toString() {
        return text();
    }
}
