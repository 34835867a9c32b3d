// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_sc_cosim.cpp - SystemC build of the lockstep co-simulation.
//
//   sc_clock clk ──┬─> Vstc_tile (verilator --sc)  ── pins ──┐
//                  └─> model_tile (golden C model) ── signals┤
//                      checker thread (negedge): stc_host drives, stc_compare_cycle
//
// The same cycle as sim/core/stc_lockstep.c, spread over SystemC processes: at
// each falling edge the checker thread reads both implementations'
// outputs and probes (stable since the rising edge), compares them with
// stc_compare_cycle() (sim/core/stc_compare.h, the one comparison), lets
// stc_host (sim/core/stc_host.h) record the transfers and drive the next
// inputs onto the RTL pins and the model's input signal; at the rising
// edge both take the clock. Same vectors, seeds and stall patterns, so the
// same verdicts and counters as build/stc_sim-nN.
//
// Exit status: 0 every vector passed, 1 a mismatch (or hang), 2 bad input.
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

#include "stc_sc_c.h"
#include "stc_sc_model.h"
#include "stc_sc_pins.h"

namespace
{

constexpr unsigned CLK_NS = 10;

struct options {
    stc_run_opts run{}; // --seed, --stall, the stream and batch options (stc_run_cli.h)
    std::vector<const char *> vecs;
};

const stc_cmd sc_cmd = {
    "stc_sim_sc",
    "[options] VECTOR.vec|STREAM.vec...",
    "SystemC lockstep cosim: the Verilated RTL (verilator --sc) against the golden model\n"
    "on one sc_clock, through the same lockstep step as stc_sim: the same verdicts.",
    {stc_run_cli_stalls, stc_run_cli_streams, stc_run_cli_batch, stc_run_cli_compare, nullptr},
    nullptr,
    "0 pass, 1 mismatch, 2 bad input or set-up error",
};

// Applies one option (stc_cli_apply_fn): 0 or STC_CLI_ERROR.
int apply_option(void *ctx, int id, const char *val)
{
    options &o = *static_cast<options *>(ctx);
    return stc_run_cli_apply(&sc_cmd, &o.run, id, val);
}

// 0, STC_CLI_HELP or STC_CLI_ERROR.
int parse_args(int argc, char **argv, options &o)
{
    int first = argc;
    o.run.stim.seed = 1;
    o.run.check.max_errors = 1;
    int rc = stc_cli_parse(&sc_cmd, argc, argv, apply_option, &o, &first);
    if (rc)
        return rc;
    for (int i = first; i < argc; i++)
        o.vecs.push_back(argv[i]);
    if (o.vecs.empty())
        return stc_cli_error(&sc_cmd, "no vector files given");
    if (o.run.check.level == STC_LEVEL_TXN)
        return stc_cli_error(&sc_cmd, "--compare txn: the SystemC cosim clocks the model beside "
                                      "the RTL on one sc_clock, so it compares in lockstep only "
                                      "(cycle, ports); use stc_sim for txn");
    return 0;
}

stc_params rtl_params()
{
    stc_params p;
    p.n = STC_RTL_N;
    p.m_max = STC_RTL_M_MAX;
    p.kb_max = STC_RTL_KB_MAX;
    p.uarch = static_cast<stc_uarch>(STC_RTL_UARCH);
    return p;
}

// Drives the vectors and checks every cycle; runs as one SC_THREAD.
SC_MODULE(checker)
{
    sc_core::sc_in<bool> clk;
    sc_core::sc_out<stc_sc::inputs_sig> model_in;
    sc_core::sc_in<stc_sc::outputs_sig> model_out;
    sc_core::sc_in<stc_sc::probes_sig> model_probes;

    stc_sc::rtl_pins &pins;
    const options &opt;
    std::vector<stc_file_outcome> outs;
    uint64_t clock_cycles = 0; // every simulated clock cycle, all vectors

    SC_HAS_PROCESS(checker);
    checker(sc_core::sc_module_name name, stc_sc::rtl_pins & p, const options &o)
        : sc_core::sc_module(name), pins(p), opt(o)
    {
        SC_THREAD(run);
    }

  private:
    // One vector or stream, cycle by cycle, through the lockstep step API
    // (sim/core/stc_lockstep.h): the same checks and verdicts as stc_sim.
    // The thread sits just after a falling edge; the sc_clock clocks the
    // RTL and the model module, so the step owns no model of its own.
    void run_vector(const stc_stream &s, const char *path, stc_run_result &res)
    {
        stc_step *st = nullptr;
        stc_inputs in;
        stc_outputs ao{};
        stc_probes ap{};
        stc_run_opts ro{};
        stc_params p = rtl_params();
        ro = opt.run;
        ro.report.vec_path = path;
        ro.report.log = stderr;
        res = stc_run_result{};
        res.first_cmd = -1;
        if (stc_step_open(&st, &s, &p, &ro, STC_STEP_CALLER_MODEL) != STC_OK) {
            stc_step_close(st, nullptr, nullptr);
            SC_REPORT_FATAL("stc/step", "cannot open the run");
            return;
        }
        while (stc_step_inputs(st, &in)) {
            pins.outputs(ao);
            pins.probes(ap);
            const stc_outputs &eo = model_out.read();
            const stc_probes &ep = model_probes.read();
            if (stc_step_check(st, &in, &ao, &ap, &eo, &ep))
                break;
            stc_step_edge(st, &in);
            pins.drive(in);
            model_in.write(in);
            wait(clk.negedge_event()); // through the rising edge: both tiles clock
            clock_cycles++;
        }
        stc_step_close(st, &ap, &res);
    }

    // stc_run_file's run of one checked file (stc_file_run_fn).
    static void run_checked(void *ctx, const stc_stream *s, stc_file_outcome *o)
    {
        checker *self = static_cast<checker *>(ctx);
        self->run_vector(*s, o->path, o->res);
        o->pass = o->res.pass;
    }

    void print_outcome(size_t i, const stc_file_outcome &o)
    {
        if (!stc_run_report_file(static_cast<unsigned>(i), static_cast<unsigned>(opt.vecs.size()),
                                 &o, opt.run.report.quiet) ||
            o.error)
            return;
        char q0[4096], q1[4096];
        std::fprintf(stderr, "  reproduce: %s",
                     stc_cli_quote(sc_core::sc_argv()[0], q0, sizeof q0));
        stc_run_cli_print(stderr, &opt.run);
        std::fprintf(stderr, " %s\n", stc_cli_quote(o.path, q1, sizeof q1));
    }

    void run()
    {
        wait(clk.negedge_event());
        outs.resize(opt.vecs.size());
        for (size_t i = 0; i < opt.vecs.size(); i++) {
            stc_run_file(opt.vecs[i], STC_RTL_N, "sim-sc", run_checked, this, &outs[i]);
            print_outcome(i, outs[i]);
        }
        sc_core::sc_stop();
    }
};

} // namespace

