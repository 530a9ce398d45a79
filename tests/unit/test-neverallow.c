/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libpolicy/neverallow: the indexed checker's verdict on every neverallow
 * of random policies against libsepol's own checker (check_assertion(),
 * which checkpolicy 3.4 runs). Each round writes a policy of a few types
 * and attributes, random allow, conditional allow and allowxperm rules,
 * and random neverallow and neverallowxperm rules using attributes, ~, -,
 * *, self and ioctl ranges. The seed is printed; SEKIT_NEVERALLOW_SEED
 * replays one, SEKIT_NEVERALLOW_ROUNDS sets how many rounds.
 */
#include "pdb/internal.h"

#include <sepol/policydb/policydb.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "neverallow/neverallow.h"
#include "compile-policy.h"
#include "tap.h"
#include "util.h"
#include "util/buf.h"

#define NTYPES 12
#define NATTRS 5
#define NALLOWS 12
#define NNEVER 40

static const char *const c0_perms[] = {"pr0", "pr1", "pr2", "px0"};
static const char *const c1_perms[] = {"ioctl", "py1", "py2"};

static unsigned int pick(unsigned int n)
{
	return (unsigned int)(random() % n);
}

#define put pol_buf_printf

/* A type or attribute name. */
static void name(struct pol_buf *b)
{
	if (pick(3) == 0)
		put(b, "aa%u", pick(NATTRS));
	else
		put(b, "tt%u", pick(NTYPES));
}

/* A type set as rules write it; allow_self for targets. */
static void type_set(struct pol_buf *b, bool target, bool never)
{
	switch (pick(target ? 9 : 7)) {
	case 0:
		put(b, "{ ");
		name(b);
		put(b, " ");
		name(b);
		put(b, " }");
		break;
	case 1:
		put(b, "{ aa%u -", pick(NATTRS));
		name(b);
		put(b, " }");
		break;
	case 2:
		if (never) {
			put(b, "*");
			break;
		}
		/* fall through */
	case 3:
		if (never) {
			put(b, "~");
			name(b);
			break;
		}
		/* fall through */
	case 4:
		if (never) {
			put(b, "~{ aa%u tt%u }", pick(NATTRS), pick(NTYPES));
			break;
		}
		/* fall through */
	default:
		name(b);
		break;
	case 7:
		put(b, "self");
		break;
	case 8:
		put(b, "{ ");
		name(b);
		put(b, " self }");
		break;
	}
}

/* A class and some of its permissions. */
static void class_perms(struct pol_buf *b, bool never)
{
	bool c1 = pick(2);
	const char *const *perms = c1 ? c1_perms : c0_perms;
	unsigned int n = c1 ? 3 : 4;

	put(b, ":cls%d ", c1);
	if (never && pick(5) == 0) {
		put(b, pick(2) ? "*" : "~%s", perms[pick(n)]);
		return;
	}
	put(b, "{ %s %s }", perms[pick(n)], perms[pick(n)]);
}

/* An ioctl set: numbers, ranges, a complement. */
static void ioctls(struct pol_buf *b)
{
	unsigned int drv = 0x10 + pick(3), lo = pick(256), hi = lo + pick(256 - lo);

	switch (pick(4)) {
	case 0:
		put(b, "0x%02x%02x", drv, lo);
		break;
	case 1:
		put(b, "{ 0x%02x%02x-0x%02x%02x }", drv, lo, drv, hi);
		break;
	case 2:
		put(b, "{ 0x%02x00-0x%02xff }", drv, drv + pick(2));
		break;
	default:
		put(b, "~{ 0x%02x%02x }", drv, lo);
		break;
	}
}

