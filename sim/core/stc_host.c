// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_host.c - host driver and model-free checks for a command stream (see
 * stc_host.h).
 */
#include "stc_host.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "stc_compare.h"
#include "stc_gen.h"
#include "stc_rng.h"

/* The stall and don't-care streams use splitmix64 (common/stc_rng.h): its
 * whole state is one word in the host struct. */

static const char *const stc_policy_names[STC_POLICY_COUNT] = {"b2b", "gap", "early", "random"};

int stc_policy_parse(const char *s)
{
    for (int p = 0; p < STC_POLICY_COUNT; p++)
        if (strcmp(s, stc_policy_names[p]) == 0)
            return p;
    return -1;
}

const char *stc_policy_name(stc_policy p)
{
    return p < STC_POLICY_COUNT ? stc_policy_names[p] : "?";
}

/* ---- the stream's commands ------------------------------------------------ */

/* Products with both operands nonzero: what macs_actual must count. A kept
 * explicit zero contributes nothing, so the dense W gives the same count
 * as the compressed one. Metadata that does not decode (a caller that runs
 * illegal metadata on purpose) leaves the count unknown. */
static stc_status count_macs(const stc_vec *v, uint64_t *out, bool *known)
{
    int8_t *wd = malloc((size_t)v->k * v->n);
    if (!wd)
        return STC_ENOMEM;
    stc_status st = stc_vec_dense_w(v, wd, NULL, 0);
    *known = st == STC_OK;
    uint64_t macs = 0;
    for (unsigned k = 0; st == STC_OK && k < v->k; k++) {
        uint64_t nz_a = 0, nz_w = 0;
        for (unsigned m = 0; m < v->m; m++)
            nz_a += v->a[(size_t)m * v->k + k] != 0;
        for (unsigned n = 0; n < v->n; n++)
            nz_w += wd[(size_t)k * v->n + n] != 0;
        macs += nz_a * nz_w;
    }
    free(wd);
    *out = macs;
    return st == STC_ENOMEM ? st : STC_OK;
}

static stc_status init_cmd(stc_host *h, unsigned i)
{
    stc_host_cmd *c = &h->cmds[i];
    const stc_vec *v = &h->s->cmd[i];
    c->v = v;
    c->kd = stc_vec_kd(v);
    for (unsigned b = 0; b < stc_vec_nblk(v); b++)
        if (!((v->skip >> b) & 1u))
            c->blocks[c->npass++] = (unsigned char)b;
    c->fault = v->fault;
    if (h->cfg.meta_fault && !c->fault.on && v->mode24 && c->npass > 0)
        c->fault = (stc_fault){true, 0x0, c->blocks[0], 0, 0};
    c->policy = h->cfg.policy;
    if (c->policy == STC_POLICY_RANDOM)
        c->policy = (stc_policy)(stc_splitmix64(&h->junk) % STC_POLICY_RANDOM);
    c->gap = c->policy == STC_POLICY_GAP
                 ? 1 + (unsigned)(stc_splitmix64(&h->junk) % STC_HOST_GAP_MAX)
                 : 0;
    return count_macs(v, &c->macs_actual, &c->macs_known);
}

/* Beats of a channel that belong to command i. */
static unsigned chan_beats(const stc_host *h, int ch, unsigned i)
{
    const stc_host_cmd *c = &h->cmds[i];
    switch (ch) {
    case STC_CH_CMD:
        return 1;
    case STC_CH_BIAS:
        return c->v->has_bias ? c->v->m : 0;
    case STC_CH_W:
        return c->npass * c->v->n;
    default:
        return c->npass * c->v->m;
    }
}

/* Moves a channel past commands that have no beats on it. */
static void chan_settle(stc_host *h, int ch)
{
    stc_chan *c = &h->ch[ch];
    while (c->cmd < h->s->ncmd && c->beat >= chan_beats(h, ch, c->cmd)) {
        c->cmd++;
        c->beat = 0;
    }
}

static void chan_rewind(stc_host *h, unsigned i)
{
    for (int ch = 0; ch < STC_CH_COUNT; ch++) {
        h->ch[ch] = (stc_chan){i, 0, false};
        chan_settle(h, ch);
    }
}

static stc_status init_sectors(stc_host *h)
{
    unsigned size = h->cfg.sector_bytes ? h->cfg.sector_bytes : STC_SECTOR_DEFAULT;
    for (int i = 0; i < STC_SEC_COUNT; i++) {
        stc_status st = stc_sector_init(&h->sec[i], size);
        if (st != STC_OK)
            return st;
    }
    return STC_OK;
}

