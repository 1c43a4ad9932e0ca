package io.github.elevator.protocol;

import java.util.*;

/** What the helper tells the app, one JSON line each on its standard output. */
public sealed interface HelperEvent {
    /** set-scheduler's answer: the device as the kernel reports it after the write. */
    record State(String device, String active, List<String> schedulers) implements HelperEvent {
    }

    /** A session holds the device and has handed it over: its scheduler before anything changed, what it offers (engines: the app's own). */
    record Ready(String device, String originalScheduler, List<String> schedulers, Map<String, String> engines) implements HelperEvent {
    }

    record Switched(String scheduler) implements HelperEvent {
    }

    /** A command was refused or failed; the session goes on and the device keeps its scheduler. */
    record Refused(String message) implements HelperEvent {
    }

    /** The session ended and the device is on this scheduler again (its original). */
    record Restored(String device, String scheduler) implements HelperEvent {
    }

    /** A record left by a helper that died was dealt with: {@code action} says what happened to the device, in words. */
    record Recovered(String device, String originalScheduler, long holderPid, String action) implements HelperEvent {
    }
}
