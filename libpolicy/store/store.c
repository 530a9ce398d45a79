/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The store handle: open, messages, the lock, the transaction, the commit. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#include "pdb/pdb.h"
#include "util/sysconf.h"

#include "store/internal.h"

// clang-format off
static const struct store_kind *const kinds[POL_STORE_NKINDS] = {
	[POL_STORE_LOGIN] = &store_login_kind,
	[POL_STORE_USER] = &store_user_kind,
	[POL_STORE_PORT] = &store_port_kind,
	[POL_STORE_INTERFACE] = &store_iface_kind,
	[POL_STORE_NODE] = &store_node_kind,
	[POL_STORE_FCONTEXT] = &store_fcontext_kind,
	[POL_STORE_EQUIV] = &store_equiv_kind,
	[POL_STORE_BOOLEAN] = &store_boolean_kind,
	[POL_STORE_PERMISSIVE] = &store_permissive_kind,
};

static const char *const kind_names[POL_STORE_NKINDS] = {
	"login", "user", "port", "interface", "node", "fcontext", "fcontext", "boolean",
	"permissive",
};
// clang-format on

const char *pol_store_kind_name(enum pol_store_kind kind)
{
	return (unsigned int)kind < POL_STORE_NKINDS ? kind_names[kind] : NULL;
}

int pol_store_kind_lookup(const char *name)
{
	for (int k = 0; k < POL_STORE_NKINDS; k++)
		if (k != POL_STORE_EQUIV && strcmp(kind_names[k], name) == 0)
			return k;
	return -1;
}

/* The kind's table, or NULL with an error for one sekit cannot change yet. */
static const struct store_kind *kind_of(enum pol_store_kind kind, struct pol_err *err)
{
	if ((unsigned int)kind >= POL_STORE_NKINDS) {
		pol_err_set(err, POL_EINVAL, "unknown kind of record %d", (int)kind);
		return NULL;
	}
	if (!kinds[kind])
		pol_err_set(err, POL_EINVAL, "records of kind '%s' are not supported yet",
			    kind_names[kind]);
	return kinds[kind];
}

/* libsemanage's messages (its sepol handle's are relayed here too) go into
 * the pol_err of the call in progress: the library never prints. */
__attribute__((format(printf, 3, 4))) static void route_message(void *arg, semanage_handle_t *sh,
								const char *fmt, ...)
{
	struct pol_store *st = arg;
	int level = semanage_msg_get_level(sh);
	char buf[1024];
	size_t n;
	va_list ap;

	if (!st->err || level > SEMANAGE_MSG_WARN)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	n = strlen(buf);
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == '.' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	if (buf[0] >= 'A' && buf[0] <= 'Z' && buf[1] >= 'a' && buf[1] <= 'z')
		buf[0] = (char)(buf[0] - 'A' + 'a');
	pol_err_add(st->err, level == SEMANAGE_MSG_ERR ? POL_SEV_ERROR : POL_SEV_WARNING,
		    level == SEMANAGE_MSG_ERR ? POL_EINVAL : 0, NULL, 0, 0, "libsemanage: %s", buf);
}

void store_route(struct pol_store *st, struct pol_err *err)
{
	st->err = err;
}

void store_unroute(struct pol_store *st)
{
	st->err = NULL;
}

/* The status of a failed libsemanage call: the environment's when errno
 * says so (no permission, full disk, read-only), else the input's. */
static int semanage_status(void)
{
	switch (errno) {
	case EACCES:
	case EPERM:
	case ENOSPC:
	case EDQUOT:
	case EROFS:
	case EIO:
	case ENOMEM:
		return -errno;
	default:
		return POL_EINVAL;
	}
}

int store_rec_err(struct pol_err *err, const struct pol_store_rec *rec, int code, const char *fmt,
		  ...)
{
	va_list ap;

	va_start(ap, fmt);
	pol_err_vadd(err, POL_SEV_ERROR, code, rec ? rec->file : NULL, rec ? rec->line : 0,
		     rec ? rec->col : 0, fmt, ap);
	va_end(ap);
	return code;
}