stc_status stc_host_init(stc_host *h, const stc_stream *s, const stc_host_cfg *cfg)
{
    unsigned mmax = 1;
    memset(h, 0, sizeof *h);
    h->s = s;
    h->cfg = *cfg;
    h->cnt_watch = !cfg->live_start; /* a reset: every counter 0 */
    h->cnt_held_cmd = -1;
    if (h->cfg.stall_pct > 100)
        h->cfg.stall_pct = 100;
    /* Mix the stream's identity (its first command's generator seed and
     * shape) into the stall seed: every file of a regression gets its own
     * stall pattern, yet a file replays identically in any runner given
     * the same seed. */
    const stc_vec *v = &s->cmd[0];
    h->rng = cfg->seed ^ (v->seed * 0x9e3779b97f4a7c15ull) ^ ((uint64_t)v->m << 40) ^
             ((uint64_t)v->k << 20) ^ ((uint64_t)v->mode24 << 19) ^ (uint64_t)v->has_bias << 18 ^
             ((uint64_t)s->ncmd << 48);
    h->junk = h->rng ^ 0x6a09e667f3bcc909ull;
    h->dont_care = h->rng ^ 0xbb67ae8584caa73bull;
    stc_status sst = init_sectors(h);
    if (sst != STC_OK)
        return sst;
    h->cmds = calloc(s->ncmd, sizeof *h->cmds);
    if (!h->cmds)
        return STC_ENOMEM;
    unsigned faulty = 0;
    for (unsigned i = 0; i < s->ncmd; i++) {
        stc_status st = init_cmd(h, i);
        if (st != STC_OK)
            return st;
        faulty += h->cmds[i].fault.on;
        if (s->cmd[i].m > mmax)
            mmax = s->cmd[i].m;
    }
    /* The fault rides on a weight beat: meta_fault needs a 2:4 command
     * with a block to load (or a vector's own fault); with none, the run
     * would check nothing it was asked to. */
    if (h->cfg.meta_fault && faulty == 0)
        return STC_EPARAM;
    h->res = calloc((size_t)mmax * v->n, sizeof *h->res);
    h->res_at = calloc(mmax, sizeof *h->res_at);
    h->err_seen = calloc(s->ncmd, sizeof *h->err_seen);
    if (!h->res || !h->res_at || !h->err_seen)
        return STC_ENOMEM;
    h->check_cmd = -1;
    h->rule_cmd = -1;
    h->err_cleared = STC_ERR_CLEARED_RESET; /* every run starts with a reset */
    chan_rewind(h, 0);
    return STC_OK;
}

void stc_host_free(stc_host *h)
{
    free(h->cmds);
    free(h->res);
    free(h->res_at);
    free(h->err_seen);
    h->cmds = NULL;
    h->res = NULL;
    h->res_at = NULL;
    h->err_seen = NULL;
}

void stc_host_restart(stc_host *h)
{
    chan_rewind(h, h->res_cmd);
    h->issued = h->res_cmd;
    h->res_row = 0;
    h->cycle = 0;
    h->idle_since = 0;
    h->res_waiting = false;
    memset(h->waiting, 0, sizeof h->waiting);
    h->err_expect = false;
    h->err_risen = false;
    h->err_cleared = STC_ERR_CLEARED_RESET;
    h->check_cmd = -1;
    h->busy_count = 0;
    h->cnt_watch = true;
    memset(h->cnt_held, 0, sizeof h->cnt_held);
    h->cnt_held_cmd = -1;
    h->quiet = 0;
    h->busy_prev = false;
    memset(&h->prev_in, 0, sizeof h->prev_in);
    /* The interrupted command runs again: its verdict starts over. */
    for (unsigned i = h->res_cmd; i < h->s->ncmd; i++)
        h->err_seen[i] = false;
}

void stc_host_idle_inputs(stc_inputs *in, bool rst_n)
{
    memset(in, 0, sizeof *in);
    in->rst_n = rst_n;
}

/* ---- driving --------------------------------------------------------------- */

static bool host_stalls(stc_host *h)
{
    return h->cfg.stall_pct > 0 && stc_splitmix64(&h->rng) % 100 < h->cfg.stall_pct;
}

static void fill_from(uint64_t *state, void *dst, size_t len)
{
    unsigned char *p = dst;
    for (size_t i = 0; i < len; i += 8) {
        uint64_t r = stc_splitmix64(state);
        memcpy(p + i, &r, len - i < 8 ? len - i : 8);
    }
}

/* Don't-care lanes of a beat that is offered (skip bits above nblk, the
 * dense upper activation half, dense metadata): random, but a function of
 * the beat only, so the payload stays stable while valid waits for ready. */
static void fill_dont_care(const stc_host *h, int ch, unsigned cmd, unsigned beat, void *dst,
                           size_t len)
{
    uint64_t state = h->dont_care ^ ((uint64_t)ch << 60) ^ ((uint64_t)cmd << 32) ^ beat;
    fill_from(&state, dst, len);
}

/* A port without a valid carries junk, not the last beat: an RTL that
 * samples a payload without its valid (or reads the command ports after
 * the command instead of its latched copy) then diverges at once. */
