/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests of libpolicy/util. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util/array.h"
#include "util/atomic.h"
#include "util/buf.h"
#include "util/context.h"
#include "util/err.h"
#include "util/hash.h"
#include "util/json.h"
#include "util/linemark.h"
#include "util/progress.h"
#include "util/quote.h"
#include "util/regex.h"
#include "util/suggest.h"

#include "tap.h"

static void test_err(void)
{
	struct pol_err err;
	char *text = NULL;
	size_t len = 0;
	FILE *mem;

	pol_err_init(&err);
	ok(pol_err_set(&err, POL_ENOTFOUND, "unknown type '%s'", "foo_t") == POL_ENOTFOUND,
	   "pol_err_set returns its code");
	pol_err_add(&err, POL_SEV_ERROR, POL_EINVAL, "web.te", 42, 17, "bad %s", "thing");
	pol_err_add(&err, POL_SEV_NOTE, POL_EINVAL, NULL, 0, 0, "did you mean 'x'?");
	ok(err.count == 3 && pol_err_errors(&err) == 2, "errors and notes are counted apart");
	mem = open_memstream(&text, &len);
	pol_err_print(&err, mem, "tool");
	fclose(mem);
	is_str(text,
	       "tool: unknown type 'foo_t'\n"
	       "web.te:42:17: error: bad thing\n"
	       "tool: note: did you mean 'x'?\n",
	       "diagnostics print as 'tool: msg' and 'file:line:col: error: msg'");
	free(text);
	pol_err_release(&err);
	ok(pol_err_set(NULL, -ENOENT, "ignored") == -ENOENT,
	   "a NULL pol_err only returns the code");
	is_str(pol_strerror(-ENOENT), strerror(ENOENT), "pol_strerror names errno values");
	is_str(pol_strerror(POL_EREGEX), "invalid regular expression",
	       "pol_strerror names our codes");
}

static void test_buf(void)
{
	struct pol_buf b = POL_BUF_INIT;
	char *s;

	is_str(pol_buf_str(&b), "", "an empty buffer reads as an empty string");
	for (int i = 0; i < 1000; i++)
		pol_buf_printf(&b, "%d,", i);
	ok(b.len == 3890 && !b.failed, "a buffer grows to hold everything appended");
	ok(strncmp(pol_buf_str(&b), "0,1,2,", 6) == 0 && b.data[b.len] == '\0',
	   "the content stays NUL-terminated");
	s = pol_buf_detach(&b);
	ok(b.data == NULL && b.len == 0 && strlen(s) == 3890, "detach hands over the string");
	free(s);
	/* len + extra + 1 wraps to 2: the buffer must not take it for room */
	pol_buf_puts(&b, "abc");
	pol_buf_add(&b, "", SIZE_MAX - 2);
	ok(b.failed && b.len == 3 && strcmp(b.data, "abc") == 0,
	   "a length that overflows fails the buffer and leaves it alone");
	pol_buf_release(&b);
}

static void test_array(void)
{
	size_t alloc = 0, n = 0;
	int *v = NULL;
	bool kept = true;

	for (int i = 0; i < 1000; i++) {
		if (POL_ARRAY_GROW(v, n + 1, alloc) < 0)
			break;
		v[n++] = i;
	}
	for (size_t i = 0; i < n; i++)
		kept = kept && v[i] == (int)i;
	ok(n == 1000 && alloc >= 1000 && kept, "an array grows and keeps its elements");
	ok(POL_ARRAY_GROW(v, 10, alloc) == 0, "asking for less than the room is a no-op");
	ok(POL_ARRAY_GROW(v, SIZE_MAX / 2, alloc) == -ENOMEM && alloc >= 1000 && v[999] == 999,
	   "a size that overflows is -ENOMEM and leaves the array alone");
	free(v);
}

/* A huge unknown name costs each candidate its own length, not the
 * name's: 2,000 candidates against 10 MB took 35 s (issue 22 item 7). */
struct item {
	int key;
	struct pol_hash_entry entry;
};

static int freed;

static void free_item(struct pol_hash_entry *e)
{
	free(pol_hash_item(e, struct item, entry));
	freed++;
}