int store_fail(struct pol_store *st, const struct pol_store_rec *rec, struct pol_err *err,
	       const char *fmt, ...)
{
	int code = semanage_status();
	va_list ap;

	va_start(ap, fmt);
	pol_err_vadd(err, POL_SEV_ERROR, code, rec ? rec->file : NULL, rec ? rec->line : 0,
		     rec ? rec->col : 0, fmt, ap);
	va_end(ap);
	st->failed = true;
	return code;
}

static char *join(const char *root, const char *dir, const char *name)
{
	char *p;

	if (asprintf(&p, "%s%s/%s", strcmp(root, "/") == 0 ? "" : root, dir, name) < 0)
		return NULL;
	return p;
}

int pol_store_open(const char *name, const char *root, unsigned int flags, struct pol_store **out,
		   struct pol_err *err)
{
	struct pol_store *st;
	char *type = NULL;
	struct stat sb;
	int rc = -ENOMEM;

	if (!root || !*root)
		root = "/";
	if (!name) {
		char *dir = join(root, "/etc", "selinux");

		if (!dir)
			return -ENOMEM;
		/* under a root without a config of its own, the system's names
		 * the type, as semodule -p finds it */
		if (strcmp(root, "/") != 0)
			type = pol_selinux_config_get(dir, "SELINUXTYPE");
		if (!type)
			type = pol_selinux_config_get(pol_selinux_dir(), "SELINUXTYPE");
		free(dir);
		if (!type)
			return pol_err_set(
			    err, -ENOENT,
			    "no store given and the SELinux config names no policy type");
		name = type;
	}
	if (!*name || strchr(name, '/') || strcmp(name, ".") == 0 || strcmp(name, "..") == 0) {
		free(type);
		return pol_err_set(err, POL_EINVAL, "invalid store name '%s'", name);
	}
	st = calloc(1, sizeof(*st));
	if (!st)
		goto out;
	st->flags = flags;
	st->lock_timeout = 300;
	st->name = strdup(name);
	st->root = strdup(root);
	st->store_dir = join(root, "/var/lib/selinux", name);
	st->etc_dir = join(root, "/etc/selinux", name);
	if (!st->name || !st->root || !st->store_dir || !st->etc_dir)
		goto out;
	if (stat(st->store_dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
		rc = pol_err_set(err, -ENOENT, "no policy store '%s': no directory %s", name,
				 st->store_dir);
		goto out;
	}
	/* semodule -p: the root of every path libsemanage builds, the store's
	 * and the installed policy's; process-wide in libsemanage 3.4. */
	if (semanage_set_root(strcmp(root, "/") == 0 ? "" : root) < 0)
		goto out;
	st->sh = semanage_handle_create();
	if (!st->sh)
		goto out;
	semanage_msg_set_callback(st->sh, route_message, st);
	semanage_select_store(st->sh, st->name, SEMANAGE_CON_DIRECT);
	/* the load is store_reload()'s, after a whole commit (reload.c) */
	semanage_set_reload(st->sh, 0);
	semanage_set_create_store(st->sh, 0);
	store_route(st, err);
	if (semanage_connect(st->sh) < 0) {
		rc = semanage_status();
		pol_err_set(err, rc, "cannot connect to policy store '%s' in %s", name,
			    st->store_dir);
		store_unroute(st);
		goto out;
	}
	store_unroute(st);
	free(type);
	*out = st;
	return 0;
out:
	if (rc == -ENOMEM)
		pol_err_set(err, rc, "out of memory");
	free(type);
	pol_store_free(st);
	return rc;
}

void pol_store_free(struct pol_store *st)
{
	if (!st)
		return;
	if (st->sh) {
		/* A transaction still open is dropped: disconnecting releases
		 * the lock and libsemanage removes the sandbox at the next
		 * begin. */
		if (semanage_is_connected(st->sh))
			semanage_disconnect(st->sh);
		semanage_handle_destroy(st->sh);
	}
	store_equiv_free(st);
	store_relabel_free(st);
	pol_pdb_free(st->pdb);
	free(st->name);
	free(st->root);
	free(st->store_dir);
	free(st->etc_dir);
	free(st);
}

const char *pol_store_name(const struct pol_store *st)
{
	return st->name;
}

const char *pol_store_root(const struct pol_store *st)
{
	return st->root;
}

void pol_store_set_lock_timeout(struct pol_store *st, unsigned int seconds)
{
	st->lock_timeout = seconds;
}

bool pol_store_in_transaction(const struct pol_store *st)
{
	return st->in_tx;
}

size_t pol_store_change_count(const struct pol_store *st)
{
	return st->changes;
}

int pol_store_policy(struct pol_store *st, const struct pol_pdb **out, struct pol_err *err)
{
	char *dir, *path;
	int rc;

	if (st->pdb) {
		*out = st->pdb;
		return 0;
	}
	dir = join(st->root, "/etc", "selinux");
	if (!dir)
		return pol_err_set(err, -ENOMEM, "out of memory");
	rc = pol_pdb_installed_path(dir, st->name, &path, err);
	free(dir);
	if (rc < 0)
		return rc;
	rc = pol_pdb_open(path, &st->pdb, err);
	free(path);
	if (rc < 0)
		return rc;
	*out = st->pdb;
	return 0;
}

/* The wait is announced at once through err's callback when it has one
 * (the tool prints it while waiting), else kept in err. */
static void lock_note(struct pol_store *st, struct pol_err *err)
{
	char msg[512];
	struct pol_diag d = {POL_SEV_NOTE, -EAGAIN, NULL, 0, 0, msg};

	snprintf(msg, sizeof(msg), "store '%s' is locked by another process: waiting", st->name);
	if (err && err->callback)
		err->callback(&d, err->callback_data);
	else
		pol_err_add(err, POL_SEV_NOTE, -EAGAIN, NULL, 0, 0, "%s", msg);
}

/* libsemanage 3.4 tries the transaction lock for 5 s and gives up
 * (SELinuxProject/selinux#181); wait for it here first, saying so. */
static int wait_for_lock(struct pol_store *st, struct pol_err *err)
{
	char *path = join(st->store_dir, "", "semanage.trans.LOCK");
	struct timespec tick = {0, 100 * 1000 * 1000};
	unsigned long waited = 0;
	int fd, rc = 0;

	if (!path)
		return pol_err_set(err, -ENOMEM, "out of memory");
	fd = open(path, O_RDONLY | O_CLOEXEC);
	free(path);
	if (fd < 0)
		return 0; /* no lock file yet: nobody holds it */
	while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
		if (errno != EWOULDBLOCK && errno != EINTR)
			break;
		if (waited == 0)
			lock_note(st, err);
		if (waited >= 10UL * st->lock_timeout) {
			rc = pol_err_set(err, -EAGAIN,
					 "store '%s' is still locked after %u s: nothing changed",
					 st->name, st->lock_timeout);
			break;
		}
		nanosleep(&tick, NULL);
		waited++;
	}
	close(fd); /* releases the probe's lock */
	return rc;
}

