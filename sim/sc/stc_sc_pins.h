// stc_sc_pins.h - the pins of the Verilated SystemC tile (verilator --sc) as
// sc_signals, and the packing between them and the golden model's signal
// structs (stc_inputs / stc_outputs / stc_probes of cmodel/stc_tile.h).
//
// This is the SystemC twin of sim/stc_rtl_verilator.cpp: it only packs and
// unpacks bit fields (docs/architecture.md sections 3 and 8). Verilator
// picks each port's C++ type from its width (bool, uint32_t, uint64_t or
// sc_bv<W>), and the choice changes with N, so every signal's type is taken
// from the generated port with decltype and every access goes through one
// little-endian 32-bit word view.
#ifndef STC_SC_PINS_H
#define STC_SC_PINS_H

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include "Vstc_tile.h"
#include "stc_sc_c.h"

namespace stc_sc
{

// ---- the value type of a generated port ------------------------------------
template <typename P> struct port_value;
template <typename T> struct port_value<sc_core::sc_in<T>> {
    using type = T;
};
template <typename T> struct port_value<sc_core::sc_out<T>> {
    using type = T;
};
#define STC_SC_PORT_T(p)                                                                           \
    typename port_value<std::remove_reference<decltype(std::declval<Vstc_tile &>().p)>::type>::type

// ---- one word view of every port type --------------------------------------
inline void to_words(bool v, uint32_t *w)
{
    w[0] = v;
    w[1] = 0;
}
inline void to_words(uint32_t v, uint32_t *w)
{
    w[0] = v;
    w[1] = 0;
}
inline void to_words(uint64_t v, uint32_t *w)
{
    w[0] = static_cast<uint32_t>(v);
    w[1] = static_cast<uint32_t>(v >> 32);
}
template <int W> void to_words(const sc_dt::sc_bv<W> &v, uint32_t *w)
{
    for (int i = 0; i < (W + 31) / 32; i++)
        w[i] = static_cast<uint32_t>(v.get_word(i));
}

inline void from_words(bool &v, const uint32_t *w)
{
    v = w[0] & 1u;
}
inline void from_words(uint32_t &v, const uint32_t *w)
{
    v = w[0];
}
inline void from_words(uint64_t &v, const uint32_t *w)
{
    v = w[0] | static_cast<uint64_t>(w[1]) << 32;
}
template <int W> void from_words(sc_dt::sc_bv<W> &v, const uint32_t *w)
{
    for (int i = 0; i < (W + 31) / 32; i++)
        v.set_word(i, w[i]);
}

// Bit field [lsb +: width] (width <= 32) of a little-endian word array.
inline uint32_t bits(const uint32_t *w, unsigned lsb, unsigned width)
{
    unsigned word = lsb / 32, off = lsb % 32;
    uint64_t v = w[word] >> off;
    if (off + width > 32)
        v |= static_cast<uint64_t>(w[word + 1]) << (32 - off);
    return width == 32 ? static_cast<uint32_t>(v)
                       : static_cast<uint32_t>(v & ((1ull << width) - 1));
}

inline void put_bits(uint32_t *w, unsigned lsb, unsigned width, uint32_t value)
{
    for (unsigned i = 0; i < width; i++)
        if ((value >> i) & 1u)
            w[(lsb + i) / 32] |= 1u << ((lsb + i) % 32);
}

// Words of the widest port (32*N*N bits), plus the 64-bit spill of the
// narrow ones.
constexpr unsigned WIDE = 32 * STC_N_MAX * STC_N_MAX / 32 + 2;

// ---- the port list (clk_i is bound to the clock, not listed) ---------------
// clang-format off
#define STC_SC_INPUTS(X)                                                        \
    X(rst_ni) X(cmd_valid_i) X(cmd_mode_i) X(cmd_m_i) X(cmd_nblk_i)             \
    X(cmd_skip_i) X(cmd_bias_i) X(bias_valid_i) X(bias_data_i) X(w_valid_i)     \
    X(w_data_i) X(w_meta_i) X(a_valid_i) X(a_data_i) X(res_ready_i)
#define STC_SC_OUTPUTS(X)                                                       \
    X(cmd_ready_o) X(bias_ready_o) X(w_ready_o) X(a_ready_o) X(res_valid_o)     \
    X(res_data_o) X(busy_o) X(err_o) X(dbg_state_o) X(dbg_blk_o) X(dbg_beat_o)  \
    X(dbg_pe_v_o) X(dbg_pe_en_o) X(dbg_pe_en_q_o) X(dbg_pe_pv_o) X(dbg_pe_w_o)  \
    X(dbg_pe_idx_o) X(dbg_pe_act_o) X(dbg_pe_prod_o) X(dbg_pe_psum_o)           \
    X(dbg_bot_v_o) X(dbg_acc_we_o) X(dbg_acc_row_o) X(dbg_acc_wdata_o)          \
    X(dbg_cnt_o)
// clang-format on

// The signals around one Verilated tile; n, mw, kbw are its parameters.
struct rtl_pins {
#define STC_SC_SIG(p) sc_core::sc_signal<STC_SC_PORT_T(p)> p{#p};
    STC_SC_INPUTS(STC_SC_SIG)
    STC_SC_OUTPUTS(STC_SC_SIG)
#undef STC_SC_SIG
    unsigned n, mw, kbw;

