// SPDX-License-Identifier: GPL-2.0-or-later
/* sestore apply's reader of `semanage export` lines: the changes each line
 * gives, and the location of each bad line's error. */
#include <string.h>

#include "store/apply.h"
#include "util/buf.h"
#include "util/err.h"

#include "tap.h"
#include "util.h"

static struct pol_store_changes *parse(const char *text, struct pol_err *err)
{
	struct pol_store_changes *c = NULL;

	pol_err_clear(err);
	if (pol_store_apply_parse("t.apply", text, strlen(text), &c, err))
		return NULL;
	return c;
}

#define F(ch, field) ((ch)->f[POL_STORE_APPLY_##field].str)

/* What semanage export printed for a store with one record of each kind. */
static const char export_text[] =
    "boolean -D\n"
    "login -D\n"
    "interface -D\n"
    "user -D\n"
    "port -D\n"
    "node -D\n"
    "fcontext -D\n"
    "module -D\n"
    "ibendport -D\n"
    "ibpkey -D\n"
    "permissive -D\n"
    "boolean -m -1 httpd_can_network_connect\n"
    "login -a -s user_u -r 's0' testlogin\n"
    "interface -a -t netif_t -r 's0' eth7\n"
    "user -a -L s0 -r s0 -R 'staff_r sysadm_r' test_u\n"
    "port -a -t http_port_t -p tcp 8081\n"
    "port -a -t http_port_t -r 's0' -p udp 9000-9010\n"
    "node -a -M 255.255.255.0 -p ipv4 -t node_t 10.0.0.0\n"
    "fcontext -a -f a -t httpd_sys_content_t -r 's0' '/srv/www(/.*)?'\n"
    "fcontext -a -f d -t httpd_sys_content_t '/srv/a b'\n"
    "fcontext -a -e /home /export/home\n"
    "module -d tftp\n"
    "permissive -a httpd_t\n";

static void test_export_lines(struct pol_err *err)
{
	struct pol_store_changes *c = parse(export_text, err);
	const struct pol_store_change *v;

	ok(c && c->n == 23, "every line of semanage export is one change");
	if (!c) {
		test_show_diags(err);
		return;
	}
	for (int k = 0; k < 11; k++)
		ok(c->v[k].op == POL_STORE_APPLY_DELETEALL, "%s -D is a purge",
		   pol_store_apply_kind_name(c->v[k].kind));
	ok(c->v[7].kind == POL_STORE_APPLY_MODULE, "the module purge is a module change");
	v = &c->v[11];
	ok(v->kind == POL_STORE_APPLY_BOOLEAN && v->op == POL_STORE_APPLY_MODIFY && v->value == 1,
	   "boolean -m -1 sets it on");
	is_str(F(v, NAME), "httpd_can_network_connect", "the boolean's name");
	v = &c->v[12];
	is_str(F(v, SEUSER), "user_u", "login -s");
	is_str(F(v, RANGE), "s0", "login -r without its quotes");
	v = &c->v[14];
	is_str(F(v, ROLES), "staff_r sysadm_r", "user -R keeps the roles in one value");
	is_str(F(v, LEVEL), "s0", "user -L");
	v = &c->v[15];
	ok(v->lo == 8081 && v->hi == 8081, "a single port is a range of one");
	is_str(F(v, PROTO), "tcp", "port -p");
	v = &c->v[16];
	ok(v->lo == 9000 && v->hi == 9010, "a port range LOW-HIGH");
	v = &c->v[17];
	is_str(F(v, MASK), "255.255.255.0", "node -M");
	is_str(F(v, NAME), "10.0.0.0", "node address");
	v = &c->v[18];
	is_str(F(v, NAME), "/srv/www(/.*)?", "a quoted regex comes back unquoted");
	is_str(F(v, FTYPE), "a", "fcontext -f");
	ok(v->line == 19 && v->col == 1, "a change knows its line");
	ok(v->f[POL_STORE_APPLY_TYPE].col == 21, "and the column of each value");
	is_str(F(&c->v[19], NAME), "/srv/a b", "quoted blanks stay in the word");
	v = &c->v[20];
	is_str(F(v, EQUAL), "/home", "fcontext -e SOURCE");
	is_str(F(v, NAME), "/export/home", "and its target");
	v = &c->v[21];
	ok(v->kind == POL_STORE_APPLY_MODULE && v->op == POL_STORE_APPLY_DISABLE,
	   "module -d disables");
	v = &c->v[22];
	ok(v->kind == POL_STORE_APPLY_PERMISSIVE && v->op == POL_STORE_APPLY_ADD, "permissive -a");
	pol_store_changes_free(c);
}