static void drive_junk(stc_host *h, stc_inputs *in)
{
    unsigned n = h->s->cmd[0].n;
    if (!in->cmd_valid) {
        in->cmd_mode = stc_splitmix64(&h->junk) & 1u;
        in->cmd_m = (uint32_t)stc_splitmix64(&h->junk);
        in->cmd_nblk = (uint32_t)stc_splitmix64(&h->junk);
        in->cmd_skip = stc_splitmix64(&h->junk);
        in->cmd_bias = stc_splitmix64(&h->junk) & 1u;
    }
    if (!in->bias_valid)
        fill_from(&h->junk, in->bias_data, n * sizeof in->bias_data[0]);
    if (!in->w_valid) {
        fill_from(&h->junk, in->w_data, n);
        fill_from(&h->junk, in->w_meta, n);
        for (unsigned c = 0; c < n; c++)
            in->w_meta[c] &= 0xfu;
    }
    if (!in->a_valid)
        fill_from(&h->junk, in->a_data, 2 * n);
}

static void put_cmd(const stc_host *h, stc_inputs *in)
{
    unsigned i = h->ch[STC_CH_CMD].cmd;
    const stc_vec *v = h->cmds[i].v;
    unsigned nblk = stc_vec_nblk(v);
    uint64_t above = ~stc_vec_skip_mask(nblk), junk;
    in->cmd_mode = v->mode24;
    in->cmd_m = v->m - 1;
    in->cmd_nblk = nblk - 1;
    /* Skip bits at or above nblk are don't-cares the tile must ignore. */
    fill_dont_care(h, STC_CH_CMD, i, 0, &junk, sizeof junk);
    in->cmd_skip = v->skip | (junk & above);
    in->cmd_bias = v->has_bias;
}

static void put_bias(const stc_host *h, stc_inputs *in)
{
    const stc_chan *c = &h->ch[STC_CH_BIAS];
    const stc_vec *v = h->cmds[c->cmd].v;
    memcpy(in->bias_data, v->bias + (size_t)c->beat * v->n, v->n * sizeof(int32_t));
}

/* The fault nibble rides on this weight beat of command i. */
static bool beat_is_fault(const stc_host *h, unsigned i, unsigned beat)
{
    const stc_host_cmd *c = &h->cmds[i];
    unsigned n = c->v->n;
    return c->fault.on && c->blocks[beat / n] == c->fault.block && beat % n == 2 * c->fault.group;
}

/* Weight beat j of a command: pass j / N, PE row j % N. In 2:4 mode the
 * metadata nibble of group r/2 rides on the even beat; odd beats carry 0
 * (an illegal code), so a tile that samples metadata on the wrong beat
 * flags an error. In dense mode the metadata lanes are don't-cares. */
static void put_weights(const stc_host *h, stc_inputs *in)
{
    const stc_chan *ch = &h->ch[STC_CH_W];
    const stc_host_cmd *c = &h->cmds[ch->cmd];
    const stc_vec *v = c->v;
    unsigned n = v->n, r = ch->beat % n, b = c->blocks[ch->beat / n];
    memcpy(in->w_data, v->w + ((size_t)b * n + r) * n, n);
    if (v->mode24 && r % 2 == 0)
        for (unsigned col = 0; col < n; col++)
            in->w_meta[col] = (uint8_t)((v->meta[(size_t)b * n + col] >> (4 * (r / 2))) & 0xfu);
    if (!v->mode24) {
        fill_dont_care(h, STC_CH_W, ch->cmd, ch->beat, in->w_meta, n);
        for (unsigned col = 0; col < n; col++)
            in->w_meta[col] &= 0xfu;
    }
    if (beat_is_fault(h, ch->cmd, ch->beat))
        in->w_meta[c->fault.col] = (uint8_t)c->fault.code;
}

static void put_acts(const stc_host *h, stc_inputs *in)
{
    const stc_chan *ch = &h->ch[STC_CH_A];
    const stc_host_cmd *c = &h->cmds[ch->cmd];
    const stc_vec *v = c->v;
    unsigned m = ch->beat % v->m, b = c->blocks[ch->beat / v->m];
    memcpy(in->a_data, v->a + (size_t)m * v->k + (size_t)b * c->kd, c->kd);
    /* Dense beats use the lower N bytes; the upper half is a don't-care. */
    if (c->kd < 2 * v->n)
        fill_dont_care(h, STC_CH_A, ch->cmd, ch->beat, in->a_data + c->kd, 2 * v->n - c->kd);
}

/* May the command channel raise valid for its command this cycle? */
static bool cmd_eligible(const stc_host *h)
{
    unsigned i = h->ch[STC_CH_CMD].cmd;
    const stc_host_cmd *c = &h->cmds[i];
    switch (c->policy) {
    case STC_POLICY_EARLY:
        return true;
    case STC_POLICY_GAP:
        return h->res_cmd >= i && h->cycle >= h->idle_since + c->gap;
    default:
        return h->res_cmd >= i;
    }
}

