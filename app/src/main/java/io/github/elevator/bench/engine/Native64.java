package io.github.elevator.bench.engine;

/** Whether the syscall numbers and flag values of {@link Libc} apply here, asked without loading JNA. */
final class Native64 {
    private Native64() {
    }

    static boolean supported() {
        return "Linux".equals(System.getProperty("os.name")) && "amd64".equals(System.getProperty("os.arch")); // untranslated: a system name
    }

    static String describe() {
        return System.getProperty("os.name") + " " + System.getProperty("os.arch");
    }
}
