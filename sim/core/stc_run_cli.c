// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_run_cli.c - the runners' shared replay options (stc_run_cli.h).
 */
#include "stc_run_cli.h"

#include <inttypes.h>

#include "stc_sector.h"

/* STC_HANG_CYCLES_DEFAULT as text, for the help. */
#define STC_HANG_TEXT_(x) #x
#define STC_HANG_TEXT(x) STC_HANG_TEXT_(x)
#define STC_HANG_CYCLES_TEXT STC_HANG_TEXT(STC_HANG_CYCLES_DEFAULT)

const stc_opt stc_run_cli_stalls[] = {
    {STC_RUN_OPT_SEED, "seed", 0, "S", "seed of the stall pattern (default 1)"},
    {STC_RUN_OPT_STALL, "stall", 0, "P",
     "percent of cycles each source waits before raising valid\n"
     "and the sink drops ready, 0..90 (default 0)"},
    {0, NULL, 0, NULL, NULL},
};

const stc_opt stc_run_cli_streams[] = {
    {STC_RUN_OPT_POLICY, "policy", 0, "P",
     "when the host offers each next command of a stream: b2b\n"
     "(first cycle the tile can take it), gap (1..16 idle cycles),\n"
     "early (cmd_valid held high while the tile is busy), random\n"
     "(default b2b)"},
    {STC_RUN_OPT_RESET_AT, "reset-at", 0, "C",
     "assert reset at cycle C (mid-command), then run the\n"
     "interrupted command again"},
    {STC_RUN_OPT_META_FAULT, "meta-fault", 0, NULL,
     "drive an illegal metadata nibble into every 2:4 command: pass\n"
     "when model and RTL agree every cycle and err_o rises with it"},
    {STC_RUN_OPT_HANG_CYCLES, "hang-cycles", 0, "C",
     "the run is hung after C cycles in a row without a transfer on\n"
     "any channel or a change of busy_o while the tile could move\n"
     "(make sim HANG=C; default " STC_HANG_CYCLES_TEXT ")"},
    {0, NULL, 0, NULL, NULL},
};

const stc_opt stc_run_cli_batch[] = {
    {STC_RUN_OPT_MAX_ERRORS, "max-errors", 0, "K",
     "keep comparing up to K mismatching cycles (default 1)"},
    {STC_RUN_OPT_QUIET, "quiet", 0, NULL, "only failures and the summary"},
    {0, NULL, 0, NULL, NULL},
};

const stc_opt stc_run_cli_compare[] = {
    {STC_RUN_OPT_COMPARE, "compare", 0, "L",
     "how strictly the RTL is checked: cycle (every port and probe\n"
     "every cycle), ports (every port every cycle, no probes), txn\n"
     "(each command's rows and err_o verdict, any latency; the model\n"
     "runs on its own host) (default cycle)"},
    {STC_RUN_OPT_LATENCY_BOUND, "latency-bound", 0, "K",
     "txn: fail a command that completes more than K cycles after\n"
     "the model's (default: any latency)"},
    {STC_RUN_OPT_ERR_LATENCY, "err-latency", 0, "K",
     "txn: err_o may rise up to K cycles after the cycle that\n"
     "follows the faulty weight beat's transfer, and must by the\n"
     "command's last result row (default 16; cycle and ports: 0)"},
    {STC_RUN_OPT_UARCH, "uarch", 0, "U",
     "the golden model's micro-architecture: base or dbuf\n"
     "(docs/architecture.md section 11; default: the one the RTL\n"
     "was built as)"},
    {0, NULL, 0, NULL, NULL},
};

const stc_opt stc_run_cli_traffic[] = {
    {STC_RUN_OPT_SECTOR_BYTES, "sector-bytes", 0, "S",
     "sector size of --csv's traffic columns: a power of two,\n"
     "4..4096 (default 32; docs/architecture.md section 10)"},
    {0, NULL, 0, NULL, NULL},
};

/* --sector-bytes: the range first (its message names it), then the
 * power of two the sector tracker needs. */
static int parse_sector_bytes(const stc_cmd *c, const char *val, unsigned *out)
{
    uint64_t s;
    if (stc_cli_number(c, "sector-bytes", val, STC_SECTOR_MIN, STC_SECTOR_MAX, &s) != 0)
        return STC_CLI_ERROR;
    if (!stc_sector_size_ok(s))
        return stc_cli_error(c, "--sector-bytes: '%s' is not a power of two in %u..%u", val,
                             STC_SECTOR_MIN, STC_SECTOR_MAX);
    *out = (unsigned)s;
    return 0;
}

/* The options past --seed, --stall and --compare that differ from the
 * defaults. */
static void print_extra(FILE *f, const stc_run_opts *ro)
{
    if (ro->check.latency_bound)
        fprintf(f, " --latency-bound %" PRIu64, ro->check.latency_bound);
    if (ro->check.err_latency_set)
        fprintf(f, " --err-latency %" PRIu64, ro->check.err_latency);
    if (ro->check.uarch_set)
        fprintf(f, " --uarch %s", stc_uarch_name(ro->check.uarch));
    if (ro->stim.policy != STC_POLICY_B2B)
        fprintf(f, " --policy %s", stc_policy_name(ro->stim.policy));
    if (ro->stim.reset_at)
        fprintf(f, " --reset-at %" PRIu64, ro->stim.reset_at);
    if (ro->stim.meta_fault)
        fputs(" --meta-fault", f);
}

