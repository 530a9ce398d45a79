/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Reading a whole file, whatever it is: regular file, pipe, device. */
#ifndef POL_UTIL_FILE_H
#define POL_UTIL_FILE_H

#include <stddef.h>

/* Read everything fd gives into a heap buffer (free()) with a NUL after
 * the last byte, not counted in *len. Returns 0, or -errno (-EISDIR for a
 * directory); *data and *len are written only on success. */
int pol_read_fd(int fd, char **data, size_t *len);

/* The same for the file at path. */
int pol_read_path(const char *path, char **data, size_t *len);

#endif
