#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Build Android's platform policy.conf (plat_sepolicy.conf) from a checkout
# of AOSP's system/sepolicy, the way its Soong build does: m4 over the
# platform's public/ then private/ files in policyConfOrder
# (build/soong/policy.go), each file pattern in the order se_build_files
# lists them (Android.bp), with the defines transformPolicyToConf passes
# for a user, full-treble arm64 build (policy.go) and the release flags of
# flagging/Android.bp turned off.
#
#   android-policy-conf.sh SEPOLICY-DIR OUT
#
# SEPOLICY-DIR is a work tree of system/sepolicy (AOSP's, or LineageOS's
# android_system_sepolicy; measured on LineageOS 83bf38d5). Nothing here
# fetches it: CI has no network, so the benchmark that uses this skips
# when SEKIT_ANDROID_SEPOLICY is unset (tests/bench/README.md).
# Exit 0, or 2 when the tree is not a system/sepolicy checkout or m4 fails.
set -eu

if [ $# -ne 2 ]; then
	echo "usage: android-policy-conf.sh SEPOLICY-DIR OUT" >&2
	exit 2
fi
dir=$1 out=$2
if [ ! -f "$dir/public/attributes" ] || [ ! -f "$dir/private/access_vectors" ]; then
	echo "android-policy-conf: $dir is not a system/sepolicy tree (no public/attributes)" >&2
	exit 2
fi

# se_build_files' srcs (Android.bp), in order; globbed in each directory
patterns=(security_classes initial_sids access_vectors global_macros neverallow_macros mls_macros
	mls_decl mls policy_capabilities te_macros attributes ioctl_defines ioctl_macros '*.te'
	roles_decl roles users initial_sid_contexts fs_use genfs_contexts port_contexts)
# policyConfOrder: the sort key of a file's base name
order=(security_classes initial_sids access_vectors global_macros neverallow_macros mls_macros
	mls_decl mls policy_capabilities te_macros ioctl_defines ioctl_macros 'attributes|*.te'
	roles_decl roles users initial_sid_contexts fs_use genfs_contexts port_contexts)

key() {
	local i
	for i in "${!order[@]}"; do
		if [ "${order[$i]}" = 'attributes|*.te' ]; then
			case $1 in attributes | *.te) echo "$i" && return ;; esac
		elif [ "${order[$i]}" = "$1" ]; then
			echo "$i" && return
		fi
	done
	echo "${#order[@]}"
}

# the srcs: the flagging macros (se_policy_conf_flags_defaults), then
# plat_public_policy, then plat_private_policy
srcs=()
[ -f "$dir/flagging/te_macros" ] && srcs+=("$dir/flagging/te_macros")
for scope in public private; do
	for p in "${patterns[@]}"; do
		for f in "$dir/$scope/"$p; do
			[ -f "$f" ] && srcs+=("$f")
		done
	done
done
# a stable sort by key, as sort.SliceStable does
sorted=()
while IFS=$'\t' read -r _ _ f; do
	sorted+=("$f")
done < <(for i in "${!srcs[@]}"; do
	printf '%s\t%s\t%s\n' "$(key "$(basename "${srcs[$i]}")")" "$i" "${srcs[$i]}"
done | sort -t$'\t' -k1,1n -k2,2n)

flags=()
if [ -f "$dir/flagging/Android.bp" ]; then
	while read -r flag; do
		flags+=(-D "target_flag_$flag=false")
	done < <(sed -n 's/^ *"\(RELEASE_[A-Z0-9_]*\)",$/\1/p' "$dir/flagging/Android.bp" | sort -u)
fi

m4 --fatal-warnings -D mls_num_sens=1 -D mls_num_cats=1024 -D target_arch=arm64 \
	-D target_with_asan=false -D target_with_dexpreopt=false \
	-D target_with_native_coverage=false -D target_build_variant=user \
	-D target_full_treble=true -D target_compatible_property=true \
	-D target_treble_sysprop_neverallow=true -D target_enforce_sysprop_owner=true \
	-D target_exclude_build_test=false \
	-D target_requires_insecure_execmem_for_swiftshader=false \
	-D target_enforce_debugfs_restriction=true -D target_recovery=false \
	"${flags[@]}" -s "${sorted[@]}" >"$out.tmp" || {
	rm -f "$out.tmp"
	echo "android-policy-conf: m4 failed" >&2
	exit 2
}
mv "$out.tmp" "$out"