void stc_host_drive(stc_host *h, stc_inputs *in)
{
    bool stall[STC_CH_COUNT + 1];
    /* One draw per channel per cycle, whatever the state, so the stall
     * pattern depends only on the seed and the cycle number. */
    for (int ch = 0; ch <= STC_CH_COUNT; ch++)
        stall[ch] = host_stalls(h);
    stc_host_idle_inputs(in, true);
    for (int ch = 0; ch < STC_CH_COUNT; ch++) {
        stc_chan *c = &h->ch[ch];
        bool held = ch == STC_CH_W && c->cmd == 0 && h->cycle < h->cfg.hold;
        if (!c->valid && c->cmd < h->s->ncmd && !stall[ch] && !held &&
            (ch != STC_CH_CMD || cmd_eligible(h)))
            c->valid = true;
    }
    if ((in->cmd_valid = h->ch[STC_CH_CMD].valid))
        put_cmd(h, in);
    if ((in->bias_valid = h->ch[STC_CH_BIAS].valid))
        put_bias(h, in);
    if ((in->w_valid = h->ch[STC_CH_W].valid))
        put_weights(h, in);
    if ((in->a_valid = h->ch[STC_CH_A].valid))
        put_acts(h, in);
    in->res_ready = !stall[STC_CH_COUNT];
    drive_junk(h, in);
}

/* ---- checking ---------------------------------------------------------------- */

