// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * capture.c - stdout/stderr capture for the unit tests (see capture.h).
 */
#include "capture.h"

#include <criterion/criterion.h>
#include <string.h>
#include <unistd.h>

#include "stc_lockstep.h"

t_capture t_capture_begin(FILE *stream)
{
    t_capture c = {tmpfile(), stream, -1};
    cr_assert_not_null(c.file);
    fflush(stream);
    c.saved = dup(fileno(stream));
    cr_assert_geq(c.saved, 0);
    cr_assert_geq(dup2(fileno(c.file), fileno(stream)), 0);
    return c;
}

const char *t_captured(t_capture *c)
{
    static char buf[4096];
    fflush(c->stream);
    dup2(c->saved, fileno(c->stream));
    close(c->saved);
    rewind(c->file);
    size_t n = fread(buf, 1, sizeof buf - 1, c->file);
    buf[n] = '\0';
    fclose(c->file);
    return buf;
}

char *t_logged_run(const stc_stream *s, rtl_fault f, stc_level level, stc_run_result *r)
{
    stc_run_opts o;
    memset(&o, 0, sizeof o);
    o.check.max_errors = 1;
    o.check.level = level;
    return t_logged_run_opts(s, f, &o, r);
}

char *t_logged_run_opts(const stc_stream *s, rtl_fault f, const stc_run_opts *opts,
                        stc_run_result *r)
{
    char *text = NULL;
    size_t len = 0;
    stc_rtl *rtl;
    stc_run_opts o = *opts;
    FILE *log = open_memstream(&text, &len);
    cr_assert_not_null(log);
    cr_assert_eq(stc_rtl_create(0, NULL, &rtl), STC_OK);
    rtl_double_plant(rtl, &f);
    o.report.log = log;
    cr_assert_eq(stc_lockstep_stream(rtl, s, &o, r), STC_OK);
    fclose(log);
    stc_rtl_destroy(rtl);
    return text;
}
