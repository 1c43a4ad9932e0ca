package io.github.elevator.bench.engine;

class ThreadEngineTest extends EngineContract {

    @Override
    IoEngine engine(ReadObserver observer) {
        return new ThreadEngine(observer);
    }

    @Override
    int queueDepth() {
        return 4;
    }
}
