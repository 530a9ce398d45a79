/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libsepol's handles, message callbacks and process-wide state: the only
 * file that makes a sepol_handle_t, sets where libsepol's messages go, or
 * points libsepol's services at a policy. Each area turns the messages
 * into its own diagnostics through a pdb_sepol_sink.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include <sepol/debug.h>
#include <sepol/policydb/services.h>

#include "pdb/internal.h"

/* libsepol exports its "compat" handle (the one ERR(NULL, ...) reports
 * through, whose default handler prints to stderr) but declares it in no
 * public header. */
extern sepol_handle_t sepol_compat_handle;

struct pdb_sepol {
	sepol_handle_t *h;
	pdb_sepol_sink sink;
	void *data;
};

/* where the compat handle's messages go between begin and end */
static struct pdb_sepol compat;

/* libsepol's text without its trailing newlines or period; heap, or NULL */
__attribute__((format(printf, 1, 0))) static char *trimmed(const char *fmt, va_list ap)
{
	char *msg;
	int n = vasprintf(&msg, fmt, ap);

	if (n < 0)
		return NULL;
	while (n > 0 && (msg[n - 1] == '\n' || msg[n - 1] == '.'))
		msg[--n] = '\0';
	return msg;
}

static void __attribute__((format(printf, 3, 4)))
route(void *data, sepol_handle_t *handle, const char *fmt, ...)
{
	struct pdb_sepol *s = data;
	char *msg;
	va_list ap;

	va_start(ap, fmt);
	msg = trimmed(fmt, ap);
	va_end(ap);
	if (!msg)
		return;
	s->sink(s->data, sepol_msg_get_level(handle), msg);
	free(msg);
}

struct pdb_sepol *pdb_sepol_new(pdb_sepol_sink sink, void *data)
{
	struct pdb_sepol *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->h = sepol_handle_create();
	if (!s->h) {
		free(s);
		return NULL;
	}
	s->sink = sink;
	s->data = data;
	/* no sink: dropped, not printed by libsepol's default handler */
	sepol_msg_set_callback(s->h, sink ? route : NULL, s);
	return s;
}

sepol_handle_t *pdb_sepol_handle(struct pdb_sepol *s)
{
	return s->h;
}

void pdb_sepol_free(struct pdb_sepol *s)
{
	if (!s)
		return;
	sepol_handle_destroy(s->h);
	free(s);
}

void pdb_sepol_compat_begin(pdb_sepol_sink sink, void *data)
{
	compat.sink = sink;
	compat.data = data;
	sepol_msg_set_callback(&sepol_compat_handle, sink ? route : NULL, &compat);
}

void pdb_sepol_compat_end(void)
{
	/* back to libsepol's default handler; a caller's sepol_debug(0) is
	 * not kept (libsepol offers no way to read the callback back) */
	sepol_debug(1);
	compat.sink = NULL;
	compat.data = NULL;
}

void pdb_sepol_services(policydb_t *p, sidtab_t *sidtab)
{
	sepol_set_policydb(p);
	sepol_set_sidtab(sidtab);
}
