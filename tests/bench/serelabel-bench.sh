#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Time serelabel against setfiles on one generated tree of at least 200,000
# entries laid out like a Debian system (so Debian's file_contexts gives
# them hundreds of different labels), with the same thread count, in one
# run:
#
#   relabel  every label wrong to start with: both tools rewrite them all
#   verify   the labels are right: both tools only read and compare
#   floor    a bare walk reading every label (serelabel --read-only-walk,
#            and getfattr -R for reference), the cost of the kernel alone
#
# and print files/s and the ratios. Never fails on a time: exits 0, or 77
# (skip) when setfiles, the policy or root is missing. Needs root, for the
# security.selinux attributes; touches nothing outside $BENCH_DIR.
#
# Environment:
#   SERELABEL   the binary (default: serelabel on PATH)
#   SETFILES    default setfiles (Debian package policycoreutils)
#   SPEC        default /etc/selinux/default/contexts/files/file_contexts
#   BENCH_DIR   default /tmp/sekit-serelabel-bench; the tree is kept there and
#               reused by the next run (delete it to regenerate)
#   FILES       entries to generate, default 203000
#   THREADS     thread counts to compare, default "1 2"
#   QUICK=1     20,000 entries and one thread count, for a smoke test
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

SERELABEL=${SERELABEL:-serelabel}
SETFILES=${SETFILES:-setfiles}
SPEC=${SPEC:-/etc/selinux/default/contexts/files/file_contexts}
BENCH_DIR=${BENCH_DIR:-/tmp/sekit-serelabel-bench}
FILES=${FILES:-203000}
THREADS=${THREADS:-1 2}
if [ "${QUICK:-0}" = 1 ]; then
	FILES=20000
	THREADS=${THREADS%% *}
	BENCH_DIR=${BENCH_DIR}-quick
fi


[ "$(id -u)" -eq 0 ] || ts_skip "needs root to write security.selinux"
command -v "$SERELABEL" >/dev/null 2>&1 || ts_skip "'$SERELABEL' not found (set SERELABEL)"
command -v "$SETFILES" >/dev/null 2>&1 ||
	ts_skip "'$SETFILES' not found (set SETFILES, or apt-get install policycoreutils)"
[ -r "$SPEC" ] || ts_skip "no spec file '$SPEC' (apt-get install selinux-policy-default)"
command -v python3 >/dev/null 2>&1 || ts_skip "python3 not found"

ROOT=$BENCH_DIR/root
WRONG=$BENCH_DIR/wrong.fc

# A reproducible tree: directories and files named as on a Debian system.
generate() {
	rm -rf "$BENCH_DIR"
	mkdir -p "$ROOT" || exit 1
	python3 - "$ROOT" "$FILES" <<'EOF'
import os, sys
root, want = sys.argv[1], int(sys.argv[2])
made = 0
def d(p):
    global made
    os.makedirs(os.path.join(root, p), exist_ok=True)
    made += 1
def f(p):
    global made
    with open(os.path.join(root, p), "w"):
        pass
    made += 1
def l(p, target):
    global made
    os.symlink(target, os.path.join(root, p))
    made += 1
def f_in(sub, name):
    """a file in directory sub, which is made first if need be"""
    if not os.path.isdir(os.path.join(root, sub)):
        d(sub)
    f(sub + "/" + name)
for top in ["etc", "usr/bin", "usr/sbin", "usr/lib/x86_64-linux-gnu", "usr/lib/systemd/system",
            "usr/share/doc", "usr/share/man", "usr/include", "var/lib/dpkg/info", "var/log",
            "var/cache/apt", "var/www/html", "var/spool/cron", "srv", "opt", "home", "root", "boot",
            "run", "tmp", "usr/libexec", "usr/local/bin", "var/lib/mysql", "var/lib/postgresql"]:
    d(top)
i = 0
while made < want:
    n = i
    i += 1
    # a mix weighted roughly like a real system
    k = n % 20
    if k < 3:
        f("usr/bin/prog%d" % n)
    elif k == 3:
        f("usr/sbin/daemon%d" % n)
    elif k < 6:
        f_in("usr/lib/x86_64-linux-gnu/pkg%d" % (n % 400), "libthing%d.so.%d" % (n, n % 7))
    elif k == 6:
        f("usr/lib/systemd/system/unit%d.service" % n)
    elif k < 9:
        f_in("usr/share/doc/package%d" % (n % 3000), "changelog%d.gz" % n)
    elif k == 9:
        f_in("usr/share/man/man%d" % (n % 8 + 1), "page%d.%d.gz" % (n, n % 8 + 1))
    elif k == 10:
        f("usr/include/header%d.h" % n)
    elif k == 11:
        f("var/lib/dpkg/info/package%d.list" % n)
    elif k == 12:
        f_in("etc/conf%d.d" % (n % 300), "setting%d.conf" % n)
    elif k == 13:
        f("var/log/log%d.log" % n)
    elif k == 14:
        f("var/cache/apt/archive%d.bin" % n)
    elif k == 15:
        f("var/www/html/page%d.html" % n)
    elif k == 16:
        user = "home/user%d" % (n % 40)
        for sub in ("", "/.ssh", "/Documents", "/.cache"):
            if not os.path.isdir(os.path.join(root, user + sub)):
                d(user + sub)
        f("%s/%s/file%d" % (user, ("Documents", ".cache", ".ssh")[n % 3], n))
    elif k == 17:
        f("usr/libexec/helper%d" % n)
    elif k == 18:
        l("usr/bin/alias%d" % n, "prog%d" % (n - 18))
    else:
        f_in("var/lib/mysql/db%d" % (n % 50), "table%d.ibd" % n)
print(made)
EOF
}

