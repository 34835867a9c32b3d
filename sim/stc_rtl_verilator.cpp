// stc_rtl_verilator.cpp - the thin C++ shim between Verilator's generated
// class and the C API of stc_rtl.h. It only packs and unpacks bit vectors;
// every decision lives in the C runner.
#include "stc_rtl.h"

#include <cstring>
#include <new>

#include "Vstc_tile.h"
#include "verilated.h"
#if VM_COVERAGE
#include "verilated_cov.h"
#endif
#if VM_TRACE
#include "verilated_fst_c.h"
#endif

struct stc_rtl {
    VerilatedContext ctx;
    Vstc_tile *top;
#if VM_TRACE
    VerilatedFstC *fst;
#endif
    uint64_t time;
};

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the port packing below assumes a little-endian host"
#endif

namespace
{

// Verilator maps a port to CData/SData/IData/QData up to 64 bits and to
// VlWide<W> above; these overloads give both one word-array view.
template <typename T> void port_from_words(T &port, const uint32_t *w, unsigned nbits)
{
    uint64_t v = w[0];
    if (nbits > 32)
        v |= static_cast<uint64_t>(w[1]) << 32;
    port = static_cast<T>(v);
}

template <std::size_t W> void port_from_words(VlWide<W> &port, const uint32_t *w, unsigned)
{
    for (std::size_t i = 0; i < W; i++)
        port[i] = w[i];
}

template <typename T> const uint32_t *port_words(const T &port, uint32_t *buf)
{
    uint64_t v = static_cast<uint64_t>(port);
    buf[0] = static_cast<uint32_t>(v);
    buf[1] = static_cast<uint32_t>(v >> 32);
    return buf;
}

template <std::size_t W> const uint32_t *port_words(const VlWide<W> &port, uint32_t *)
{
    return port.data();
}

// Bit field [lsb +: width] (width <= 32) of a little-endian word array.
uint32_t bits(const uint32_t *w, unsigned lsb, unsigned width)
{
    unsigned word = lsb / 32, off = lsb % 32;
    uint64_t v = w[word] >> off;
    if (off + width > 32)
        v |= static_cast<uint64_t>(w[word + 1]) << (32 - off);
    return width == 32 ? static_cast<uint32_t>(v)
                       : static_cast<uint32_t>(v & ((1ull << width) - 1));
}

// Byte -> eight bools, so 1-bit probe vectors unpack eight PEs per copy.
struct bool_spread {
    uint64_t of[256];
};

constexpr bool_spread make_bool_spread()
{
    bool_spread t{};
    for (unsigned b = 0; b < 256; b++)
        for (unsigned k = 0; k < 8; k++)
            if ((b >> k) & 1u)
                t.of[b] |= 1ull << (8 * k);
    return t;
}

constexpr bool_spread kSpread = make_bool_spread();

// Byte -> four 2-bit fields, one per byte, for the mux select vector.
struct idx_spread {
    uint32_t of[256];
};

constexpr idx_spread make_idx_spread()
{
    idx_spread t{};
    for (unsigned b = 0; b < 256; b++)
        for (unsigned k = 0; k < 4; k++)
            t.of[b] |= ((b >> (2 * k)) & 3u) << (8 * k);
    return t;
}

constexpr idx_spread kIdxSpread = make_idx_spread();

constexpr unsigned N = STC_RTL_N;
constexpr unsigned MW = STC_RTL_MW;
constexpr unsigned KBW = STC_RTL_KBW;
constexpr unsigned WIDE = 32 * N * N / 32 + 2; // words of the widest port

} // namespace

