/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests of libpolicy/label: spec files, lookups, restorecon's decision. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "label/fcline.h"
#include "label/label.h"
#include "util/err.h"

#include "tap.h"

static char dir[] = "/tmp/sekit-test-label-XXXXXX";

static char *write_file(const char *name, const char *text)
{
	char *path;
	FILE *f;

	if (asprintf(&path, "%s/%s", dir, name) < 0)
		abort();
	f = fopen(path, "w");
	if (!f)
		abort();
	fputs(text, f);
	fclose(f);
	return path;
}

static struct pol_label_specs *open_specs(const char *path, struct pol_err *err)
{
	struct pol_label_specs *s = NULL;

	pol_err_init(err);
	if (pol_label_specs_open(path, POL_LABEL_ENGINE_NATIVE, 0, &s, err) < 0)
		return NULL;
	return s;
}

/* libselinux's own answers, to check every native one against */
static struct pol_label_specs *reference;

static void answer(const struct pol_label_specs *s, const char *path, mode_t mode, char *buf,
		   size_t size)
{
	struct pol_label_match m;
	int rc = pol_label_lookup(s, path, mode, &m);

	if (rc < 0)
		snprintf(buf, size, "error %d", rc);
	else
		snprintf(buf, size, "%s", m.context ? m.context : "<<none>>");
	pol_label_match_release(&m);
}

/* The context the native lookup gives, or "<<none>>"; a static buffer.
 * "differs from libselinux" when selabel_lookup_raw() disagrees. */
static const char *lookup(const struct pol_label_specs *s, const char *path, mode_t mode)
{
	static char buf[512];
	char ref[200];

	answer(s, path, mode, buf, sizeof(buf));
	if (reference) {
		answer(reference, path, mode, ref, sizeof(ref));
		if (strcmp(buf, ref) != 0)
			snprintf(buf, sizeof(buf), "differs from libselinux's '%s'", ref);
	}
	return buf;
}