static char *random_policy(void)
{
	struct pol_buf b = POL_BUF_INIT;

	put(&b, "class cls0\nclass cls1\nsid kernel\ncommon f { pr0 pr1 pr2 }\n"
		"class cls0 inherits f { px0 }\nclass cls1 { ioctl py1 py2 }\n");
	for (unsigned int a = 0; a < NATTRS; a++)
		put(&b, "attribute aa%u;\n", a);
	for (unsigned int t = 0; t < NTYPES; t++) {
		put(&b, "type tt%u", t);
		for (unsigned int a = 0; a < NATTRS; a++)
			if (pick(3) == 0)
				put(&b, ", aa%u", a);
		put(&b, ";\n");
	}
	put(&b, "bool bo0 true;\nbool bo1 false;\n");
	for (unsigned int i = 0; i < NALLOWS; i++) {
		bool cond = pick(6) == 0;

		if (cond)
			put(&b, "if (bo%u) {\n", pick(2));
		put(&b, "allow ");
		type_set(&b, false, false);
		put(&b, " ");
		type_set(&b, true, false);
		class_perms(&b, false);
		put(&b, ";\n");
		if (cond)
			put(&b, "}\n");
		if (pick(3) == 0) {
			put(&b, "allowxperm ");
			type_set(&b, false, false);
			put(&b, " ");
			type_set(&b, true, false);
			put(&b, ":cls1 ioctl ");
			ioctls(&b);
			put(&b, ";\n");
		}
	}
	for (unsigned int i = 0; i < NNEVER; i++) {
		bool xperm = pick(4) == 0;

		put(&b, xperm ? "neverallowxperm " : "neverallow ");
		type_set(&b, false, true);
		put(&b, " ");
		type_set(&b, true, true);
		if (xperm) {
			put(&b, ":cls1 ioctl ");
			ioctls(&b);
		} else {
			class_perms(&b, true);
		}
		put(&b, ";\n");
	}
	put(&b, "role rl;\nrole rl types { ");
	for (unsigned int t = 0; t < NTYPES; t++)
		put(&b, "tt%u ", t);
	put(&b, "};\nuser us roles rl;\nsid kernel us:rl:tt0\n");
	if (b.failed)
		abort();
	return pol_buf_detach(&b);
}

/* One round: the verdicts of both checkers on every rule. Counts the
 * rules, the violated ones and the disagreements; false on a failure. */
static bool round_agrees(unsigned int *rules, unsigned int *violated, unsigned int *differ)
{
	/* expanded without checking its neverallows: the kernel policy keeps
	 * them for the checkers */
	static const struct pol_source_options opts = {.no_neverallow = true};
	char *text = random_policy();
	struct pol_pdb *kp = test_expand_policy("random.conf", text, &opts);
	bool *verdicts = NULL;
	size_t count = 0, i = 0;
	struct pol_err err;
	bool good = kp != NULL;

	pol_err_init(&err);
	if (good && pol_neverallow_find(kp, &verdicts, &count, &err) < 0)
		good = false;
	for (avrule_t *r = good ? kp->p.global->branch_list->avrules : NULL; r; r = r->next) {
		int want;

		if (!(r->specified & (AVRULE_NEVERALLOW | AVRULE_XPERMS_NEVERALLOW)))
			continue;
		want = check_assertion(&kp->p, r);
		if (i >= count || want < 0) {
			good = false;
			break;
		}
		(*rules)++;
		*violated += want > 0;
		if ((want > 0) != verdicts[i]) {
			(*differ)++;
			printf("# libsepol says %s, the index %s: the rule at line %lu\n",
			       want ? "violated" : "kept", verdicts[i] ? "violated" : "kept",
			       r->line);
		}
		i++;
	}
	if (good && i != count)
		good = false;
	if (!good || *differ)
		printf("# the policy:\n%s", text);
	free(verdicts);
	free(text);
	pol_err_release(&err);
	pol_pdb_free(kp);
	return good;
}

int main(void)
{
	const char *env = getenv("SEKIT_NEVERALLOW_SEED");
	const char *rounds_env = getenv("SEKIT_NEVERALLOW_ROUNDS");
	unsigned int seed = env ? (unsigned int)strtoul(env, NULL, 0) : (unsigned int)time(NULL);
	unsigned int rounds = rounds_env ? (unsigned int)strtoul(rounds_env, NULL, 0) : 25;
	unsigned int rules = 0, violated = 0, differ = 0;
	bool good = true;

	printf("# seed %u (SEKIT_NEVERALLOW_SEED=%u replays it), %u rounds\n", seed, seed, rounds);
	srandom(seed);
	for (unsigned int r = 0; r < rounds && good && !differ; r++)
		good = round_agrees(&rules, &violated, &differ);
	ok(good, "every random policy compiles and both checkers answer");
	ok(differ == 0, "the index and libsepol agree on %u neverallow rules (%u violated)", rules,
	   violated);
	ok(violated > rules / 10 && violated < rules - rules / 10,
	   "the random rules are both kept and violated, often enough to tell");
	return tap_done();
}
