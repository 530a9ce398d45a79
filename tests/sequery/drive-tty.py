#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Type lines into a program on a pseudo-terminal, as a person would.

usage: drive-tty.py STDOUT_FILE PROMPT LINE... -- COMMAND [ARG...]

COMMAND runs with its stdin and stderr on a terminal and its stdout in
STDOUT_FILE. Each LINE is typed, key by key, after PROMPT appears;
backslash escapes (\\t for Tab, \\x03 for Ctrl-C, \\x04 for Ctrl-D) are
honoured and no newline is added.
Everything the terminal showed is printed on stdout at the end, and the
exit status is the program's.
"""
import fcntl
import os
import pty
import select
import subprocess
import sys
import termios
import time


def main():
    argv = sys.argv[1:]
    sep = argv.index("--")
    out_path, prompt, lines, command = argv[0], argv[1].encode(), argv[2:sep], argv[sep + 1:]
    master, slave = pty.openpty()
    with open(out_path, "wb") as out:
        # the terminal becomes the controlling one, so Ctrl-C sends SIGINT
        proc = subprocess.Popen(command, stdin=slave, stdout=out, stderr=slave,
                                start_new_session=True,
                                preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
    os.close(slave)
    screen = b""
    deadline = time.monotonic() + 20

    def read_until(marker, start):
        nonlocal screen
        while marker not in screen[start:]:
            if time.monotonic() > deadline:
                return False
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(master, 4096)
                except OSError:
                    return False
                if not chunk:
                    return False
                screen += chunk
        return True

    for line in lines:
        start = len(screen)
        if not read_until(prompt, start):
            break
        # the prompt seen is consumed: the next wait needs a new one
        screen = screen.replace(prompt, b"<prompt>", 1)
        # one key at a time, as typed: a Ctrl-C must not overtake the keys
        # before it in the terminal's queue
        for key in line.encode().decode("unicode_escape").encode("latin-1"):
            os.write(master, bytes([key]))
            time.sleep(0.005)
    # drain until the program ends
    while proc.poll() is None and time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            try:
                screen += os.read(master, 4096)
            except OSError:
                break
    if proc.poll() is None:
        proc.kill()
    status = proc.wait()
    sys.stdout.write(screen.decode("utf-8", "replace"))
    return status


if __name__ == "__main__":
    sys.exit(main())
