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
# and lower_, kernel kernel_ and kfs_ (selinuxfs), the others their name
# (refpolicy_, store_).
@test "layering: libpolicy exports no unprefixed symbol" {
	local lib="${SEKIT_BUILDDIR:-$SEKIT_SRCDIR}/libpolicy/.libs/libpolicy.a"
	[ -r "$lib" ] || skip "no $lib (build first)"
	require_command nm binutils
	run sh -c "nm -g --defined-only '$lib' | awk 'NF == 3 { print \$3 }' |
		grep -vE '^(pol|src|ps|lower|pdb|query|label|kernel|kfs|audit|graph|refpolicy|store)_'"
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

# header_names FILE: the names a C header declares at file scope, one a
# line: macros, the struct, union and enum tags it defines or forward-
# declares, enum constants, typedefs, functions and variables. Members,
# parameters and the types a declaration only uses are not names it
# declares.
header_names() {
	perl -e '
		local $/;
		$_ = <>;
		s{/\*.*?\*/}{ }gs;
		s{//[^\n]*}{}g;
		s{\\\n}{ }g;
		print "$1\n" while /^[ \t]*#[ \t]*define[ \t]+(\w+)/mg;
		s{^[ \t]*#[^\n]*}{}mg;
		# innermost bodies first: their tags (and an enum its constants)
		while (s/\b(struct|union|enum)\s*(\w*)\s*\{([^{}]*)\}/$1 $2 __BODY__ /) {
			my ($kind, $tag, $body) = ($1, $2, $3);
			print "$tag\n" if $tag ne "";
			next if $kind ne "enum";
			for my $item (split /,/, $body) {
				print "$1\n" if $item =~ /^\s*(\w+)/;
			}
		}
		for my $stmt (split /;/) {
			next if $stmt !~ /\S/;
			if ($stmt =~ /^\s*(struct|union|enum)\s+(\w*)\s*(__BODY__)?\s*$/) {
				print "$2\n" if !$3;	# a forward declaration
			} elsif ($stmt =~ /^\s*typedef\b/) {
				print "$1\n" if $stmt =~ /\(\s*\*\s*(\w+)\s*\)\s*\(/ ||
					$stmt =~ /(\w+)\s*(\[[^\]]*\]\s*)*$/;
			} elsif ($stmt =~ /^[^(]*?(\w+)\s*\(/) {
				print "$1\n";	# a function
			} elsif ($stmt =~ /(\w+)\s*(\[[^\]]*\]\s*)*(=.*)?$/s) {
				print "$1\n";	# a variable
			}
		}' "$1" | sort -u
}

# source_prefix_check HEADER: every name HEADER declares is pol_source or
# starts with pol_source_ or POL_SOURCE_ (issue 15: one prefix says which
# header to open); prints the others and fails.
source_prefix_check() {
	local names bad
	names=$(header_names "$1") || return 2
	# the parse found the API at all (a check that sees nothing passes)
	grep -qx pol_source_new <<<"$names" || { echo "no pol_source_new in $1"; return 2; }
	grep -qx POL_SOURCE_RULE_ALLOW <<<"$names" || { echo "no POL_SOURCE_RULE_ALLOW in $1"; return 2; }
	bad=$(grep -vE '^(pol_source(_|$)|POL_SOURCE_)' <<<"$names")
	[ -z "$bad" ] && return 0
	echo "$1 declares names without pol_source_/POL_SOURCE_:" $(printf "'%s' " $bad)
	return 1
}

@test "layering: every name source/source.h declares starts with pol_source_ or POL_SOURCE_" {
	require_command perl perl
	run source_prefix_check "$SEKIT_SRCDIR/libpolicy/source/source.h"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "layering (broken copy): a source.h name without pol_source_ fails the prefix check" {
	local h=$SEKIT_SRCDIR/libpolicy/source/source.h copy=$BATS_TEST_TMPDIR/source.h
	require_command perl perl
	# a function, an enum constant, a struct tag and a forward declaration
	# of another area's type, each named the way source.h once did
	sed -e 's/\bpol_source_module_free\b/pol_module_free/' \
		-e 's/\bPOL_SOURCE_TARGET_XEN\b/POL_TARGET_XEN/' \
		-e 's/\bstruct pol_source_options\b/struct pol_build_options/g' \
		-e 's|^/\* ---- Lowering .*|struct pol_pdb;\n&|' "$h" >"$copy"
	! cmp -s "$h" "$copy"
	run source_prefix_check "$copy"
	[ "$status" -eq 1 ]
	[[ "$output" == *"'POL_TARGET_XEN'"* ]]
	[[ "$output" == *"'pol_build_options'"* ]]
	[[ "$output" == *"'pol_module_free'"* ]]
	[[ "$output" == *"'pol_pdb'"* ]]
	# a macro and a variable too
	printf '#define SOURCE_MAX 4\nextern int source_debug;\n' >>"$copy"
	run source_prefix_check "$copy"
	[ "$status" -eq 1 ]
	[[ "$output" == *"'SOURCE_MAX'"* ]]
	[[ "$output" == *"'source_debug'"* ]]
	# the names of members and parameters are not the header's
	run source_prefix_check "$h"
	[ "$status" -eq 0 ]
}