static void violation(stc_host *h, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void violation(stc_host *h, const char *rule, const char *fmt, ...)
{
    if (h->violations++ > 0)
        return;
    va_list ap;
    h->first.cycle = h->now;
    h->first.result = strcmp(rule, "result") == 0;
    h->first.cmd = h->rule_cmd;
    snprintf(h->first.rule, sizeof h->first.rule, "%s", rule);
    va_start(ap, fmt);
    vsnprintf(h->first.text, sizeof h->first.text, fmt, ap);
    va_end(ap);
}

/* The tile's side of the valid/ready rules and busy_o. */
static void check_ports(stc_host *h, const stc_outputs *out)
{
    unsigned n = h->s->cmd[0].n;
    bool outstanding = h->issued > h->res_cmd;
    if (h->res_waiting && !out->res_valid)
        violation(h, "protocol: res_valid held",
                  "res_valid_o fell before the result row was taken (res_ready_i was 0)");
    else if (h->res_waiting && memcmp(out->res_data, h->res_prev, n * sizeof(int32_t)) != 0)
        violation(h, "protocol: res_data stable",
                  "res_data_o changed while res_valid_o waited for res_ready_i");
    if (out->res_valid && !outstanding)
        violation(h, "protocol: result without command",
                  "res_valid_o is 1 but every accepted command's rows were taken");
    if (out->busy != outstanding)
        violation(h, "protocol: busy_o",
                  "busy_o is %d, expected %d (%u commands accepted, %u completed)", out->busy,
                  outstanding, h->issued, h->res_cmd);
    if (out->cmd_ready == out->busy)
        violation(h, "protocol: cmd_ready_o", "cmd_ready_o is %d while busy_o is %d",
                  out->cmd_ready, out->busy);
    if (!out->res_valid)
        for (unsigned col = 0; col < n; col++)
            if (out->res_data[col] != 0) {
                violation(h, "protocol: res_data_o when not valid",
                          "res_data_o column %u is %" PRId32
                          " while res_valid_o is 0 (docs/architecture.md section 4: 0 "
                          "outside DRAIN)",
                          col, out->res_data[col]);
                break;
            }
}

/* err_o before its cause: after a reset, after a command transfer, or
 * with no illegal nibble loaded at all. */
static void check_err_low(stc_host *h, int cleared)
{
    if (cleared == STC_ERR_CLEARED_RESET)
        violation(h, "err_o: reset",
                  "err_o is 1 in the first cycle after a reset (docs/architecture.md section 4: "
                  "a reset clears err)");
    else if (cleared == STC_ERR_CLEARED_CMD)
        violation(h, "err_o: cleared by command",
                  "err_o is still 1 in the cycle after command %u's transfer (section 3: the "
                  "next command transfer clears it)",
                  h->issued - 1);
    else
        violation(h, "err_o: without fault", "err_o is 1 but no illegal nibble was loaded since %s",
                  h->issued > 0 ? "the last command transfer" : "the reset");
}

/* err_o against the illegal nibbles the host loaded (section 3; the rule
 * table of docs/architecture.md): it rises in the cycle after the faulty
 * beat's transfer (up to err_latency cycles later at txn, and no later than
 * the command's last result row) and stays 1 until the next command
 * transfer; it is 0 in the cycle after a command transfer or a reset and
 * never 1 without an illegal nibble. */
static void check_err(stc_host *h, const stc_inputs *in, const stc_outputs *out)
{
    int cleared = h->err_cleared;
    h->err_cleared = STC_ERR_CLEARED_NONE;
    if (out->err && h->issued > 0)
        h->err_seen[h->issued - 1] = true;
    if (!h->err_expect) {
        if (out->err)
            check_err_low(h, cleared);
        return;
    }
    const stc_host_cmd *c = &h->cmds[h->err_cmd];
    if (out->err) {
        h->err_risen = true;
        return;
    }
    if (h->err_risen) {
        violation(h, "err_o: sticky",
                  "err_o fell to 0 before the next command transfer; command %u loaded the "
                  "illegal nibble 0x%x (section 3: sticky until the next command transfer)",
                  h->err_cmd, c->fault.code);
        return;
    }
    bool last_row =
        h->res_cmd == h->err_cmd && out->res_valid && in->res_ready && h->res_row + 1 == c->v->m;
    if (h->cfg.err_latency == 0 && h->cycle >= h->err_due)
        violation(h, "err_o: raised", "err_o is 0 after command %u loaded the illegal nibble 0x%x",
                  h->err_cmd, c->fault.code);
    else if (h->cycle >= h->err_due)
        violation(h, "err_o: raised",
                  "err_o is still 0 %" PRIu64
                  " cycles after the cycle that follows the transfer of command %u's illegal "
                  "nibble 0x%x (the bound is --err-latency %" PRIu64 ")",
                  h->cfg.err_latency + 1, h->err_cmd, c->fault.code, h->cfg.err_latency);
    else if (last_row)
        violation(h, "err_o: raised",
                  "err_o is still 0 at the last result row of command %u, which loaded the "
                  "illegal nibble 0x%x (it must be 1 by then at any --err-latency)",
                  h->err_cmd, c->fault.code);
}

/* The host's own side: a raised valid stays with the same payload. */
static void check_own_valids(stc_host *h, const stc_inputs *in)
{
    const stc_inputs *p = &h->prev_in;
    unsigned n = h->s->cmd[0].n;
    bool held = true;
    if (h->waiting[STC_CH_CMD])
        held = held && in->cmd_valid && in->cmd_mode == p->cmd_mode && in->cmd_m == p->cmd_m &&
               in->cmd_nblk == p->cmd_nblk && in->cmd_skip == p->cmd_skip &&
               in->cmd_bias == p->cmd_bias;
    if (h->waiting[STC_CH_W])
        held = held && in->w_valid && memcmp(in->w_data, p->w_data, n) == 0 &&
               memcmp(in->w_meta, p->w_meta, n) == 0;
    if (h->waiting[STC_CH_A])
        held = held && in->a_valid && memcmp(in->a_data, p->a_data, 2 * n) == 0;
    if (h->waiting[STC_CH_BIAS])
        held =
            held && in->bias_valid && memcmp(in->bias_data, p->bias_data, n * sizeof(int32_t)) == 0;
    if (!held)
        violation(h, "protocol: host valid held",
                  "the host changed a payload or dropped a valid before its transfer");
}

/* Counters of a completed command against sections 6 and 7. */
static void check_counters(stc_host *h, unsigned i, const uint32_t *cnt)
{
    const stc_host_cmd *c = &h->cmds[i];
    const stc_vec *v = c->v;
    uint64_t n = v->n, m = v->m, nblk = stc_vec_nblk(v), np = c->npass, kd = c->kd;
    /* An illegal nibble moves the mux: which products are nonzero is then
     * the tile's business, not the vector's. */
    bool data_known = !c->fault.on && c->macs_known;
    uint32_t busy = cnt[STC_CNT_CYCLES] - cnt[STC_CNT_STALL_CYCLES];
    uint64_t base = stc_gen_cycles(v), want = base;
    /* dbuf (section 11): exact when no source ever waits; otherwise the
     * weight beats that had to wait in LOAD count, up to N per pass. */
    bool exact = h->cfg.uarch != STC_UARCH_DBUF || (h->cfg.stall_pct == 0 && h->cfg.hold == 0);
    if (h->cfg.uarch == STC_UARCH_DBUF && exact)
        want = stc_gen_cycles_dbuf(v);
    bool timed = !h->cfg.other_timing;
    if (timed && !exact && (busy > (uint32_t)base || busy < (uint32_t)(base - np * n))) {
        violation(h, "counters",
                  "command %u: cycles - stall_cycles = %" PRIu32 ", outside [%" PRIu64 ", %" PRIu64
                  "] of docs/architecture.md section 11",
                  i, busy, base - np * n, base);
        return;
    }
    struct {
        const char *name;
        uint32_t got, want;
        bool checked;
    } rows[] = {
        {"cycles - stall_cycles", busy, (uint32_t)want, exact && timed},
        {"macs_alg", cnt[STC_CNT_MACS_ALG], (uint32_t)(nblk * m * kd * n), true},
        {"macs_skipped", cnt[STC_CNT_MACS_SKIPPED],
         (uint32_t)((nblk - np) * m * kd * n + (v->mode24 ? np * m * n * n : 0)), true},
        {"macs_actual + macs_gated", cnt[STC_CNT_MACS_ACTUAL] + cnt[STC_CNT_MACS_GATED],
         (uint32_t)(np * m * n * n), true},
        {"macs_actual", cnt[STC_CNT_MACS_ACTUAL], (uint32_t)c->macs_actual, data_known},
        {"w_bytes", cnt[STC_CNT_W_BYTES], (uint32_t)(np * n * n), true},
        {"meta_bytes", cnt[STC_CNT_META_BYTES], (uint32_t)(v->mode24 ? np * (n / 2) * (n / 2) : 0),
         true},
        {"a_bytes", cnt[STC_CNT_A_BYTES], (uint32_t)(np * m * (v->mode24 ? 2 * n : n)), true},
    };
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        if (rows[r].checked && rows[r].got != rows[r].want) {
            violation(h, "counters",
                      "command %u: %s = %" PRIu32 ", the closed form of "
                      "docs/architecture.md sections 6-7 gives %" PRIu32,
                      i, rows[r].name, rows[r].got, rows[r].want);
            return;
        }
    }
}