static void test_precedence(void)
{
	struct pol_err err;
	char *fc = write_file("fc",
			      "# comment\n"
			      "\n"
			      "/srv(/.*)?\t\tu:r:srv_t:s0\n"
			      "/srv/www(/.*)?\t\tu:r:www_t:s0\n"
			      "/srv/www/cgi\t-d\tu:r:cgi_dir_t:s0\n"
			      "/srv/www/[^/]+\\.sock\t-s\tu:r:sock_t:s0\n"
			      "/srv/www/private(/.*)?\t<<none>>\n"
			      "/srv/exact\t\tu:r:exact_t:s0\n"
			      "/srv/ex.*\t\tu:r:regex_t:s0\n"
			      "/opt/a|/srv/alt/.*\tu:r:alt_t:s0\n");
	char *local = write_file("fc.local", "/srv/www/local\tu:r:local_t:s0\n/srv/www/cgi(/.*)?\tu:r:cgi_local_t:s0\n");
	char *subs = write_file("fc.subs", "/web /srv/www\n/data/www /srv/www\n");
	struct pol_label_specs *s = open_specs(fc, &err);

	ok(s != NULL, "a spec file with .local and .subs loads");
	if (!s) {
		pol_err_print(&err, stdout, "#");
		return;
	}
	ok(pol_label_specs_open(fc, POL_LABEL_ENGINE_SELABEL, 0, &reference, &err) == 0,
	   "libselinux loads it too");
	ok(pol_label_specs_count(s) == 10, "every line became a spec (%zu)", pol_label_specs_count(s));
	is_str(lookup(s, "/srv/x", S_IFREG), "u:r:srv_t:s0", "a later regex wins over an earlier one");
	is_str(lookup(s, "/srv/www/index.html", S_IFREG), "u:r:www_t:s0", "the more specific line comes later and wins");
	is_str(lookup(s, "/srv/www/cgi", S_IFREG), "u:r:cgi_local_t:s0", ".local comes after the base file");
	is_str(lookup(s, "/srv/www/cgi", S_IFDIR), "u:r:cgi_dir_t:s0",
	       "but an exact path of the base file beats a regex of .local");
	is_str(lookup(s, "/srv/www/a.sock", S_IFSOCK), "u:r:sock_t:s0", "a typed spec matches its type");
	is_str(lookup(s, "/srv/www/a.sock", S_IFREG), "u:r:www_t:s0", "and not another type");
	is_str(lookup(s, "/srv/www/a.sock", 0), "u:r:sock_t:s0", "type 0 matches any spec");
	is_str(lookup(s, "/srv/www/private/key", S_IFREG), "<<none>>", "<<none>> means no label");
	is_str(lookup(s, "/srv/exact", S_IFREG), "u:r:exact_t:s0", "an exact path beats a later regex");
	is_str(lookup(s, "/srv/exact\n", S_IFREG), "u:r:exact_t:s0", "'$' matches before a final newline, as in libselinux");
	is_str(lookup(s, "/srv/exactly", S_IFREG), "u:r:regex_t:s0", "the regex catches the rest");
	is_str(lookup(s, "/srv//www///x/", S_IFREG), "u:r:www_t:s0", "repeated and trailing slashes are ignored");
	is_str(lookup(s, "/web/index.html", S_IFREG), "u:r:www_t:s0", ".subs rewrites the key");
	is_str(lookup(s, "/web", S_IFDIR), "u:r:www_t:s0", "a .subs source matches a whole path");
	is_str(lookup(s, "/webby", S_IFDIR), "<<none>>", "but only at a component boundary");
	is_str(lookup(s, "/data/www/local", S_IFREG), "u:r:local_t:s0", "the last .subs line is tried first");
	is_str(lookup(s, "/opt/a/b/c", S_IFREG), "u:r:alt_t:s0", "a top-level '|' splits the anchors, as in libselinux");
	is_str(lookup(s, "/elsewhere", S_IFREG), "<<none>>", "no spec, no label");

	struct pol_label_match m;

	ok(pol_label_lookup(s, "/srv/www/cgi/x", S_IFDIR, &m) == 0 && m.line == 2 &&
		   strstr(m.file, "fc.local") && strcmp(m.regex, "/srv/www/cgi(/.*)?") == 0,
	   "a match names its file and line");
	pol_label_match_release(&m);
	pol_label_specs_free(s);
	pol_label_specs_free(reference);
	reference = NULL;
	pol_err_release(&err);
	unlink(local);
	unlink(subs);
	free(local);
	free(subs);
	free(fc);
}

static void expect_error(const char *text, const char *want, const char *what)
{
	struct pol_err err;
	char *fc = write_file("bad", text);
	struct pol_label_specs *s = open_specs(fc, &err);
	char *got = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&got, &len);

	pol_err_print(&err, mem, "t");
	fclose(mem);
	ok(s == NULL && strstr(got, want) != NULL, "%s", what);
	if (!s && !strstr(got, want))
		printf("#   got '%s'\n#  want '%s'\n", got, want);
	pol_label_specs_free(s);
	pol_err_release(&err);
	free(got);
	unlink(fc);
	free(fc);
}

static void test_bad_specs(void)
{
	expect_error("/a u:r:t:s0\n/b(\tu:r:t:s0\n", "bad:2:4: error: invalid regex '/b('",
		     "an invalid regex is reported at its line and column");
	expect_error("/a -x u:r:t:s0\n", "bad:1:4: error: invalid file type '-x'",
		     "an invalid file type is reported");
	expect_error("\n  /a\n", "bad:2:3: error: spec '/a' has no context", "a missing context is reported");
	expect_error("/a\xc3\xa9 u:r:t:s0\n", "bad:1:3: error: non-ASCII", "non-ASCII characters are refused");
	expect_error("/a u:r:t:s0\n/a u:r:u:s0\n", "bad:2:1: error: multiple different specifications for '/a'",
		     "duplicate specs are refused, as setfiles refuses them");
}