/* Written back, the changes read from semanage export are its text again. */
static void test_format(struct pol_err *err)
{
	struct pol_store_changes *c = parse(export_text, err), *again;
	struct pol_buf b = POL_BUF_INIT;

	for (size_t i = 0; c && i < c->n; i++)
		pol_store_change_format(&c->v[i], &b);
	is_str(pol_buf_str(&b), export_text, "semanage export's lines are written back unchanged");
	pol_store_changes_free(c);
	pol_buf_reset(&b);
	c = parse("fcontext -a -t etc_t \"/a'b c\"\nlogin -a -s user_u -- -odd\n", err);
	for (size_t i = 0; c && i < c->n; i++)
		pol_store_change_format(&c->v[i], &b);
	is_str(pol_buf_str(&b), "fcontext -a -t etc_t '/a'\\''b c'\nlogin -a -s user_u -- -odd\n",
	       "quotes inside a value are written as a shell reads them back");
	again = parse(pol_buf_str(&b), err);
	ok(again && again->n == 2 && !strcmp(again->v[0].f[POL_STORE_APPLY_NAME].str, "/a'b c"),
	   "and read back the same");
	pol_store_changes_free(again);
	pol_store_changes_free(c);
	pol_buf_release(&b);
}

static void test_spellings(struct pol_err *err)
{
	struct pol_store_changes *c =
	    parse("# a comment\n\n"
		  "port --add --type=http_port_t --proto tcp 8082   # trailing comment\n"
		  "fcontext -a -tetc_t -f f \"/etc/x\\\"y\"\n"
		  "module -r a b \\\n  c\n"
		  "module -P 300 -a /tmp/x.cil\n"
		  "user -a -R staff_r -R sysadm_r u_u\n"
		  "dontaudit off\n"
		  "boolean --on ftpd_full_access\n"
		  "login -aN -s user_u '%group'\n",
		  err);

	ok(c && c->n == 10, "long options, joined values, continuations, comments");
	if (!c) {
		test_show_diags(err);
		return;
	}
	is_str(F(&c->v[0], TYPE), "http_port_t", "--type=VALUE");
	is_str(F(&c->v[1], TYPE), "etc_t", "-tVALUE");
	is_str(F(&c->v[1], NAME), "/etc/x\"y", "a backslash in double quotes");
	ok(c->v[2].op == POL_STORE_APPLY_DELETE && c->v[4].line == 5,
	   "module -r with several names, one continued, is one change each");
	is_str(F(&c->v[4], NAME), "c", "the name after the continuation");
	is_str(F(&c->v[5], PRIORITY), "300", "module -P");
	is_str(F(&c->v[6], ROLES), "staff_r sysadm_r", "-R twice joins the roles");
	ok(c->v[7].kind == POL_STORE_APPLY_DONTAUDIT && c->v[7].value == 0, "dontaudit off");
	ok(c->v[8].op == POL_STORE_APPLY_MODIFY && c->v[8].value == 1, "boolean --on without -m");
	is_str(F(&c->v[9], NAME), "%group", "joined flags -aN");
	pol_store_changes_free(c);
}

static const struct {
	const char *text;
	unsigned int line, col;
	const char *message;
} bad[] = {
    {"fcontxt -a -t etc_t /x\n", 1, 1, "unknown kind 'fcontxt'"},
    {"\nport -a -t http_port_t -p tcp 70000\n", 2, 31, "invalid port '70000'"},
    {"port -a -t http_port_t -p tcp 90-80\n", 1, 31, "ends before it starts"},
    {"port -a -t http_port_t -p icmp 80\n", 1, 27, "invalid protocol 'icmp'"},
    {"port -a -p tcp 80\n", 1, 6, "'port add' needs a type (-t)"},
    {"fcontext -a -t etc_t -f x /x\n", 1, 25, "invalid file type"},
    {"fcontext -a -t etc_t '/x\n", 1, 22, "unterminated single quote"},
    {"fcontext -l\n", 1, 10, "lists the store"},
    {"fcontext -a -S other -t etc_t /x\n", 1, 13, "the store is chosen on the command line"},
    {"port -a -d -t http_port_t -p tcp 80\n", 1, 9, "conflicts with the action"},
    {"boolean -m httpd_tty_comm\n", 1, 1, "needs --on or --off"},
    {"login -a -q x y\n", 1, 10, "unknown option '-q' for 'login'"},
    {"permissive -a a_t b_t\n", 1, 19, "unexpected word 'b_t'"},
    {"module -P 0 -d x\n", 1, 11, "invalid priority '0'"},
    {"port -D 80\n", 1, 9, "takes no name"},
    {"semanage port -D\n", 1, 1, "unknown kind 'semanage'"},
    {"dontaudit maybe\n", 1, 1, "needs on or off"},
    {"fcontext -a -e /a -t etc_t /b\n", 1, 1, "takes no type"},
    {"user -a u_u\n", 1, 6, "needs roles"},
    {"port -a -t\n", 1, 9, "'-t' needs a value"},
};

