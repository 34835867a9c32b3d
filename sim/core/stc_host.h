// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
/*
 * stc_host.h - the host side of a command stream: it plays the DMA engine
 * of docs/architecture.md section 10 for every command of a stream, back
 * to back without reset, offering every channel (command, bias, weights
 * with metadata, activations) and taking results, each with its own seeded
 * stall pattern, and checks what the tile does against the rules that do
 * not need the golden model:
 *
 *   - the valid/ready rules of section 3 on both sides (a valid is held
 *     until its transfer with a stable payload; no result without an
 *     outstanding command; cmd_ready == !busy);
 *   - res_data_o is 0 while res_valid_o is 0 (section 4);
 *   - err_o: 0 from the cycle after a command transfer (and after a
 *     reset) until the transfer of a weight beat that carries an illegal
 *     nibble; 1 from the cycle after it (within err_latency cycles more,
 *     and no later than the command's last result row) until the next
 *     command transfer (sticky within one command);
 *   - each command's result rows against its expected C (the functional
 *     reference), and its counters against the closed form of sections 6
 *     and 7 (cycles - stall_cycles, MACs, bytes).
 *
 * It also measures what its transfers cost a sector memory: every weight
 * beat (values and metadata as two streams) and activation beat it
 * transfers is a byte range of the DMA memory image of
 * docs/architecture.md section 10, read through a sector tracker
 * (common/stc_sector.h). Beats sent again after a reset count again.
 *
 * Each cycle the runner calls stc_host_drive() to get the inputs, lets the
 * tile produce its outputs, stc_host_check() to apply the rules above, then
 * stc_host_advance() to record which transfers happened. A valid, once
 * raised, never depends on ready; stalls are drawn from a seeded generator,
 * so a (stream, seed, stall, policy) tuple replays exactly.
 */
#ifndef STC_HOST_H
#define STC_HOST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "stc_sector.h"
#include "stc_tile.h"
#include "stc_vec.h"

/* When the host offers the next command (the data channels always run
 * ahead: each offers its next beat as soon as the previous one transferred,
 * even if that beat belongs to a command the tile has not accepted yet). */
typedef enum stc_policy {
    STC_POLICY_B2B,    /* on the first cycle the tile can accept it */
    STC_POLICY_GAP,    /* 1..STC_HOST_GAP_MAX idle cycles after the previous results */
    STC_POLICY_EARLY,  /* raised right after the previous command's transfer and
                          held high while the tile is busy */
    STC_POLICY_RANDOM, /* one of the three above per command, seeded */
    STC_POLICY_COUNT
} stc_policy;

#define STC_HOST_GAP_MAX 16

/* Parses "b2b", "gap", "early", "random"; -1 if none. */
int stc_policy_parse(const char *s);
const char *stc_policy_name(stc_policy p);

typedef struct stc_host_cfg {
    unsigned stall_pct; /* percent: a source delays raising valid, the sink drops ready */
    uint64_t seed;      /* stall, gap and junk patterns */
    stc_policy policy;
    bool meta_fault;      /* every 2:4 command with a loaded block and no fault of its
                             own gets one: code 0x0, first loaded block, group 0,
                             column 0 */
    uint64_t hold;        /* > 0: the weight channel of the first command stays idle
                             for this many cycles after reset, so that one command
                             runs long enough to carry its counters past 2^24 */
    uint64_t err_latency; /* cycles err_o may rise after the one that follows the
                             faulty beat's transfer: 0 at the cycle level; at
                             txn, an RTL of other timing may flag it later
                             (docs/architecture.md section 3, the rule table) */
    stc_uarch uarch;      /* the design's micro-architecture: which closed form of the
                             cycle count applies (sections 6 and 11) */
    bool other_timing;    /* txn: the design may have other timing, so the cycle
                             count (cycles - stall_cycles) has no closed form */
    /* S of the traffic trackers (0: STC_SECTOR_DEFAULT) */
    unsigned sector_bytes;
    uint64_t hang_cycles; /* the run is hung after this many quiet cycles (stc_host_hung;
                             0: STC_HANG_CYCLES_DEFAULT) */
    /* The counter rules that hold at any timing, checked where the model's
     * counters are not compared every cycle (ports, txn; docs/architecture.md
     * section 7): at each command's end, cycles equals the cycles busy_o was
     * 1 since its transfer and stall_cycles <= cycles; in every cycle from
     * then until the next command transfer each counter holds that value,
     * and from a reset until the first command each reads 0 (not after a
     * start without reset, live_start). */
    bool counter_rules;
    bool live_start;
} stc_host_cfg;

