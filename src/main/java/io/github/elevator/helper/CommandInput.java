package io.github.elevator.helper;

import io.github.elevator.helper.protocol.HelperCommand;
import io.github.elevator.helper.protocol.HelperProtocol;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The session's standard input, read on a thread of its own: each line becomes a command, an
 * unreadable one a {@link Garbled}; end of input (the app closed it, or died) becomes {@code end}.
 */
final class CommandInput {
    /** A line that is not a command, kept short and printable for the refusal. */
    record Garbled(String line) {
    }

    private final BlockingQueue<Object> queue = new LinkedBlockingQueue<>(64);

    CommandInput(InputStream in) {
        Thread reader = new Thread(() -> {
            try {
                StringBuilder line = new StringBuilder();
                int c;
                while ((c = in.read()) != -1) {
                    if (c != '\n') {
                        if (line.length() <= HelperProtocol.MAX_COMMAND_LINE) line.append((char) c);
                        continue;
                    }
                    Optional<HelperCommand> command = HelperProtocol.decodeCommand(line.toString());
                    queue.put(command.isPresent() ? command.get() : new Garbled(line.toString()));
                    line.setLength(0);
                }
                queue.put(new HelperCommand.End());
            } catch (IOException | InterruptedException closed) {
                stop(); // a broken input is the same as a closed one
            }
        }, "elevator-input");
        reader.setDaemon(true);
        reader.start();
    }

    /** The next command, a {@link Garbled} line, or null when none came within {@code seconds}. */
    Object next(long seconds) throws InterruptedException {
        return queue.poll(seconds, TimeUnit.SECONDS);
    }

    /** Makes the session end as if the input had said so (signal, parent gone, deadline). */
    void stop() {
        queue.clear();
        queue.offer(new HelperCommand.End());
    }
}
