package io.github.elevator.rules;

import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.testing.Fixtures;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/** The other setters of one kind that a made-up root holds, with what each does to the copied workstation's disks. */
final class SettersOnTheWorkstation {
    private static List<BlockDevice> disks;

    private SettersOnTheWorkstation() {
    }

    static synchronized List<BlockDevice> disks() {
        if (disks == null) {
            try {
                disks = new BlockDeviceScanner(Fixtures.workstation()).scan();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return disks;
    }

    static List<OtherSetter> of(Path root, OtherSetter.Source source) {
        return new OtherSetterScan(root).scan(disks()).stream().filter(o -> o.source() == source).toList();
    }
}
