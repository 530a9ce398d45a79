#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Read and write security.selinux on whole trees, for serelabel's tests.

    labels.py dump DIR          one line per entry below and including DIR:
                                the path relative to DIR (bytes escaped, so
                                newlines and non-UTF-8 names stay on one
                                line), a tab and the label ("-" for none),
                                sorted
    labels.py get DIR REL       the label of DIR/REL, REL written as dump
                                writes paths
    labels.py set PATH LABEL    give PATH and every entry below it LABEL
                                (symbolic links themselves)
    labels.py make DIR          build the test tree of tests/serelabel (see
                                make_tree) under DIR
    labels.py wide DIR N        N plain files in directories of 100, for
                                the interruption and race tests
    labels.py digests DIR       security.sehash of DIR and every directory
                                below it, hex ("-" for none), like dump
    labels.py nodigests DIR     remove security.sehash from every directory
    labels.py mimic DIR N       up to N empty copies of this system's files
                                (names and types only) under DIR, for
                                tests with a distribution's file_contexts
    labels.py slowspec FILE     a spec file for wide trees that makes every
                                lookup try hundreds of regexes ($SLOWSPEC_LINES, default 500)

Walks by changing directory, one level at a time, so paths longer than
PATH_MAX work; never follows symbolic links.
"""
import os
import socket
import stat
import sys

XATTR = "security.selinux"


def esc(b):
    out = []
    for c in b:
        if c == 0x5C:
            out.append("\\\\")
        elif 0x20 <= c < 0x7F:
            out.append(chr(c))
        else:
            out.append("\\x%02x" % c)
    return "".join(out)


def get(name):
    try:
        v = os.getxattr(name, XATTR, follow_symlinks=False)
    except OSError:
        return "-"
    return esc(v.split(b"\0", 1)[0])


def walk(rel, fn):
    """Call fn(relpath, name, st) for every entry of the cwd, recursively."""
    for name in sorted(os.listdir(b".")):
        st = os.lstat(name)
        path = rel + b"/" + name if rel else name
        fn(path, name, st)
        if stat.S_ISDIR(st.st_mode):
            os.chdir(name)
            walk(path, fn)
            os.chdir(b"..")


def dump(top):
    if not stat.S_ISDIR(os.lstat(top).st_mode):
        os.chdir(os.path.dirname(top))
        sys.stdout.write(".\t" + get(os.path.basename(top)) + "\n")
        return
    lines = []
    os.chdir(top)
    lines.append(".\t" + get(b"."))
    walk(b"", lambda p, n, st: lines.append(esc(p) + "\t" + get(n)))
    sys.stdout.write("\n".join(sorted(lines)) + "\n")


def unesc(s):
    out = bytearray()
    i = 0
    while i < len(s):
        if s[i] == "\\" and s[i + 1] == "x":
            out.append(int(s[i + 2:i + 4], 16))
            i += 4
        elif s[i] == "\\":
            out.append(ord(s[i + 1]))
            i += 2
        else:
            out.append(ord(s[i]))
            i += 1
    return bytes(out)


def get_one(top, rel):
    os.chdir(top)
    parts = unesc(rel).split(b"/")
    for p in parts[:-1]:
        os.chdir(p)
    print(get(parts[-1]))


def set_all(top, label):
    value = label.encode() + b"\0"
    if not stat.S_ISDIR(os.lstat(top).st_mode):
        os.setxattr(top, XATTR, value, follow_symlinks=False)
        return
    os.chdir(top)
    os.setxattr(b".", XATTR, value, follow_symlinks=False)
    walk(b"", lambda p, n, st: os.setxattr(n, XATTR, value, follow_symlinks=False))


def digests(top, remove=False):
    out = []

    def one(path, name):
        if remove:
            try:
                os.removexattr(name, "security.sehash", follow_symlinks=False)
            except OSError:
                pass
            return
        try:
            v = os.getxattr(name, "security.sehash", follow_symlinks=False).hex()
        except OSError:
            v = "-"
        out.append(esc(path) + "\t" + v)

    os.chdir(top)
    one(b".", b".")
    walk(b"", lambda p, n, st: stat.S_ISDIR(st.st_mode) and one(p, n))
    if not remove:
        sys.stdout.write("\n".join(sorted(out)) + "\n")


def make_tree(top):
    """Every kind of file, odd names and a path deeper than PATH_MAX."""
    os.makedirs(top, exist_ok=True)
    os.chdir(top)
    for d in (b"etc", b"etc/conf.d", b"bin", b"lib", b"home", b"home/alice", b"home/alice/.ssh",
              b"srv", b"srv/www", b"srv/www/cgi-bin", b"srv/pub", b"var", b"var/log",
              b"var/run", b"private", b"tmp", b"web", b"web2", b"lib64"):
        os.mkdir(d)
    for f in (b"etc/passwd", b"etc/shadow", b"etc/conf.d/a.conf", b"bin/sh", b"lib/libc.so.6",
              b"home/alice/notes", b"home/alice/.ssh/id_ed25519", b"srv/www/index.html",
              b"srv/www/cgi-bin/run", b"srv/pub/readme", b"var/log/messages", b"private/key",
              b"tmp/scratch", b"web/page.html", b"web2/page.html", b"lib64/libm.so.6"):
        open(f, "w").close()
    os.symlink(b"passwd", b"etc/passwd.link")
    os.symlink(b"/etc/shadow", b"etc/outside.link")
    os.symlink(b"../../..", b"srv/www/up")
    os.mkfifo(b"var/run/fifo")
    s = socket.socket(socket.AF_UNIX)
    s.bind(b"var/run/sock")
    s.close()
    try:
        os.mknod(b"var/run/null", stat.S_IFCHR | 0o600, os.makedev(1, 3))
        os.mknod(b"var/run/loop", stat.S_IFBLK | 0o600, os.makedev(7, 0))
    except OSError:
        pass
    os.link(b"srv/www/index.html", b"srv/pub/index-link.html")
    os.link(b"etc/passwd", b"etc/passwd.hard")
    # odd names: newline, non-UTF-8, spaces, a leading dash, glob characters
    for name in (b"new\nline", b"latin1-\xe9t\xe9", b"with space", b"-dash", b"star*[?]",
                 b"back\\slash", b"\xff\xfe"):
        open(b"srv/www/" + name, "w").close()
    os.mkdir(b"srv/www/dir\nwith newline")
    open(b"srv/www/dir\nwith newline/inner", "w").close()
    # deeper than PATH_MAX (4096): 70 levels of 63-byte names
    os.mkdir(b"deep")
    os.chdir(b"deep")
    for i in range(70):
        name = (b"level%02d-" % i) + b"d" * 55
        os.mkdir(name)
        os.chdir(name)
    open(b"bottom", "w").close()
    os.chdir(top)


def make_wide(top, n):
    os.makedirs(top, exist_ok=True)
    os.chdir(top)
    for i in range(n):
        d = b"d%d" % (i // 100)
        if i % 100 == 0:
            os.mkdir(d)
            if i % 1000 == 0:
                os.mkdir(d + b"/sub")
        open(d + (b"/sub" if i % 1000 < 100 and i % 1000 else b"") + b"/f%d" % i, "w").close()


def mimic(top, n):
    """Directories, empty files and symlinks named as on this system."""
    made = 0
    for base in (b"/etc", b"/usr/bin", b"/usr/sbin", b"/usr/lib/systemd", b"/usr/libexec",
                 b"/usr/share/doc", b"/usr/share/man/man8", b"/var/lib", b"/var/log",
                 b"/var/cache", b"/var/spool", b"/usr/local", b"/opt", b"/srv", b"/root",
                 b"/usr/lib/x86_64-linux-gnu"):
        count = 0
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames.sort()
            rel = dirpath.lstrip(b"/")
            os.makedirs(os.path.join(top, rel), exist_ok=True)
            for name in sorted(filenames) + [d for d in dirnames if os.path.islink(os.path.join(dirpath, d))]:
                src = os.path.join(dirpath, name)
                dst = os.path.join(top, rel, name)
                try:
                    st = os.lstat(src)
                    if stat.S_ISLNK(st.st_mode):
                        os.symlink(os.readlink(src), dst)
                    elif stat.S_ISREG(st.st_mode):
                        open(dst, "w").close()
                    else:
                        continue
                except OSError:
                    continue
                made += 1
                count += 1
            if count >= n // 16 or made >= n:
                break
        if made >= n:
            break


def make_slowspec(path):
    with open(path, "w") as f:
        # general lines first: the last matching line wins, so every
        # lookup tries all the lines below before it reaches these
        f.write("/.*\tsystem_u:object_r:tree_t:s0\n")
        f.write("/.*/d[0-9]*5(/.*)?\tsystem_u:object_r:five_t:s0\n")
        f.write("/.*/f[0-9]*7\t--\tsystem_u:object_r:seven_t:s0\n")
        for i in range(int(os.environ.get("SLOWSPEC_LINES", "500"))):
            f.write("/(a|b)?never%d(/.*)?\tsystem_u:object_r:never_t:s0\n" % i)


def main():
    cmd = sys.argv[1]
    top = os.fsencode(os.path.abspath(sys.argv[2]))
    if cmd == "dump":
        dump(top)
    elif cmd == "get":
        get_one(top, sys.argv[3])
    elif cmd == "set":
        set_all(top, sys.argv[3])
    elif cmd == "make":
        make_tree(top)
    elif cmd == "wide":
        make_wide(top, int(sys.argv[3]))
    elif cmd == "digests":
        digests(top)
    elif cmd == "nodigests":
        digests(top, remove=True)
    elif cmd == "mimic":
        mimic(top, int(sys.argv[3]))
    elif cmd == "slowspec":
        make_slowspec(top)
    else:
        sys.exit("labels.py: unknown command " + cmd)


if __name__ == "__main__":
    main()