/* One line through the .fc reader, as "problem col path|type|context". */
static void fc_line(const char *text, unsigned int flags, const char *want, const char *what)
{
	struct pol_fc_reader r;
	struct pol_fc_line l;
	char got[256] = "none";

	pol_fc_reader_init(&r, "x.fc", text, strlen(text), flags);
	if (pol_fc_reader_next(&r, &l) == 0)
		snprintf(got, sizeof(got), "%d %u %s:%u %.*s|%.*s|%.*s|%s", (int)l.problem,
			 l.problem_col, l.file, l.line, (int)l.path.len, l.path.p, (int)l.type.len,
			 l.type.p ? l.type.p : "", (int)l.context.len,
			 l.context.p ? l.context.p : "", l.ftype ? l.ftype->cil : "any");
	pol_fc_reader_release(&r);
	is_str(got, want, "%s", what);
}

static void test_fc_reader(void)
{
	fc_line("# c\n\n  /a\t-d  u:r:t:s0\n", 0, "0 0 x.fc:3 /a|-d|u:r:t:s0|dir",
		"comments and blank lines are skipped, the type is read");
	fc_line("/a u:r:t\n", 0, "0 0 x.fc:1 /a||u:r:t|any", "a line without a file type");
	fc_line("#line 40 \"m.fc\"\n/a u:r:t\n", POL_FC_MARKERS, "0 0 m.fc:40 /a||u:r:t|any",
		"a marker moves the line and names the file");
	fc_line("#line 40 \"m.fc\"\n/a u:r:t\n", 0, "0 0 x.fc:2 /a||u:r:t|any",
		"without POL_FC_MARKERS a marker is a comment");
	fc_line("/a\n", 0, "1 1 x.fc:1 /a|||any", "a path alone has no context");
	fc_line("/a -d u:r:t extra\n", 0, "2 13 x.fc:1 /a|-d|u:r:t|dir",
		"a word after the context is an error");
	fc_line("/a -d u:r:t extra\n", POL_FC_EXTRA_OK, "0 0 x.fc:1 /a|-d|u:r:t|dir",
		"or ignored as libselinux ignores it");
	fc_line("/a -x u:r:t\n", 0, "3 4 x.fc:1 /a|-x|u:r:t|any", "an unknown file type");
	fc_line("/\xc3\xa9 u:r:t\n", POL_FC_ASCII, "4 2 x.fc:1 /\xc3\xa9||u:r:t|any",
		"a non-ASCII byte, with POL_FC_ASCII");
	ok(pol_fc_type_by_mode(S_IFLNK) && strcmp(pol_fc_type_by_mode(S_IFLNK)->flag, "-l") == 0 &&
	       strcmp(pol_fc_type_by_class("sock_file")->flag, "-s") == 0 &&
	       !pol_fc_type_by_flag("-", 1) && pol_fc_type_by_flag("--", 2)->mode == S_IFREG,
	   "one file type table: flags, modes and classes");
}

