#!/usr/bin/env python3
"""The audit's attack on a benchmark's descriptor, run as an unprivileged user: start a session of
DEVICE through pkexec with a Unix socket as its standard input, wait for its first answer (the
helper sends a descriptor, if any, before it), take whatever descriptor came, and try the loop driver's ioctls that check no open mode on it (LOOP_CHANGE_FD to EVIL, LOOP_CLR_FD,
LOOP_SET_FD to EVIL). Prints one line per step; the test reads them.
Usage: descriptor-attack.py PKEXEC HELPER DEVICE EVIL"""
import fcntl, os, socket, subprocess, sys

LOOP_SET_FD, LOOP_CLR_FD, LOOP_CHANGE_FD = 0x4C00, 0x4C01, 0x4C06
pkexec, helper, device, evil = sys.argv[1:5]
mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
session = subprocess.Popen([pkexec, "--disable-internal-agent", helper, "benchmark", device], stdin=theirs,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
theirs.close()
first = session.stdout.readline().decode(errors="replace").strip()
print("helper answered:", first or "nothing")
mine.settimeout(5)  # a descriptor comes before the first answer, so 5 s is ample
try:
    _, fds, _, _ = socket.recv_fds(mine, 1, 4)
except TimeoutError:
    fds = []
except OSError as e:
    fds = []
    print("receive failed:", e)
print("descriptors received:", len(fds), flush=True)
evil_fd = os.open(evil, os.O_RDONLY)
for fd in fds:
    for name, request, arg in (("LOOP_CHANGE_FD", LOOP_CHANGE_FD, evil_fd), ("LOOP_CLR_FD", LOOP_CLR_FD, 0),
                               ("LOOP_SET_FD", LOOP_SET_FD, evil_fd)):
        try:
            fcntl.ioctl(fd, request, arg)
            print(name, "succeeded")
        except OSError as e:
            print(name, "refused:", e.strerror)
    os.close(fd)
print("ending the session", flush=True)
mine.shutdown(socket.SHUT_WR)
out, err = session.communicate(timeout=60)
print("helper exit:", session.returncode)
print("helper said:", err.decode(errors="replace").strip())
