/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target: seallow's audit reader (libpolicy/audit/reader.c and
 * avc.c) and what seallow does with its denials. Each input is read twice
 * as an audit log: once fed whole, once in pieces whose sizes come from
 * the input itself (lines then span calls). Both readings must agree on
 * every count and on every denial delivered (a digest of all the fields),
 * since chunking is the caller's business. A third reading compares the
 * reader's events with libauparse 3.0.9's on the same records, as
 * tests/unit/test-audit-reader.c does (tests/unit/audit-oracle.h), on every input
 * whose lines libauparse reads as the reader does (the differences
 * reader.c documents and audit-oracle.h cannot adjust for are left
 * out: see oracle_line_ok()). The first reading also adds
 * each denial to a pol_audit_set over a small policy and writes the set
 * in every output form, iterates it and replays it (--verify), which is
 * what seallow runs on a log.
 *
 * The policy is the Appendix A policy of seallow's tests, compiled in
 * process at start-up from FUZZ_AUDIT_POLICY (a policy.conf; fuzz-source.sh
 * points it at tests/seallow/fixtures/t.conf). Without it only the reader
 * runs. Any sanitizer report, and any disagreement, aborts. See
 * tests/fuzz/README.md.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit/set.h"
#include "pdb/pdb.h"

#include "../unit/audit-oracle.h"
#include "../unit/compile-policy.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct pol_pdb *pdb;

struct run {
	struct pol_audit_set *set;
	uint64_t digest;
	size_t avcs, marks;
};

static void mix(uint64_t *h, const void *p, size_t n)
{
	const unsigned char *c = p;

	for (size_t i = 0; i < n; i++)
		*h = (*h ^ c[i]) * 1099511628211ull;
	*h = (*h ^ 0xff) * 1099511628211ull;
}

/* Every string is read to its end (ASan checks it is still alive). */
static void mix_str(uint64_t *h, const char *s)
{
	if (s)
		mix(h, s, strlen(s));
	else
		mix(h, "", 0);
}

static int on_avc(const struct pol_audit_avc *a, void *data)
{
	struct run *run = data;
	const char *const strs[] = {
	    a->record,	  a->node,	 a->scontext,	 a->tcontext,	  a->tclass,  a->comm,
	    a->exe,	  a->name,	 a->path,	 a->dev,	  a->ino,     a->pid,
	    a->sport,	  a->dport,	 a->syscall_exe, a->syscall_comm, a->syscall, a->cwd,
	    a->path_name, a->path_inode, a->path_dev,	 a->avc_path};
	const long nums[] = {
	    (long)a->sec,  a->msec,	    (long)a->serial,   a->user,		 a->granted,
	    a->permissive, a->has_ioctlcmd, (long)a->ioctlcmd, a->has_nlmsgtype, (long)a->nlmsgtype,
	    a->success,	   (long)a->nperms};

	run->avcs++;
	for (size_t i = 0; i < sizeof(strs) / sizeof(strs[0]); i++)
		mix_str(&run->digest, strs[i]);
	for (size_t i = 0; i < a->nperms; i++)
		mix_str(&run->digest, a->perms[i]);
	mix(&run->digest, nums, sizeof(nums));
	if (run->set)
		pol_audit_set_add(run->set, a);
	return 0;
}

static int on_mark(const struct pol_audit_mark *m, void *data)
{
	struct run *run = data;
	const long nums[] = {m->kind, (long)m->sec, (long)m->serial, m->auditd};

	run->marks++;
	mix(&run->digest, nums, sizeof(nums));
	mix_str(&run->digest, m->invalid_context);
	mix_str(&run->digest, m->scontext);
	mix_str(&run->digest, m->tcontext);
	mix_str(&run->digest, m->tclass);
	if (!run->set)
		return 0;
	if (m->kind == POL_AUDIT_MARK_POLICY_LOAD)
		pol_audit_set_reset(run->set);
	else if (m->kind == POL_AUDIT_MARK_COMPUTE_SID)
		pol_audit_set_add_role_type(run->set, m->invalid_context);
	return 0;
}

struct counts {
	size_t skipped[POL_AUDIT_SKIP_COUNT], records, other, avcs, marks;
	bool relevant;
	uint64_t digest;
};

/* Read data (in pieces when split), filling c; run->set may be NULL. */
static void read_log(const uint8_t *data, size_t size, bool split, struct run *run,
		     struct counts *c)
{
	struct pol_audit_handlers h = {on_avc, on_mark, run};
	struct pol_audit_reader *r;
	struct pol_err err;
	size_t off = 0, k = 0;