/* One valid/ready channel: its position in the stream and its valid. */
typedef struct stc_chan {
    unsigned cmd;  /* command the next beat belongs to (ncmd: channel done) */
    unsigned beat; /* beat inside that command */
    bool valid;    /* valid raised and held until the transfer */
} stc_chan;

enum { STC_CH_CMD, STC_CH_BIAS, STC_CH_W, STC_CH_A, STC_CH_COUNT };

/* What cleared err_o last (it must read 0 in the cycle after). */
enum { STC_ERR_CLEARED_NONE, STC_ERR_CLEARED_RESET, STC_ERR_CLEARED_CMD };

/* Default of --err-latency at the txn level: cycles err_o may rise later
 * than the cycle after the faulty beat's transfer. */
#define STC_ERR_LATENCY_TXN 16

/* The streams of the memory image whose sectors the host counts. */
enum { STC_SEC_W, STC_SEC_META, STC_SEC_A, STC_SEC_COUNT };

/* What the host knows of one command: its loaded blocks, its fault, and the
 * closed-form figures its counters must reach. */
typedef struct stc_host_cmd {
    const stc_vec *v;
    unsigned kd, npass;
    unsigned char blocks[STC_KB_MAX_MAX]; /* non-skipped blocks, in order */
    stc_fault fault;                      /* the vector's, or the meta_fault one */
    uint64_t macs_actual;                 /* nonzero A x nonzero W products */
    bool macs_known;                      /* false: the metadata does not decode */
    stc_policy policy;                    /* how its command is offered */
    unsigned gap;                         /* idle cycles before it (gap policy) */
} stc_host_cmd;

/* A rule broken, with the cycle it was seen in. */
typedef struct stc_host_violation {
    uint64_t cycle;
    char rule[48];  /* short name, e.g. "protocol: res_valid held" */
    char text[256]; /* what was seen and what was expected */
    bool result;    /* a result row (the rest are rules: protocol, err_o, counters) */
    int cmd;        /* the command a counters rule is about (it has completed and the
                       host has moved on); -1: the command whose results are due */
    /* result: the first element of the command's C that differs, in the
     * command's own rows and columns, with what came back and what its
     * vector expects */
    unsigned row, col;
    int32_t got, want;
} stc_host_violation;

typedef struct stc_host {
    const stc_stream *s;
    stc_host_cfg cfg;
    stc_host_cmd *cmds;
    uint64_t rng;       /* stall pattern */
    uint64_t junk;      /* payloads driven while valid is low, a separate stream so
                           that they do not move the stall pattern */
    uint64_t dont_care; /* base of the don't-care lanes of offered beats (fixed) */

    stc_chan ch[STC_CH_COUNT];
    unsigned res_cmd, res_row; /* next result row expected */
    unsigned issued;           /* commands transferred */
    uint64_t cycle;            /* cycles seen since the last reset */
    uint64_t now;              /* the runner's cycle number, for reports */
    uint64_t idle_since;       /* cycle the previous command's results completed */
    bool res_waiting;          /* res_valid was high without ready last cycle */
    int32_t res_prev[STC_N_MAX];
    stc_inputs prev_in;                   /* last cycle's inputs, for the payload-stable rule */
    bool waiting[STC_CH_COUNT];           /* valid without ready last cycle: must hold */
    uint64_t wait_since[STC_CH_COUNT];    /* the runner's cycle that wait began */
    uint64_t last_xfer[STC_CH_COUNT + 1]; /* the last transfer of each channel,
                                             results last (0: none yet) */
    bool err_expect;                      /* an illegal nibble was loaded since the last command
                                             transfer: err_o must rise and stay 1 */
    bool err_risen;                       /* err_o has been 1 since that nibble */
    uint64_t err_due;                     /* host cycle from which err_o must be 1 */
    unsigned err_cmd;                     /* command whose fault set it */
    int err_cleared;                      /* what the last cycle did to err_o: STC_ERR_CLEARED_* */
    int check_cmd;                        /* command whose counters are final this cycle, or -1 */
    int rule_cmd;                         /* command the rule being checked is about, or -1 */
    int32_t *res;                         /* rows of the command being drained (m x n) */
    uint64_t *res_at;                     /* the cycle each of those rows transferred */
    bool *err_seen;                       /* per command: err_o was 1 while it was the last
                                             command transferred */

    uint64_t busy_count; /* cycles busy_o was 1 since the last command transfer */
    uint64_t busy_done;  /* busy_count when the last command completed */
    bool cnt_watch;      /* counter_rules: every counter must read cnt_held this cycle */
    uint32_t cnt_held[STC_NUM_COUNTERS];
    int cnt_held_cmd;  /* the command whose end they were read at; -1: the reset */
    uint64_t quiet;    /* cycles in a row the tile could move and did not (stc_host_hung) */
    uint64_t moved_at; /* the runner's cycle of the last transfer or busy_o change */
    bool busy_prev;    /* busy_o last cycle */

    unsigned cmds_done, faults_seen;
    stc_sector sec[STC_SEC_COUNT]; /* traffic of every transferred beat */
    stc_host_violation first;
    unsigned violations;
} stc_host;