extern "C" {

void stc_rtl_params(stc_params *p)
{
    p->n = STC_RTL_N;
    p->m_max = STC_RTL_M_MAX;
    p->kb_max = STC_RTL_KB_MAX;
}

int stc_rtl_can_trace(void)
{
    return VM_TRACE;
}

stc_status stc_rtl_create(int argc, const char **argv, stc_rtl **out)
{
    *out = nullptr;
    stc_rtl *r = new (std::nothrow) stc_rtl;
    if (!r)
        return STC_ENOMEM;
    if (argc > 0 && argv)
        r->ctx.commandArgs(argc, argv);
#if VM_TRACE
    r->ctx.traceEverOn(true);
    r->fst = nullptr;
#endif
    r->top = new (std::nothrow) Vstc_tile{&r->ctx};
    if (!r->top) {
        delete r;
        return STC_ENOMEM;
    }
    r->time = 0;
    r->top->clk_i = 0;
    r->top->rst_ni = 0;
    r->top->eval();
    *out = r;
    return STC_OK;
}

void stc_rtl_destroy(stc_rtl *r)
{
    if (!r)
        return;
#if VM_TRACE
    if (r->fst) {
        r->fst->close();
        delete r->fst;
    }
#endif
    r->top->final();
    delete r->top;
    delete r;
}

stc_status stc_rtl_trace_open(stc_rtl *r, const char *path)
{
#if VM_TRACE
    r->fst = new (std::nothrow) VerilatedFstC;
    if (!r->fst)
        return STC_ENOMEM;
    r->top->trace(r->fst, 99);
    r->fst->open(path);
    if (!r->fst->isOpen())
        return STC_EIO;
    return STC_OK;
#else
    (void)r;
    (void)path;
    return STC_EPARAM;
#endif
}

stc_status stc_rtl_coverage_write(stc_rtl *r, const char *path)
{
#if VM_COVERAGE
    r->ctx.coveragep()->write(path);
    return STC_OK;
#else
    (void)r;
    (void)path;
    return STC_EPARAM;
#endif
}

void stc_rtl_set_inputs(stc_rtl *r, const stc_inputs *in)
{
    Vstc_tile *t = r->top;
    uint32_t w[WIDE];

    t->rst_ni = in->rst_n;
    t->cmd_valid_i = in->cmd_valid;
    t->cmd_mode_i = in->cmd_mode;
    t->cmd_m_i = in->cmd_m & ((1u << MW) - 1);
    t->cmd_nblk_i = in->cmd_nblk & ((1u << KBW) - 1);
    // Verilator assumes unused bits of a port's C type are clean: mask.
    const uint64_t skip =
        in->cmd_skip & (STC_RTL_KB_MAX >= 64 ? ~0ull : (1ull << STC_RTL_KB_MAX) - 1);
    w[0] = static_cast<uint32_t>(skip);
    w[1] = static_cast<uint32_t>(skip >> 32);
    port_from_words(t->cmd_skip_i, w, STC_RTL_KB_MAX);
    t->cmd_bias_i = in->cmd_bias;

    t->bias_valid_i = in->bias_valid;
    std::memset(w, 0, sizeof w);
    for (unsigned n = 0; n < N; n++)
        w[n] = static_cast<uint32_t>(in->bias_data[n]);
    port_from_words(t->bias_data_i, w, 32 * N);

    t->w_valid_i = in->w_valid;
    std::memset(w, 0, sizeof w);
    std::memcpy(w, in->w_data, N); // byte n of the port is column n
    port_from_words(t->w_data_i, w, 8 * N);
    std::memset(w, 0, sizeof w);
    for (unsigned n = 0; n < N; n++)
        w[n / 8] |= (in->w_meta[n] & 0xfu) << (4 * (n % 8));
    port_from_words(t->w_meta_i, w, 4 * N);

    t->a_valid_i = in->a_valid;
    std::memset(w, 0, sizeof w);
    std::memcpy(w, in->a_data, 2 * N);
    port_from_words(t->a_data_i, w, 16 * N);

    t->res_ready_i = in->res_ready;
}

void stc_rtl_outputs(const stc_rtl *r, stc_outputs *out)
{
    const Vstc_tile *t = r->top;
    uint32_t buf[2];

    std::memset(out, 0, sizeof *out);
    out->cmd_ready = t->cmd_ready_o;
    out->bias_ready = t->bias_ready_o;
    out->w_ready = t->w_ready_o;
    out->a_ready = t->a_ready_o;
    out->res_valid = t->res_valid_o;
    const uint32_t *res = port_words(t->res_data_o, buf);
    for (unsigned n = 0; n < N; n++)
        out->res_data[n] = static_cast<int32_t>(res[n]);
    out->busy = t->busy_o;
    out->err = t->err_o;
}

void stc_rtl_probe(const stc_rtl *r, stc_probes *pr)
{
    const Vstc_tile *t = r->top;
    uint32_t b0[2], b1[2], b2[2], b3[2], b4[2], b5[2];

    std::memset(pr, 0, sizeof *pr);
    pr->state = t->dbg_state_o;
    pr->blk = t->dbg_blk_o;
    pr->beat = t->dbg_beat_o;
    pr->err = t->err_o;

    const uint32_t *v = port_words(t->dbg_pe_v_o, b0);
    const uint32_t *en = port_words(t->dbg_pe_en_o, b1);
    const uint32_t *enq = port_words(t->dbg_pe_en_q_o, b2);
    const uint32_t *pv = port_words(t->dbg_pe_pv_o, b3);
    const uint32_t *wq = port_words(t->dbg_pe_w_o, b4);
    const uint32_t *idx = port_words(t->dbg_pe_idx_o, b5);
    const uint32_t *act = t->dbg_pe_act_o.data();
    const uint32_t *prod = t->dbg_pe_prod_o.data();
    const uint32_t *psum = t->dbg_pe_psum_o.data();
    // Byte- and word-aligned fields are copied a row at a time (ports are
    // little-endian word arrays, checked at compile time above).
    const uint8_t *wbytes = reinterpret_cast<const uint8_t *>(wq);
    for (unsigned r_ = 0; r_ < N; r_++) {
        const unsigned row = r_ * N;
        std::memcpy(pr->pe_w[r_], wbytes + row, N);
        std::memcpy(pr->pe_act[r_], act + row, 4 * N);
        std::memcpy(pr->pe_prod[r_], prod + row, 4 * N);
        std::memcpy(pr->pe_psum[r_], psum + row, 4 * N);
        // N is even, so a row of N bits starts on a 4-bit boundary; rows of
        // N >= 8 start on bytes. Odd cases fall back to bit loops.
        if (N % 8 == 0) {
            const unsigned byte = row / 8;
            const uint8_t *vb = reinterpret_cast<const uint8_t *>(v) + byte;
            const uint8_t *eb = reinterpret_cast<const uint8_t *>(en) + byte;
            const uint8_t *qb = reinterpret_cast<const uint8_t *>(enq) + byte;
            const uint8_t *pb = reinterpret_cast<const uint8_t *>(pv) + byte;
            for (unsigned k = 0; k < N / 8; k++) {
                std::memcpy(&pr->pe_v[r_][8 * k], &kSpread.of[vb[k]], 8);
                std::memcpy(&pr->pe_en[r_][8 * k], &kSpread.of[eb[k]], 8);
                std::memcpy(&pr->pe_en_q[r_][8 * k], &kSpread.of[qb[k]], 8);
                std::memcpy(&pr->pe_pv[r_][8 * k], &kSpread.of[pb[k]], 8);
            }
        }
        // With N % 4 == 0 every row of 2-bit selects starts on a byte.
        const uint8_t *ib = reinterpret_cast<const uint8_t *>(idx) + row / 4;
        for (unsigned k = 0; N % 4 == 0 && k < N / 4; k++)
            std::memcpy(&pr->pe_idx[r_][4 * k], &kIdxSpread.of[ib[k]], 4);
        for (unsigned n = 0; n < N; n++) {
            const unsigned i = row + n, word = i / 32, bit = i % 32;
            if (N % 8 != 0) {
                pr->pe_v[r_][n] = (v[word] >> bit) & 1u;
                pr->pe_en[r_][n] = (en[word] >> bit) & 1u;
                pr->pe_en_q[r_][n] = (enq[word] >> bit) & 1u;
                pr->pe_pv[r_][n] = (pv[word] >> bit) & 1u;
            }
            if (N % 4 != 0)
                pr->pe_idx[r_][n] = static_cast<uint8_t>((idx[i / 16] >> (2 * (i % 16))) & 3u);
        }
    }

    const uint32_t *botv = port_words(t->dbg_bot_v_o, b0);
    const uint32_t *we = port_words(t->dbg_acc_we_o, b1);
    const uint32_t *row = port_words(t->dbg_acc_row_o, b2);
    const uint32_t *wdata = port_words(t->dbg_acc_wdata_o, b3);
    for (unsigned n = 0; n < N; n++) {
        pr->bot_v[n] = bits(botv, n, 1);
        pr->acc_we[n] = bits(we, n, 1);
        pr->acc_row[n] = bits(row, MW * n, MW);
        pr->acc_wdata[n] = static_cast<int32_t>(wdata[n]);
    }
    const uint32_t *cnt = t->dbg_cnt_o.data();
    for (unsigned j = 0; j < STC_NUM_COUNTERS; j++)
        pr->cnt[j] = cnt[j];
}

void stc_rtl_tick(stc_rtl *r)
{
    // Settle this cycle's inputs with the clock low, then the rising edge.
    // The clock returns low without an eval: the next tick's first eval
    // sees the falling edge, which saves one eval per cycle.
    r->top->eval();
#if VM_TRACE
    if (r->fst)
        r->fst->dump(2 * r->time);
#endif
    r->top->clk_i = 1;
    r->top->eval();
#if VM_TRACE
    if (r->fst)
        r->fst->dump(2 * r->time + 1);
#endif
    r->top->clk_i = 0;
    r->time++;
}

} // extern "C"
