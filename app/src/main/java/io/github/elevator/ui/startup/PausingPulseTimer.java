package io.github.elevator.ui.startup;

import com.sun.glass.ui.Timer;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The JavaFX pulse timer that rests while nothing moves. JavaFX asks its pulse timer to pause once
 * nothing has animated or asked to be drawn for a quarter of a second, and to resume when something
 * does; on GTK (JavaFX 21) the timer ignores both and wakes the JavaFX thread 60 times a second for
 * as long as the window is open: most of an idle window's CPU time (0.7 % of a core on a small
 * virtual machine). This timer stops GTK's timer on pause and starts a new one on resume.
 * <p>
 * It reaches into JavaFX's own classes, so it is put in place only where they are exactly as
 * expected (the GTK toolkit of JavaFX 21, on the class path or opened to this code); anywhere else
 * JavaFX keeps its own timer.
 */
public final class PausingPulseTimer extends Timer {
    private static final Logger LOG = Logger.getLogger(PausingPulseTimer.class.getName());
    private static final String GTK_TIMER = "com.sun.glass.ui.gtk.GtkTimer";

    private final Timer gtk;
    private final Method startGtk;
    private final Method stopGtk;
    private final Runnable pulse;
    private int period;
    /** The running GTK timer, 0 while paused or stopped. */
    private long running;
    private boolean stopped;

    private PausingPulseTimer(Runnable pulse, Timer gtk, Method startGtk, Method stopGtk) {
        super(pulse);
        this.pulse = pulse;
        this.gtk = gtk;
        this.startGtk = startGtk;
        this.stopGtk = stopGtk;
    }

    /**
     * Puts this timer in place of the running toolkit's pulse timer; call on the JavaFX thread once
     * the toolkit runs. True when it is in place (also from before); false, and nothing changed,
     * where JavaFX is not as expected.
     */
    public static boolean install() {
        try {
            Object toolkit = com.sun.javafx.tk.Toolkit.getToolkit();
            Field pulseTimer = field(toolkit.getClass(), "pulseTimer");
            synchronized (toolkit) { // the toolkit pauses and resumes its timer under this lock
                Timer current = (Timer) pulseTimer.get(toolkit);
                if (current instanceof PausingPulseTimer) return true;
                if (current == null || !current.getClass().getName().equals(GTK_TIMER)) return false;
                Method start = current.getClass().getDeclaredMethod("_start", Runnable.class, int.class);
                Method stop = current.getClass().getDeclaredMethod("_stop", long.class);
                start.setAccessible(true);
                stop.setAccessible(true);
                Runnable pulse = (Runnable) field(Timer.class, "runnable").get(current);
                int period = (int) Math.round((double) field(Timer.class, "period").get(current));
                if (pulse == null || period <= 0) return false;
                PausingPulseTimer replacement = new PausingPulseTimer(pulse, current, start, stop);
                replacement.start(period);
                pulseTimer.set(toolkit, replacement);
                current.stop();
                return true;
            }
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            LOG.log(Level.FINE, "JavaFX keeps its own pulse timer", e); // untranslated: a debug log line
            return false;
        }
    }

    /** The toolkit's pulse timer when it is this one; empty otherwise. */
    static java.util.Optional<PausingPulseTimer> installed() {
        try {
            Object toolkit = com.sun.javafx.tk.Toolkit.getToolkit();
            return field(toolkit.getClass(), "pulseTimer").get(toolkit) instanceof PausingPulseTimer timer
                    ? java.util.Optional.of(timer) : java.util.Optional.empty();
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return java.util.Optional.empty();
        }
    }

    private static Field field(Class<?> type, String name) throws NoSuchFieldException {
        Field f = type.getDeclaredField(name);
        f.setAccessible(true);
        return f;
    }

    /** Whether GTK's timer runs now: false while paused. */
    synchronized boolean ticking() {
        return running != 0;
    }

    @Override
    protected synchronized long _start(Runnable runnable, int period) {
        this.period = period;
        stopped = false;
        startGtk();
        return running == 0 ? 0 : 1;
    }

    @Override
    protected long _start(Runnable runnable) {
        throw new UnsupportedOperationException("no vsync timer on GTK"); // untranslated: never thrown to a person
    }

    @Override
    protected synchronized void _stop(long timer) {
        stopped = true;
        stopGtk();
    }

    @Override
    protected synchronized void _pause(long timer) {
        stopGtk();
    }

    @Override
    protected synchronized void _resume(long timer) {
        if (!stopped && running == 0) startGtk();
    }

    private void startGtk() {
        running = (long) call(startGtk, pulse, period);
    }

    private void stopGtk() {
        if (running == 0) return;
        call(stopGtk, running);
        running = 0;
    }

    private Object call(Method method, Object... arguments) {
        try {
            return method.invoke(gtk, arguments);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(e.getCause());
        }
    }
}