/* STC_EPARAM when cfg->meta_fault finds no command to fault (no 2:4
 * command with a block to load, and no vector with a fault of its own). */
stc_status stc_host_init(stc_host *h, const stc_stream *s, const stc_host_cfg *cfg);
void stc_host_free(stc_host *h);

/* After a reset: every channel goes back to the first command whose results
 * are not all in, which is offered again from its first beat. */
void stc_host_restart(stc_host *h);

/* Inputs for the current cycle (rst_n = 1). */
void stc_host_drive(stc_host *h, stc_inputs *in);

/* Checks the tile's outputs (and, when pr is not NULL, its counters) of the
 * current cycle (numbered cycle in reports; transfers recorded by the next
 * stc_host_advance are checked under the same number) against the rules of this file; a broken rule
 * is counted and the first one kept in h->first. Returns false if one broke now. */
bool stc_host_check(stc_host *h, uint64_t cycle, const stc_inputs *in, const stc_outputs *out,
                    const stc_probes *pr);

/* The output `signal` changed when cycle `cycle`'s inputs were applied,
 * before the clock edge (stc_rtl_settled_outputs): an input-to-output path,
 * which section 3 forbids (every output a function of registered state;
 * ready never depends on valid). Counted like any broken rule. */
void stc_host_comb_path(stc_host *h, uint64_t cycle, const char *signal);

/* Records the transfers of the current cycle, given the tile's outputs. */
void stc_host_advance(stc_host *h, const stc_inputs *in, const stc_outputs *out);

/* All result rows of every command received. */
bool stc_host_done(const stc_host *h);

/* Cycles of reset every run starts with. */
#define STC_RESET_CYCLES 2

/* Hang detection by progress, not by a total budget (docs/compare-levels.md,
 * "When a run is hung"). A cycle is quiet when no transfer happens on any
 * channel (command, bias, weights, activations, results) and busy_o keeps
 * last cycle's value, while the tile could move: it is busy or a command
 * is offered, and the host does not withhold the weights on purpose
 * (cfg.hold). Cycles in which the host offers nothing to an idle tile
 * (the gap policy, after the last command) are not counted, and reset
 * none. The run is hung after hang_cycles quiet cycles in a row: a tile
 * may take any time between two transfers up to that, however slow it is
 * per row; the stock tile's longest quiet spell is its FLUSH (2N + 1
 * cycles). No total budget is needed: the host offers a finite number of
 * beats, and busy_o moving without a transfer breaks the busy_o rule. */
#define STC_HANG_CYCLES_DEFAULT 4096

/* The limit the host applies (cfg.hang_cycles or the default). */
uint64_t stc_host_hang_limit(const stc_host *h);
/* hang_limit quiet cycles in a row: the run is hung. */
bool stc_host_hung(const stc_host *h);

/* What the host still waits for, for a hang's report: each channel whose
 * valid is up without its ready (since which cycle, which command and
 * beat), the result row it expects, and the last transfer of each. */
void stc_host_describe_wait(const stc_host *h, char *buf, size_t len);
/* The same in a few words, for summaries: "(hang: w_valid_i waits for
 * w_ready_o)", "(hang: no result row of command 3)". */
void stc_host_hang_name(const stc_host *h, char *buf, size_t len);

/* Prints the first violation ("CHECK FAILED path at cycle C: rule: text"). */
void stc_host_report(const stc_host *h, FILE *log, const char *path);

/* Inputs with every valid and ready low (reset cycles, idle). */
void stc_host_idle_inputs(stc_inputs *in, bool rst_n);

#endif
