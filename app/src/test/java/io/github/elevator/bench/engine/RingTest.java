package io.github.elevator.bench.engine;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One read through a ring, on a patterned loop device of our own, with and without registered buffers. */
class RingTest {
    private static final int BLOCK = 4096;
    private static PatternedLoop loop;

    @BeforeAll
    static void attach() throws IOException {
        loop = PatternedLoop.attach();
    }

    @AfterAll
    static void detach() throws IOException {
        if (loop != null) loop.close();
    }

    @Test
    void readsIntoRegisteredBuffersReturnTheDevicesBytes() throws IOException {
        ByteBuffer buffers = aligned(2);
        long base = address(buffers);
        int device = Libc.openDirect(loop.device());
        try (Ring ring = Ring.open(2)) {
            assertTrue(ring.register(device, base, BLOCK, 2), "the kernel refused to register for root");
            assertTrue(ring.buffersRegistered());
            readOne(ring, device, 3 * BLOCK, base + BLOCK);
            assertTrue(PatternedLoop.matches(3 * BLOCK, buffers.slice(BLOCK, BLOCK)), "the second buffer holds other bytes");
        } finally {
            Ring.closeQuietly(device);
        }
    }

    @Test
    void aReadIntoMemoryOutsideTheRegisteredBuffersNamesItsAddress() throws IOException {
        ByteBuffer registered = aligned(1);
        ByteBuffer other = aligned(1);
        int device = Libc.openDirect(loop.device());
        try (Ring ring = Ring.open(2)) {
            assertTrue(ring.register(device, address(registered), BLOCK, 1), "the kernel refused to register for root");
            readOne(ring, device, 7 * BLOCK, address(other));
            assertTrue(PatternedLoop.matches(7 * BLOCK, other.slice(0, BLOCK)), "the buffer holds other bytes");
        } finally {
            Ring.closeQuietly(device);
        }
    }

    @Test
    void aRefusedRegistrationLeavesReadsWorking() throws IOException {
        ByteBuffer buffer = aligned(1);
        int device = Libc.openDirect(loop.device());
        try (Ring ring = Ring.open(2)) {
            assertFalse(ring.register(device, 0, BLOCK, 1), "a buffer at address 0 was registered");
            assertFalse(ring.buffersRegistered());
            readOne(ring, device, 5 * BLOCK, address(buffer));
            assertTrue(PatternedLoop.matches(5 * BLOCK, buffer.slice(0, BLOCK)), "the buffer holds other bytes");
        } finally {
            Ring.closeQuietly(device);
        }
    }

    private static void readOne(Ring ring, int device, long offset, long address) throws IOException {
        ring.queueRead(device, offset, address, BLOCK, 42);
        assertEquals(1, ring.submitAndWait(1, 1));
        assertEquals(1, ring.ready());
        assertEquals(42, ring.userData(0));
        assertEquals(BLOCK, ring.result(0));
        ring.consume(1);
    }

    private static ByteBuffer aligned(int blocks) {
        return ByteBuffer.allocateDirect((blocks + 1) * BLOCK).alignedSlice(BLOCK);
    }

    private static long address(ByteBuffer buffer) {
        return Pointer.nativeValue(Native.getDirectBufferPointer(buffer));
    }
}
