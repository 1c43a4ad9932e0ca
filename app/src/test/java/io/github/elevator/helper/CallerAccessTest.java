package io.github.elevator.helper;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The kernel's rule for a mode, as the helper applies it to a loop device's node for the person pkexec names. */
class CallerAccessTest {
    private static final int NOBODY = 65534;

    @Test
    void rootMayAlways() {
        assertNull(CallerAccess.refusal(0, 0, 0, 0));
    }

    @Test
    void theOwnersBitsDecideForTheOwnerEvenWhenOthersMayRead() {
        assertNull(CallerAccess.refusal(NOBODY, NOBODY, 0, 0400));
        assertNotNull(CallerAccess.refusal(NOBODY, NOBODY, 0, 0044));
    }

    @Test
    void othersNeedTheOthersReadBit() {
        assertNotNull(CallerAccess.refusal(NOBODY, 0, 0, 0660));
        assertNull(CallerAccess.refusal(NOBODY, 0, 0, 0664));
    }

    @Test
    void aMemberOfTheNodesGroupNeedsTheGroupsReadBit() {
        // nobody's primary group is nogroup (65534) in the account database; it is in no other, disk (6) included
        assertNull(CallerAccess.refusal(NOBODY, 0, 65534, 0040));
        assertNotNull(CallerAccess.refusal(NOBODY, 0, 6, 0040));
    }
}
