#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Write the seed corpus of fuzz-pdb-open into DIR (default: ./corpus):
# the fixture tests/sequery/fixtures/good/minimal.conf compiled by
# checkpolicy for several policy versions, as a Xen policy and as a base
# module, plus a few broken files. Nothing binary is kept in git.
set -eu

dir=${1:-corpus}
src=$(cd "$(dirname "$0")/../.." && pwd)
conf=$src/tests/sequery/fixtures/good/minimal.conf

command -v checkpolicy >/dev/null || {
	echo "seed-corpus.sh: checkpolicy is not installed (apt-get install checkpolicy)" >&2
	exit 1
}
mkdir -p "$dir"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for v in 15 19 20 22 24 26 28 29 30 31 32 33; do
	checkpolicy -c "$v" -o "$dir/minimal.$v" "$conf" >/dev/null 2>&1
done
# An MLS variant: sensitivities, categories, levels on every context and user.
sed -e '/^class tcp_socket {/a\
sensitivity s0;\
sensitivity s1;\
dominance { s0 s1 }\
category c0;\
category c1;\
level s0:c0.c1;\
level s1:c0.c1;\
mlsconstrain file { write } ( l1 eq l2 );' \
	-e 's/\(system_u:[a-z_]*:[a-z_]*\)/\1:s0/' \
	-e 's/^\(user [a-z_]* roles .*\);/\1 level s0 range s0 - s1:c0.c1;/' \
	-e '/^type_member /a\
range_transition kernel_t init_exec_t:process s0 - s1:c0.c1;' \
	"$conf" >"$tmp/mls.conf"
checkpolicy -M -c 33 -o "$dir/mls.33" "$tmp/mls.conf" >/dev/null
grep -v selinux-only "$conf" >"$tmp/xen.conf"
checkpolicy -t xen -c 30 -o "$dir/xen.30" "$tmp/xen.conf" >/dev/null
if command -v checkmodule >/dev/null; then
	checkmodule -o "$dir/base.mod" "$conf" >/dev/null
	checkmodule -M -o "$dir/base-mls.mod" "$tmp/mls.conf" >/dev/null
fi
head -c 24 "$dir/minimal.33" >"$dir/header-only"
head -c 1000 "$dir/minimal.33" >"$dir/truncated-1000"
n=$(ls "$dir" | wc -l)
echo "seed-corpus.sh: $n seeds in $dir"