static const struct item *find_item(const struct pol_hash *h, int key)
{
	uint32_t hash = pol_hash_bytes(&key, sizeof(key));

	for (const struct pol_hash_entry *e = pol_hash_chain(h, hash); e; e = e->next) {
		const struct item *it = pol_hash_item(e, struct item, entry);

		if (e->hash == hash && it->key == key)
			return it;
	}
	return NULL;
}

/* entries found again after the table grew, absent keys absent, every
 * entry freed once; the hash's low bits spread consecutive keys */
static void test_hash(void)
{
	struct pol_hash h;
	size_t found = 0, absent = 0, used = 0;

	ok(pol_hash_init(&h, 4) == 0 && h.nslots == 4 && h.n == 0, "hash: an empty table");
	for (int k = 0; k < 1000; k++) {
		struct item *it = malloc(sizeof(*it));

		if (!it)
			break;
		it->key = k;
		pol_hash_add(&h, &it->entry, pol_hash_bytes(&k, sizeof(k)));
	}
	for (int k = 0; k < 2000; k++) {
		const struct item *it = find_item(&h, k);

		found += it && it->key == k;
		absent += k >= 1000 && !it;
	}
	ok(h.n == 1000 && h.n <= 2 * h.nslots && found == 1000 && absent == 1000,
	   "hash: 1000 entries found again in %zu slots, 1000 others not found", h.nslots);
	for (size_t i = 0; i < h.nslots; i++)
		used += h.slots[i] != NULL;
	ok(used > h.nslots / 2, "hash: consecutive keys fill %zu of %zu slots", used, h.nslots);
	pol_hash_clear(&h, free_item);
	ok(freed == 1000 && h.n == 0 && h.nslots > 4 && !find_item(&h, 5),
	   "hash: clear frees each entry once and keeps the slots");
	pol_hash_release(&h, free_item);
	ok(!h.slots && !h.nslots && freed == 1000, "hash: release frees the slots");
	ok(pol_hash_bytes("abc", 3) != pol_hash_bytes("abd", 3) &&
	       pol_hash_bytes("", 0) == pol_hash_bytes("", 0),
	   "hash: the bytes decide the hash");
}

/* the fields as "user|role|type|range" (range "-" when absent) */
static void test_context_split(void)
{
	static const struct {
		const char *in, *want;
		int n;
	} cases[] = {
	    {"u:r:t:s0-s1:c0.c3", "u|r|t|s0-s1:c0.c3", 4},
	    {"u:r:t", "u|r|t|-", 3},
	    {"u:r:t:", "u|r|t|", 4},
	    {"u:r", "u|r||-", 2},
	    {"u", "u|||-", 1},
	    {"", "|||-", 1},
	    {"::", "|||-", 3},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct pol_context_parts p;
		int n = pol_context_split(cases[i].in, &p);
		char got[128];

		snprintf(got, sizeof(got), "%.*s|%.*s|%.*s|%.*s", (int)p.user_len, p.user,
			 (int)p.role_len, p.role, (int)p.type_len, p.type,
			 p.range ? (int)p.range_len : 1, p.range ? p.range : "-");
		is_str(got, cases[i].want, "context split '%s'", cases[i].in);
		ok(n == cases[i].n, "context split '%s': %d fields", cases[i].in, n);
	}
}

