# SPDX-License-Identifier: GPL-2.0-or-later
# Shared by sepolc's bats files: the fixtures and refpolicy's headers.
load ../helpers

FIX=$BATS_TEST_DIRNAME/fixtures
MONO=$FIX/mono
HEADERS=${SEPOLC_HEADERS:-/usr/share/selinux/devel/include}

# Skip unless refpolicy's development headers and m4 are installed.
need_headers() {
	[ -d "$HEADERS/support" ] ||
		skip "no refpolicy headers in $HEADERS (apt-get install selinux-policy-dev)"
	require_command m4 m4
}
