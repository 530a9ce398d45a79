#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# configure requires only what is linked, and each tool links only what it
# calls (configure.ac: libpolicy is one archive, --as-needed drops the
# libraries a tool's objects never call).
bats_require_minimum_version 1.5.0
load ../helpers

setup() {
	require_command readelf binutils
	TOOLS=$(sed -n 's/^bin_PROGRAMS += *//p' "$SEKIT_SRCDIR"/cmd/*/Makemodule.am)
	[ -n "$TOOLS" ]
	for tool in $TOOLS; do
		[ -x "${SEKIT_BUILDDIR:-$SEKIT_SRCDIR}/$tool" ] || skip "$tool is not built"
	done
}

# needed TOOL: the shared libraries TOOL's binary names (DT_NEEDED)
needed() {
	readelf -d "${SEKIT_BUILDDIR:-$SEKIT_SRCDIR}/$1" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p'
}

# users SONAME-PREFIX: the tools that need a library
users() {
	local tool
	for tool in $TOOLS; do
		needed "$tool" | grep -q "^$1" && echo "$tool"
	done | sort | tr '\n' ' '
}

@test "linkage: every library configure requires is needed by some tool" {
	local lib
	# configure.ac's SEKIT_DEP and readline checks (libsepol is linked
	# statically: no DT_NEEDED)
	for lib in libselinux.so libaudit.so libjson-c.so libpcre2-8.so libreadline.so libsystemd.so; do
		echo "# $lib: $(users "$lib")"
		[ -n "$(users "$lib")" ]
	done
	# libauparse is the oracle of seallow's reader (tests/unit/test-audit-reader)
	local oracle="${SEKIT_BUILDDIR:-$SEKIT_SRCDIR}/tests/unit/test-audit-reader"
	[ -x "$oracle" ] || skip "tests/unit/test-audit-reader is not built"
	readelf -d "$oracle" | grep -q 'Shared library: \[libauparse\.so'
}

# readline serves the interactive shells (sequery shell, seallow review),
# the audit libraries and libsystemd (--journal) seallow's log reader: no
# other tool loads them.
@test "linkage: a tool without a shell or an audit reader links neither readline nor libaudit" {
	local tool
	for tool in sectl serelabel sepolc sereach; do
		echo "# $tool: $(needed "$tool" | tr '\n' ' ')"
		! needed "$tool" | grep -E '^lib(readline|audit|auparse|systemd)\.so'
	done
	[[ "$(users libreadline.so)" == *sequery* ]]
	[[ "$(users libaudit.so)" == *seallow* ]]
	[[ "$(users libsystemd.so)" == *seallow* ]]
}

# seallow groups audit records itself (libpolicy/audit/reader.c says why):
# libauparse's per-record cost alone is above seallow's time budget
@test "linkage: no tool links libauparse" {
	[ -z "$(users libauparse.so)" ]
}

# --as-needed hides a library a program is given but never calls, so the
# tools' DT_NEEDED alone cannot tell: libpolicy calls no auparse_*()
# function, and what every program using it links (LIBPOLICY_LIBS) leaves
# libauparse to the oracle's test
@test "linkage: libpolicy neither calls nor brings libauparse" {
	local build=${SEKIT_BUILDDIR:-$SEKIT_SRCDIR}
	local archive=$build/libpolicy/.libs/libpolicy.a
	[ -f "$archive" ] || skip "libpolicy is not built"
	run -0 nm -u "$archive"
	[[ "$output" == *pol_err_add* ]]
	[[ "$output" != *auparse_* ]]
	# the Makefile's definition, continuation lines included
	run -0 sed -n '/^LIBPOLICY_LIBS = /,/[^\\]$/p' "$build/Makefile"
	echo "$output"
	[[ "$output" == *libpolicy.la* ]]
	[[ "$output" != *[Aa][Uu][Pp][Aa][Rr][Ss][Ee]* ]]
}
