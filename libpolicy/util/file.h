/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Reading a whole file, whatever it is: regular file, pipe, device. */
#ifndef POL_UTIL_FILE_H
#define POL_UTIL_FILE_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

struct pol_err;

/* Read everything fd gives into a heap buffer (free()) with a NUL after
 * the last byte, not counted in *len. Returns 0, or -errno (-EISDIR for a
 * directory); *data and *len are written only on success. */
int pol_read_fd(int fd, char **data, size_t *len);

/* The same for the file at path. */
int pol_read_path(const char *path, char **data, size_t *len);

/* Longest text read from a pipe or device: an endless one (yes(1), a
 * device) is cut there, not held until memory runs out. */
#define POL_TEXT_STREAM_MAX ((size_t)256 << 20)

/*
 * pol_read_fd() for a text input (sources, maps, check files), path naming
 * it in messages: binary data is refused at the first read holding a NUL
 * byte (/dev/zero, /dev/urandom: at once) with POL_EFORMAT, located
 * "path:line:col: a NUL byte: binary data, not text"; more than
 * POL_TEXT_STREAM_MAX bytes from anything but a regular file is -EFBIG.
 * Other failures are -errno ("cannot read 'path': ..."). All in err.
 */
int pol_read_text_fd(int fd, const char *path, char **data, size_t *len, struct pol_err *err);
/* The same for the file at path ("-": standard input). */
int pol_read_text_path(const char *path, char **data, size_t *len, struct pol_err *err);

/* What a non-regular file is, for messages: "a FIFO", "a socket", "a
 * device", else "not a regular file". Static. */
const char *pol_file_kind(mode_t mode);

/* What a policy file is by its first four bytes (libsepol's magic numbers). */
enum pol_policy_magic {
	POL_MAGIC_NONE,	   /* none of these, or not a readable regular file */
	POL_MAGIC_KERNEL,  /* a binary kernel policy (policy.NN) */
	POL_MAGIC_MODULE,  /* a binary policy module (.mod) */
	POL_MAGIC_PACKAGE, /* a policy module package (.pp) */
};

/* The magic of the regular file at path; POL_MAGIC_NONE for anything else
 * (a FIFO is not opened, so this never blocks). */
enum pol_policy_magic pol_policy_magic(const char *path);

/*
 * Open a configuration file (under /etc/selinux) for reading, refusing
 * anything but a regular file: a FIFO planted there would block open() or
 * read() for ever. Returns 0 and *out (fclose()), or -errno ("cannot open
 * 'PATH': ..."; -ENOENT when it is absent) or POL_EFORMAT ("'PATH' is a
 * FIFO, not a regular file") recorded in err, which may be NULL.
 */
int pol_fopen_regular(const char *path, FILE **out, struct pol_err *err);

#endif
