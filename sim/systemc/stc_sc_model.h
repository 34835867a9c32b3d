// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_sc_model.h - the golden C model (cmodel/stc_tile.h) as an SC_MODULE.
//
// The module is the model's clock edge and nothing more: at every rising
// edge of clk it calls stc_tile_step() with the inputs held on `in`, then
// publishes the new output ports and probes (stc_tile_eval/stc_tile_probe)
// on `out` and `probes`. The signal structs travel whole through
// sc_signals, so the cosim checker sees both implementations through
// signals at the same point of the cycle.
#ifndef STC_SC_MODEL_H
#define STC_SC_MODEL_H

#include <cstring>
#include <ostream>
#include <systemc>

#include "stc_sc_c.h"

namespace stc_sc
{

// sc_signal<T> needs ==, << and sc_trace for T. Bytewise equality is exact
// for these plain structs: equal bytes imply equal members, and a false
// "changed" (padding) only costs a redundant update.
template <typename S> struct sig : S {
    sig()
    {
        std::memset(static_cast<S *>(this), 0, sizeof(S));
    }
    sig(const S &s) : S(s) {} // NOLINT: implicit on purpose
    bool operator==(const sig &o) const
    {
        return std::memcmp(static_cast<const S *>(this), static_cast<const S *>(&o), sizeof(S)) ==
               0;
    }
};
template <typename S> std::ostream &operator<<(std::ostream &os, const sig<S> &)
{
    return os << "<stc signal struct>";
}
template <typename S> void sc_trace(sc_core::sc_trace_file *, const sig<S> &, const std::string &)
{
}

using inputs_sig = sig<stc_inputs>;
using outputs_sig = sig<stc_outputs>;
using probes_sig = sig<stc_probes>;

SC_MODULE(model_tile)
{
    sc_core::sc_in<bool> clk;
    sc_core::sc_in<inputs_sig> in;
    sc_core::sc_out<outputs_sig> out;
    sc_core::sc_out<probes_sig> probes;

    stc_tile *tile = nullptr;

    SC_HAS_PROCESS(model_tile);
    model_tile(sc_core::sc_module_name name, const stc_params &p) : sc_core::sc_module(name)
    {
        if (stc_tile_create(&p, &tile) != STC_OK)
            SC_REPORT_FATAL("stc/model", "cannot create the golden model (bad parameters?)");
        SC_METHOD(edge);
        sensitive << clk.pos();
    }
    ~model_tile() override
    {
        stc_tile_destroy(tile);
    }

  private:
    // Runs once at start-up (publishing the reset state) and at every
    // rising edge: the clock edge, then the new outputs and probes.
    void edge()
    {
        if (clk.posedge()) {
            const stc_inputs &i = in.read();
            stc_tile_step(tile, &i);
        }
        outputs_sig o;
        probes_sig p;
        stc_tile_eval(tile, &o);
        stc_tile_probe(tile, &p);
        out.write(o);
        probes.write(p);
    }
};

} // namespace stc_sc

#endif
