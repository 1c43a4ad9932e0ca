package io.github.elevator.protocol;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** What root takes as a variant of a scheduler (the app's reading of one is tested in the app, SchedulerVariantsTest). */
class SchedulerVariantTest {

    @Test
    void aVariantStaysWithinWhatAPersonWouldChooseForADiskInUse() {
        // accepted by tune (always asks), refused as a variant (set-scheduler, whose authorization may be cached)
        assertTrue(SchedulerVariant.canonical("kyber read_lat_nsec=10000000000 write_lat_nsec=10000000000").isEmpty());
        assertTrue(SchedulerVariant.canonical("bfq slice_idle=1000 timeout_sync=60000 back_seek_penalty=1024").isEmpty());
        assertTrue(TunableLimits.IOSCHED.get("read_lat_nsec").allows(10_000_000_000L));
        assertTrue(SchedulerVariant.canonical("kyber read_lat_nsec=1000000").isPresent());
        assertTrue(SchedulerVariant.canonical("bfq low_latency=0 slice_idle=0").isPresent());
    }
}
