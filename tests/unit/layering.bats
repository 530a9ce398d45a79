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