/* The counter rules of any timing at command i's end (cfg.counter_rules):
 * cycles is the busy cycles, stall_cycles among them. From here on, until
 * the next command transfer, every counter holds these values. */
static void check_counters_timeless(stc_host *h, unsigned i, const uint32_t *cnt)
{
    uint32_t cyc = cnt[STC_CNT_CYCLES], stall = cnt[STC_CNT_STALL_CYCLES];
    if (cyc != (uint32_t)h->busy_done)
        violation(h, "counters: cycles",
                  "command %u: cycles = %" PRIu32 ", but busy_o was 1 for %" PRIu64
                  " cycles from its transfer to its last result row (docs/architecture.md "
                  "section 7: cycles counts every cycle with state != IDLE, 32 bits, cleared "
                  "by the command transfer)",
                  i, cyc, h->busy_done);
    else if (stall > cyc)
        violation(h, "counters: stall_cycles",
                  "command %u: stall_cycles = %" PRIu32 " > cycles = %" PRIu32
                  " (section 7: a stall cycle is a busy cycle)",
                  i, stall, cyc);
    memcpy(h->cnt_held, cnt, sizeof h->cnt_held);
    h->cnt_held_cmd = (int)i;
    h->cnt_watch = true;
}

/* Between commands every counter holds (section 7), and after a reset
 * it reads 0 until the first command transfer. */
static void check_counters_idle(stc_host *h, const uint32_t *cnt)
{
    for (int j = 0; h->cnt_watch && j < STC_NUM_COUNTERS; j++) {
        if (cnt[j] == h->cnt_held[j])
            continue;
        if (h->cnt_held_cmd < 0)
            violation(h, "counters: reset",
                      "%s = %" PRIu32 " after the reset, before any command transfer (section 7: "
                      "a reset clears every counter and it holds until the next command)",
                      stc_counter_name(j), cnt[j]);
        else {
            h->rule_cmd = h->cnt_held_cmd; /* the command whose values it must hold */
            violation(h, "counters: hold",
                      "%s = %" PRIu32 " after command %d completed, where it read %" PRIu32
                      " (section 7: every counter holds its value after the command until the "
                      "next command transfer)",
                      stc_counter_name(j), cnt[j], h->cnt_held_cmd, h->cnt_held[j]);
            h->rule_cmd = -1;
        }
        h->cnt_watch = false; /* one report */
    }
}

bool stc_host_check(stc_host *h, uint64_t cycle, const stc_inputs *in, const stc_outputs *out,
                    const stc_probes *pr)
{
    unsigned before = h->violations;
    h->now = cycle;
    check_ports(h, out);
    check_err(h, in, out);
    check_own_valids(h, in);
    if (out->busy)
        h->busy_count++;
    if (h->check_cmd >= 0 && pr) {
        /* A failure names that command, not the next one now under way. */
        h->rule_cmd = h->check_cmd;
        check_counters(h, (unsigned)h->check_cmd, pr->cnt);
        if (h->cfg.counter_rules)
            check_counters_timeless(h, (unsigned)h->check_cmd, pr->cnt);
        h->rule_cmd = -1;
    }
    if (h->cfg.counter_rules && pr)
        check_counters_idle(h, pr->cnt);
    h->check_cmd = -1;
    return h->violations == before;
}

void stc_host_comb_path(stc_host *h, uint64_t cycle, const char *signal)
{
    h->now = cycle;
    violation(h, "protocol: output follows an input",
              "%s changed when this cycle's inputs were applied, before the clock edge: it "
              "depends combinationally on an input (docs/architecture.md section 3: every output "
              "is a function of registered state; ready never depends on valid)",
              signal);
}

/* ---- transfers ----------------------------------------------------------------- */

/* A command's first beat on a stream: its operands are arrays of their
 * own, so nothing is left in the coalescing buffer (also after a reset,
 * which sends the interrupted command again from its first beat). */
static void sector_begin(stc_host *h, int sec, unsigned beat)
{
    if (beat == 0)
        stc_sector_forget(&h->sec[sec]);
}

/* The memory image of docs/architecture.md section 10: weight beat j of a
 * command (block b, PE row r) reads row b*N + r of the stored W, N bytes
 * at (b*N + r)*N (dense: K x N; 2:4: the kept values, K/2 x N); in 2:4 an
 * even beat also reads the N/2 metadata bytes of group r/2 of block b, at
 * (b*N/2 + r/2)*N/2 of the metadata array. */
static void count_w_beat(stc_host *h)
{
    const stc_chan *ch = &h->ch[STC_CH_W];
    const stc_host_cmd *c = &h->cmds[ch->cmd];
    uint64_t n = c->v->n, r = ch->beat % n, b = c->blocks[ch->beat / n];
    sector_begin(h, STC_SEC_W, ch->beat);
    sector_begin(h, STC_SEC_META, ch->beat);
    stc_sector_read(&h->sec[STC_SEC_W], (b * n + r) * n, n);
    if (c->v->mode24 && r % 2 == 0)
        stc_sector_read(&h->sec[STC_SEC_META], (b * (n / 2) + r / 2) * (n / 2), n / 2);
}

