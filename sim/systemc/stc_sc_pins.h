// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_sc_pins.h - the pins of the Verilated SystemC tile (verilator --sc) as
// sc_signals, and the packing between them and the golden model's signal
// structs (stc_inputs / stc_outputs / stc_probes of cmodel/stc_tile.h).
//
// This is the SystemC twin of sim/core/stc_rtl_verilator.cpp: it only packs and
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
    stc_port_shape shape;

    rtl_pins(unsigned n_, unsigned mw_, unsigned kbw_, unsigned kb_max_)
        : shape{n_, mw_, kbw_, kb_max_}
    {
    }

    void bind(Vstc_tile &t, sc_core::sc_signal_in_if<bool> &clk)
    {
        t.clk_i(clk);
#define STC_SC_BIND(p) t.p(p);
        STC_SC_INPUTS(STC_SC_BIND)
        STC_SC_OUTPUTS(STC_SC_BIND)
#undef STC_SC_BIND
    }

    // Drives the input pins for the current cycle (encoding: sim/core/stc_ports.h).
    void drive(const stc_inputs &in)
    {
        stc_input_image img;
        stc_ports_pack_inputs(&shape, &in, &img);
        write(rst_ni, img.rst_n);
        write(cmd_valid_i, img.cmd_valid);
        write(cmd_mode_i, img.cmd_mode);
        write(cmd_m_i, img.cmd_m);
        write(cmd_nblk_i, img.cmd_nblk);
        write_words(cmd_skip_i, img.cmd_skip);
        write(cmd_bias_i, img.cmd_bias);
        write(bias_valid_i, img.bias_valid);
        write_words(bias_data_i, img.bias_data);
        write(w_valid_i, img.w_valid);
        write_words(w_data_i, img.w_data);
        write_words(w_meta_i, img.w_meta);
        write(a_valid_i, img.a_valid);
        write_words(a_data_i, img.a_data);
        write(res_ready_i, img.res_ready);
    }

    // Output ports of the current cycle.
    void outputs(stc_outputs &out) const
    {
        uint32_t res[WIDE];
        stc_output_view v;
        v.cmd_ready = read1w(cmd_ready_o);
        v.bias_ready = read1w(bias_ready_o);
        v.w_ready = read1w(w_ready_o);
        v.a_ready = read1w(a_ready_o);
        v.res_valid = read1w(res_valid_o);
        v.busy = read1w(busy_o);
        v.err = read1w(err_o);
        to_words(res_data_o.read(), res);
        v.res_data = res;
        stc_ports_unpack_outputs(&shape, &v, &out);
    }

    // Debug ports of the current cycle (docs/architecture.md section 8).
    void probes(stc_probes &pr) const
    {
        uint32_t w[14][WIDE];
        stc_probe_view v;
        v.state = read1w(dbg_state_o);
        v.blk = read1w(dbg_blk_o);
        v.beat = read1w(dbg_beat_o);
        v.err = read1w(err_o);
        v.pe_v = words(dbg_pe_v_o, w[0]);
        v.pe_en = words(dbg_pe_en_o, w[1]);
        v.pe_en_q = words(dbg_pe_en_q_o, w[2]);
        v.pe_pv = words(dbg_pe_pv_o, w[3]);
        v.pe_w = words(dbg_pe_w_o, w[4]);
        v.pe_idx = words(dbg_pe_idx_o, w[5]);
        v.pe_act = words(dbg_pe_act_o, w[6]);
        v.pe_prod = words(dbg_pe_prod_o, w[7]);
        v.pe_psum = words(dbg_pe_psum_o, w[8]);
        v.bot_v = words(dbg_bot_v_o, w[9]);
        v.acc_we = words(dbg_acc_we_o, w[10]);
        v.acc_row = words(dbg_acc_row_o, w[11]);
        v.acc_wdata = words(dbg_acc_wdata_o, w[12]);
        v.cnt = words(dbg_cnt_o, w[13]);
        stc_ports_unpack_probes(&shape, &v, &pr);
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
    template <typename T>
    static const uint32_t *words(const sc_core::sc_signal<T> &s, uint32_t *buf)
    {
        to_words(s.read(), buf);
        return buf;
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
