#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Where libpolicy talks to libsepol, checked on the sources: one function
# reads a binary policy, one file makes libsepol's handles and routes its
# messages (issue 15). A second copy elsewhere fails here.
load ../helpers

# The C files of libpolicy and cmd, relative to the source tree, that
# call or name $1 (an extended regular expression) outside comments.
callers() {
	(cd "$SEKIT_SRCDIR" && grep -lE "$1" libpolicy/*/*.c libpolicy/*/*.h cmd/*/*.c cmd/*/*.h |
		while read -r f; do
			# drop comment lines (" * ...", "/* ... */")
			if grep -E "$1" "$f" | grep -qvE '^[[:space:]]*(/?\*)'; then
				echo "$f"
			fi
		done)
}

@test "layering: one function calls libsepol's policydb_read()" {
	run callers '\bpolicydb_read\('
	[ "$status" -eq 0 ]
	[ "$output" = "libpolicy/pdb/open.c" ]
	run grep -cE '^[^/*]*\bpolicydb_read\(' "$SEKIT_SRCDIR/libpolicy/pdb/open.c"
	[ "$output" = 1 ]
}

@test "layering: one file makes libsepol handles and routes its messages" {
	run callers '\b(sepol_handle_create|sepol_handle_destroy|sepol_msg_set_callback|sepol_debug|sepol_compat_handle|sepol_set_policydb|sepol_set_sidtab)\b'
	[ "$status" -eq 0 ]
	[ "$output" = "libpolicy/pdb/sepol.c" ]
}

# Every symbol libpolicy exports starts with pol_ or its area's prefix, so
# none can be mistaken for (or collide with) one of libsepol's mls_, cond_,
# cil_, ... symbols linked beside it: source has src_, ps_ (the parser)
# and lower_, kernel kernel_ and kfs_ (selinuxfs), the others their name.
@test "layering: libpolicy exports no unprefixed symbol" {
	local lib="${SEKIT_BUILDDIR:-$SEKIT_SRCDIR}/libpolicy/.libs/libpolicy.a"
	[ -r "$lib" ] || skip "no $lib (build first)"
	require_command nm binutils
	run sh -c "nm -g --defined-only '$lib' | awk 'NF == 3 { print \$3 }' |
		grep -vE '^(pol|src|ps|lower|pdb|query|label|kernel|kfs|audit|graph)_'"
	[ "$output" = "" ]
}

# A static function's name is unique across areas, so grep and ctags find
# the one meant. (_sub_I_/_sub_D_ are the compiler's constructors and
# destructors in a sanitizer build, not ours.)
@test "layering: no two areas have a static function of the same name" {
	local dir="${SEKIT_BUILDDIR:-$SEKIT_SRCDIR}/libpolicy" o area
	require_command nm binutils
	ls "$dir"/*/*.o >/dev/null 2>&1 || skip "no objects in $dir (build first)"
	run sh -c "for o in '$dir'/*/*.o; do
		area=\$(basename \$(dirname \$o))
		nm --defined-only \$o | awk -v a=\$area '\$2 == \"t\" && \$3 !~ /\\./ && \$3 !~ /^_sub_[DI]_/ { print \$3, a }'
	done | sort -u | awk '{ print \$1 }' | uniq -d"
	[ "$output" = "" ]
}
