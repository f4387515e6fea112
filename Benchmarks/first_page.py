#!/usr/bin/env python3
"""Time from start to the first page on a terminal: a program run under a pseudo-terminal of
100x30, timed until its screen shows `marker` (text of the file's first data row). Prints the
median of RUNS in milliseconds.

Usage: first_page.py RUNS MARKER COMMAND [ARGS...]
"""
import os
import pty
import select
import signal
import statistics
import sys
import time
import fcntl
import struct
import termios

runs, marker, command = int(sys.argv[1]), sys.argv[2].encode(), sys.argv[3:]
times = []
for _ in range(runs):
    start = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execvp(command[0], command)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    seen = b""
    elapsed = None
    while time.monotonic() - start < 120:
        ready, _, _ = select.select([fd], [], [], 0.002)
        if ready:
            try:
                seen += os.read(fd, 1 << 16)
            except OSError:
                break
            if marker in seen:
                elapsed = time.monotonic() - start
                break
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    os.close(fd)
    if elapsed is None:
        sys.exit(f"{command[0]}: no {marker!r} within 120 s")
    times.append(elapsed * 1000)
print(f"{statistics.median(times):.0f}")