static void test_decide(void)
{
	struct pol_label_types *t;
	struct pol_err err;
	char *cust = write_file("customizable_types", "httpd_user_content_t\npublic_content_t\n");
	char *n = NULL;

	pol_err_init(&err);
	ok(pol_label_types_open(cust, &t, &err) == 0, "customizable_types loads");
	ok(pol_label_decide(NULL, "u:r:t:s0", false, t, &n) == POL_LABEL_SET && strcmp(n, "u:r:t:s0") == 0,
	   "an unlabeled file gets the whole spec context");
	free(n);
	ok(pol_label_decide("u:r:t:s0", "u:r:t:s0", false, t, &n) == POL_LABEL_SAME, "equal labels stay");
	ok(pol_label_decide("a:b:t:s0", "u:r:t:s0", false, t, &n) == POL_LABEL_SAME_TYPE,
	   "without force, the same type is enough");
	ok(pol_label_decide("a:b:x_t:s0:c1", "u:r:t:s0", false, t, &n) == POL_LABEL_SET &&
		   strcmp(n, "a:b:t:s0:c1") == 0,
	   "without force only the type changes");
	free(n);
	ok(pol_label_decide("a:b:x_t", "u:r:t:s0", false, t, &n) == POL_LABEL_SET && strcmp(n, "a:b:t") == 0,
	   "a label without a range keeps none");
	free(n);
	ok(pol_label_decide("a:b:public_content_t:s0", "u:r:t:s0", false, t, &n) == POL_LABEL_CUSTOMIZED,
	   "a customizable type stays without force");
	ok(pol_label_decide("a:b:public_content_t:s0", "u:r:t:s0", true, t, &n) == POL_LABEL_SET &&
		   strcmp(n, "u:r:t:s0") == 0,
	   "force replaces everything");
	free(n);
	ok(pol_label_decide("garbage", "u:r:t:s0", false, t, &n) == POL_LABEL_BAD_CONTEXT,
	   "a label that is no context cannot have its type changed");
	ok(pol_label_decide("garbage", "u:r:t:s0", true, t, &n) == POL_LABEL_SET, "but force replaces it");
	free(n);
	ok(pol_label_decide("a:b:c:d:e:f:g", "u:r:t:s0", false, t, &n) == POL_LABEL_BAD_CONTEXT,
	   "more than five colons is no context (context_new)");
	ok(pol_label_decide("a:b:", "u:r:t:s0", false, t, &n) == POL_LABEL_BAD_CONTEXT,
	   "a context ending after its role is no context");
	ok(pol_label_decide("a:b::", "u:r:t:s0", false, t, &n) == POL_LABEL_SET &&
	       strcmp(n, "a:b:t") == 0,
	   "an empty type and an empty range: the type set, no range kept");
	free(n);
	ok(pol_label_decide("a:b:x_t:", "u:r:t:s0", false, t, &n) == POL_LABEL_SET &&
	       strcmp(n, "a:b:t") == 0,
	   "an empty range is none");
	free(n);
	pol_label_types_free(t);
	ok(pol_label_types_open("/nonexistent/customizable_types", &t, &err) == 0 &&
		   !pol_label_types_has(t, "public_content_t", 16),
	   "a missing customizable_types file is an empty set");
	pol_label_types_free(t);
	pol_err_release(&err);
	unlink(cust);
	free(cust);
}

static void test_paths(void)
{
	struct pol_err err;
	char *p = NULL;

	pol_err_init(&err);
	ok(pol_label_customizable_path("/etc/selinux/mls/contexts/files/file_contexts", &p, &err) == 0 &&
		   strcmp(p, "/etc/selinux/mls/contexts/customizable_types") == 0,
	   "customizable_types sits beside the spec's contexts/files");
	free(p);
	setenv("SEKIT_SELINUX_DIR", dir, 1);
	free(write_file("config", "SELINUX=permissive\nSELINUXTYPE=lab\n"));
	ok(pol_label_system_spec_path(&p, &err) == 0 && strstr(p, "/lab/contexts/files/file_contexts"),
	   "the system's spec comes from SEKIT_SELINUX_DIR/config");
	free(p);
	ok(pol_label_customizable_path("/tmp/my.fc", &p, &err) == 0 &&
		   strstr(p, "/lab/contexts/customizable_types"),
	   "another spec uses the system's customizable types, as setfiles does");
	free(p);
	ok(pol_label_canonical_path("/tmp/../tmp/nonexistent-leaf", &p) == 0 &&
		   strcmp(p, "/tmp/nonexistent-leaf") == 0,
	   "the directory part is resolved, the last component kept");
	free(p);
	ok(pol_label_canonical_path("/", &p) == 0 && strcmp(p, "/") == 0, "/ stays /");
	free(p);
	pol_err_release(&err);
}

