# SPDX-License-Identifier: GPL-2.0-or-later
# What sestore apply's bats files share: the scratch store, semanage on a
# second scratch copy, random change lists drawn from the policy.

# Under ASan (CI), full stacks for every allocation, so that tests/lsan.supp's
# libsemanage entries match (sestore.bash says why).
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}fast_unwind_on_malloc=0"

# setup() of sestore's store tests: a work directory and a scratch store.
apply_test_setup() {
	in_workdir
	scratch_store
	apply_setup
}

# After scratch_store: S (sestore's store options), ACTIVE (the copy's
# active directory); the copy also gets the SELinux config and semanage.conf,
# which semanage reads from the mounted /etc/selinux.
apply_setup() {
	S=(--root "$ROOT" -S default)
	ACTIVE=$ROOT/var/lib/selinux/default/active
	cp /etc/selinux/config /etc/selinux/semanage.conf "$ROOT/etc/selinux/" 2>/dev/null || true
}

# semanage_on DIR ARG...: semanage on the scratch root DIR, mounted over
# /var/lib/selinux and /etc/selinux in a mount namespace of its own, so the
# system's store is never read or written. Its skip (no mount namespace) only
# ends a test when called in the test's own shell: a test that calls it in a
# subshell or under run says require_mount_namespace first.
semanage_on() {
	local dir=$1
	shift
	require_mount_namespace
	unshare -m sh -c 'mount --bind "$1/var/lib/selinux" /var/lib/selinux &&
		mount --bind "$1/etc/selinux" /etc/selinux && shift && exec "$@"' sh "$dir" "$@"
}

# A copy of the scratch root as it is now, for the oracle.
second_root() {
	rm -rf "$T/root2"
	cp -a "$ROOT" "$T/root2"
}

# random_changes SEED N: N random changes (file contexts, ports, booleans,
# logins) whose types, booleans and users come from the policy (setools),
# the logins' groups from /etc/group (semanage wants them to exist).
random_changes() {
	local seed=$1 n=$2 pol
	pol=$(ls "$ROOT"/etc/selinux/default/policy/policy.* | tail -1)
	/usr/bin/python3 - "$seed" "$n" "$pol" <<-'PY'
	import random, sys, setools
	seed, n, pol = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
	r = random.Random(seed)
	p = setools.SELinuxPolicy(pol)
	def members(attr):
	    return sorted(str(t) for t in p.lookup_typeattr(attr).expand())
	ftypes, ptypes = members("file_type"), members("port_type")
	bools = sorted(str(b) for b in p.bools())
	groups = sorted(l.split(":")[0] for l in open("/etc/group") if l.strip())[:15]
	lines = []
	if r.random() < 0.5:
	    lines.append(r.choice(["fcontext -D", "port -D", "boolean -D", "login -D"]))
	for i in range(n):
	    k = r.choice(["fcontext", "port", "boolean", "login"])
	    if k == "fcontext":
	        lines.append("fcontext -a -f %s -t %s '/srv/rnd%d/d%d(/.*)?'" %
	                     (r.choice("afd"), r.choice(ftypes), seed % 1000, r.randrange(50)))
	    elif k == "port":
	        lo = r.randrange(20000, 30000)
	        port = str(lo) if r.random() < 0.7 else "%d-%d" % (lo, lo + r.randrange(1, 5))
	        lines.append("port -a -t %s -p %s %s" % (r.choice(ptypes), r.choice(["tcp", "udp"]), port))
	    elif k == "boolean":
	        lines.append("boolean -m -%d %s" % (r.randrange(2), r.choice(bools)))
	    else:
	        lines.append("login -a -s %s %%%s" % (r.choice(["user_u", "staff_u"]), r.choice(groups)))
	print("\n".join(lines))
	PY
}

# The local files semanage and sestore write, compared byte for byte.
LOCAL_FILES="file_contexts.local ports.local booleans.local seusers.local seusers users.local
	users_extra.local interfaces.local nodes.local file_contexts.subs"

# apply_differential SEED N: the same random list through semanage import
# on one copy and sestore apply on another; the local files must be
# byte-identical and semanage export must read both alike.
apply_differential() {
	local seed=$1 n=$2 f
	echo "# seed $seed (SESTORE_APPLY_SEED=$seed to repeat)" >&3
	second_root
	random_changes "$seed" "$n" >changes.apply
	cat changes.apply
	semanage_on "$T/root2" semanage import -N -S default <changes.apply
	sestore "${S[@]}" -N apply changes.apply
	for f in $LOCAL_FILES; do
		if [ -e "$T/root2/var/lib/selinux/default/active/$f" ] || [ -e "$ACTIVE/$f" ]; then
			cmp "$T/root2/var/lib/selinux/default/active/$f" "$ACTIVE/$f"
		fi
	done
	semanage_on "$T/root2" semanage export -S default >export.semanage
	semanage_on "$ROOT" semanage export -S default >export.sestore
	diff export.semanage export.sestore
}
