// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/* scratch.c - see scratch.h. */
#include "scratch.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void tu_tmpdir(char *dir, size_t len, const char *tag)
{
    snprintf(dir, len, "/tmp/stc_test_%s_XXXXXX", tag);
    cr_assert_not_null(mkdtemp(dir));
}

void tu_rmdir(const char *dir)
{
    DIR *d = opendir(dir);
    char path[600];
    if (!d)
        return;
    for (struct dirent *de = readdir(d); de; de = readdir(d)) {
        if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        unlink(path);
    }
    closedir(d);
    rmdir(dir);
}