void stc_run_cli_print(FILE *f, const stc_run_opts *ro)
{
    fprintf(f, " --seed %" PRIu64 " --stall %u", ro->stim.seed, ro->stim.stall_pct);
    if (ro->check.level != STC_LEVEL_CYCLE)
        fprintf(f, " --compare %s", stc_level_name(ro->check.level));
    print_extra(f, ro);
    if (ro->stim.hang_cycles)
        fprintf(f, " --hang-cycles %" PRIu64, ro->stim.hang_cycles);
}

void stc_run_cli_print_make(FILE *f, const char *target, const char *vec, const stc_run_opts *ro,
                            const stc_run_build *b, uint64_t mark)
{
    char extra[512], q[4096];
    FILE *m = fmemopen(extra, sizeof extra, "w");
    if (m) {
        print_extra(m, ro);
        fclose(m);
    } else {
        extra[0] = '\0';
    }
    extra[sizeof extra - 1] = '\0';
    fprintf(f, "make %s VEC=%s SEED=%" PRIu64 " STALL=%u", target, stc_cli_quote(vec, q, sizeof q),
            ro->stim.seed, ro->stim.stall_pct);
    if (ro->check.level != STC_LEVEL_CYCLE)
        fprintf(f, " COMPARE=%s", stc_level_name(ro->check.level));
    if (extra[0])
        fprintf(f, " SIM_FLAGS=%s", stc_cli_quote(extra + 1, q, sizeof q));
    if (ro->stim.hang_cycles)
        fprintf(f, " HANG=%" PRIu64, ro->stim.hang_cycles);
    if (b->uarch != STC_UARCH_BASE)
        fprintf(f, " UARCH=%s", stc_uarch_name(b->uarch));
    if (b->make_vars && b->make_vars[0])
        fprintf(f, " %s", b->make_vars);
    if (b->dir && ((b->make_vars && b->make_vars[0]) || b->uarch != STC_UARCH_BASE))
        fprintf(f, " BUILD=%s", stc_cli_quote(b->dir, q, sizeof q));
    if (mark)
        fprintf(f, " MARK=%" PRIu64, mark);
}

int stc_run_cli_apply(const stc_cmd *cmd, stc_run_opts *ro, int id, const char *val)
{
    uint64_t v = 0;
    int k; /* a parsed name: policy or level, -1 if none */
    switch (id) {
    case STC_RUN_OPT_SEED:
        return stc_cli_number(cmd, "seed", val, 0, UINT64_MAX, &ro->stim.seed);
    case STC_RUN_OPT_STALL:
        if (stc_cli_number(cmd, "stall", val, 0, 90, &v))
            return STC_CLI_ERROR;
        ro->stim.stall_pct = (unsigned)v;
        return 0;
    case STC_RUN_OPT_POLICY:
        k = stc_policy_parse(val);
        if (k < 0)
            return stc_cli_error(cmd, "--policy: '%s' is not b2b, gap, early or random", val);
        ro->stim.policy = (stc_policy)k;
        return 0;
    case STC_RUN_OPT_RESET_AT:
        return stc_cli_number(cmd, "reset-at", val, 1, UINT64_MAX, &ro->stim.reset_at);
    case STC_RUN_OPT_META_FAULT:
        ro->stim.meta_fault = true;
        return 0;
    case STC_RUN_OPT_HANG_CYCLES:
        return stc_cli_number(cmd, "hang-cycles", val, 1, UINT64_MAX, &ro->stim.hang_cycles);
    case STC_RUN_OPT_MAX_ERRORS:
        if (stc_cli_number(cmd, "max-errors", val, 1, 1000000, &v))
            return STC_CLI_ERROR;
        ro->check.max_errors = (unsigned)v;
        return 0;
    case STC_RUN_OPT_QUIET:
        ro->report.quiet = true;
        return 0;
    case STC_RUN_OPT_COMPARE:
        k = stc_level_parse(val);
        if (k < 0)
            return stc_cli_error(cmd, "--compare: '%s' is not cycle, ports or txn", val);
        ro->check.level = (stc_level)k;
        return 0;
    case STC_RUN_OPT_LATENCY_BOUND:
        return stc_cli_number(cmd, "latency-bound", val, 1, UINT64_MAX, &ro->check.latency_bound);
    case STC_RUN_OPT_ERR_LATENCY:
        ro->check.err_latency_set = true;
        return stc_cli_number(cmd, "err-latency", val, 0, 1000000, &ro->check.err_latency);
    case STC_RUN_OPT_UARCH:
        if (stc_uarch_parse(val, &ro->check.uarch) != STC_OK)
            return stc_cli_error(cmd, "--uarch: '%s' is not base or dbuf", val);
        ro->check.uarch_set = true;
        return 0;
    case STC_RUN_OPT_SECTOR_BYTES:
        return parse_sector_bytes(cmd, val, &ro->stim.sector_bytes);
    default:
        return stc_cli_error(cmd, "internal error: option %d", id);
    }
}
