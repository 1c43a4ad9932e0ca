package io.github.elevator.testing;

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.Transport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * TuneD's own reading of a profile (app/src/test/scripts/tuned-profile-check.py, Debian's tuned):
 * which unit takes each disk, with what, and on request its verify verdict on /sys as it is now.
 */
public final class TunedCheck {
    private static final Path CHECK = Path.of("src/test/scripts/tuned-profile-check.py").toAbsolutePath();
    private static final Path TUNED_PROFILES = Path.of("/usr/lib/tuned");
    private static final Path PYTHON = Path.of("/usr/bin/python3");

    private TunedCheck() {
    }

    /** Skips without TuneD, fails in CI, where .ci/run installs it. */
    public static void requireTuned() {
        boolean present = Files.isRegularFile(TUNED_PROFILES.resolve("balanced/tuned.conf")) && Files.isExecutable(PYTHON)
                && Files.isDirectory(Path.of("/usr/lib/python3/dist-packages/tuned"));
        if (Require.inCi()) {
            assertTrue(present, "CI must read the profile with TuneD's own parser: install Debian's tuned (.ci/run lists it)");
        }
        assumeTrue(present, "TuneD is not installed (Debian: apt-get install tuned): its own parser is what this test reads the profile with");
    }

    /**
     * TuneD's verdict on profile {@code name} in {@code dir}/profiles (TuneD's own profiles under
     * it) for {@code devices}, whose sysfs is under {@code root}; {@code verify}: the disks whose
     * options TuneD's verify code compares with /sys.
     */
    public static JsonObject read(Path dir, String name, Path root, List<BlockDevice> devices, List<String> verify) throws Exception {
        List<Map<String, Object>> disks = new ArrayList<>();
        for (BlockDevice d : devices) {
            Map<String, Object> disk = new LinkedHashMap<>();
            disk.put("name", d.name());
            disk.put("removable", d.removable());
            disk.put("parent", parent(d.transport()));
            disk.put("properties", udevProperties(root, d));
            disks.add(disk);
        }
        Path json = dir.resolve("disks.json");
        Files.writeString(json, new Gson().toJson(disks));
        List<String> command = new ArrayList<>(List.of(PYTHON.toString(), CHECK.toString(), TUNED_PROFILES + ":" + dir.resolve("profiles"), name, json.toString()));
        if (!verify.isEmpty()) command.addAll(List.of("--verify", String.join(",", verify)));
        Process p = new ProcessBuilder(command).start();
        byte[] out = p.getInputStream().readAllBytes();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) fail("TuneD's loader refused the profile: " + err);
        return JsonParser.parseString(new String(out, StandardCharsets.UTF_8)).getAsJsonObject();
    }

    /** The subsystem of the disk's parent, as TuneD's disk plugin looks at it (pyudev: the block device's parent). */
    private static String parent(Transport t) {
        return switch (t) {
            case SATA, SAS, USB -> "scsi";
            case NVME -> "nvme";
            case VIRTIO -> "virtio";
            case MMC -> "mmc";
            default -> null;
        };
    }

    /**
     * The udev properties the units match on, as udev sets them: DEVPATH from the sysfs link,
     * ID_WWN and ID_WWN_WITH_EXTENSION as ata_id and scsi_id print a naa. WWN (0x and the hex
     * digits; the kernel's wwid as it is for NVMe), ID_SERIAL_SHORT the serial.
     */
    private static Map<String, String> udevProperties(Path root, BlockDevice d) throws IOException {
        Map<String, String> p = new LinkedHashMap<>();
        Path sys = root.resolve("sys");
        p.put("DEVPATH", "/" + sys.relativize(sys.resolve("block").resolve(d.name()).toRealPath()));
        p.put("DEVNAME", "/dev/" + d.name());
        p.put("DEVTYPE", "disk");
        if (d.wwn() != null) {
            String wwn = d.wwn().startsWith("naa.") ? "0x" + d.wwn().substring(4) : d.wwn();
            p.put("ID_WWN", wwn);
            p.put("ID_WWN_WITH_EXTENSION", wwn);
        }
        if (d.serial() != null) p.put("ID_SERIAL_SHORT", d.serial());
        return p;
    }
}
