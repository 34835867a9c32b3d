// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * test_out.c - the atomic output writer (common/stc_out.h): a regular file
 * is replaced only when complete, an aborted write leaves it and no
 * temporary behind, a FIFO or a device is written through and stays what
 * it was, a symbolic link to a file is refused with both left intact; a
 * writer that opens the file by name gets the same temporary and rename.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "stc_out.h"
#include "stc_vec.h"

static void to_tmpdir(char *dir, size_t len)
{
    snprintf(dir, len, "/tmp/stc-out-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
}

static void to_put(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs(text, f);
    fclose(f);
}

static void to_expect_text(const char *path, const char *text)
{
    char buf[256] = "";
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s", path);
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    cr_expect_str_eq(buf, text, "%s", path);
}

/* Entries of dir besides the ones named. */
static unsigned to_others(const char *dir, const char *a, const char *b)
{
    unsigned n = 0;
    DIR *d = opendir(dir);
    cr_assert_not_null(d);
    for (struct dirent *de = readdir(d); de; de = readdir(d))
        n += strcmp(de->d_name, ".") && strcmp(de->d_name, "..") && strcmp(de->d_name, a) &&
             strcmp(de->d_name, b);
    closedir(d);
    return n;
}

static void to_rmdir(const char *dir)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_expect_eq(system(cmd), 0);
}

Test(out, regular_file_replaced_only_when_committed)
{
    char dir[64], path[128], err[STC_VEC_ERR_MAX];
    stc_out o;
    to_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/x.csv", dir);
    to_put(path, "old\n");
    cr_assert_eq(stc_out_open(&o, path, err, sizeof err), STC_OK, "%s", err);
    fputs("new\n", o.f);
    fflush(o.f);
    to_expect_text(path, "old\n"); /* not visible before the close */
    cr_assert_eq(stc_out_close(&o, true, err, sizeof err), STC_OK, "%s", err);
    to_expect_text(path, "new\n");
    cr_expect_eq(to_others(dir, "x.csv", "x.csv"), 0u, "a temporary file was left behind");
    cr_assert_eq(stc_out_open(&o, path, err, sizeof err), STC_OK, "%s", err);
    fputs("half", o.f);
    cr_assert_eq(stc_out_close(&o, false, err, sizeof err), STC_OK, "%s", err);
    to_expect_text(path, "new\n"); /* an aborted write changes nothing */
    cr_expect_eq(to_others(dir, "x.csv", "x.csv"), 0u);
    to_rmdir(dir);
}

Test(out, symlink_to_a_file_is_refused)
{
    char dir[64], target[128], link[128], err[STC_VEC_ERR_MAX];
    stc_out o;
    struct stat sb;
    to_tmpdir(dir, sizeof dir);
    snprintf(target, sizeof target, "%s/target", dir);
    snprintf(link, sizeof link, "%s/link", dir);
    to_put(target, "keep\n");
    cr_assert_eq(symlink(target, link), 0);
    cr_expect_eq(stc_out_open(&o, link, err, sizeof err), STC_EIO);
    cr_expect(strstr(err, "symbolic link") != NULL, "%s", err);
    cr_expect(strncmp(err, link, strlen(link)) == 0, "message names the path: %s", err);
    cr_assert_eq(lstat(link, &sb), 0);
    cr_expect(S_ISLNK(sb.st_mode), "the link was replaced");
    to_expect_text(target, "keep\n");
    cr_expect_eq(to_others(dir, "target", "link"), 0u);
    to_rmdir(dir);
}

Test(out, fifo_is_written_through)
{
    char dir[64], fifo[128], err[STC_VEC_ERR_MAX], buf[64] = "";
    stc_out o;
    struct stat sb;
    to_tmpdir(dir, sizeof dir);
    snprintf(fifo, sizeof fifo, "%s/pipe", dir);
    cr_assert_eq(mkfifo(fifo, 0600), 0);
    int rd = open(fifo, O_RDONLY | O_NONBLOCK); /* a reader, so the writer does not block */
    cr_assert_geq(rd, 0);
    cr_assert_eq(stc_out_open(&o, fifo, err, sizeof err), STC_OK, "%s", err);
    fputs("through\n", o.f);
    cr_assert_eq(stc_out_close(&o, true, err, sizeof err), STC_OK, "%s", err);
    ssize_t n = read(rd, buf, sizeof buf - 1);
    close(rd);
    cr_assert_eq(n, 8);
    cr_expect_str_eq(buf, "through\n");
    cr_assert_eq(lstat(fifo, &sb), 0);
    cr_expect(S_ISFIFO(sb.st_mode), "the FIFO was replaced by a file");
    cr_expect_eq(to_others(dir, "pipe", "pipe"), 0u);
    to_rmdir(dir);
}