static void digest_hex(const struct pol_label_specs *s, const char *path, char *hex)
{
	unsigned char d[POL_LABEL_DIGEST_LEN];
	int rc = pol_label_dir_digest(s, path, d);

	if (rc <= 0) {
		sprintf(hex, "none (%d)", rc);
		return;
	}
	for (int i = 0; i < POL_LABEL_DIGEST_LEN; i++)
		sprintf(hex + 2 * i, "%02x", d[i]);
}

/* Directory digests (security.sehash) against libselinux's own. */
static void test_digests(const char *fc, const char *const *dirs, const char *what)
{
	struct pol_label_specs *native = NULL, *ref = NULL;
	struct pol_err err;
	int same = 0, n = 0, some = 0;

	pol_err_init(&err);
	if (pol_label_specs_open(fc, POL_LABEL_ENGINE_NATIVE, 0, &native, &err) < 0 ||
	    pol_label_specs_open(fc, POL_LABEL_ENGINE_SELABEL, 0, &ref, &err) < 0) {
		ok(0, "%s: the spec file loads", what);
		goto out;
	}
	for (; *dirs; dirs++) {
		char a[64], b[64];

		digest_hex(native, *dirs, a);
		digest_hex(ref, *dirs, b);
		n++;
		same += strcmp(a, b) == 0;
		some += strncmp(a, "none", 4) != 0;
		if (strcmp(a, b) != 0)
			printf("# %s: %s, libselinux %s\n", *dirs, a, b);
	}
	ok(same == n && some > 0, "%s: directory digests equal libselinux's (%d of %d)", what, same, n);
out:
	pol_label_specs_free(native);
	pol_label_specs_free(ref);
	pol_err_release(&err);
}

int main(void)
{
	if (!mkdtemp(dir))
		return 1;
	test_precedence();
	test_bad_specs();
	test_fc_reader();
	test_decide();
	test_paths();
	{
		static const char *const dirs[] = {
			"/", "/srv", "/srv/www", "/srv/www/cgi", "/srv/www/private", "/srv/exact",
			"/srv/ex", "/opt", "/opt/a", "/web", "/data/www", "/elsewhere", "//srv//www/",
			NULL,
		};
		char *fc = write_file("dfc", "/srv(/.*)?\tu:r:srv_t:s0\n"
					    "/srv/www(/.*)?\tu:r:www_t:s0\n"
					    "/srv/www/cgi\t-d\tu:r:cgi_dir_t:s0\n"
					    "/srv/www/private(/.*)?\t<<none>>\n"
					    "/srv/exact\t\tu:r:exact_t:s0\n"
					    "/srv/ex.*\t\tu:r:regex_t:s0\n"
					    "/opt/a|/srv/alt/.*\tu:r:alt_t:s0\n");
		char *subs = write_file("dfc.subs", "/web /srv/www\n");

		test_digests(fc, dirs, "handmade specs");
		free(fc);
		free(subs);
	}
	{
		static const char *const dirs[] = {
			"/", "/usr", "/usr/bin", "/usr/lib", "/usr/lib/systemd/system", "/etc",
			"/etc/selinux", "/var", "/var/www", "/var/lib/mysql", "/var/log", "/home",
			"/home/user", "/home/user/.ssh", "/root", "/tmp", "/srv", "/opt", "/lib64",
			"/bin", "/dev", "/proc", "/run/user", "/var/run", "/nonexistent/dir", NULL,
		};
		const char *fc = "/etc/selinux/default/contexts/files/file_contexts";

		if (access(fc, R_OK) == 0)
			test_digests(fc, dirs, "Debian's file_contexts");
		else
			skip(1, "no Debian file_contexts");
	}
	char *cmd;

	if (asprintf(&cmd, "rm -rf '%s'", dir) > 0) {
		if (system(cmd) != 0)
			printf("# could not remove %s\n", dir);
		free(cmd);
	}
	return tap_done();
}
