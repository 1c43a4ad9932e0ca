package io.github.elevator.bench;

import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Why write workloads cannot run on a device mounted in several folders: each reason said once, naming its folders together. */
class ScratchReasonsTest {
    @TempDir
    Path dir;

    /** The workstation's USB stick, mounted in these folders instead. */
    private static BlockDevice mountedIn(String... folders) throws IOException {
        BlockDevice d = new BlockDeviceScanner(Fixtures.workstation()).find("sdc").orElseThrow();
        return new BlockDevice(d.name(), d.model(), d.vendor(), d.serial(), d.wwn(), d.sizeBytes(), d.transport(), d.rotational(),
                d.removable(), d.readOnly(), List.of(folders), d.schedulers(), d.active(), d.schedulerNote(), d.zoned(), d.hwQueues(),
                d.tunables(), d.stack(), d.restsOn(), d.paths());
    }

    private static String whyNot(BlockDevice device) {
        StringBuilder why = new StringBuilder();
        assertTrue(Scratch.writableMount(device, why).isEmpty(), "no folder will do");
        return why.toString();
    }

    @Test
    void oneFolderIsNamedInTheReasonOfItsOwn() throws IOException {
        assertEquals("/gone/a cannot be reached from here", whyNot(mountedIn("/gone/a")));
    }

    @Test
    void theSameReasonForSeveralFoldersIsSaidOnceNamingThemAll() throws IOException {
        assertEquals("/gone/a, /gone/b and /gone/c cannot be reached from here", whyNot(mountedIn("/gone/a", "/gone/b", "/gone/c")));
    }

    @Test
    void differentReasonsAreEachSaidOnceInTheOrderTheirFirstFolderCame() throws IOException {
        assertEquals("no filesystem of sdc is mounted", whyNot(mountedIn()));
        Path open = Files.createDirectory(dir.resolve("open"), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxrwxrwx")));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path alsoOpen = Files.createDirectory(dir.resolve("also-open"));
        Files.setPosixFilePermissions(alsoOpen, PosixFilePermissions.fromString("rwxrwxrwx"));
        assumeTrue("root".equals(System.getProperty("user.name")), "root refuses folders others can write; another user writes in them");
        assertEquals("/gone/a and /gone/b cannot be reached from here; " + open + " and " + alsoOpen
                        + " can be written by other users, so root does not run write workloads there; run Elevator as the user who owns them",
                whyNot(mountedIn("/gone/a", open.toString(), "/gone/b", alsoOpen.toString())));
    }

    @Test
    void aFolderThatWillDoAfterOthersThatWillNotLeavesNoReason() throws IOException {
        Path mine = Files.createDirectory(dir.resolve("mine"));
        Files.setPosixFilePermissions(mine, PosixFilePermissions.fromString("rwx------"));
        StringBuilder why = new StringBuilder("left from before");
        assertEquals(mine, Scratch.writableMount(mountedIn("/gone/a", "/gone/b", mine.toString()), why).orElseThrow());
        assertEquals("", why.toString());
    }
}
