// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_out.c - atomic output files (see stc_out.h).
 */
#include "stc_out.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

/* Write through: FIFOs, devices, sockets. O_APPEND is not wanted (a
 * device has no end) and O_TRUNC is harmless on them. */
static stc_status open_through(stc_out *o, const char *path, char *err, size_t errlen)
{
    o->f = fopen(path, "w");
    if (!o->f) {
        stc_errf(err, errlen, "%s: cannot open for writing: %s", path, strerror(errno));
        return STC_EIO;
    }
    return STC_OK;
}

static stc_status open_temporary(stc_out *o, const char *path, char *err, size_t errlen)
{
    size_t plen = strlen(path);
    o->tmp = malloc(plen + sizeof ".tmp.XXXXXX");
    if (!o->tmp) {
        stc_errf(err, errlen, "%s: out of memory", path);
        return STC_ENOMEM;
    }
    memcpy(o->tmp, path, plen);
    memcpy(o->tmp + plen, ".tmp.XXXXXX", sizeof ".tmp.XXXXXX");
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        stc_errf(err, errlen, "%s: cannot create a temporary file beside it: %s", path,
                 strerror(errno));
        free(o->tmp);
        o->tmp = NULL;
        return STC_EIO;
    }
    /* mkstemp makes the file 0600; outputs are shared and checked in. */
    (void)fchmod(fd, 0644);
    o->f = fdopen(fd, "w");
    if (!o->f) {
        stc_errf(err, errlen, "%s: %s", path, strerror(errno));
        close(fd);
        unlink(o->tmp);
        free(o->tmp);
        o->tmp = NULL;
        return STC_EIO;
    }
    return STC_OK;
}

stc_status stc_out_open(stc_out *o, const char *path, char *err, size_t errlen)
{
    struct stat sb, lsb;
    memset(o, 0, sizeof *o);
    bool link = lstat(path, &lsb) == 0 && S_ISLNK(lsb.st_mode);
    bool exists = stat(path, &sb) == 0;
    /* A link to a pipe or a device (/dev/stdout) is written through; a
     * link to a regular file (or to nothing) would be replaced by the
     * rename, so it is refused. */
    if (link && (!exists || S_ISREG(sb.st_mode))) {
        stc_errf(err, errlen,
                 "%s: is a symbolic link to a %s; refusing to replace it (give the path it "
                 "points to)",
                 path, exists ? "file" : "missing file");
        return STC_EIO;
    }
    o->path = dup_str(path);
    if (!o->path) {
        stc_errf(err, errlen, "%s: out of memory", path);
        return STC_ENOMEM;
    }
    bool through = exists && !S_ISREG(sb.st_mode);
    if (through && S_ISDIR(sb.st_mode)) {
        stc_errf(err, errlen, "%s: is a directory", path);
        free(o->path);
        o->path = NULL;
        return STC_EIO;
    }
    stc_status st =
        through ? open_through(o, path, err, errlen) : open_temporary(o, path, err, errlen);
    if (st != STC_OK) {
        free(o->path);
        o->path = NULL;
    }
    return st;
}

stc_status stc_out_open_named(stc_out *o, const char *path, char *err, size_t errlen)
{
    struct stat sb;
    memset(o, 0, sizeof *o);
    /* Checked before stc_out_open, which would block opening a FIFO. */
    if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode) && !S_ISDIR(sb.st_mode)) {
        stc_errf(err, errlen, "%s: not a regular file (a trace is written by name and seeked in)",
                 path);
        return STC_EIO;
    }
    stc_status st = stc_out_open(o, path, err, errlen);
    if (st != STC_OK)
        return st;
    /* The writer opens the temporary by name; the stream is not needed. */
    bool ok = fclose(o->f) == 0;
    o->f = NULL;
    if (!ok || !o->tmp) {
        stc_errf(err, errlen, "%s: cannot prepare a temporary file beside it", path);
        if (o->tmp)
            unlink(o->tmp);
        free(o->tmp);
        free(o->path);
        memset(o, 0, sizeof *o);
        return STC_EIO;
    }
    return STC_OK;
}

/* The named writer has closed the file: sync it through a new descriptor. */
static bool sync_named(const char *tmp)
{
    int fd = open(tmp, O_RDONLY);
    if (fd < 0)
        return false;
    bool ok = fsync(fd) == 0;
    return close(fd) == 0 && ok;
}

stc_status stc_out_close(stc_out *o, bool commit, char *err, size_t errlen)
{
    stc_status st = STC_OK;
    bool ok;
    if (o->f) {
        ok = fflush(o->f) == 0 && !ferror(o->f);
        /* fsync so that a rename never exposes an empty file after a crash;
         * a FIFO or a terminal cannot be synced, and need not be. */
        if (ok && o->tmp)
            ok = fsync(fileno(o->f)) == 0;
        int saved = errno;
        ok = fclose(o->f) == 0 && ok;
        errno = saved;
        o->f = NULL;
    } else if (o->tmp) {
        ok = !commit || sync_named(o->tmp);
    } else {
        return STC_EIO;
    }
    int saved = ok ? 0 : errno;
    if (o->tmp) {
        if (ok && commit && rename(o->tmp, o->path) != 0) {
            saved = errno;
            ok = false;
        }
        if (!ok || !commit)
            unlink(o->tmp);
        free(o->tmp);
        o->tmp = NULL;
    }
    if (!ok) {
        stc_errf(err, errlen, "%s: write failed: %s", o->path, strerror(saved ? saved : EIO));
        st = STC_EIO;
    }
    free(o->path);
    o->path = NULL;
    return st;
}