static void test_suggest_bounded(void)
{
	size_t len = 10 << 20;
	char *want = malloc(len + 1), name[32];
	struct timespec t0, t1;
	struct pol_suggest s;
	const char *out[3];
	double secs;

	if (!want) {
		skip(1, "no memory");
		return;
	}
	memset(want, 'x', len);
	want[len] = '\0';
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pol_suggest_init(&s, want);
	for (int i = 0; i < 2000; i++) {
		snprintf(name, sizeof(name), "xxxx%d_t", i);
		pol_suggest_offer(&s, name);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	ok(pol_suggest_result(&s, out) == 0 && secs < 1.0,
	   "a 10 MB name against 2,000 candidates: nothing suggested, in %.2f s", secs);
	free(want);
}

static void test_suggest(void)
{
	static const char *const names[] = {"httpd_t", "httpd_exec_t", "http_port_t", "sshd_t",
					    NULL};
	struct pol_suggest s;
	const char *best[3];
	size_t n;

	ok(pol_edit_distance("httpd_t", "htpd_t", 3) == 1, "a dropped letter is one edit");
	ok(pol_edit_distance("httpd_t", "htptd_t", 3) == 1, "swapped letters are one edit");
	ok(pol_edit_distance("abc", "xyzxyz", 2) == 3, "the distance is capped at limit + 1");
	pol_suggest_init(&s, "htpd_t");
	for (int i = 0; names[i]; i++)
		pol_suggest_offer(&s, names[i]);
	n = pol_suggest_result(&s, best);
	ok(n >= 1 && strcmp(best[0], "httpd_t") == 0, "the closest name comes first");
	pol_suggest_init(&s, "htpd_t");
	pol_suggest_offer(&s, "ftpd_t");
	pol_suggest_offer(&s, "ntpd_t");
	pol_suggest_offer(&s, "httpd_t");
	n = pol_suggest_result(&s, best);
	ok(n == 3 && strcmp(best[0], "httpd_t") == 0,
	   "among equally close names, the one sharing the longest start comes first");
	pol_suggest_init(&s, "reed");
	for (int i = 0; i < 5; i++)
		pol_suggest_offer(&s, "read");
	ok(pol_suggest_result(&s, best) == 1, "a name offered many times is suggested once");
	pol_suggest_init(&s, "fil");
	pol_suggest_offer(&s, "blk_file");
	pol_suggest_offer(&s, "chr_file");
	pol_suggest_offer(&s, "fifo_file");
	pol_suggest_offer(&s, "file");
	n = pol_suggest_result(&s, best);
	ok(n == 3 && strcmp(best[0], "file") == 0, "a real typo ranks before a mere substring");
	pol_suggest_init(&s, "zzzzzzzz");
	for (int i = 0; names[i]; i++)
		pol_suggest_offer(&s, names[i]);
	ok(pol_suggest_result(&s, best) == 0, "nothing is suggested for an unrelated name");
	pol_suggest_init(&s, "sshd");
	pol_suggest_offer(&s, "sshd_devpts_t");
	pol_suggest_offer(&s, "sshd_exec_t");
	pol_suggest_offer(&s, "sshd_key_t");
	pol_suggest_offer(&s, "sshd_t");
	pol_suggest_offer(&s, "ssh");
	n = pol_suggest_result(&s, best);
	ok(n == 3 && strcmp(best[0], "sshd_t") == 0 && strcmp(best[1], "sshd_key_t") == 0,
	   "a missing naming suffix comes first, the shortest completion before longer ones");
	pol_suggest_init(&s, "init");
	pol_suggest_offer(&s, "init_linkable_keyring_type");
	pol_suggest_offer(&s, "init_exec_t");
	pol_suggest_offer(&s, "initrc_t");
	pol_suggest_offer(&s, "init_t");
	n = pol_suggest_result(&s, best);
	ok(n == 3 && strcmp(best[0], "init_t") == 0 && strcmp(best[1], "init_exec_t") == 0,
	   "'init' suggests init_t, then init_exec_t");
	pol_suggest_init(&s, "staff");
	pol_suggest_offer(&s, "staff_u");
	pol_suggest_offer(&s, "sysadm_u");
	ok(pol_suggest_result(&s, best) == 1 && strcmp(best[0], "staff_u") == 0,
	   "a missing _u is suggested");
	pol_suggest_init(&s, "raed");
	pol_suggest_offer(&s, "getattr");
	pol_suggest_offer(&s, "read");
	ok(pol_suggest_result(&s, best) == 1 && strcmp(best[0], "read") == 0,
	   "a transposition is suggested");
}

static void test_suggest_phrase(void)
{
	static const char *const names[] = {"a", "b", "c", "d"};
	char buf[POL_SUGGEST_PHRASE_MAX];
	struct pol_suggest s;
	struct pol_err err;

	is_str(pol_suggest_phrase(buf, sizeof(buf), names, 0), "", "no names, no phrase");
	is_str(pol_suggest_phrase(buf, sizeof(buf), names, 1), "did you mean 'a'?", "one name");
	is_str(pol_suggest_phrase(buf, sizeof(buf), names, 2), "did you mean 'a' or 'b'?",
	       "two names");
	is_str(pol_suggest_phrase(buf, sizeof(buf), names, 4), "did you mean 'a', 'b' or 'c'?",
	       "three names at the most");
	is_str(pol_suggest_phrase(buf, 10, names, 3), "did you m",
	       "a small buffer cuts the phrase");
	pol_err_init(&err);
	pol_suggest_init(&s, "zzzz");
	pol_suggest_offer(&s, "read");
	ok(pol_suggest_note(&s, &err, POL_ENOTFOUND, NULL, 0, 0) == 0 && err.count == 0,
	   "no candidate, no note");
	pol_suggest_init(&s, "flie");
	pol_suggest_offer(&s, "file");
	ok(pol_suggest_note(&s, &err, POL_ENOTFOUND, "x.te", 3, 7) == 1 && err.count == 1 &&
	       err.diags[0].severity == POL_SEV_NOTE && err.diags[0].line == 3 &&
	       err.diags[0].col == 7,
	   "the note is located");
	is_str(err.count ? err.diags[0].message : "", "did you mean 'file'?", "the note's wording");
	pol_err_release(&err);
}

static void test_regex(void)
{
	struct pol_regex *re;
	struct pol_err err;

	pol_err_init(&err);
	ok(pol_regex_compile("^http", &re, &err) == 0, "a regex compiles");
	ok(pol_regex_search(re, "httpd_t", &err) == 1 &&
	       pol_regex_search(re, "xhttpd_t", &err) == 0,
	   "anchors are honoured");
	pol_regex_free(re);
	ok(pol_regex_compile("pd_", &re, &err) == 0 && pol_regex_search(re, "httpd_t", &err) == 1,
	   "search is unanchored, as Python's re.search");
	pol_regex_free(re);
	ok(pol_regex_compile("\\d+_t$", &re, &err) == 0 && pol_regex_search(re, "x86_t", &err) == 1,
	   "Python escapes such as \\d work");
	pol_regex_free(re);
	ok(pol_regex_compile("(unclosed", &re, &err) == POL_EREGEX && err.count == 1,
	   "an invalid regex is an error with a reason");
	pol_err_clear(&err);
	ok(pol_regex_compile("^(\\w+)+\\W", &re, &err) == 0 &&
	       pol_regex_search(re, "a_very_long_type_name_for_backtracking_t", &err) ==
		   POL_EREGEX &&
	       err.count == 1,
	   "a match limit hit is an error, not \"no match\"");
	pol_regex_free(re);
	pol_err_release(&err);
}

/* An output onto an input is refused whatever name leads to it. */
static void test_refuse_inputs(const char *dir)
{
	char in[256], sym[256], hard[256], other[256];
	const char *inputs[3] = {NULL, other, in};
	struct pol_err err;
	FILE *fp;
	int saved;

	pol_err_init(&err);
	snprintf(in, sizeof(in), "%s/in", dir);
	snprintf(sym, sizeof(sym), "%s/link", dir);
	snprintf(hard, sizeof(hard), "%s/hard", dir);
	snprintf(other, sizeof(other), "%s/other", dir);
	fp = fopen(in, "w");
	if (fp)
		fclose(fp);
	ok(pol_atomic_refuse_inputs(in, inputs, 3, &err) == POL_EINVAL && err.count == 1 &&
	       strstr(err.diags[0].message, "over the input"),
	   "an output named as an input is refused");
	ok(symlink("in", sym) == 0 && pol_atomic_refuse_inputs(sym, inputs, 3, NULL) == POL_EINVAL,
	   "an output through a symlink to an input is refused");
	ok(link(in, hard) == 0 && pol_atomic_refuse_inputs(hard, inputs, 3, NULL) == POL_EINVAL,
	   "an output that is a hard link of an input is refused");
	ok(pol_atomic_refuse_inputs(other, inputs, 3, NULL) == 0 &&
	       pol_atomic_refuse_inputs(in, inputs, 2, NULL) == 0,
	   "an output that is no input is accepted");
	saved = dup(1);
	fflush(stdout);
	fp = fopen(in, "a");
	ok(saved >= 0 && fp && dup2(fileno(fp), 1) == 1 &&
	       pol_atomic_refuse_inputs("-", inputs, 3, NULL) == POL_EINVAL &&
	       pol_atomic_refuse_inputs("/dev/stdout", inputs, 3, NULL) == POL_EINVAL,
	   "standard output appending to an input is refused");
	if (saved >= 0) {
		dup2(saved, 1);
		close(saved);
	}
	if (fp)
		fclose(fp);
	ok(pol_atomic_refuse_inputs("-", inputs, 3, NULL) == 0 &&
	       pol_atomic_refuse_inputs("/dev/null", (const char *[]){"/dev/null"}, 1, NULL) == 0,
	   "a device or pipe that is also an input is written");
	unlink(in);
	unlink(sym);
	unlink(hard);
	pol_err_release(&err);
}

/* Whether the file at path holds the one line want. */
static bool file_is(const char *path, const char *want)
{
	char content[64] = "";
	FILE *fp = fopen(path, "r");
	bool same = fp && fgets(content, sizeof(content), fp) && strcmp(content, want) == 0;

	if (fp)
		fclose(fp);
	return same;
}

/* pol_atomic_open_new(): a name taken before the open or before the
 * commit is never overwritten, nor is a temporary file left. */
static void test_atomic_new(const char *dir)
{
	char path[256], other[300];
	struct pol_atomic *a;
	struct pol_err err;
	FILE *fp;

	pol_err_init(&err);
	snprintf(path, sizeof(path), "%s/new.pp", dir);
	ok(pol_atomic_open_new(path, &a, &fp, &err) == 0 && fputs("one\n", fp) >= 0 &&
	       pol_atomic_commit(a, &err) == 0,
	   "a new file is published");
	ok(pol_atomic_open_new(path, &a, &fp, &err) == -EEXIST && err.count == 1,
	   "an existing name is refused at the open");
	snprintf(other, sizeof(other), "%s/dangling", dir);
	ok(symlink("nowhere", other) == 0 && pol_atomic_open_new(other, &a, &fp, &err) == -EEXIST,
	   "a dangling symlink is refused, never followed");
	unlink(other);
	unlink(path);
	ok(pol_atomic_open_new(path, &a, &fp, &err) == 0 && fputs("two\n", fp) >= 0, "reopened");
	fp = fopen(path, "w");
	if (fp) {
		fputs("theirs\n", fp);
		fclose(fp);
	}
	ok(pol_atomic_commit(a, &err) == -EEXIST, "a name taken before the commit is refused");
	ok(file_is(path, "theirs\n"), "and the file that took it is untouched");
	unlink(path);
	pol_err_release(&err);
}

static void test_atomic(void)
{
	char dir[] = "/tmp/sekit-unit-XXXXXX";
	char path[256], content[64] = "";
	struct pol_atomic *a;
	struct pol_err err;
	FILE *fp;

	pol_err_init(&err);
	if (!mkdtemp(dir)) {
		skip(4, "no temporary directory");
		return;
	}
	snprintf(path, sizeof(path), "%s/out.txt", dir);
	fp = fopen(path, "w");
	fputs("old\n", fp);
	fclose(fp);

	ok(pol_atomic_open(path, &a, &fp, &err) == 0, "atomic output opens");
	fputs("new\n", fp);
	pol_atomic_abort(a);
	ok(file_is(path, "old\n"), "an aborted write leaves the old file");

	ok(pol_atomic_open(path, &a, &fp, &err) == 0 && fputs("new\n", fp) >= 0 &&
	       pol_atomic_commit(a, &err) == 0,
	   "a committed write succeeds");
	ok(file_is(path, "new\n"), "a committed write replaces the file");
	unlink(path);
	snprintf(path, sizeof(path), "%s/missing-dir/out.txt", dir);
	ok(pol_atomic_open(path, &a, &fp, &err) == -ENOENT && err.count == 1,
	   "a missing directory is reported");

	/* a FIFO (like /dev/null or /dev/stdout) is written in place, not replaced */
	snprintf(path, sizeof(path), "%s/fifo", dir);
	if (mkfifo(path, 0600) == 0) {
		int rd = open(path, O_RDONLY | O_NONBLOCK);
		struct stat st;
		ssize_t n;

		ok(rd >= 0 && pol_atomic_open(path, &a, &fp, &err) == 0 &&
		       fputs("fifo\n", fp) >= 0 && pol_atomic_commit(a, &err) == 0,
		   "a FIFO output is written");
		n = rd >= 0 ? read(rd, content, sizeof(content) - 1) : -1;
		content[n > 0 ? n : 0] = '\0';
		ok(stat(path, &st) == 0 && S_ISFIFO(st.st_mode) && strcmp(content, "fifo\n") == 0,
		   "the FIFO stays a FIFO and got the data");
		if (rd >= 0)
			close(rd);
		unlink(path);
	} else {
		skip(2, "cannot make a FIFO");
	}
	ok(pol_atomic_open(dir, &a, &fp, &err) == -EISDIR, "a directory is refused");
	test_atomic_new(dir);
	test_refuse_inputs(dir);
	rmdir(dir);
	pol_err_release(&err);
}

static void test_progress(void)
{
	struct pol_progress p;
	char line[160];

	pol_progress_init(&p, stdout, "files", 1000, true);
	ok(!p.active, "progress is off when asked to be");
	p.start = 0;
	p.done = 250;
	pol_progress_format(&p, 10.0, line, sizeof(line));
	is_str(line, "250/1000 files (25%), 25/s, ETA 0m30s", "progress shows rate and ETA");
	p.total = 0;
	pol_progress_format(&p, 10.0, line, sizeof(line));
	is_str(line, "250 files, 25/s", "without a total there is no ETA");
}

static void test_json(void)
{
	struct json_object *doc = pol_json_document("sequery");
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	pol_json_add_str(doc, "path", "a\"b\\c/d");
	ok(pol_json_print(mem, doc, 0) == 0, "a JSON document prints");
	fclose(mem);
	is_str(text, "{\"format_version\":1,\"tool\":\"sequery\",\"path\":\"a\\\"b\\\\c/d\"}\n",
	       "JSON output carries format_version and escapes strings");
	free(text);
	json_object_put(doc);
}

static void test_json_helpers(void)
{
	static const char *const v[] = {"read", "write", NULL};
	struct json_object *o;
	struct pol_err err;

	o = pol_json_strv(v);
	is_str(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN), "[\"read\",\"write\"]",
	       "a string vector is an array");
	json_object_put(o);
	o = pol_json_strv(NULL);
	is_str(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN), "[]",
	       "no vector is an empty array");
	json_object_put(o);
	ok(pol_json_int_or_null(-1) == NULL && pol_json_bool_or_null(-1) == NULL,
	   "an unknown number or flag is null");
	o = pol_json_int_or_null(33);
	ok(json_object_get_int(o) == 33, "a known number is kept");
	json_object_put(o);
	ok(strcmp(pol_severity_name(POL_SEV_WARNING), "warning") == 0 &&
	       strcmp(pol_code_name(POL_ENOTFOUND), "POL_ENOTFOUND") == 0 &&
	       strcmp(pol_code_name(-ENOENT), "ENOENT") == 0 && !pol_code_name(0),
	   "severities and codes have names");
	pol_err_init(&err);
	pol_err_add(&err, POL_SEV_ERROR, POL_EFORMAT, "x.te", 3, 0, "bad");
	pol_err_set(&err, -ENOENT, "gone");
	o = pol_err_to_json(&err);
	is_str(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN),
	       "[{\"severity\":\"error\",\"code\":\"POL_EFORMAT\",\"file\":\"x.te\",\"line\":3,"
	       "\"column\":null,\"message\":\"bad\"},{\"severity\":\"error\",\"code\":\"ENOENT\","
	       "\"file\":null,\"line\":null,\"column\":null,\"message\":\"gone\"}]",
	       "diagnostics serialise to JSON");
	json_object_put(o);
	pol_err_release(&err);
}

