#!/usr/bin/env python3
"""When a window first answers a click: clicks a dropdown again and again until its list opens.

    click-until-open.py X Y [TIMEOUT_MS] [INTERVAL_MS]

Waits for a viewable window titled Elevator, then clicks at X,Y of it (xdotool) every
INTERVAL_MS (default 50) until the server
maps a window that overrides the window manager (a JavaFX popup: the dropdown's open list). It
prints "ready" on stdout once it watches the server, then the time of that map (nanoseconds of
the system clock). The maps are read from the server itself (xev on the root window), so a list that
a queued click opens and the next one closes at once still counts. Exits 1 when no list opened
within TIMEOUT_MS (default 30000) from "ready". For startup-bench.sh: a click that works, not
a pixel that changed, says that the window can be used. The bench launches the app once this
says "ready": starting python and xev took 0.3-0.6 s on a loaded machine, longer than a JVM
takes to map an empty window.
"""
import queue
import subprocess
import sys
import threading
import time


def size(window):
    """Width and height of an X window, or (0, 0) when it is gone."""
    info = subprocess.run(["xwininfo", "-id", window], capture_output=True, text=True, check=False).stdout
    numbers = dict(line.strip().split(":", 1) for line in info.splitlines() if line.strip().startswith(("Width:", "Height:")))
    return int(numbers.get("Width", 0)), int(numbers.get("Height", 0))


def watch_maps(xev, found):
    for line in xev.stdout:
        # "MapNotify event, serial 18, synthetic NO, window 0x50d," then "event 0x50d, window 0x..., override YES"
        if line.startswith("MapNotify"):
            seen = time.time_ns()
            detail = next(xev.stdout, "")
            if "override YES" not in detail:
                continue
            window = detail.split("window ")[1].split(",")[0]
            # not GTK's own 1x1 windows: an open list is as wide as the dropdown and holds lines
            width, height = size(window)
            print(f"click-until-open: {window} mapped, {width}x{height}", file=sys.stderr)
            if width >= MIN_LIST_WIDTH and height >= MIN_LIST_HEIGHT:
                found.put(seen)
                return


MIN_LIST_WIDTH, MIN_LIST_HEIGHT = 100, 40


def late(start, timeout_ms):
    return (time.time_ns() - start) // 1_000_000 >= timeout_ms


def main():
    if len(sys.argv) < 4:
        print("usage: click-until-open.py X Y [TIMEOUT_MS] [INTERVAL_MS]", file=sys.stderr)
        return 2
    x, y = sys.argv[1], sys.argv[2]
    timeout_ms = int(sys.argv[3]) if len(sys.argv) > 3 else 30000
    interval = (int(sys.argv[4]) if len(sys.argv) > 4 else 50) / 1000
    xev = subprocess.Popen(["stdbuf", "-oL", "xev", "-root", "-event", "substructure"],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        found = queue.Queue()
        threading.Thread(target=watch_maps, args=(xev, found), daemon=True).start()
        time.sleep(0.2)  # xev selects the root window's events
        print("ready", flush=True)
        start = time.time_ns()
        window = ""
        while not window and not late(start, timeout_ms):
            window = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^Elevator$"],
                                    capture_output=True, text=True, check=False).stdout.split("\n")[0]
            time.sleep(0.01)
        while not late(start, timeout_ms):
            subprocess.run(["xdotool", "mousemove", "--window", window, x, y, "click", "1"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
            try:
                opened = found.get(timeout=interval)
            except queue.Empty:
                continue
            print(opened, flush=True)
            return 0
        print(f"click-until-open: no list opened within {timeout_ms} ms", file=sys.stderr)
        return 1
    finally:
        xev.kill()
        xev.wait()


if __name__ == "__main__":
    sys.exit(main())
