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

/* What a non-regular file is, for messages: "a FIFO", "a socket", "a
 * device", else "not a regular file". Static. */
const char *pol_file_kind(mode_t mode);

/*
 * Open a configuration file (under /etc/selinux) for reading, refusing
 * anything but a regular file: a FIFO planted there would block open() or
 * read() for ever. Returns 0 and *out (fclose()), or -errno ("cannot open
 * 'PATH': ..."; -ENOENT when it is absent) or POL_EFORMAT ("'PATH' is a
 * FIFO, not a regular file") recorded in err, which may be NULL.
 */
int pol_fopen_regular(const char *path, FILE **out, struct pol_err *err);

#endif
