# SPDX-License-Identifier: GPL-2.0-or-later
# Shared by sepolc's bats files: the fixtures (need_headers is in ../helpers).
load ../helpers

FIX=$BATS_TEST_DIRNAME/fixtures
MONO=$FIX/mono