/* Activation beat of row m in the pass of block b: A[m][b*KD .. +KD-1] of
 * the M x K row-major A, KD bytes at m*K + b*KD. */
static void count_a_beat(stc_host *h)
{
    const stc_chan *ch = &h->ch[STC_CH_A];
    const stc_host_cmd *c = &h->cmds[ch->cmd];
    const stc_vec *v = c->v;
    uint64_t m = ch->beat % v->m, b = c->blocks[ch->beat / v->m];
    sector_begin(h, STC_SEC_A, ch->beat);
    stc_sector_read(&h->sec[STC_SEC_A], m * v->k + b * c->kd, c->kd);
}

static void chan_step(stc_host *h, int ch)
{
    h->ch[ch].valid = false;
    h->ch[ch].beat++;
    chan_settle(h, ch);
}

/* C[m][n] of command i came back as got, not want: a result violation
 * naming the command (the host moves on to the next one in this cycle;
 * the debugger reduces a stream to it), the element kept beside it. */
static void result_violation(stc_host *h, unsigned i, unsigned m, unsigned n, int32_t want,
                             int32_t got)
{
    h->rule_cmd = (int)i;
    violation(h, "result",
              "command %u: C[%u][%u] expected %" PRId32
              " (functional reference), tile returned %" PRId32,
              i, m, n, want, got);
    h->rule_cmd = -1;
    if (h->violations == 1) {
        h->first.row = m;
        h->first.col = n;
        h->first.got = got;
        h->first.want = want;
    }
}

/* The last row of command i came in: compare the rows with its C. */
static void finish_cmd(stc_host *h, unsigned i)
{
    const stc_host_cmd *c = &h->cmds[i];
    const stc_vec *v = c->v;
    h->cmds_done++;
    h->check_cmd = (int)i;
    h->busy_done = h->busy_count;
    h->idle_since = h->cycle + 1;
    if (c->fault.on) {
        h->faults_seen++;
        return;
    }
    for (unsigned m = 0; m < v->m; m++)
        for (unsigned n = 0; n < v->n; n++) {
            int32_t got = h->res[(size_t)m * v->n + n], want = v->c[(size_t)m * v->n + n];
            if (got != want) {
                result_violation(h, i, m, n, want, got);
                return;
            }
        }
}

/* Which channels wait this cycle (valid without ready), and since when. */
static void note_waits(stc_host *h, const stc_inputs *in, const stc_outputs *out)
{
    bool w[STC_CH_COUNT] = {in->cmd_valid && !out->cmd_ready, in->bias_valid && !out->bias_ready,
                            in->w_valid && !out->w_ready, in->a_valid && !out->a_ready};
    for (int ch = 0; ch < STC_CH_COUNT; ch++) {
        if (w[ch] && !h->waiting[ch])
            h->wait_since[ch] = h->now;
        h->waiting[ch] = w[ch];
    }
}

/* One more quiet cycle, or none (stc_host.h, stc_host_hung): the tile
 * could move when it is busy or a command is offered, unless the host
 * withholds the first command's weights on purpose (hold). */
static void note_quiet(stc_host *h, const stc_inputs *in, const stc_outputs *out, bool moved)
{
    bool could = (out->busy || in->cmd_valid) && h->cycle >= h->cfg.hold;
    h->busy_prev = out->busy;
    if (moved) {
        h->quiet = 0;
        h->moved_at = h->now;
    } else if (could) {
        h->quiet++;
    }
}

void stc_host_advance(stc_host *h, const stc_inputs *in, const stc_outputs *out)
{
    unsigned n = h->s->cmd[0].n;
    bool xfer[STC_CH_COUNT + 1] = {in->cmd_valid && out->cmd_ready,
                                   in->bias_valid && out->bias_ready, in->w_valid && out->w_ready,
                                   in->a_valid && out->a_ready, in->res_ready && out->res_valid};
    bool moved = out->busy != h->busy_prev;
    for (int ch = 0; ch <= STC_CH_COUNT; ch++)
        if (xfer[ch]) {
            h->last_xfer[ch] = h->now;
            moved = true;
        }
    note_quiet(h, in, out, moved);
    note_waits(h, in, out);
    /* A row belongs to an accepted command as of the start of this cycle:
     * one offered in the cycle a command transfers (a rule already broken,
     * stc_host_check) is not that new command's first row. */
    bool row = xfer[STC_CH_COUNT] && h->res_cmd < h->s->ncmd && h->issued > h->res_cmd;
    if (in->cmd_valid && out->cmd_ready) {
        chan_step(h, STC_CH_CMD);
        h->issued++;
        h->busy_count = 0;
        h->cnt_watch = false;
        h->err_expect = false;
        h->err_risen = false;
        h->err_cleared = STC_ERR_CLEARED_CMD;
    }
    if (in->bias_valid && out->bias_ready)
        chan_step(h, STC_CH_BIAS);
    if (in->w_valid && out->w_ready) {
        if (beat_is_fault(h, h->ch[STC_CH_W].cmd, h->ch[STC_CH_W].beat) && !h->err_expect) {
            h->err_expect = true;
            h->err_cmd = h->ch[STC_CH_W].cmd;
            h->err_due = h->cycle + 1 + h->cfg.err_latency;
        }
        count_w_beat(h);
        chan_step(h, STC_CH_W);
    }
    if (in->a_valid && out->a_ready) {
        count_a_beat(h);
        chan_step(h, STC_CH_A);
    }
    if (row) {
        memcpy(h->res + (size_t)h->res_row * n, out->res_data, n * sizeof(int32_t));
        h->res_at[h->res_row] = h->now;
        if (++h->res_row == h->cmds[h->res_cmd].v->m) {
            finish_cmd(h, h->res_cmd);
            h->res_cmd++;
            h->res_row = 0;
        }
    }
    h->res_waiting = out->res_valid && !in->res_ready;
    memcpy(h->res_prev, out->res_data, sizeof h->res_prev);
    h->prev_in = *in;
    h->cycle++;
}