/* /dev/full: written through (never replaced, even as root), and the
 * failed write is reported. */
Test(out, device_written_through_and_failure_reported)
{
    char err[STC_VEC_ERR_MAX];
    stc_out o;
    struct stat sb;
    cr_assert_eq(stc_out_open(&o, "/dev/full", err, sizeof err), STC_OK, "%s", err);
    for (int i = 0; i < 10000; i++)
        fputs("0123456789", o.f);
    cr_expect_eq(stc_out_close(&o, true, err, sizeof err), STC_EIO);
    cr_expect(strstr(err, "/dev/full: write failed") != NULL, "%s", err);
    cr_assert_eq(stat("/dev/full", &sb), 0);
    cr_expect(S_ISCHR(sb.st_mode));
}

Test(out, directory_and_missing_parent_refused)
{
    char err[STC_VEC_ERR_MAX];
    stc_out o;
    cr_expect_eq(stc_out_open(&o, "/tmp", err, sizeof err), STC_EIO);
    cr_expect(strstr(err, "directory") != NULL, "%s", err);
    cr_expect_eq(stc_out_open(&o, "/tmp/stc-no-such-dir/x.csv", err, sizeof err), STC_EIO);
    cr_expect(strncmp(err, "/tmp/stc-no-such-dir/x.csv: ", 28) == 0, "%s", err);
}

/* A writer that opens the file by name (fstapi, Verilator's trace,
 * fst2vcd) writes the temporary; the path changes only on commit. */
Test(out, named_writer_committed_or_discarded)
{
    char dir[64], path[128], err[STC_VEC_ERR_MAX];
    stc_out o;
    struct stat sb;
    to_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/w.fst", dir);
    to_put(path, "old\n");
    cr_assert_eq(stc_out_open_named(&o, path, err, sizeof err), STC_OK, "%s", err);
    cr_assert_null(o.f);
    cr_assert_not_null(o.tmp);
    to_put(o.tmp, "new\n");
    to_expect_text(path, "old\n");
    cr_assert_eq(stc_out_close(&o, true, err, sizeof err), STC_OK, "%s", err);
    to_expect_text(path, "new\n");
    cr_assert_eq(stat(path, &sb), 0);
    cr_expect_eq(sb.st_mode & 0777, 0644u, "mode %o", sb.st_mode & 0777);
    cr_assert_eq(stc_out_open_named(&o, path, err, sizeof err), STC_OK, "%s", err);
    to_put(o.tmp, "half");
    cr_assert_eq(stc_out_close(&o, false, err, sizeof err), STC_OK, "%s", err);
    to_expect_text(path, "new\n");
    cr_expect_eq(to_others(dir, "w.fst", "w.fst"), 0u, "a temporary file was left behind");
    to_rmdir(dir);
}

/* A seeking writer cannot write through a FIFO or a device: refused, with
 * nothing left behind. */
Test(out, named_writer_needs_a_regular_file)
{
    char dir[64], fifo[128], err[STC_VEC_ERR_MAX];
    stc_out o;
    to_tmpdir(dir, sizeof dir);
    snprintf(fifo, sizeof fifo, "%s/pipe", dir);
    cr_assert_eq(mkfifo(fifo, 0600), 0);
    /* No reader: opening the FIFO for writing would block; it must not be opened. */
    cr_expect_eq(stc_out_open_named(&o, fifo, err, sizeof err), STC_EIO);
    cr_expect(strstr(err, "not a regular file") != NULL, "%s", err);
    cr_expect_eq(to_others(dir, "pipe", "pipe"), 0u);
    cr_expect_eq(stc_out_open_named(&o, "/tmp", err, sizeof err), STC_EIO);
    cr_expect(strstr(err, "directory") != NULL, "%s", err);
    to_rmdir(dir);
}
