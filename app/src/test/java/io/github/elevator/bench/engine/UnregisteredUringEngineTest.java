package io.github.elevator.bench.engine;

/** The io_uring engine where the kernel refuses to register the device and the buffers (a user's RLIMIT_MEMLOCK): every request names them. */
class UnregisteredUringEngineTest extends EngineContract {

    @Override
    IoEngine engine(ReadObserver observer) {
        return new UringEngine(observer, false);
    }

    @Override
    int queueDepth() {
        return 16;
    }
}
