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
#include <string>
#include <vector>

#include "stc_sc_c.h"
#include "stc_sc_model.h"
#include "stc_sc_pins.h"

namespace
{

constexpr unsigned CLK_NS = 10;

struct options {
    uint64_t seed = 1;
    unsigned stall_pct = 0;
    unsigned max_errors = 1;
    bool quiet = false;
    std::vector<const char *> vecs;
};

struct outcome {
    const char *path = nullptr;
    bool pass = false, error = false;
    std::string message;
    unsigned ncmd = 1;
    stc_run_result res{};
};

enum { OPT_MAX_ERRORS = 1, OPT_QUIET };

const stc_opt sc_opts[] = {
    {OPT_MAX_ERRORS, "max-errors", 0, "K", "keep comparing up to K mismatching cycles (default 1)"},
    {OPT_QUIET, "quiet", 0, nullptr, "only failures and the summary"},
    {0, nullptr, 0, nullptr, nullptr},
};

const stc_cmd sc_cmd = {
    "stc_sim_sc",
    "[options] VECTOR.vec|STREAM.vec...",
    "SystemC lockstep cosim: the Verilated RTL (verilator --sc) against the golden model\n"
    "on one sc_clock, with the same host, compare and verdicts as stc_sim (policy b2b).",
    {stc_run_cli_stalls, sc_opts, nullptr, nullptr},
    nullptr,
    "0 pass, 1 mismatch, 2 bad input or set-up error",
};

// Applies one option (stc_cli_apply_fn): 0 or STC_CLI_ERROR.
int apply_option(void *ctx, int id, const char *val)
{
    options &o = *static_cast<options *>(ctx);
    uint64_t v = 0;
    stc_run_opts ro{};
    switch (id) {
    case OPT_QUIET:
        o.quiet = true;
        return 0;
    case OPT_MAX_ERRORS:
        if (stc_cli_number(&sc_cmd, "max-errors", val, 1, 1000000, &v))
            return STC_CLI_ERROR;
        o.max_errors = static_cast<unsigned>(v);
        return 0;
    default:
        ro.seed = o.seed;
        ro.stall_pct = o.stall_pct;
        if (stc_run_cli_apply(&sc_cmd, &ro, id, val))
            return STC_CLI_ERROR;
        o.seed = ro.seed;
        o.stall_pct = ro.stall_pct;
        return 0;
    }
}

// 0, STC_CLI_HELP or STC_CLI_ERROR.
int parse_args(int argc, char **argv, options &o)
{
    int first = argc;
    int rc = stc_cli_parse(&sc_cmd, argc, argv, apply_option, &o, &first);
    if (rc)
        return rc;
    for (int i = first; i < argc; i++)
        o.vecs.push_back(argv[i]);
    if (o.vecs.empty())
        return stc_cli_error(&sc_cmd, "no vector files given");
    return 0;
}

stc_params rtl_params()
{
    stc_params p;
    p.n = STC_RTL_N;
    p.m_max = STC_RTL_M_MAX;
    p.kb_max = STC_RTL_KB_MAX;
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
    std::vector<outcome> outs;
    uint64_t clock_cycles = 0; // every simulated clock cycle, all vectors

    SC_HAS_PROCESS(checker);
    checker(sc_core::sc_module_name name, stc_sc::rtl_pins & p, const options &o)
        : sc_core::sc_module(name), pins(p), opt(o)
    {
        SC_THREAD(run);
    }

  private:
    // A rule of sim/core/stc_host.h broke (protocol, err_o, counters, result rows).
    static void note_check_failure(const stc_host &host, stc_run_result &res, const char *path)
    {
        if (res.mismatch_cycles == 0) {
            res.first_bad_cycle = host.first.cycle;
            std::snprintf(res.first_signal, sizeof res.first_signal, "%s", host.first.rule);
        }
        if (host.first.result)
            res.result_mismatch = true;
        else
            res.check_failed = true;
        stc_host_report(&host, stderr, path);
    }

    // One vector, cycle by cycle; the thread sits just after a falling edge.
    void run_vector(const stc_stream &s, const char *path, stc_run_result &res)
    {
        const stc_vec &v = s.cmd[0];
        stc_host host;
        stc_inputs in;
        stc_outputs ao;
        stc_probes ap;
        stc_diff diffs[STC_REPORT_DIFFS];
        stc_host_cfg cfg = {opt.stall_pct, opt.seed, STC_POLICY_B2B, false, 0};
        uint64_t budget = stc_host_cycle_budget(&s, opt.stall_pct), cycle = 0;

        res = stc_run_result{};
        res.first_cmd = -1;
        if (stc_host_init(&host, &s, &cfg) != STC_OK) {
            SC_REPORT_FATAL("stc/host", "out of memory");
            return;
        }
        for (; cycle < budget; cycle++) {
            bool in_reset = cycle < STC_RESET_CYCLES;
            if (in_reset)
                stc_host_idle_inputs(&in, false);
            else
                stc_host_drive(&host, &in);
            pins.outputs(ao);
            pins.probes(ap);
            // Cycle 0 shows what the RTL held before this vector's reset.
            if (cycle > 0) {
                const stc_outputs &eo = model_out.read();
                const stc_probes &ep = model_probes.read();
                unsigned count =
                    stc_compare_cycle(v.n, &eo, &ep, &ao, &ap, diffs, STC_REPORT_DIFFS);
                if (count) {
                    if (res.mismatch_cycles == 0) {
                        res.first_bad_cycle = cycle;
                        stc_diff_name(&diffs[0], res.first_signal, sizeof res.first_signal);
                    }
                    res.mismatch_cycles++;
                    stc_report_mismatch(stderr, path, cycle, diffs, count);
                    if (res.mismatch_cycles >= opt.max_errors)
                        break;
                }
            }
            if (!in_reset) {
                bool ok = stc_host_check(&host, cycle, &in, &ao, &ap);
                if (stc_host_done(&host) && !ao.busy && ok)
                    break;
                if (ok)
                    stc_host_advance(&host, &in, &ao);
                if (host.violations > 0) {
                    note_check_failure(host, res, path);
                    break;
                }
            }
            pins.drive(in);
            model_in.write(in);
            wait(clk.negedge_event()); // through the rising edge: both tiles clock
            clock_cycles++;
        }
        res.cycles = cycle;
        std::memcpy(res.cnt, ap.cnt, sizeof res.cnt);
        res.timeout = cycle >= budget;
        if (res.timeout)
            std::fprintf(stderr, "TIMEOUT %s: no completion within %" PRIu64 " cycles\n", path,
                         budget);
        res.cmds_done = host.cmds_done;
        res.faults_seen = host.faults_seen;
        res.pass =
            res.mismatch_cycles == 0 && !res.timeout && !res.result_mismatch && !res.check_failed;
        stc_host_free(&host);
    }

    void run_one(const char *path, outcome &o)
    {
        stc_stream s;
        char err[STC_VEC_ERR_MAX];
        o.path = path;
        if (stc_stream_read(path, &s, err, sizeof err) != STC_OK) {
            o.error = true;
            o.message = err;
            return;
        }
        const stc_vec &v = s.cmd[0];
        o.ncmd = s.ncmd;
        if (v.n != STC_RTL_N) {
            char msg[STC_VEC_ERR_MAX + 128];
            std::snprintf(msg, sizeof msg,
                          "%s: vector is for n=%u but this runner was built for N=%u "
                          "(make sim-sc N=%u)",
                          path, v.n, STC_RTL_N, v.n);
            o.error = true;
            o.message = msg;
            stc_stream_free(&s);
            return;
        }
        // A wrong stored C is bad input, not an RTL failure (as in stc_sim).
        if (stc_stream_check_expected(&s, path, err, sizeof err) != STC_OK) {
            o.error = true;
            o.message = err;
            stc_stream_free(&s);
            return;
        }
        run_vector(s, path, o.res);
        o.pass = o.res.pass;
        stc_stream_free(&s);
    }

    void print_outcome(size_t i, const outcome &o)
    {
        const uint32_t *c = o.res.cnt;
        size_t total = opt.vecs.size();
        if (o.error) {
            std::fprintf(stderr, "[%3zu/%zu] ERROR %s\n", i + 1, total, o.message.c_str());
            return;
        }
        if (o.pass && opt.quiet)
            return;
        FILE *f = o.pass ? stdout : stderr;
        if (o.ncmd > 1)
            std::fprintf(f,
                         "[%3zu/%zu] %s %s  commands=%u/%u (%u with an illegal nibble) "
                         "cycles=%" PRIu64 "\n",
                         i + 1, total, o.pass ? "PASS" : "FAIL", o.path, o.res.cmds_done, o.ncmd,
                         o.res.faults_seen, o.res.cycles);
        else
            std::fprintf(f,
                         "[%3zu/%zu] %s %s  cycles=%u stall=%u macs: alg=%u actual=%u gated=%u "
                         "skipped=%u\n",
                         i + 1, total, o.pass ? "PASS" : "FAIL", o.path, c[STC_CNT_CYCLES],
                         c[STC_CNT_STALL_CYCLES], c[STC_CNT_MACS_ALG], c[STC_CNT_MACS_ACTUAL],
                         c[STC_CNT_MACS_GATED], c[STC_CNT_MACS_SKIPPED]);
        if (!o.pass) {
            if (o.res.mismatch_cycles)
                std::fprintf(stderr, "  first divergence: cycle %" PRIu64 ", %s\n",
                             o.res.first_bad_cycle, o.res.first_signal);
            char q0[4096], q1[4096];
            std::fprintf(stderr, "  reproduce: %s --seed %" PRIu64 " --stall %u %s\n",
                         stc_cli_quote(sc_core::sc_argv()[0], q0, sizeof q0), opt.seed,
                         opt.stall_pct, stc_cli_quote(o.path, q1, sizeof q1));
        }
        std::fflush(f);
    }

    void run()
    {
        wait(clk.negedge_event());
        outs.resize(opt.vecs.size());
        for (size_t i = 0; i < opt.vecs.size(); i++) {
            run_one(opt.vecs[i], outs[i]);
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

    stc_params p = rtl_params();
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
    for (const outcome &o : chk.outs) {
        errors += o.error;
        failed += !o.pass && !o.error;
    }
    int total = static_cast<int>(opt.vecs.size());
    std::printf("sim-sc N=%u stall=%u%% seed=%" PRIu64 ": %" PRIu64
                " cycles in %.3f s CPU (%.0f cycles/s)\n",
                p.n, opt.stall_pct, opt.seed, chk.clock_cycles, cpu,
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