    rtl_pins(unsigned n_, unsigned mw_, unsigned kbw_) : n(n_), mw(mw_), kbw(kbw_) {}

    void bind(Vstc_tile &t, sc_core::sc_signal_in_if<bool> &clk)
    {
        t.clk_i(clk);
#define STC_SC_BIND(p) t.p(p);
        STC_SC_INPUTS(STC_SC_BIND)
        STC_SC_OUTPUTS(STC_SC_BIND)
#undef STC_SC_BIND
    }

    // Drives the input pins for the current cycle.
    void drive(const stc_inputs &in)
    {
        uint32_t w[WIDE];
        write(rst_ni, in.rst_n);
        write(cmd_valid_i, in.cmd_valid);
        write(cmd_mode_i, in.cmd_mode);
        write(cmd_m_i, in.cmd_m & ((1u << mw) - 1));
        write(cmd_nblk_i, in.cmd_nblk & ((1u << kbw) - 1));
        write64(cmd_skip_i, in.cmd_skip);
        write(cmd_bias_i, in.cmd_bias);

        write(bias_valid_i, in.bias_valid);
        std::memset(w, 0, sizeof w);
        for (unsigned c = 0; c < n; c++)
            w[c] = static_cast<uint32_t>(in.bias_data[c]);
        write_words(bias_data_i, w);

        write(w_valid_i, in.w_valid);
        std::memset(w, 0, sizeof w);
        for (unsigned c = 0; c < n; c++)
            put_bits(w, 8 * c, 8, static_cast<uint8_t>(in.w_data[c]));
        write_words(w_data_i, w);
        std::memset(w, 0, sizeof w);
        for (unsigned c = 0; c < n; c++)
            put_bits(w, 4 * c, 4, in.w_meta[c] & 0xfu);
        write_words(w_meta_i, w);

        write(a_valid_i, in.a_valid);
        std::memset(w, 0, sizeof w);
        for (unsigned j = 0; j < 2 * n; j++)
            put_bits(w, 8 * j, 8, static_cast<uint8_t>(in.a_data[j]));
        write_words(a_data_i, w);

        write(res_ready_i, in.res_ready);
    }

    // Output ports of the current cycle.
    void outputs(stc_outputs &out) const
    {
        uint32_t w[WIDE];
        std::memset(&out, 0, sizeof out);
        out.cmd_ready = read1(cmd_ready_o);
        out.bias_ready = read1(bias_ready_o);
        out.w_ready = read1(w_ready_o);
        out.a_ready = read1(a_ready_o);
        out.res_valid = read1(res_valid_o);
        to_words(res_data_o.read(), w);
        for (unsigned c = 0; c < n; c++)
            out.res_data[c] = static_cast<int32_t>(w[c]);
        out.busy = read1(busy_o);
        out.err = read1(err_o);
    }

