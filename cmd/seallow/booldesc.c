/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Boolean descriptions as audit2why prints them (sepolicy.boolean_desc()):
 * the first <p> of the <bool> or <tunable> in the devel headers'
 * policy.xml, newlines turned into spaces; else "Allow A to B C" made of the
 * name's words. SEKIT_POLICY_XML names another file.
 */

#include <stdlib.h>
#include <string.h>

#include "seallow.h"
#include "util/array.h"
#include "util/buf.h"
#include "util/file.h"

struct desc {
	char *name, *text;
};

static struct desc *descs;
static size_t ndescs, adescs;
static bool loaded;
static char *fallback;

static char *decode(const char *s, size_t n)
{
	struct pol_buf b = POL_BUF_INIT;
	static const struct {
		const char *ent, *ch;
	} ents[] = {
	    {"&lt;", "<"}, {"&gt;", ">"}, {"&amp;", "&"}, {"&quot;", "\""}, {"&apos;", "'"}};

	/* Python's strip("\n") */
	while (n && *s == '\n')
		s++, n--;
	while (n && s[n - 1] == '\n')
		n--;
	for (size_t i = 0; i < n; i++) {
		bool done = false;

		if (s[i] == '&') {
			for (size_t k = 0; k < sizeof(ents) / sizeof(ents[0]); k++) {
				size_t l = strlen(ents[k].ent);

				if (i + l <= n && strncmp(s + i, ents[k].ent, l) == 0) {
					pol_buf_puts(&b, ents[k].ch);
					i += l - 1;
					done = true;
					break;
				}
			}
		}
		if (!done)
			pol_buf_putc(&b, s[i] == '\n' ? ' ' : s[i]);
	}
	return pol_buf_detach(&b);
}

static void load(void)
{
	const char *path = getenv("SEKIT_POLICY_XML");
	char *all;
	size_t n;
	const char *p;

	loaded = true;
	if (!path || !*path)
		path = "/usr/share/selinux/devel/policy.xml";
	/* absent or unreadable: the names' words will do */
	if (pol_read_path(path, &all, &n) < 0)
		return;
	for (p = all; (p = strchr(p, '<')) != NULL; p++) {
		const char *name, *q, *end, *text;
		size_t len;

		if (strncmp(p, "<bool name=\"", 12) == 0)
			name = p + 12;
		else if (strncmp(p, "<tunable name=\"", 15) == 0)
			name = p + 15;
		else
			continue;
		q = strchr(name, '"');
		if (!q)
			break;
		len = (size_t)(q - name);
		end = strstr(q, "</desc>");
		text = strstr(q, "<p>");
		if (!end || !text || text > end)
			continue;
		text += 3;
		if (POL_ARRAY_GROW(descs, ndescs + 1, adescs) < 0)
			break;
		descs[ndescs].name = strndup(name, len);
		descs[ndescs].text = decode(text, strcspn(text, "<"));
		ndescs++;
	}
	free(all);
}

const char *seallow_bool_desc(const char *name)
{
	struct pol_buf b = POL_BUF_INIT;
	const char *us;

	if (!loaded)
		load();
	/* the last definition wins, as in sepolicy's dict */
	for (size_t i = ndescs; i > 0; i--)
		if (descs[i - 1].name && strcmp(descs[i - 1].name, name) == 0)
			return descs[i - 1].text ? descs[i - 1].text : "";
	us = strchr(name, '_');
	pol_buf_printf(&b, "Allow %.*s to ", us ? (int)(us - name) : (int)strlen(name), name);
	for (const char *p = us ? us + 1 : ""; *p; p++)
		pol_buf_putc(&b, *p == '_' ? ' ' : *p);
	free(fallback);
	fallback = pol_buf_detach(&b);
	return fallback ? fallback : "";
}

void seallow_bool_desc_free(void)
{
	for (size_t i = 0; i < ndescs; i++) {
		free(descs[i].name);
		free(descs[i].text);
	}
	free(descs);
	descs = NULL;
	ndescs = 0;
	free(fallback);
	fallback = NULL;
	loaded = false;
}