static void test_errors(struct pol_err *err)
{
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct pol_store_changes *c = parse(bad[i].text, err);

		ok(!c && test_has_diag(err, POL_SEV_ERROR, bad[i].line, bad[i].col, bad[i].message),
		   "%u:%u %s", bad[i].line, bad[i].col, bad[i].message);
		pol_store_changes_free(c);
	}
	/* every bad line is reported, not only the first */
	ok(!parse("port -a\nfoo\nport -D\nbar -a\n", err) && pol_err_errors(err) == 3,
	   "each bad line has its error");
	ok(!parse("fcontex -D\n", err) &&
	       test_has_diag(err, POL_SEV_NOTE, 1, 1, "did you mean 'fcontext'"),
	   "an unknown kind suggests the closest");
	{
		struct pol_store_changes *c = NULL;

		ok(pol_store_apply_parse("t", "port -D\0\n", 9, &c, err) == POL_EFORMAT && !c,
		   "a NUL byte is an error");
	}
}

static void test_json(struct pol_err *err)
{
	struct pol_store_changes *c = parse(
	    "{ \"format_version\": 1, \"records\": [\n"
	    "  { \"kind\": \"port\", \"proto\": \"tcp\", \"low\": 8080, \"high\": 8090,"
	    "    \"type\": \"http_port_t\", \"range\": \"s0\", \"local\": true },\n"
	    "  { \"kind\": \"fcontext\", \"path\": \"/srv(/.*)?\", \"file_type\": \"directory\","
	    "    \"type\": \"etc_t\" },\n"
	    "  { \"kind\": \"boolean\", \"name\": \"b\", \"value\": false } ] }\n",
	    err);

	ok(c && c->n == 3, "a listing's records are changes");
	if (!c) {
		test_show_diags(err);
		return;
	}
	ok(c->v[0].lo == 8080 && c->v[0].hi == 8090 && c->v[0].op == POL_STORE_APPLY_ADD,
	   "a port record is its range");
	is_str(F(&c->v[0], NAME), "8080-8090", "and its name the range as written");
	is_str(F(&c->v[1], FTYPE), "d", "a listing's file type name is its letter");
	ok(c->v[2].op == POL_STORE_APPLY_MODIFY && c->v[2].value == 0, "a boolean is -m");
	ok(c->v[1].line == 2, "a record's location is its index");
	pol_store_changes_free(c);
	c = parse("{\"lines\": [\"port -D\", \"fcontext -a -t etc_t '/a b'\"]}", err);
	ok(c && c->n == 2 && !strcmp(F(&c->v[1], NAME), "/a b"), "an export's lines are read");
	pol_store_changes_free(c);
	ok(!parse("{\"lines\": [\"port -D\", \"portt -D\"]}", err) &&
	       test_has_diag(err, POL_SEV_ERROR, 2, 1, "unknown kind 'portt'"),
	   "the Nth line of the array is line N");
	ok(!parse("{\"lines\": [1,\n", err) &&
	       test_has_diag(err, POL_SEV_ERROR, 2, 1, "the document ends early"),
	   "a truncated document is located");
	ok(!parse("{\"records\": [{\"kind\": \"module\"}]}", err) &&
	       test_has_diag(err, POL_SEV_ERROR, 1, 1, "no kind sestore apply can read"),
	   "a record of no kind apply reads");
	ok(!parse("{\"changes\": []}", err), "an apply report is no apply file");
}

int main(void)
{
	struct pol_err err;

	pol_err_init(&err);
	test_export_lines(&err);
	test_format(&err);
	test_spellings(&err);
	test_errors(&err);
	test_json(&err);
	pol_err_release(&err);
	return tap_done();
}