    // Debug ports of the current cycle (docs/architecture.md section 8).
    void probes(stc_probes &pr) const
    {
        uint32_t v[WIDE], en[WIDE], enq[WIDE], pv[WIDE], wq[WIDE], idx[WIDE], act[WIDE], prod[WIDE],
            psum[WIDE];
        std::memset(&pr, 0, sizeof pr);
        pr.state = static_cast<uint8_t>(read1w(dbg_state_o));
        pr.blk = read1w(dbg_blk_o);
        pr.beat = read1w(dbg_beat_o);
        pr.err = read1(err_o);
        to_words(dbg_pe_v_o.read(), v);
        to_words(dbg_pe_en_o.read(), en);
        to_words(dbg_pe_en_q_o.read(), enq);
        to_words(dbg_pe_pv_o.read(), pv);
        to_words(dbg_pe_w_o.read(), wq);
        to_words(dbg_pe_idx_o.read(), idx);
        to_words(dbg_pe_act_o.read(), act);
        to_words(dbg_pe_prod_o.read(), prod);
        to_words(dbg_pe_psum_o.read(), psum);
        for (unsigned r = 0; r < n; r++) {
            for (unsigned c = 0; c < n; c++) {
                unsigned i = r * n + c;
                pr.pe_v[r][c] = bits(v, i, 1);
                pr.pe_en[r][c] = bits(en, i, 1);
                pr.pe_en_q[r][c] = bits(enq, i, 1);
                pr.pe_pv[r][c] = bits(pv, i, 1);
                pr.pe_w[r][c] = static_cast<int8_t>(bits(wq, 8 * i, 8));
                pr.pe_idx[r][c] = static_cast<uint8_t>(bits(idx, 2 * i, 2));
                pr.pe_act[r][c] = act[i];
                pr.pe_prod[r][c] = static_cast<int32_t>(prod[i]);
                pr.pe_psum[r][c] = static_cast<int32_t>(psum[i]);
            }
        }
        to_words(dbg_bot_v_o.read(), v);
        to_words(dbg_acc_we_o.read(), en);
        to_words(dbg_acc_row_o.read(), enq);
        to_words(dbg_acc_wdata_o.read(), pv);
        for (unsigned c = 0; c < n; c++) {
            pr.bot_v[c] = bits(v, c, 1);
            pr.acc_we[c] = bits(en, c, 1);
            pr.acc_row[c] = bits(enq, mw * c, mw);
            pr.acc_wdata[c] = static_cast<int32_t>(pv[c]);
        }
        to_words(dbg_cnt_o.read(), act);
        for (unsigned j = 0; j < STC_NUM_COUNTERS; j++)
            pr.cnt[j] = act[j];
    }

  private:
    template <typename T> static void write_words(sc_core::sc_signal<T> &s, const uint32_t *w)
    {
        T v{};
        from_words(v, w);
        s.write(v);
    }
    template <typename T> static void write(sc_core::sc_signal<T> &s, uint32_t value)
    {
        uint32_t w[2] = {value, 0};
        write_words(s, w);
    }
    template <typename T> static void write64(sc_core::sc_signal<T> &s, uint64_t value)
    {
        uint32_t w[2] = {static_cast<uint32_t>(value), static_cast<uint32_t>(value >> 32)};
        write_words(s, w);
    }
    template <typename T> static uint32_t read1w(const sc_core::sc_signal<T> &s)
    {
        uint32_t w[WIDE];
        to_words(s.read(), w);
        return w[0];
    }
    template <typename T> static bool read1(const sc_core::sc_signal<T> &s)
    {
        return read1w(s) & 1u;
    }
};

} // namespace stc_sc

#endif
