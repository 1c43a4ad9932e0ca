package io.github.elevator.helper;

import io.github.elevator.protocol.*;

import java.io.*;
import java.util.concurrent.*;

/**
 * The session's input, read on a thread of its own: each line a command, or a String (cut short) for
 * the refusal. End of input (the app closed it or died) stops the session at once, as {@link #stop()} does.
 */
final class CommandInput {
    private final BlockingQueue<Object> queue = new LinkedBlockingQueue<>(64);
    private volatile boolean stopped;

    CommandInput(InputStream in) {
        Thread reader = new Thread(() -> {
            try {
                StringBuilder line = new StringBuilder();
                for (int c; (c = in.read()) != -1; ) {
                    if (c != '\n') {
                        if (line.length() <= HelperProtocol.MAX_COMMAND_LINE) line.append((char) c);
                        continue;
                    }
                    Object command = HelperProtocol.decodeCommand(line.toString()).map(Object.class::cast).orElse(line.toString());
                    queue.put(command);
                    if (command instanceof HelperCommand.End) return; // what follows is not read
                    line.setLength(0);
                }
            } catch (IOException | InterruptedException closed) {
                // a broken input is the same as a closed one
            }
            stop();
        }, "elevator-input");
        reader.setDaemon(true);
        reader.start();
    }

    /** The next command, a line that is none, or null when none came within {@code seconds}. */
    Object next(long seconds) throws InterruptedException {
        return queue.poll(seconds, TimeUnit.SECONDS);
    }

    /** Ends the session as soon as it asks for the next command (input closed, signal, parent gone, deadline). */
    void stop() {
        stopped = true;
        queue.clear();
        queue.offer(new HelperCommand.End());
    }

    boolean stopped() {
        return stopped;
    }
}
