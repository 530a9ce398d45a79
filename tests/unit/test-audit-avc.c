/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libpolicy/audit/avc.c: the fields of one AVC text as audit2allow 3.4
 * reads them (sepolgen/audit.py AVCMessage.from_split_string), field by
 * field, with the corners of its tokenising: the permission list and the
 * tokens after its "{", name=value tokens with one '=' only, the ends a
 * comm=, exe= and name= value loses whatever they are, Python's white space.
 */
#include "audit/internal.h"
#include "tap.h"
#include "util/buf.h"

static void put(struct pol_buf *b, const char *name, const char *v)
{
	if (v)
		pol_buf_printf(b, " %s=[%s]", name, v);
}

/* What audit_avc_parse() reads from text, as one line; "invalid" when it
 * calls the text an AVC message in invalid format. */
static char *parse(const char *text)
{
	struct pol_buf b = POL_BUF_INIT;
	struct avc_fields f;
	char *copy = strdup(text);

	if (!audit_avc_parse(copy, &f)) {
		free(copy);
		return strdup("invalid");
	}
	pol_buf_puts(&b, "perms=");
	for (size_t i = 0; i < f.nperms; i++)
		pol_buf_printf(&b, "%s%s", i ? "," : "", f.perms[i]);
	put(&b, "s", f.scontext);
	put(&b, "t", f.tcontext);
	put(&b, "c", f.tclass);
	put(&b, "comm", f.comm);
	put(&b, "exe", f.exe);
	put(&b, "name", f.name);
	put(&b, "path", f.path);
	put(&b, "dev", f.dev);
	put(&b, "ino", f.ino);
	put(&b, "pid", f.pid);
	put(&b, "src", f.sport);
	put(&b, "dest", f.dport);
	if (f.granted)
		pol_buf_puts(&b, " granted");
	if (f.permissive >= 0)
		pol_buf_printf(&b, " permissive=%d", f.permissive);
	if (f.has_ioctlcmd)
		pol_buf_printf(&b, " ioctlcmd=%#lx", f.ioctlcmd);
	if (f.has_nlmsgtype)
		pol_buf_printf(&b, " nl-msgtype=%lu", f.nlmsgtype);
	free(copy);
	return pol_buf_detach(&b);
}

static void check(const char *text, const char *want, const char *what)
{
	char *got = parse(text);

	is_str(got, want, "%s", what);
	free(got);
}

#define CTX " scontext=u:r:a_t:s0 tcontext=u:r:b_t:s0 tclass=file"
#define CTX_WANT_FILE " s=[u:r:a_t:s0] t=[u:r:b_t:s0] c=[file]"

