package io.github.elevator.rules;

import io.github.elevator.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * TLP's DISK_IOSCHED read from the tlp-laptop fixture over the workstation's disks: positional
 * entries, keep, drop-ins in name order after the intrinsic defaults and before /etc/tlp.conf,
 * appends, and disks named by /dev/disk/by-id.
 */
class TlpOverriderTest {
    @TempDir
    Path copy;

    private static List<OtherSetter> tlp(Path root) {
        return SettersOnTheWorkstation.of(root, OtherSetter.Source.TLP);
    }

    private Path changed(String relative, String text) throws IOException {
        Fixtures.copy(Fixtures.overriders("tlp-laptop"), copy);
        Path file = copy.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        return copy;
    }

    /** TLP as it reads a copy of the fixture with {@code text} added to {@code relative}. */
    private OtherSetter tlpAfter(String relative, String text) throws IOException {
        return tlp(changed(relative, text)).get(0);
    }

    @Test
    void theLaterDropInsListIsInEffectEntryByEntryWithDisksNamedById() {
        List<OtherSetter> found = tlp(Fixtures.overriders("tlp-laptop"));
        assertEquals(1, found.size(), found.toString());
        OtherSetter t = found.get(0);
        assertEquals("/etc/tlp.d/20-schedulers.conf:3", t.where(), "20-schedulers.conf is read after 10-disks.conf");
        assertEquals("DISK_IOSCHED=\"keep bfq bfq none\"", t.text());
        assertTrue(t.afterElevator());
        assertEquals(List.of(new DiskEffect("sda", "bfq", true, "ata-Samsung_SSD_870_EVO_1TB_S6PXNM0T612345A"),
                new DiskEffect("sdc", "bfq", true, "usb-SanDisk_Cruzer_Blade_4C530001230914115382-0:0-part1")), t.disks(),
                "nvme0n1 is kept, sdz is not here; a partition's id names its disk");
        assertNull(t.scheduler(), "bfq and none: more than one scheduler");
        assertTrue(t.note().contains("DISK_DEVICES=\"nvme0n1 ata-Samsung_SSD_870_EVO_1TB_S6PXNM0T612345A"
                + " usb-SanDisk_Cruzer_Blade_4C530001230914115382-0:0-part1 sdz\" at /etc/tlp.d/10-disks.conf:2"), t.note());
        assertTrue(t.note().contains("nvme0n1 keep (left alone), ata-Samsung_SSD_870_EVO_1TB_S6PXNM0T612345A = sda bfq,"
                + " usb-SanDisk_Cruzer_Blade_4C530001230914115382-0:0-part1 = sdc bfq, sdz none (not here now)."), t.note());
        assertTrue(t.describe().startsWith("/etc/tlp.d/20-schedulers.conf:3 — TLP sets schedulers. Here: sda"
                + " (ata-Samsung_SSD_870_EVO_1TB_S6PXNM0T612345A): bfq; sdc (usb-SanDisk_Cruzer_Blade_4C530001230914115382-0:0-part1): bfq."),
                t.describe());
    }

    @Test
    void tlpConfIsReadLastAndAShortListKeepsTheRest() throws IOException {
        OtherSetter t = tlpAfter("etc/tlp.conf", "DISK_IOSCHED=\"mq-deadline\"   # the SSD only\n");
        assertEquals("/etc/tlp.conf:25", t.where());
        assertEquals("mq-deadline", t.scheduler());
        assertEquals(List.of(new DiskEffect("nvme0n1", "mq-deadline", true, null)), t.disks(), "the first entry is nvme0n1");
        assertTrue(t.note().endsWith(": nvme0n1 mq-deadline, ata-Samsung_SSD_870_EVO_1TB_S6PXNM0T612345A keep (left alone),"
                + " usb-SanDisk_Cruzer_Blade_4C530001230914115382-0:0-part1 keep (left alone), sdz keep (left alone)."), "missing entries mean keep: " + t.note());
    }

    @Test
    void theFirstEntryNamesTheFirstDisk() throws IOException {
        OtherSetter t = tlpAfter("etc/tlp.conf", "DISK_DEVICES=sda\nDISK_IOSCHED=kyber\n");
        assertEquals("/etc/tlp.conf:26", t.where());
        assertEquals(List.of(new DiskEffect("sda", "kyber", true, null)), t.disks());
    }

    @Test
    void appendingAddsEntriesToTheListReadBefore() throws IOException {
        OtherSetter t = tlpAfter("etc/tlp.d/30-sd-card.conf", "DISK_DEVICES+=\"mmcblk0\"\nDISK_IOSCHED+=\"mq-deadline\"\n");
        assertEquals("/etc/tlp.d/30-sd-card.conf:2", t.where());
        assertEquals("DISK_IOSCHED=\"keep bfq bfq none mq-deadline\"", t.text());
        assertEquals(List.of("sda", "sdc", "mmcblk0"), t.disks().stream().map(DiskEffect::device).toList());
    }

    @Test
    void withoutDiskDevicesTlpUsesItsDefaultList() throws IOException {
        Fixtures.copy(Fixtures.overriders("tlp-laptop"), copy);
        Files.writeString(copy.resolve("usr/share/tlp/defaults.conf"), "TLP_ENABLE=1\nDISK_IOSCHED=\"keep keep\"\n");
        Files.delete(copy.resolve("etc/tlp.d/10-disks.conf"));
        Files.writeString(copy.resolve("etc/tlp.d/20-schedulers.conf"), "DISK_IOSCHED=\"bfq none\"\n");
        OtherSetter t = tlp(copy).get(0);
        assertEquals(List.of(new DiskEffect("nvme0n1", "bfq", true, null), new DiskEffect("sda", "none", true, null)), t.disks());
        assertTrue(t.note().contains("TLP's default DISK_DEVICES=\"nvme0n1 sda\""), t.note());
    }

    @Test
    void keepEverywhereDisabledOrNotInstalledIsNoSetter() throws IOException {
        assertEquals(List.of(), tlp(changed("etc/tlp.conf", "DISK_IOSCHED=\"keep _ keep\"\n")), "keep and _ leave every disk alone");
        Files.writeString(copy.resolve("etc/tlp.conf"), "TLP_ENABLE=0\n");
        assertEquals(List.of(), tlp(copy), "TLP_ENABLE=0");
        Files.writeString(copy.resolve("etc/tlp.conf"), "#TLP_ENABLE=0\n");
        assertEquals(1, tlp(copy).size());
        Files.delete(copy.resolve("usr/sbin/tlp"));
        assertEquals(List.of(), tlp(copy), "a configuration left behind without TLP's program sets nothing");
    }

    @Test
    void anEmptyDiskListTurnsTheDiskSettingsOff() throws IOException {
        Path root = changed("etc/tlp.conf", "DISK_DEVICES=\"\"\n");
        assertEquals(List.of(), tlp(root));
    }

    @Test
    void tlpBeforeOneThreeReadsEtcDefaultTlp() throws IOException {
        Fixtures.copy(Fixtures.overriders("tlp-laptop"), copy);
        Files.delete(copy.resolve("etc/tlp.conf"));
        Files.createDirectories(copy.resolve("etc/default"));
        Files.writeString(copy.resolve("etc/default/tlp"), "# old TLP\nDISK_DEVICES=\"sdb\"\nDISK_IOSCHED=\"mq-deadline\"\n");
        OtherSetter t = tlp(copy).get(0);
        assertEquals("/etc/default/tlp:3", t.where());
        assertEquals(List.of(new DiskEffect("sdb", "mq-deadline", true, null)), t.disks());
    }
}