/* libsemanage's helpers (cp, sefcontext_compile) fail on a full disk
 * without an errno to pass on: after a failure, say so when the store's
 * file system has less than 1 MiB left. */
static void note_full_disk(const struct pol_store *st, struct pol_err *err)
{
	struct statvfs vfs;

	if (statvfs(st->store_dir, &vfs) == 0 &&
	    (unsigned long long)vfs.f_bavail * vfs.f_frsize < 1024 * 1024)
		pol_err_add(err, POL_SEV_NOTE, 0, NULL, 0, 0,
			    "the file system of %s is full (No space left on device)",
			    st->store_dir);
}

int pol_store_begin(struct pol_store *st, struct pol_err *err)
{
	int rc;

	if (st->in_tx)
		return 0;
	if (st->flags & POL_STORE_CHECK)
		return pol_err_set(err, POL_EINTERNAL, "no transaction in check mode");
	rc = wait_for_lock(st, err);
	if (rc < 0)
		return rc;
	store_route(st, err);
	if (semanage_begin_transaction(st->sh) < 0) {
		rc = semanage_status();
		pol_err_set(err, rc, "cannot begin a transaction on store '%s'%s%s", st->name,
			    rc != POL_EINVAL ? ": " : "", rc != POL_EINVAL ? strerror(-rc) : "");
		note_full_disk(st, err);
		store_unroute(st);
		return rc;
	}
	store_unroute(st);
	st->in_tx = true;
	return 0;
}

