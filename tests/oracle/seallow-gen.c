// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Realistic audit logs from a policy's own types, for seallow's oracle
 * tests and benchmark: seallow-gen POLICY N SEED [--no-zero-ioctl]
 *
 * N denials, as events of AVC + SYSCALL + CWD + PATH (+ PROCTITLE, EOE)
 * records, some interleaved, with a known mix: already allowed (an allow
 * rule of the policy), under a boolean (a rule of a conditional branch
 * that is off now), dontaudit'ed, missing a TE rule, failing a constraint
 * (another user, or an MCS category), ioctl numbers, permissive=1, plus
 * noise: other record types, granted AVCs, and AVCs whose contexts the
 * policy does not know. Deterministic for a given SEED.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdb/internal.h"

static unsigned long long rng_state;

static unsigned int rnd(unsigned int n)
{
	rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return n ? (unsigned int)((rng_state >> 33) % n) : 0;
}

struct pick {
	uint32_t s, t, cls, perms;
};

static policydb_t *p;
static uint32_t *domains;
static size_t ndomains;
static struct pick *allowed, *dontaud, *condoff;
static size_t nallowed, ndontaud, ncondoff;
static unsigned long serial = 1000;
static bool zero_ioctl = true;

/* distinct denials a log is drawn from */
#define POOL 3000

static void push(struct pick **v, size_t *n, struct pick x)
{
	if ((*n & (*n - 1)) == 0 || *n == 0) {
		size_t cap = *n ? *n * 2 : 16;

		*v = realloc(*v, cap * sizeof(**v));
		if (!*v)
			exit(3);
	}
	(*v)[(*n)++] = x;
}

/* A concrete type for a type or attribute value; 0 if none. */
static uint32_t concrete(uint32_t v, bool domain)
{
	ebitmap_t *m = &p->attr_type_map[v - 1];
	unsigned int n = ebitmap_cardinality(m), k, i;
	ebitmap_node_t *node;

	if (p->type_val_to_struct[v - 1]->flavor != TYPE_ATTRIB)
		return v;
	if (!n)
		return 0;
	for (int tries = 0; tries < 8; tries++) {
		k = rnd(n);
		ebitmap_for_each_positive_bit(m, node, i)
		{
			if (k-- == 0) {
				uint32_t t = i + 1;

				if (!domain)
					return t;
				for (size_t d = 0; d < ndomains; d++)
					if (domains[d] == t)
						return t;
				break;
			}
		}
	}
	return 0;
}

static bool is_domain(uint32_t t)
{
	for (size_t d = 0; d < ndomains; d++)
		if (domains[d] == t)
			return true;
	return false;
}

static const char *type_name(uint32_t v)
{
	return p->p_type_val_to_name[v - 1];
}

static const char *class_name(uint32_t c)
{
	return p->p_class_val_to_name[c - 1];
}

static int perm_name_cb(hashtab_key_t k, hashtab_datum_t d, void *arg)
{
	const char **names = arg;
	perm_datum_t *perm = d;

	if (perm->s.value >= 1 && perm->s.value <= 32)
		names[perm->s.value - 1] = k;
	return 0;
}

static const char *perm_name(uint32_t c, unsigned int bit)
{
	static const char *names[32];
	class_datum_t *cls = p->class_val_to_struct[c - 1];

	memset(names, 0, sizeof(names));
	if (cls->comdatum)
		hashtab_map(cls->comdatum->permissions.table, perm_name_cb, names);
	hashtab_map(cls->permissions.table, perm_name_cb, names);
	return bit < 32 ? names[bit] : NULL;
}

/* A random permission bit of mask that has a name; -1 if none. */
static int some_perm(uint32_t c, uint32_t mask)
{
	int bits[32], n = 0;

	for (int b = 0; b < 32; b++)
		if ((mask & (1u << b)) && perm_name(c, (unsigned int)b))
			bits[n++] = b;
	return n ? bits[rnd((unsigned int)n)] : -1;
}

static void collect(void)
{
	role_datum_t *sysr = hashtab_search(p->p_roles.table, "system_r");
	ebitmap_node_t *node;
	unsigned int i;

	if (!sysr) {
		fprintf(stderr, "seallow-gen: the policy has no system_r role\n");
		exit(2);
	}
	domains = malloc(p->p_types.nprim * sizeof(*domains));
	ebitmap_for_each_positive_bit(&sysr->types.types, node, i)
	{
		if (p->type_val_to_struct[i] && p->type_val_to_struct[i]->flavor != TYPE_ATTRIB)
			domains[ndomains++] = i + 1;
	}
	for (uint32_t k = 0; k < p->te_avtab.nslot; k++)
		for (avtab_ptr_t n = p->te_avtab.htable[k]; n; n = n->next) {
			struct pick x = {n->key.source_type, n->key.target_type,
					 n->key.target_class, n->datum.data};

			if (n->key.specified & AVTAB_ALLOWED)
				push(&allowed, &nallowed, x);
			else if (n->key.specified & AVTAB_AUDITDENY) {
				x.perms = ~n->datum.data;
				push(&dontaud, &ndontaud, x);
			}
		}
	for (cond_node_t *cn = p->cond_list; cn; cn = cn->next) {
		cond_av_list_t *off = cn->cur_state ? cn->false_list : cn->true_list;

		for (cond_av_list_t *l = off; l; l = l->next)
			if (l->node->key.specified & AVTAB_ALLOWED)
				push(&condoff, &ncondoff,
				     (struct pick){l->node->key.source_type,
						   l->node->key.target_type,
						   l->node->key.target_class, l->node->datum.data});
	}
}

