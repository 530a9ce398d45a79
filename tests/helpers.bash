# SPDX-License-Identifier: GPL-2.0-or-later
# Shared by the bats suites: where things are, and skips that say why.

SEKIT_SRCDIR=${SEKIT_SRCDIR:-$(cd "$(dirname "${BATS_TEST_FILENAME}")/../.." && pwd)}
SEKIT_CORPUS=${SEKIT_CORPUS:-$SEKIT_SRCDIR/../shared/corpus}
DEBIAN_POLICY=${DEBIAN_POLICY:-/etc/selinux/default/policy/policy.33}

# Skip unless Debian's reference policy is installed.
require_debian_policy() {
	[ -r "$DEBIAN_POLICY" ] || skip "no $DEBIAN_POLICY (apt-get install selinux-policy-default)"
}

# Skip unless a command is available.
require_command() {
	command -v "$1" >/dev/null 2>&1 || skip "'$1' not installed${2:+ (apt-get install $2)}"
}
