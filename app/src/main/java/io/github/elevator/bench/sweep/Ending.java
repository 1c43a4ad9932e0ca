package io.github.elevator.bench.sweep;

import io.github.elevator.bench.TimedRun;

import java.io.IOException;

/**
 * How a job on a device under test ended, and where the device is now. {@link #of} is the one place
 * a benchmark's device is finished: once, whatever way the job ended.
 *
 * @param way     done, cancelled, or failed
 * @param failure what failed; null unless {@code way} is {@link Way#FAILED}
 * @param back    the scheduler the device is on after the finish; null when that is not known
 */
public record Ending(Way way, IOException failure, String back) {
    public enum Way { DONE, CANCELLED, FAILED }

    /** Runs {@code job}, then finishes {@code device}, also when the job was interrupted or broke. */
    public static Ending of(DeviceUnderTest device, Job job) throws InterruptedException {
        Way way;
        IOException failure = null;
        try {
            job.run();
            way = Way.DONE;
        } catch (TimedRun.CancelledException e) {
            way = Way.CANCELLED;
        } catch (IOException e) {
            way = Way.FAILED;
            failure = e;
        } catch (InterruptedException | RuntimeException e) {
            device.finish();
            throw e;
        }
        return new Ending(way, failure, device.finish());
    }
}
