#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Drive an interactive program through a pseudo-terminal.

pty-drive.py EXPECT ANSWER [EXPECT ANSWER...] -- COMMAND [ARG...]

Waits for each EXPECT (a substring of the output so far, after the previous
one), then types ANSWER and a newline. Prints the whole transcript (terminal
escapes removed) on stdout and exits with the command's status, or with 99
when an EXPECT does not come within 20 seconds (the transcript says where).
"""
import os
import pty
import re
import select
import sys
import time

argv = sys.argv[1:]
sep = argv.index("--")
steps, cmd = argv[:sep], argv[sep + 1:]
pid, fd = pty.fork()
if pid == 0:
    os.execvp(cmd[0], cmd)
out = b""
pos = 0


def read_some(deadline):
    global out
    r, _, _ = select.select([fd], [], [], max(0, deadline - time.time()))
    if not r:
        return False
    try:
        data = os.read(fd, 4096)
    except OSError:
        data = b""
    if not data:
        return None
    out += data
    return True


def clean(b):
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\r", "", b.decode("utf-8", "replace"))


for i in range(0, len(steps), 2):
    want = steps[i].encode()
    deadline = time.time() + 20
    while out.find(want, pos) < 0:
        got = read_some(deadline)
        if not got:
            sys.stdout.write(clean(out))
            sys.stdout.write("\n[pty-drive: no %r %s]\n" % (steps[i], "before the end" if got is None else "within 20 s"))
            try:
                os.kill(pid, 9)
            except OSError:
                pass
            sys.exit(99)
    pos = out.find(want, pos) + len(want)
    if i + 1 < len(steps):
        os.write(fd, steps[i + 1].encode() + b"\n")
deadline = time.time() + 20
while read_some(deadline):
    pass
_, st = os.waitpid(pid, 0)
sys.stdout.write(clean(out))
sys.exit(os.WEXITSTATUS(st) if os.WIFEXITED(st) else 98)