int sc_main(int argc, char **argv)
{
    options opt;
    int pa = parse_args(argc, argv, opt);
    if (pa != 0)
        return pa == STC_CLI_HELP ? 0 : 2;
    // The checker's sc_stop() is the normal end: no "stopped by user" note.
    sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO,
                                            sc_core::SC_DO_NOTHING);

    stc_params rp = rtl_params();
    // The model module runs the micro-architecture --uarch names.
    stc_params p = stc_run_model_params(&rp, &opt.run.check);
    sc_core::sc_clock clk("clk", CLK_NS, sc_core::SC_NS);
    sc_core::sc_signal<stc_sc::inputs_sig> model_in("model_in");
    sc_core::sc_signal<stc_sc::outputs_sig> model_out("model_out");
    sc_core::sc_signal<stc_sc::probes_sig> model_probes("model_probes");
    stc_sc::rtl_pins pins(STC_RTL_N, STC_RTL_MW, STC_RTL_KBW, STC_RTL_KB_MAX);

    Vstc_tile rtl("rtl");
    pins.bind(rtl, clk);
    stc_sc::model_tile model("model", p);
    model.clk(clk);
    model.in(model_in);
    model.out(model_out);
    model.probes(model_probes);
    checker chk("checker", pins, opt);
    chk.clk(clk);
    chk.model_in(model_in);
    chk.model_out(model_out);
    chk.model_probes(model_probes);

    // CPU time, as the C runner reports it: comparable under other load.
    std::clock_t cpu0 = std::clock();
    sc_core::sc_start();
    double cpu = static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
    rtl.final();

    int failed = 0, errors = 0;
    for (const stc_file_outcome &o : chk.outs) {
        errors += o.error;
        failed += !o.pass && !o.error;
    }
    int total = static_cast<int>(opt.vecs.size());
    std::printf("sim-sc N=%u stall=%u%% seed=%" PRIu64 ": %" PRIu64
                " cycles in %.3f s CPU (%.0f cycles/s)\n",
                p.n, opt.run.stim.stall_pct, opt.run.stim.seed, chk.clock_cycles, cpu,
                cpu > 0 ? static_cast<double>(chk.clock_cycles) / cpu : 0.0);
    std::printf("sim-sc: %d passed, %d failed\n", total - failed - errors, failed + errors);
    if (errors)
        return 2;
    return failed ? 1 : 0;
}

// Our own main, so the SystemC banner (printed before sc_main) stays off
// stdout: the output is the C runner's, line for line.
int main(int argc, char **argv)
{
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
    return sc_core::sc_elab_and_sim(argc, argv);
}