int store_tx(struct pol_store *st, struct pol_err *err)
{
	if (!st->in_checked)
		st->unchecked = true;
	return pol_store_begin(st, err);
}

int pol_store_commit(struct pol_store *st, struct pol_err *err)
{
	int rc;

	if (st->failed)
		return pol_err_set(err, POL_EINVAL, "nothing committed to store '%s'", st->name);
	if (!st->in_tx)
		return 0;
	/* setfiles -c validates every spec of file_contexts against the new
	 * policy: the policy's specs were valid when it was built, and the
	 * local ones sekit changed were checked as setfiles would */
	semanage_set_check_contexts(st->sh, st->unchecked);
	store_route(st, err);
	rc = store_relabel_prepare(st, err);
	if (rc == 0)
		rc = store_equiv_prepare(st, err);
	if (rc == 0)
		rc = semanage_commit(st->sh) < 0 ? -1 : 0;
	if (store_equiv_finish(st, rc == 0, err) < 0)
		rc = -1;
	store_unroute(st);
	st->in_tx = false;
	if (rc < 0) {
		int sys = semanage_status();

		store_relabel_free(st);
		st->failed = true;
		/* after changes sekit checked in full, a failure without an
		 * errno (a helper program such as sefcontext_compile failed on
		 * a full disk) is the system's, not the input's */
		rc = sys != POL_EINVAL ? sys : st->unchecked ? POL_EINVAL : -EIO;
		pol_err_set(err, rc, "commit to store '%s' failed%s%s: nothing changed", st->name,
			    sys != POL_EINVAL ? ": " : "", sys != POL_EINVAL ? strerror(-sys) : "");
		note_full_disk(st, err);
		return rc;
	}
	return store_reload(st, err);
}

bool pol_store_dontaudit(const struct pol_store *st)
{
	return !semanage_get_disable_dontaudit(st->sh);
}

int pol_store_set_dontaudit(struct pol_store *st, bool on, struct pol_err *err)
{
	int rc;

	if (pol_store_dontaudit(st) == on)
		return 0;
	st->changes++;
	if (st->flags & POL_STORE_CHECK)
		return 1;
	st->in_checked = true; /* a rebuild with the same types */
	rc = store_tx(st, err);
	st->in_checked = false;
	if (rc < 0)
		return rc;
	semanage_set_disable_dontaudit(st->sh, !on);
	semanage_set_rebuild(st->sh, 1);
	return 1;
}

int pol_store_change(struct pol_store *st, enum pol_store_op op, const struct pol_store_rec *rec,
		     struct pol_err *err)
{
	int rc;

	const struct store_kind *k = kind_of(rec->kind, err);

	if (!k)
		return POL_EINVAL;
	store_route(st, err);
	st->in_checked = k->checked;
	rc = k->change(st, op, rec, err);
	st->in_checked = false;
	store_unroute(st);
	if (rc < 0)
		st->failed = true;
	else if (rc > 0)
		st->changes++;
	return rc;
}

int pol_store_delete_all(struct pol_store *st, enum pol_store_kind kind, struct pol_err *err)
{
	int rc;

	const struct store_kind *k = kind_of(kind, err);

	if (!k)
		return POL_EINVAL;
	store_route(st, err);
	st->in_checked = k->checked;
	rc = k->db ? store_db_delete_all(st, k, err) : k->delete_all(st, err);
	st->in_checked = false;
	store_unroute(st);
	if (rc < 0) {
		st->failed = true;
		return rc;
	}
	st->changes += (size_t)rc;
	return rc > 0;
}

int pol_store_list(struct pol_store *st, enum pol_store_kind kind, unsigned int flags,
		   struct pol_store_list *out, struct pol_err *err)
{
	struct pol_store_list l = {0};
	int rc;

	const struct store_kind *k = kind_of(kind, err);

	if (!k)
		return POL_EINVAL;
	store_route(st, err);
	rc = k->db ? store_db_list(st, k, kind, flags, &l, err) : k->list(st, flags, &l, err);
	store_unroute(st);
	if (rc < 0) {
		pol_store_list_release(&l);
		return rc;
	}
	*out = l;
	return 0;
}