/* A (source, target, class, perm) from one of the lists, made concrete. */
static bool from_list(const struct pick *v, size_t n, uint32_t *s, uint32_t *t, uint32_t *c,
		      int *perm)
{
	for (int tries = 0; tries < 50 && n; tries++) {
		const struct pick *x = &v[rnd((unsigned int)n)];

		*s = concrete(x->s, true);
		*t = concrete(x->t, false);
		*c = x->cls;
		*perm = some_perm(x->cls, x->perms);
		if (*s && *t && *perm >= 0)
			return true;
	}
	return false;
}

static void event(const char *scon, const char *tcon, uint32_t c, int perm, bool ioctl,
		  unsigned long cmd, bool permissive, bool granted, bool full)
{
	unsigned long sn = serial++;
	unsigned long sec = 1700000000 + sn / 10;
	const char *comm = "worker";

	printf("type=AVC msg=audit(%lu.%03lu:%lu): avc:  %s  { %s } for  pid=%lu comm=\"%s\"", sec,
	       sn % 1000, sn, granted ? "granted" : "denied", perm_name(c, (unsigned int)perm),
	       1000 + sn % 30000, comm);
	if (ioctl)
		printf(" path=\"/dev/tty%lu\" dev=\"devtmpfs\" ino=%lu ioctlcmd=0x%lx", sn % 64, sn,
		       cmd);
	else if (full)
		printf(" name=\"data%lu\" dev=\"sda1\" ino=%lu", sn % 97, sn);
	printf(" scontext=%s tcontext=%s tclass=%s permissive=%d\n", scon, tcon, class_name(c),
	       permissive);
	if (!full)
		return;
	printf("type=SYSCALL msg=audit(%lu.%03lu:%lu): arch=c000003e syscall=257 success=%s "
	       "exit=-13 a0=ffffff9c a1=55d0 a2=0 a3=0 items=1 ppid=1 pid=%lu auid=4294967295 "
	       "uid=0 gid=0 euid=0 suid=0 fsuid=0 egid=0 sgid=0 fsgid=0 tty=(none) ses=4294967295 "
	       "comm=\"%s\" exe=\"/usr/sbin/%s\" subj=%s key=(null)\n",
	       sec, sn % 1000, sn, permissive ? "yes" : "no", 1000 + sn % 30000, comm, comm, scon);
	printf("type=CWD msg=audit(%lu.%03lu:%lu): cwd=\"/var/lib/app\"\n", sec, sn % 1000, sn);
	printf("type=PATH msg=audit(%lu.%03lu:%lu): item=0 name=\"data%lu\" inode=%lu dev=08:01 "
	       "mode=0100644 ouid=0 ogid=0 rdev=00:00 obj=%s nametype=NORMAL cap_fp=0 cap_fi=0 "
	       "cap_fe=0 cap_fver=0 cap_frootid=0\n",
	       sec, sn % 1000, sn, sn % 97, sn, tcon);
	printf("type=PROCTITLE msg=audit(%lu.%03lu:%lu): proctitle=776F726B6572\n", sec, sn % 1000,
	       sn);
	printf("type=EOE msg=audit(%lu.%03lu:%lu): \n", sec, sn % 1000, sn);
}

static void noise(void)
{
	unsigned long sn = serial++;

	printf("type=USER_LOGIN msg=audit(%lu.%03lu:%lu): pid=812 uid=0 auid=1000 ses=3 "
	       "subj=system_u:system_r:sshd_t:s0-s0:c0.c1023 msg='op=login id=1000 "
	       "exe=\"/usr/sbin/sshd\" hostname=? addr=192.0.2.1 terminal=ssh res=success'\n",
	       1700000000 + sn / 10, sn % 1000, sn);
}