static bool marker(const char *line, unsigned int want_line, const char *want_file)
{
	struct pol_line_marker m;

	if (!pol_line_marker_parse(line, line + strlen(line), &m))
		return false;
	if (m.line != want_line)
		return false;
	if (!want_file)
		return m.file == NULL;
	return m.file && m.file_len == strlen(want_file) &&
	       memcmp(m.file, want_file, m.file_len) == 0;
}

static void test_line_marker(void)
{
	ok(marker("#line 12", 12, NULL), "a marker without a file");
	ok(marker("  #line 3 \"a/b.te\"", 3, "a/b.te"), "a marker with a file, after blanks");
	ok(marker("#line\t7 \"x\"y\"", 7, "x\"y"), "the file runs to the last quote");
	ok(marker("#line 7 \"open", 7, "open"), "a file without its closing quote");
	ok(marker("#line 0", 1, NULL), "line 0 counts as line 1");
	ok(marker("#line 99999999999", 4294967294u, NULL), "a huge line number is clamped");
	ok(!marker("#line of text", 1, NULL) && !marker("#lines 3", 3, NULL) &&
	       !marker("#line5", 5, NULL) && !marker("# line 5", 5, NULL),
	   "a comment starting with #line is no marker");
}

static char *quoted(bool shell, const char *s)
{
	struct pol_buf b = POL_BUF_INIT;

	if (shell)
		pol_shell_quote(&b, s);
	else
		pol_escape(&b, s);
	return pol_buf_detach(&b);
}