bool stc_host_done(const stc_host *h)
{
    return h->res_cmd >= h->s->ncmd;
}

uint64_t stc_host_hang_limit(const stc_host *h)
{
    return h->cfg.hang_cycles ? h->cfg.hang_cycles : STC_HANG_CYCLES_DEFAULT;
}

bool stc_host_hung(const stc_host *h)
{
    return h->quiet >= stc_host_hang_limit(h);
}

void stc_host_describe_wait(const stc_host *h, char *buf, size_t len)
{
    static const char *const port[STC_CH_COUNT + 1] = {"cmd", "bias", "w", "a", "res"};
    size_t at = 0;
    buf[0] = '\0';
    for (int ch = 0; ch < STC_CH_COUNT && at < len; ch++)
        if (h->waiting[ch])
            at += (size_t)snprintf(buf + at, len - at,
                                   "%s_valid_i is 1 without %s_ready_o since cycle %" PRIu64
                                   " (command %u, beat %u); ",
                                   port[ch], port[ch], h->wait_since[ch], h->ch[ch].cmd,
                                   h->ch[ch].beat);
    if (at < len && h->res_cmd < h->s->ncmd)
        at += (size_t)snprintf(buf + at, len - at,
                               "the host expects result row %u of command %u (%u accepted); ",
                               h->res_row, h->res_cmd, h->issued);
    if (at < len)
        at += (size_t)snprintf(buf + at, len - at, "last transfers:");
    for (int ch = 0; ch <= STC_CH_COUNT && at < len; ch++)
        at +=
            (size_t)snprintf(buf + at, len - at, h->last_xfer[ch] ? " %s at %" PRIu64 : " %s never",
                             port[ch], h->last_xfer[ch]);
}

/* Where a channel's next beat comes in its command's order (section 10):
 * the command, its bias rows, then per loaded block the weights before
 * the activations. */
static uint64_t chan_order(const stc_host *h, int ch)
{
    const stc_chan *c = &h->ch[ch];
    const stc_vec *v = c->cmd < h->s->ncmd ? h->cmds[c->cmd].v : NULL;
    uint64_t at = (uint64_t)c->cmd << 32;
    if (ch == STC_CH_W && v)
        return at + 2 + 2 * (uint64_t)(c->beat / v->n);
    if (ch == STC_CH_A && v)
        return at + 3 + 2 * (uint64_t)(c->beat / v->m);
    return at + (ch == STC_CH_BIAS);
}

void stc_host_hang_name(const stc_host *h, char *buf, size_t len)
{
    static const char *const port[STC_CH_COUNT] = {"cmd", "bias", "w", "a"};
    /* The channels run ahead: the hang is the waiting channel whose beat
     * comes first in the stream's order (the one the tile needs next). */
    int stuck = -1;
    for (int ch = 0; ch < STC_CH_COUNT; ch++)
        if (h->waiting[ch] && (stuck < 0 || chan_order(h, ch) < chan_order(h, stuck)))
            stuck = ch;
    if (stuck >= 0) {
        snprintf(buf, len, "(hang: %s_valid_i waits for %s_ready_o)", port[stuck], port[stuck]);
        return;
    }
    if (h->res_cmd < h->s->ncmd)
        snprintf(buf, len, "(hang: no result row of command %u)", h->res_cmd);
    else
        snprintf(buf, len, "(hang: busy_o after the last row)");
}

void stc_host_report(const stc_host *h, FILE *log, const char *path)
{
    if (!log || h->violations == 0)
        return;
    if (h->first.result) {
        fprintf(log, "RESULT MISMATCH %s at cycle %" PRIu64 ": %s\n", path ? path : "(stream)",
                h->first.cycle, h->first.text);
        return;
    }
    fprintf(log, "CHECK FAILED %s at cycle %" PRIu64 ": %s: %s\n", path ? path : "(stream)",
            h->first.cycle, h->first.rule, h->first.text);
}
