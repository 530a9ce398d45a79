/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The file types of filetype.h. */
#include <string.h>
#include <sys/stat.h>

#include "util/filetype.h"

static const struct pol_fc_type types[] = {
    {"--", S_IFREG, "file", "file"},	     {"-d", S_IFDIR, "dir", "dir"},
    {"-c", S_IFCHR, "char", "chr_file"},     {"-b", S_IFBLK, "block", "blk_file"},
    {"-s", S_IFSOCK, "socket", "sock_file"}, {"-p", S_IFIFO, "pipe", "fifo_file"},
    {"-l", S_IFLNK, "symlink", "lnk_file"},
};

const struct pol_fc_type *pol_fc_type_by_flag(const char *flag, size_t len)
{
	for (size_t i = 0; len == 2 && i < sizeof(types) / sizeof(types[0]); i++)
		if (memcmp(flag, types[i].flag, 2) == 0)
			return &types[i];
	return NULL;
}

const struct pol_fc_type *pol_fc_type_by_mode(mode_t mode)
{
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if ((mode & S_IFMT) == types[i].mode)
			return &types[i];
	return NULL;
}

const struct pol_fc_type *pol_fc_type_by_class(const char *klass)
{
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (strcmp(klass, types[i].klass) == 0)
			return &types[i];
	return NULL;
}