int main(void)
{
	struct pol_buf b = POL_BUF_INIT;
	char *got;

	check("type=AVC msg=audit(1700000000.100:1): avc:  denied  { read write } for  pid=12 "
	      "comm=\"bash\" exe=\"/bin/bash\" name=\"f g\" path=\"/a/f\" dev=\"sda1\" ino=34 "
	      "src=80 dest=443" CTX " permissive=1",
	      "perms=read,write s=[u:r:a_t:s0] t=[u:r:b_t:s0] c=[file] comm=[bash] "
	      "exe=[/bin/bash] name=[] path=[/a/f] dev=[sda1] ino=[34] pid=[12] src=[80] "
	      "dest=[443] permissive=1",
	      "every field of a kernel AVC (a value ends at white space, even in quotes)");
	check("type=USER_AVC msg=audit(1700000000.100:2): pid=1 uid=81 msg='avc:  denied  "
	      "{ send_msg } for  scontext=u:r:a_t:s0 tcontext=u:r:b_t:s0 tclass=dbus "
	      "permissive=0 exe=\"/usr/bin/dbus-daemon\" sauid=81 hostname=? terminal=?'",
	      "perms=send_msg s=[u:r:a_t:s0] t=[u:r:b_t:s0] c=[dbus] exe=[/usr/bin/dbus-daemon] "
	      "pid=[1] permissive=0",
	      "USER_AVC's msg='...' form");
	check("avc:  granted  { setenforce } for" CTX, "perms=setenforce" CTX_WANT_FILE " granted",
	      "granted");
	check("avc:  denied  { ioctl } for ioctlcmd=0x0" CTX,
	      "perms=ioctl" CTX_WANT_FILE " ioctlcmd=0", "ioctlcmd=0x0 is kept");
	check("avc: { ioctl } ioctlcmd=5401" CTX, "perms=ioctl" CTX_WANT_FILE " ioctlcmd=0x5401",
	      "ioctlcmd without 0x is hex too");
	check("avc: { ioctl } ioctlcmd=0X1a" CTX, "perms=ioctl" CTX_WANT_FILE " ioctlcmd=0x1a",
	      "ioctlcmd with 0X");
	check("avc: { ioctl } ioctlcmd=0x" CTX " ioctlcmd=0xzz", "perms=ioctl" CTX_WANT_FILE,
	      "ioctlcmd without digits or with others is none");
	check("avc: { nlmsg_read } nl-msgtype=18" CTX,
	      "perms=nlmsg_read" CTX_WANT_FILE " nl-msgtype=18", "nl-msgtype");
	check("avc: { nlmsg_read } nl-msgtype= nl-msgtype=1x" CTX, "perms=nlmsg_read" CTX_WANT_FILE,
	      "nl-msgtype empty or not a number is none");
	check("avc: { read }" CTX " permissive=2", "perms=read" CTX_WANT_FILE,
	      "permissive= other than 0 or 1 is none");
	check("avc: { read }" CTX " permissive=1 permissive=01",
	      "perms=read" CTX_WANT_FILE " permissive=1",
	      "a later field of the same name that does not parse keeps the earlier one");
	check("avc: { read }" CTX " tclass=dir", "perms=read s=[u:r:a_t:s0] t=[u:r:b_t:s0] c=[dir]",
	      "the last of two fields wins");
	check("avc: { read } comm=x exe=ab name=abc path=/plain dev=\"half" CTX,
	      "perms=read" CTX_WANT_FILE " comm=[] exe=[] name=[b] path=[/plain] dev=[\"half]",
	      "comm, exe, name lose their ends whatever they are; path and dev their quotes only");
	check("avc:\t{\x1cread\x1d}\x1e"
	      "scontext=u:r:a_t:s0\x1ftcontext=u:r:b_t:s0\vtclass=file\f"
	      "permissive=0\r",
	      "perms=read" CTX_WANT_FILE " permissive=0", "Python's white space separates tokens");
	check("avc: { a { b c } d" CTX, "perms=a,{,b,c,b,c" CTX_WANT_FILE,
	      "a \"{\" in the list starts a list of its own (audit2allow goes on after \"{\")");
	check("avc: { read tclass=dir }" CTX " { write }",
	      "perms=read,tclass=dir,write s=[u:r:a_t:s0] t=[u:r:b_t:s0] c=[file]",
	      "name=value tokens in the list are permissions, and fields");
	check("avc: { read } granted=x scontext=u:r:a_t:s0=x tcontext=u:r:b_t:s0 tclass=file",
	      "invalid", "a token with two '=' is no field");
	check("avc: { read } scontext=u:r:a_t:s0 tcontext=u:r:b_t:s0", "invalid",
	      "tclass is needed");
	check("avc: denied" CTX, "invalid", "the permission list is needed");
	check("avc: denied" CTX " {", "invalid", "\"{\" as the last token");
	check("avc: denied" CTX " { read", "invalid", "a list without its \"}\"");
	check("avc: denied" CTX " { }", "invalid", "\"{ }\" as the last tokens");
	check("avc: denied { }" CTX, "perms=" CTX_WANT_FILE, "an empty list elsewhere is a list");
	check("", "invalid", "an empty text");

	/* 64 names at most: a full list loses its repeated names (p0 and p1
	 * make room for q), then the names past 64 (r) */
	pol_buf_puts(&b, "avc: {");
	for (int i = 0; i < 63; i++)
		pol_buf_printf(&b, " p%d", i);
	pol_buf_puts(&b, " p0 p1 q r }" CTX);
	got = parse(b.data);
	ok(strncmp(got, "perms=p0,p1,", 12) == 0 && strstr(got, ",p62,q s=[") &&
	       !strstr(got, ",p0,"),
	   "a full list loses its repeated names");
	free(got);
	pol_buf_reset(&b);
	pol_buf_puts(&b, "avc: {");
	for (int i = 0; i < 70; i++)
		pol_buf_printf(&b, " p%d", i);
	pol_buf_puts(&b, " }" CTX);
	got = parse(b.data);
	ok(strstr(got, ",p63 s=[") != NULL, "names past 64 distinct ones are dropped");
	free(got);
	pol_buf_release(&b);
	return tap_done();
}