static void test_quote(void)
{
	/* { input, pol_escape(), pol_shell_quote() } */
	static const char *const cases[][3] = {
	    {"/etc/passwd", "/etc/passwd", "'/etc/passwd'"},
	    {"", "", "''"},
	    {"/etc/a'; touch /tmp/x; echo '", "/etc/a'; touch /tmp/x; echo '",
	     "'/etc/a'\\''; touch /tmp/x; echo '\\'''"},
	    {"$(id) `id` \\ \"", "$(id) `id` \\ \"", "'$(id) `id` \\ \"'"},
	    {"a\033]0;x\007b", "a\\x1b]0;x\\x07b", "$'a\\x1b]0;x\\x07b'"},
	    {"x\n  fix: rm\r", "x\\x0a  fix: rm\\x0d", "$'x\\x0a  fix: rm\\x0d'"},
	    {"it's\t\\", "it's\\x09\\", "$'it\\x27s\\x09\\x5c'"},
	    {"\xff\xfe caf\xc3\xa9", "\\xff\\xfe caf\xc3\xa9", "$'\\xff\\xfe caf\xc3\xa9'"},
	    {"\xc2\x9b"
	     "31m \x7f \xc0\xaf \xed\xa0\x80",
	     "\\xc2\\x9b31m \\x7f \\xc0\\xaf \\xed\\xa0\\x80",
	     "$'\\xc2\\x9b31m \\x7f \\xc0\\xaf \\xed\\xa0\\x80'"},
	    {"\xf0\x9f\x98\x80 \xe2\x82", "\xf0\x9f\x98\x80 \\xe2\\x82",
	     "$'\xf0\x9f\x98\x80 \\xe2\\x82'"},
	};
	struct json_object *o;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *e = quoted(false, cases[i][0]), *q = quoted(true, cases[i][0]);

		is_str(e, cases[i][1], "escaped for a terminal: case %zu", i);
		is_str(q, cases[i][2], "quoted for the shell: case %zu", i);
		ok(!pol_needs_escape(e) && pol_utf8_valid(q), "case %zu: nothing left to escape",
		   i);
		free(e);
		free(q);
	}
	/* { bytes, pol_utf8_seq() }: controls count, invalid forms are 0 */
	static const struct {
		const char *s;
		size_t n;
	} seqs[] = {
	    {"a", 1},
	    {"\033", 1},
	    {"\xc2\x9b", 2},
	    {"\xc3\xa9x", 2},
	    {"\xe2\x82\xac", 3},
	    {"\xf0\x9f\x98\x80", 4},
	    {"", 0},
	    {"\x80", 0},
	    {"\xc0\xaf", 0},
	    {"\xe0\x9f\xbf", 0},
	    {"\xed\xa0\x80", 0},
	    {"\xf4\x90\x80\x80", 0},
	    {"\xe2\x82", 0},
	    {"\xf5\x80\x80\x80", 0},
	};
	for (size_t i = 0; i < sizeof(seqs) / sizeof(seqs[0]); i++)
		ok(pol_utf8_seq(seqs[i].s) == seqs[i].n, "a UTF-8 sequence's length: case %zu", i);
	o = pol_json_str("a\xff\033");
	is_str(json_object_get_string(o), "a\\xff\\x1b", "invalid UTF-8 never reaches JSON");
	json_object_put(o);
	o = pol_json_str("tab\there");
	is_str(json_object_get_string(o), "tab\there", "valid UTF-8 is kept for json-c to escape");
	json_object_put(o);
}

int main(void)
{
	test_err();
	test_line_marker();
	test_buf();
	test_array();
	test_hash();
	test_context_split();
	test_suggest();
	test_suggest_bounded();
	test_suggest_phrase();
	test_regex();
	test_atomic();
	test_progress();
	test_json();
	test_json_helpers();
	test_quote();
	return tap_done();
}
