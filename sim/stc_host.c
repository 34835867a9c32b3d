/*
 * stc_host.c - host driver for one vector (see stc_host.h).
 */
#include "stc_host.h"

#include <stdlib.h>
#include <string.h>

/* splitmix64: tiny, good enough for stall patterns, and its whole state is
 * one word in the host struct. */
static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static bool host_stalls(stc_host *h)
{
    return h->stall_pct > 0 && splitmix64(&h->rng) % 100 < h->stall_pct;
}

static void fill_junk(stc_host *h, void *dst, size_t len)
{
    unsigned char *p = dst;
    for (size_t i = 0; i < len; i += 8) {
        uint64_t r = splitmix64(&h->junk);
        memcpy(p + i, &r, len - i < 8 ? len - i : 8);
    }
}

/* A port without a transfer carries junk, not the last beat: an RTL that
 * samples a payload without its valid (or reads the command ports after
 * the command instead of its latched copy) then diverges at once. */
static void drive_junk(stc_host *h, stc_inputs *in)
{
    unsigned n = h->v->n;
    if (!in->cmd_valid) {
        in->cmd_mode = splitmix64(&h->junk) & 1u;
        in->cmd_m = (uint32_t)splitmix64(&h->junk);
        in->cmd_nblk = (uint32_t)splitmix64(&h->junk);
        in->cmd_skip = splitmix64(&h->junk);
        in->cmd_bias = splitmix64(&h->junk) & 1u;
    }
    if (!in->bias_valid)
        fill_junk(h, in->bias_data, n * sizeof in->bias_data[0]);
    if (!in->w_valid) {
        fill_junk(h, in->w_data, n);
        fill_junk(h, in->w_meta, n);
        for (unsigned c = 0; c < n; c++)
            in->w_meta[c] &= 0xfu;
    }
    if (!in->a_valid)
        fill_junk(h, in->a_data, 2 * n);
}

stc_status stc_host_init(stc_host *h, const stc_vec *v, unsigned stall_pct, uint64_t seed)
{
    memset(h, 0, sizeof *h);
    h->v = v;
    h->kd = stc_vec_kd(v);
    h->stall_pct = stall_pct > 100 ? 100 : stall_pct;
    /* Mix the vector's identity (its generator seed and shape) into the
     * stall seed: every vector of a regression gets its own stall pattern,
     * yet a vector replays identically in any runner given the same seed. */
    h->rng = seed ^ (v->seed * 0x9e3779b97f4a7c15ull) ^ ((uint64_t)v->m << 40) ^
             ((uint64_t)v->k << 20) ^ ((uint64_t)v->mode24 << 19) ^ (uint64_t)v->has_bias << 18;
    h->junk = h->rng ^ 0x6a09e667f3bcc909ull;
    for (unsigned b = 0; b < stc_vec_nblk(v); b++)
        if (!((v->skip >> b) & 1u))
            h->blocks[h->npass++] = b;
    h->res = calloc((size_t)v->m * v->n, sizeof *h->res);
    return h->res ? STC_OK : STC_ENOMEM;
}

void stc_host_free(stc_host *h)
{
    free(h->res);
    h->res = NULL;
}

void stc_host_idle_inputs(stc_inputs *in, bool rst_n)
{
    memset(in, 0, sizeof *in);
    in->rst_n = rst_n;
}

static void drive_cmd(stc_host *h, stc_inputs *in)
{
    const stc_vec *v = h->v;
    in->cmd_mode = v->mode24;
    in->cmd_m = v->m - 1;
    in->cmd_nblk = stc_vec_nblk(v) - 1;
    /* Skip bits at or above nblk are don't-cares the tile must ignore:
     * drive them randomly. */
    unsigned nblk = stc_vec_nblk(v);
    uint64_t above = nblk >= 64 ? 0 : ~0ull << nblk;
    in->cmd_skip = v->skip | (splitmix64(&h->junk) & above);
    in->cmd_bias = v->has_bias;
    in->cmd_valid = !h->cmd_sent;
}

static void drive_bias(stc_host *h, stc_inputs *in)
{
    const stc_vec *v = h->v;
    if (!v->has_bias || h->bias_sent >= v->m)
        return;
    in->bias_valid = true;
    memcpy(in->bias_data, v->bias + (size_t)h->bias_sent * v->n, v->n * sizeof(int32_t));
}

/* Weight beat j: pass j / N, PE row j % N. In 2:4 mode the metadata nibble
 * of group r/2 rides on the even beat; odd beats carry 0 (an illegal code),
 * so a tile that samples metadata on the wrong beat flags an error. In
 * dense mode the metadata lanes are don't-cares and carry junk. */
