package io.github.elevator.device;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** Every transport and every layer of a storage stack has a name for people, some of them from the bundle. */
class LabelsTest {
    @Test
    void everyTransportAndLayerHasALabel() {
        for (Transport t : Transport.values()) assertFalse(t.label().isBlank(), t.name());
        for (StackNode.Layer l : StackNode.Layer.values()) assertFalse(l.label().isBlank(), l.name());
        assertEquals("other", Transport.OTHER.label());
        assertEquals("partition", StackNode.Layer.PARTITION.label());
    }
}