int main(int argc, char **argv)
{
	struct pol_pdb *pdb;
	struct pol_err err;
	unsigned long n;
	char scon[512], tcon[512];

	if (argc < 4) {
		fprintf(stderr, "usage: seallow-gen POLICY N SEED [--no-zero-ioctl]\n");
		return 2;
	}
	n = strtoul(argv[2], NULL, 10);
	rng_state = strtoull(argv[3], NULL, 10) * 2654435761ULL + 1;
	if (argc > 4 && strcmp(argv[4], "--no-zero-ioctl") == 0)
		zero_ioctl = false;
	pol_err_init(&err);
	if (pol_pdb_open(argv[1], &pdb, &err) < 0) {
		pol_err_print(&err, stderr, "seallow-gen");
		return 2;
	}
	p = pdb_db(pdb);
	collect();
	struct tmpl {
		char scon[256], tcon[256];
		uint32_t c;
		int perm;
		bool ioctl;
	} * pool;
	unsigned long npool = n < POOL ? n : POOL, misses = 0;

	pool = calloc(npool ? npool : 1, sizeof(*pool));
	if (!pool)
		return 3;
	for (unsigned long i = 0; i < npool; i++) {
		unsigned int kind = rnd(100);
		uint32_t s = 0, t = 0, c = 0;
		int perm = -1;
		bool ok, ioctl = false;
		const char *tuser = "system_u", *tlevel = "s0";

		if (kind < 15) /* already allowed */
			ok = from_list(allowed, nallowed, &s, &t, &c, &perm);
		else if (kind < 30) /* off under a boolean */
			ok = from_list(condoff, ncondoff, &s, &t, &c, &perm);
		else if (kind < 40) /* dontaudit */
			ok = from_list(dontaud, ndontaud, &s, &t, &c, &perm);
		else if (kind < 50) { /* constraint: an allowed access, another user or category */
			ok = from_list(allowed, nallowed, &s, &t, &c, &perm);
			if (rnd(2))
				tuser = "user_u";
			else
				tlevel = "s0:c7";
		} else { /* TE: a domain and a type the policy does not pair */
			s = domains[rnd((unsigned int)ndomains)];
			t = 1 + rnd(p->p_types.nprim);
			ok = p->type_val_to_struct[t - 1] &&
			     p->type_val_to_struct[t - 1]->flavor != TYPE_ATTRIB;
			c = 1 + rnd(p->p_classes.nprim);
			if (kind < 60) {
				class_datum_t *d = hashtab_search(p->p_classes.table, "chr_file");

				c = d ? d->s.value : c;
			}
			perm = ok ? some_perm(c, ~0u) : -1;
			ok = ok && perm >= 0;
			if (ok && kind < 60 && perm_name(c, (unsigned int)perm) &&
			    strcmp(perm_name(c, (unsigned int)perm), "ioctl") != 0) {
				for (int b = 0; b < 32; b++)
					if (perm_name(c, (unsigned int)b) &&
					    strcmp(perm_name(c, (unsigned int)b), "ioctl") == 0)
						perm = b;
			}
			if (ok && strcmp(perm_name(c, (unsigned int)perm), "ioctl") == 0)
				ioctl = true;
		}
		if (!ok || !is_domain(s)) {
			i--;
			if (++misses > npool * 50 + 100000)
				break;
			continue;
		}
		snprintf(pool[i].scon, sizeof(pool[i].scon), "system_u:system_r:%s:s0",
			 type_name(s));
		snprintf(pool[i].tcon, sizeof(pool[i].tcon), "%s:%s:%s:%s", tuser,
			 is_domain(t) && !strcmp(tuser, "system_u") ? "system_r" : "object_r",
			 type_name(t), tlevel);
		pool[i].c = c;
		pool[i].perm = perm;
		pool[i].ioctl = ioctl;
	}
	/* the events: a realistic log repeats a bounded set of denials */
	for (unsigned long i = 0; i < n && npool; i++) {
		const struct tmpl *x = &pool[rnd((unsigned int)npool)];
		bool full = rnd(4) != 0;
		unsigned long cmd = 0;
		static const unsigned long cmds[] = {0x5401, 0x5402, 0x5403, 0x541b,
						     0x8910, 0x4b3a, 0x0};

		if (rnd(20) == 0)
			noise();
		if (x->ioctl)
			cmd = cmds[rnd(zero_ioctl ? 7 : 6)];
		snprintf(scon, sizeof(scon), "%s", x->scon);
		snprintf(tcon, sizeof(tcon), "%s", x->tcon);
		event(scon, tcon, x->c, x->perm, x->ioctl, cmd, rnd(10) == 0, false, full);
		if (rnd(50) == 0) /* noise: a granted AVC, an unknown type */
			event(scon, tcon, x->c, x->perm, false, 0, false, true, false);
		if (rnd(100) == 0) {
			snprintf(tcon, sizeof(tcon), "system_u:object_r:no_such_type_%u_t:s0",
				 rnd(5));
			event(scon, tcon, x->c, x->perm, false, 0, false, false, false);
		}
	}
	free(pool);
	pol_pdb_free(pdb);
	pol_err_release(&err);
	return 0;
}
