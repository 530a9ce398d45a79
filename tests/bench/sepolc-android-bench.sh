#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# sepolc-bench.sh on Android's platform policy (issue 28): neverallow
# checking is nearly all of its compile. Needs a checkout of AOSP's
# system/sepolicy (or LineageOS's android_system_sepolicy) named by
# SEKIT_ANDROID_SEPOLICY; CI has none (no network), so this skips (77)
# without it. The policy.conf is built as Android's build does it
# (android-policy-conf.sh) and cached; both compilers get -M -c 30, as
# Android's build gives checkpolicy. Goal: sepolc <= 0.25 of checkpolicy's
# time, binaries identical.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

[ -n "${SEKIT_ANDROID_SEPOLICY:-}" ] ||
	ts_skip "no Android policy: set SEKIT_ANDROID_SEPOLICY to a system/sepolicy checkout"
ts_need m4 m4
cache=$(ts_cache_dir)
mkdir -p "$cache" || exit 2
conf=$cache/android-plat-policy.conf
if [ ! -s "$conf" ] || [ -n "$(find "$SEKIT_ANDROID_SEPOLICY/public" "$SEKIT_ANDROID_SEPOLICY/private" -newer "$conf" -print -quit)" ]; then
	bash "$here/android-policy-conf.sh" "$SEKIT_ANDROID_SEPOLICY" "$conf" ||
		ts_skip "Android's policy.conf could not be built from $SEKIT_ANDROID_SEPOLICY"
fi
BENCH_CONF=$conf BENCH_OPTS="-M -c 30" exec bash "$here/sepolc-bench.sh"
