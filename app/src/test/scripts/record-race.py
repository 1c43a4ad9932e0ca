#!/usr/bin/env python3
"""The record race as an attacker runs it: watch a folder with inotify and, the moment a file
appears in it, try to open that file for writing (never creating it). Prints one line per file
seen: OPENED (the attack worked), denied (it was there and refused), or gone (renamed first).

    record-race.py FOLDER SECONDS
"""
import ctypes
import errno
import os
import select
import struct
import sys
import time

IN_CREATE = 0x100
folder, seconds = sys.argv[1], float(sys.argv[2])
libc = ctypes.CDLL(None, use_errno=True)
fd = libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
if fd < 0 or libc.inotify_add_watch(fd, folder.encode(), IN_CREATE) < 0:
    sys.exit("inotify: " + os.strerror(ctypes.get_errno()))
print("watching", folder, flush=True)
end = time.monotonic() + seconds
while time.monotonic() < end:
    if not select.select([fd], [], [], 0.2)[0]:
        continue
    data = os.read(fd, 65536)
    at = 0
    while at < len(data):
        _, _, _, length = struct.unpack_from("iIII", data, at)
        name = data[at + 16:at + 16 + length].rstrip(b"\0").decode()
        at += 16 + length
        try:
            os.close(os.open(os.path.join(folder, name), os.O_WRONLY | os.O_NOFOLLOW))
            print("OPENED", name, flush=True)
        except OSError as e:
            print("denied" if e.errno in (errno.EACCES, errno.EPERM) else "gone", name, os.strerror(e.errno), flush=True)
