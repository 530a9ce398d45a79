# SPDX-License-Identifier: GPL-2.0-or-later
# The policies sequery's tests query: a small one compiled from
# fixtures/good/access.conf when checkpolicy is installed, and the
# distribution's reference policy when there is one.

REFPOLICY=${SEKIT_REFPOLICY:-/etc/selinux/default/policy/policy.33}

# Call from setup_file(): compiles the fixture once per .bats file.
compile_small_policy() {
	export SMALL="$BATS_FILE_TMPDIR/access.33"
	if command -v checkpolicy >/dev/null 2>&1; then
		checkpolicy -c 33 -o "$SMALL" "$BATS_TEST_DIRNAME/fixtures/good/access.conf" \
			>"$BATS_FILE_TMPDIR/checkpolicy.log" 2>&1 || rm -f "$SMALL"
	fi
}

need_small_policy() {
	command -v checkpolicy >/dev/null 2>&1 ||
		skip "checkpolicy is not installed: cannot compile fixtures/good/access.conf"
	[ -f "$SMALL" ] || {
		cat "$BATS_FILE_TMPDIR/checkpolicy.log" >&2
		false
	}
}

need_refpolicy() {
	[ -r "$REFPOLICY" ] || skip "no reference policy at $REFPOLICY"
}

need_setools() {
	command -v sesearch >/dev/null 2>&1 && command -v seinfo >/dev/null 2>&1 ||
		skip "setools (sesearch, seinfo) is not installed"
}

need_jq() {
	command -v jq >/dev/null 2>&1 || skip "jq is not installed"
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
