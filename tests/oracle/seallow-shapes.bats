#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
#
# seallow against audit2allow 3.4 on the corpus's audit logs rewritten into
# every shape a denial is pasted in (seallow-shapes.sh); 'make
# oracle-seallow-shapes-full' runs it on the large logs too.
bats_require_minimum_version 1.5.0
load ../helpers

@test "seallow: the corpus logs in every shape (ausearch -i, journal, syslog, json, export, prefixes) give audit2allow's rules, nothing unread" {
	require_debian_policy
	run_suite "$BATS_TEST_DIRNAME/seallow-shapes.sh"
}
