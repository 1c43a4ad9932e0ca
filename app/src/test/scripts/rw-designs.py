#!/usr/bin/env python3
"""Which read-under-write design and figure tell a 2x p99 apart, from the windows rw-slices.sh recorded.

    python3 app/src/test/scripts/rw-designs.py [app/src/test/resources/io/github/elevator/bench/design/rw-slices.txt]

Three slots drawn from one scheduler's recorded reads, the first one's figure halved; a sweep is
called measured when both of its pairs' 95 % intervals (Bonferroni over three pairs, t on the
blocks' log ratios, one look: a rough stand-in for the sweep's own analysis, which
ReadUnderWriteResolutionTest uses) lie beyond the 3 % margin. Prints the share of 300 sweeps per
design (separate runs per slot, or slices under one writer per block), blocks, windows per run or
slice, and figure (pooled p99 and p98 of the slot's reads; median and geometric mean of its windows' p99).
"""
import math
import random
import statistics as st
import sys

from scipy import stats

path = sys.argv[1] if len(sys.argv) > 1 else "app/src/test/resources/io/github/elevator/bench/design/rw-slices.txt"
runs = {}
for line in open(path):
    if line.startswith("#"):
        continue
    f = line.split()
    runs.setdefault(f[0], {}).setdefault(int(f[1]), []).append((int(f[3]), [float(x) for x in f[5:]]))


def quantile(windows, q):
    n = sum(w[0] for w in windows)
    slowest = sorted((t for w in windows for t in w[1]), reverse=True)
    k = max(1, math.ceil(n * (1 - q)))
    return slowest[min(k, len(slowest)) - 1]


def p99(window):
    return quantile([window], 0.99)


FIGURES = {
    "pooled p99": lambda ws: quantile(ws, 0.99),
    "pooled p98": lambda ws: quantile(ws, 0.98),
    "median p99": lambda ws: st.median(p99(w) for w in ws),
    "geomean p99": lambda ws: math.exp(st.mean(math.log(p99(w)) for w in ws)),
}


def separate(sched, figure, per, rng):
    block = {}
    for slot in "ABC":
        run = rng.choice(list(runs[sched].values()))
        start = rng.randrange(0, len(run) - per + 1)
        block[slot] = figure(run[start:start + per])
    return block


def sliced(sched, figure, per, rng):
    order = "ABCCBA"
    run = rng.choice(list(runs[sched].values()))
    start = rng.randrange(0, len(run) - len(order) * per + 1)
    slots = {s: [] for s in "ABC"}
    for i, s in enumerate(order):
        slots[s] += run[start + i * per:start + (i + 1) * per]
    return {s: figure(ws) for s, ws in slots.items()}


def measured(design, sched, figure, blocks, per, rng, margin=0.03):
    ratios = {"B": [], "C": []}
    for _ in range(blocks):
        v = design(sched, figure, per, rng)
        for other in ratios:
            ratios[other].append(math.log(0.5 * v["A"] / v[other]))
    t = stats.t.ppf(1 - 0.05 / 3 / 2, blocks - 1)
    return all(st.mean(x) + t * st.stdev(x) / math.sqrt(blocks) < -math.log(1 + margin) for x in ratios.values())


rng = random.Random(1)
for name, design, shapes in (("separate", separate, [(12, 3), (8, 5), (6, 6)]), ("sliced", sliced, [(12, 1), (16, 1), (20, 1), (8, 2)])):
    for sched in runs:
        for blocks, per in shapes:
            shares = ["%s %3.0f %%" % (f, sum(measured(design, sched, fig, blocks, per, rng) for _ in range(300)) / 3)
                      for f, fig in FIGURES.items()]
            print("%-8s %-12s %2d blocks x %d windows: %s" % (name, sched, blocks, per, " | ".join(shares)))
