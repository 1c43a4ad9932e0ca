package io.github.elevator.helper;

import io.github.elevator.helper.protocol.DescriptorPassing;

import java.io.IOException;
import java.nio.file.Path;

/**
 * How a benchmark session gives the app the device it holds: opened read-only and O_DIRECT, checked
 * to be the block device the kernel lists under that name, sent, and the helper's own copy closed at
 * once, so that root holds no descriptor of the disk and runs no reads.
 */
@FunctionalInterface
public interface DeviceHandover {

    void handOver(Path node, String deviceNumber) throws IOException;

    /** Over the Unix socket that is the helper's standard input (descriptor 0, which pkexec passes on). */
    static DeviceHandover overStandardInput() {
        return (node, deviceNumber) -> {
            int fd = DescriptorPassing.openChecked(node, deviceNumber);
            try {
                DescriptorPassing.send(fd, 0);
            } finally {
                DescriptorPassing.closeQuietly(fd);
            }
        };
    }
}
