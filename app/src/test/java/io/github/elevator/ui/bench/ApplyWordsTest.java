package io.github.elevator.ui.bench;

import io.github.elevator.bench.design.Basis;
import io.github.elevator.bench.design.Strength;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 29: the Apply button says when what it applies is a default, not a measurement. */
class ApplyWordsTest {
    private static DeviceAnswer answer(Strength strength, Basis named) {
        return new DeviceAnswer("none", "", "", strength, named);
    }

    @Test
    void theButtonNamesADefaultAsOne() {
        assertEquals("Apply none", DeviceBenches.applyText(answer(Strength.MEASURED, Basis.ONLY_LEADER), false));
        assertEquals("Apply none", DeviceBenches.applyText(answer(Strength.EQUAL, Basis.KERNEL_DEFAULT), false));
        assertEquals("Apply none (kernel's choice)", DeviceBenches.applyText(answer(Strength.NOT_MEASURED, Basis.KERNEL_DEFAULT), false));
        assertEquals("Apply none (not measured)", DeviceBenches.applyText(answer(Strength.NOT_MEASURED, Basis.LIGHTEST_BY_DESIGN), false));
        assertEquals("Already on none", DeviceBenches.applyText(answer(Strength.NOT_MEASURED, Basis.KERNEL_DEFAULT), true));
        assertEquals("Apply the winner", DeviceBenches.applyText(DeviceAnswer.NONE, false));
        assertTrue(answer(Strength.NOT_MEASURED, Basis.IN_USE).notMeasured(), "asked about before a rule for the kind");
        assertFalse(answer(Strength.EQUAL, Basis.IN_USE).notMeasured());
    }
}
