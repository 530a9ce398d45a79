# SPDX-License-Identifier: GPL-2.0-or-later
# The policies sequery's tests query: a small one compiled from
# fixtures/good/access.conf by sepolc, and the distribution's reference
# policy.

load ../helpers

REFPOLICY=${SEKIT_REFPOLICY:-/etc/selinux/default/policy/policy.33}

# Call from setup_file(): where the fixture is compiled, once per file.
compile_small_policy() {
	export SMALL="$BATS_FILE_TMPDIR/access.33"
}

need_small_policy() {
	sepolc_fixture "$SMALL" "$BATS_TEST_DIRNAME/fixtures/good/access.conf" -c 33
}

need_refpolicy() {
	[ -r "$REFPOLICY" ] || skip "no reference policy at $REFPOLICY (apt-get install selinux-policy-default)"
}

# Print every attribute of the policy alone on a line, then one
# "attribute type" line per member type (seinfo's view), once per file.
setools_attribute_members() {
	local cache="$BATS_FILE_TMPDIR/members.${1//\//_}"

	[ -f "$cache" ] || seinfo -a -x "$1" | awk '
		/^   attribute / { a = $2; sub(/;$/, "", a); print a; next }
		/^\t/ { print a, $1 }' >"$cache"
	cat "$cache"
}

# Expand the source names read from stdin into types, through seinfo's
# attribute members; print them sorted and unique.
setools_expand_sources() {
	awk 'NR == FNR { attr[$1] = 1; if (NF == 2) m[$1] = m[$1] " " $2; next }
		!($1 in attr) { print $1; next }
		{ n = split(m[$1], v, " "); for (i = 1; i <= n; i++) print v[i] }' \
		<(setools_attribute_members "$1") - | sort -u
}
