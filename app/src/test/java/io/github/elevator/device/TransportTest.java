package io.github.elevator.device;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TransportTest {

    @ParameterizedTest
    @CsvSource({
            "nvme0n1, /sys/devices/pci0000:00/0000:00:1d.0/0000:3d:00.0/nvme/nvme0/nvme0n1, NVME",
            "sda, /sys/devices/pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0/block/sda, SATA",
            "sdc, /sys/devices/pci0000:00/0000:00:14.0/usb2/2-1/2-1:1.0/host6/target6:0:0/6:0:0:0/block/sdc, USB",
            "sdd, /sys/devices/pci0000:00/0000:00:03.0/0000:02:00.0/host7/port-7:0/end_device-7:0/target7:0:0/7:0:0:0/block/sdd, SAS",
            "sde, /sys/devices/platform/host8/target8:0:0/8:0:0:0/block/sde, SCSI",
            "vda, /sys/devices/pci0000:00/0000:00:04.0/virtio1/block/vda, VIRTIO",
            "mmcblk0, /sys/devices/pci0000:00/0000:00:14.5/mmc_host/mmc0/mmc0:aaaa/block/mmcblk0, MMC",
            "loop0, /sys/devices/virtual/block/loop0, LOOP",
            "md0, /sys/devices/virtual/block/md0, MD",
            "dm-0, /sys/devices/virtual/block/dm-0, DM",
            "zram0, /sys/devices/virtual/block/zram0, OTHER",
    })
    void detectsFromNameAndBusPath(String name, String path, Transport expected) {
        assertEquals(expected, Transport.detect(name, path));
    }
}