	pol_err_init(&err);
	if (pol_audit_reader_new(&h, &r, &err) < 0)
		abort();
	pol_err_release(&err);
	while (off < size) {
		/* piece sizes 1..64 from the input's bytes, or all of it */
		size_t n = split ? 1 + (size_t)data[k++ % size] % 64 : size;

		if (n > size - off)
			n = size - off;
		if (pol_audit_reader_feed(r, (const char *)data + off, n) < 0)
			abort(); /* the handlers never stop it: only ENOMEM could */
		off += n;
	}
	if (pol_audit_reader_finish(r) < 0)
		abort();
	memset(c, 0, sizeof(*c));
	for (int i = 0; i < POL_AUDIT_SKIP_COUNT; i++)
		c->skipped[i] = pol_audit_reader_skipped(r, (enum pol_audit_skip)i);
	c->records = pol_audit_reader_records(r);
	c->other = pol_audit_reader_other_lines(r);
	c->relevant = pol_audit_reader_relevant(r);
	c->avcs = run->avcs;
	c->marks = run->marks;
	c->digest = run->digest;
	pol_audit_reader_free(r);
}

static int each_group(const struct pol_audit_group_info *g, void *data)
{
	uint64_t *h = data;

	mix_str(h, g->source);
	mix_str(h, g->target);
	mix_str(h, g->tclass);
	mix_str(h, g->scontext);
	mix_str(h, g->tcontext);
	mix_str(h, g->comm);
	mix_str(h, g->exe);
	mix_str(h, g->path);
	mix_str(h, g->file);
	mix_str(h, g->port);
	mix_str(h, g->xperms);
	for (size_t i = 0; i < g->nperms; i++)
		mix_str(h, g->perms[i]);
	if (g->why && g->why->constraint)
		mix_str(h, g->why->constraint);
	return 0;
}

static int verify_group(const struct pol_audit_group_info *g, bool allowed, const char *why_not,
			void *data)
{
	(void)allowed;
	mix_str(data, why_not);
	return each_group(g, data);
}

/* What seallow does with the denials: every output form, the groups one
 * by one, the replay and the ioctl warning. */
static void use_set(struct pol_audit_set *set)
{
	static const unsigned int forms[] = {
	    0,
	    POL_AUDIT_GEN_REQUIRES | POL_AUDIT_GEN_XPERMS,
	    POL_AUDIT_GEN_DONTAUDIT | POL_AUDIT_GEN_VERBOSE,
	    POL_AUDIT_GEN_EXPLAIN | POL_AUDIT_GEN_COMMENT_ALL,
	    POL_AUDIT_GEN_CIL | POL_AUDIT_GEN_XPERMS,
	};
	FILE *out = fopen("/dev/null", "w");
	struct pol_err err;
	size_t fixed, still;
	uint64_t h = 0;

	if (!out)
		abort();
	for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); i++)
		if (pol_audit_set_write(set, i % 2 ? "fuzz" : NULL, forms[i], out) < 0)
			abort();
	fclose(out);
	pol_audit_set_each(set, each_group, &h);
	if (pol_audit_set_groups(set))
		pol_audit_set_choose(set, 0, POL_AUDIT_CHOICE_DONTAUDIT);
	pol_audit_set_verify(set, 0, verify_group, &h, &fixed, &still);
	if (fixed + still != pol_audit_set_groups(set))
		abort();
	pol_err_init(&err);
	pol_audit_set_xperm_notes(set, &err);
	pol_err_release(&err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pol_audit_policy *pol = NULL;
	struct run whole = {0}, pieces = {0};
	struct counts a, b;
	struct pol_err err;

	pol_err_init(&err);
	/* a policy per input: its memo then depends on this input only */
	if (pdb && (pol_audit_policy_new(pdb, &pol, &err) < 0 ||
		    pol_audit_set_new(pol, &whole.set, &err) < 0))
		abort();
	pol_err_release(&err);
	if (whole.set)
		pol_audit_set_keep_messages(whole.set);
	read_log(data, size, false, &whole, &a);
	read_log(data, size, true, &pieces, &b);
	if (memcmp(a.skipped, b.skipped, sizeof(a.skipped)) != 0 || a.records != b.records ||
	    a.other != b.other || a.relevant != b.relevant || a.avcs != b.avcs ||
	    a.marks != b.marks || a.digest != b.digest)
		abort(); /* the same log read in other pieces said something else */
	/* the reader's events against libauparse's, where libauparse reads
	 * the lines as the reader does (audit-oracle.h) */
	{
		size_t events, diff;
		bool comparable;

		diff = oracle_compare((const char *)data, size, stderr, &events, &comparable);
		if (comparable && diff)
			abort();
	}
	if (whole.set) {
		use_set(whole.set);
		pol_audit_set_free(whole.set);
	}
	pol_audit_policy_free(pol);
	return 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *conf = getenv("FUZZ_AUDIT_POLICY");

	(void)argc;
	(void)argv;
	if (conf && *conf) {
		struct pol_err err;

		pol_err_init(&err);
		pdb = test_compile_policy(conf, false, &err);
		if (!pdb) {
			fprintf(stderr, "fuzz-audit: cannot compile '%s'\n", conf);
			pol_err_print(&err, stderr, "fuzz-audit");
			exit(1);
		}
		pol_err_release(&err);
	}
	return 0;
}