static void drive_weights(stc_host *h, stc_inputs *in)
{
    const stc_vec *v = h->v;
    unsigned n = v->n;
    if (h->w_sent >= h->npass * n)
        return;
    unsigned pass = h->w_sent / n, r = h->w_sent % n, b = h->blocks[pass];
    const int8_t *row = v->w + ((size_t)b * n + r) * n;
    in->w_valid = true;
    memcpy(in->w_data, row, n);
    if (v->mode24 && r % 2 == 0)
        for (unsigned c = 0; c < n; c++)
            in->w_meta[c] = (uint8_t)((v->meta[(size_t)b * n + c] >> (4 * (r / 2))) & 0xfu);
    if (!v->mode24) {
        fill_junk(h, in->w_meta, n);
        for (unsigned c = 0; c < n; c++)
            in->w_meta[c] &= 0xfu;
    }
    if (h->meta_fault && v->mode24 && h->w_sent == 0)
        in->w_meta[0] = 0x0;
}

static void drive_acts(stc_host *h, stc_inputs *in)
{
    const stc_vec *v = h->v;
    if (h->a_sent >= h->npass * v->m)
        return;
    unsigned pass = h->a_sent / v->m, m = h->a_sent % v->m, b = h->blocks[pass];
    in->a_valid = true;
    memcpy(in->a_data, v->a + (size_t)m * v->k + (size_t)b * h->kd, h->kd);
    /* Dense beats use the lower N bytes; the upper half is a don't-care. */
    if (h->kd < 2 * v->n)
        fill_junk(h, in->a_data + h->kd, 2 * v->n - h->kd);
}

void stc_host_drive(stc_host *h, stc_inputs *in)
{
    stc_host_idle_inputs(in, true);
    drive_cmd(h, in);
    drive_bias(h, in);
    drive_weights(h, in);
    drive_acts(h, in);
    in->res_ready = h->res_got < h->v->m;
    /* One draw per stream per cycle, whatever the state, so the stall
     * pattern depends only on the seed and the cycle number. */
    if (host_stalls(h))
        in->cmd_valid = false;
    if (host_stalls(h))
        in->bias_valid = false;
    if (host_stalls(h))
        in->w_valid = false;
    if (host_stalls(h))
        in->a_valid = false;
    if (host_stalls(h))
        in->res_ready = false;
    drive_junk(h, in);
}

void stc_host_advance(stc_host *h, const stc_inputs *in, const stc_outputs *out)
{
    if (in->cmd_valid && out->cmd_ready)
        h->cmd_sent = true;
    if (in->bias_valid && out->bias_ready)
        h->bias_sent++;
    if (in->w_valid && out->w_ready)
        h->w_sent++;
    if (in->a_valid && out->a_ready)
        h->a_sent++;
    if (in->res_ready && out->res_valid && h->res_got < h->v->m) {
        memcpy(h->res + (size_t)h->res_got * h->v->n, out->res_data, h->v->n * sizeof(int32_t));
        h->res_got++;
    }
}

bool stc_host_done(const stc_host *h)
{
    return h->res_got >= h->v->m;
}

uint64_t stc_host_cycle_budget(const stc_vec *v, unsigned stall_pct)
{
    uint64_t n = v->n, m = v->m, passes = stc_vec_nblk(v);
    uint64_t ideal = (v->has_bias ? m : 0) + passes * (m + 3 * n + 1) + m + 1;
    /* A source stalling s% of cycles needs 1/(1-s) cycles a beat; allow 4x
     * that plus slack before calling it a hang. */
    uint64_t slow = 100 - (stall_pct > 90 ? 90 : stall_pct);
    return STC_RESET_CYCLES + 64 + 4 * ideal * 100 / slow;
}

bool stc_host_results_ok(const stc_host *h, FILE *log, const char *path)
{
    const stc_vec *v = h->v;
    for (unsigned m = 0; m < v->m; m++) {
        for (unsigned n = 0; n < v->n; n++) {
            int32_t got = h->res[(size_t)m * v->n + n], want = v->c[(size_t)m * v->n + n];
            if (got == want)
                continue;
            if (log)
                fprintf(log,
                        "RESULT MISMATCH %s: C[%u][%u] expected %d (functional reference), "
                        "tile returned %d\n",
                        path ? path : "(vector)", m, n, want, got);
            return false;
        }
    }
    return true;
}