count=$(find "$ROOT" 2>/dev/null | wc -l)
if [ "$count" -lt "$FILES" ]; then
	echo "generating $FILES entries under $ROOT ..." >&2
	generate >/dev/null || exit 1
	count=$(find "$ROOT" | wc -l)
fi
printf '%s\tsystem_u:object_r:unlabeled_t:s0\n' '/.*' >"$WRONG"

rate() { awk -v us="$1" -v n="$count" 'BEGIN { printf "%.0f", n / (us / 1e6) }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }

# timed CMD...: wall time in microseconds, output discarded; the CPU time
# (user + system) goes to $BENCH_DIR/cpu, since on a busy machine the wall
# time says more about the neighbours than about the tools
timed() {
	local t0 t1
	sync
	t0=$(ts_now)
	TIMEFORMAT='%U %S'
	{ time "$@" >/dev/null 2>&1; } 2>"$BENCH_DIR/time"
	t1=$(ts_now)
	awk '{ printf "%.2f", $1 + $2 }' "$BENCH_DIR/time" >"$BENCH_DIR/cpu"
	echo $((t1 - t0))
}
cpu() { cat "$BENCH_DIR/cpu"; }

# every label wrong again
spoil() {
	"$SERELABEL" -q -F -T 0 -s "$WRONG" -r "$ROOT" "$ROOT"
}

same_labels() {
	python3 - "$ROOT" <<'EOF' | md5sum
import os, sys
for top, dirs, files in os.walk(sys.argv[1]):
    dirs.sort()
    links = [d for d in dirs if os.path.islink(os.path.join(top, d))]
    for n in [top] + sorted(os.path.join(top, f) for f in files + links):
        try:
            v = os.getxattr(n, "security.selinux", follow_symlinks=False)
        except OSError:
            v = b"-"
        sys.stdout.write("%r %r\n" % (n, v))
EOF
}

echo "serelabel-bench: $count entries under $ROOT, spec $SPEC"
echo "floor: every label read once (wall time, files/s, CPU time)"
for t in $THREADS; do
	us=$(timed "$SERELABEL" -q --read-only-walk -T "$t" "$ROOT")
	echo "  serelabel --read-only-walk -T $t   $(ts_secs "$us") s  $(rate "$us") files/s  cpu $(cpu) s"
	eval "floor_$t=$us"
done
if command -v getfattr >/dev/null 2>&1; then
	us=$(timed getfattr -R -h -n security.selinux --absolute-names "$ROOT")
	echo "  getfattr -R                        $(ts_secs "$us") s  $(rate "$us") files/s  cpu $(cpu) s"
fi

for t in $THREADS; do
	echo "threads: $t"
	spoil
	a=$(timed "$SETFILES" -T "$t" -r "$ROOT" "$SPEC" "$ROOT")
	ac=$(cpu)
	sum_setfiles=$(same_labels)
	b=$(timed "$SETFILES" -T "$t" -r "$ROOT" "$SPEC" "$ROOT")
	bc=$(cpu)
	spoil
	c=$(timed "$SERELABEL" -q -T "$t" -s "$SPEC" -r "$ROOT" "$ROOT")
	cc=$(cpu)
	sum_serelabel=$(same_labels)
	d=$(timed "$SERELABEL" -q -T "$t" -s "$SPEC" -r "$ROOT" "$ROOT")
	dc=$(cpu)
	f=$(eval echo "\$floor_$t")
	echo "  relabel  setfiles  $(ts_secs "$a") s  $(rate "$a") files/s  cpu $ac s | serelabel $(ts_secs "$c") s  $(rate "$c") files/s  cpu $cc s | $(ratio "$a" "$c")x faster, $(ratio "$c" "$f")x the floor"
	echo "  verify   setfiles  $(ts_secs "$b") s  $(rate "$b") files/s  cpu $bc s | serelabel $(ts_secs "$d") s  $(rate "$d") files/s  cpu $dc s | $(ratio "$b" "$d")x faster, $(ratio "$d" "$f")x the floor"
	if [ "$sum_setfiles" = "$sum_serelabel" ]; then
		echo "  labels: identical"
	else
		echo "  labels: DIFFERENT (the oracle tests should say why)"
	fi
done
if command -v /usr/bin/time >/dev/null 2>&1; then
	spoil
	m=$(/usr/bin/time -f %M "$SERELABEL" -q -s "$SPEC" -r "$ROOT" "$ROOT" 2>&1 >/dev/null | tail -n 1)
	spoil
	s=$(/usr/bin/time -f %M "$SETFILES" -r "$ROOT" "$SPEC" "$ROOT" 2>&1 >/dev/null | tail -n 1)
	echo "peak memory (relabel): setfiles ${s} KB, serelabel ${m} KB"
fi
exit 0
