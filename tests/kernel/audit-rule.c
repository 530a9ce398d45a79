// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * audit-rule: add the audit rule "-a always,exit -F arch=b64 -S openat
 * -F success=0" to the running kernel, as auditctl would, for the loop test
 * in tests/kernel (loop-guest.sh). With no rule at all the kernel records
 * no path names, so a denial's SYSCALL record says items=0 and the AVC only
 * the file's last name component; with one, each denied open also logs its
 * CWD and PATH records, as on a machine whose auditd loads rules, and
 * seallow can tell which file was denied.
 */
#include <libaudit.h>
#include <stdio.h>

int main(void)
{
	struct audit_rule_data *rule = audit_rule_create_data();
	/* libaudit splits the pairs in place */
	char arch[] = "arch=b64", success[] = "success=0";
	int fd = audit_open();

	if (!rule || fd < 0) {
		perror("audit-rule: audit_open");
		return 1;
	}
	/* the architecture first: it says what the syscall's number is */
	if (audit_rule_fieldpair_data(&rule, arch, AUDIT_FILTER_EXIT) < 0 ||
	    audit_rule_syscallbyname_data(rule, "openat") < 0 ||
	    audit_rule_fieldpair_data(&rule, success, AUDIT_FILTER_EXIT) < 0) {
		fprintf(stderr, "audit-rule: cannot build the rule\n");
		return 1;
	}
	if (audit_add_rule_data(fd, rule, AUDIT_FILTER_EXIT, AUDIT_ALWAYS) <= 0) {
		perror("audit-rule: audit_add_rule_data");
		return 1;
	}
	audit_close(fd);
	audit_rule_free_data(rule);
	return 0;
}
