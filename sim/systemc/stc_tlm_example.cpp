// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_tlm_example.cpp - a GEMM through the tile's TLM-2.0 socket.
//
// An initiator (standing in for a CPU or DMA of a virtual platform) takes a
// vector (files from vectors/regression, or one generated in memory with
// the vectors library), writes MODE/M/K/SKIP, pushes A, W, metadata and
// bias into the FIFO ports with burst writes, writes START, reads C back
// from FIFO_C and checks it against the vector's expected C (the functional
// reference), and the counters against the architecture's cycle formula.
//
//   stc_tlm_example [VECTOR.vec...]     all of one array size N
//   stc_tlm_example                      a generated sp24 GEMM, N=16 M=64 K=256
//   stc_tlm_example --protocol-check     error responses of the address map
//
// Exit status: 0 all pass, 1 a mismatch, 2 bad input or set-up error.
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <tlm_utils/simple_initiator_socket.h>

#include "stc_tlm_tile.h"

namespace
{

using stc_sc::tlm_tile;

const sc_core::sc_time CLK(10, sc_core::SC_NS);

struct job {
    std::string name;
    stc_vec v;
};

class host_cpu : public sc_core::sc_module
{
  public:
    tlm_utils::simple_initiator_socket<host_cpu> socket;
    std::vector<job> &jobs;
    int passed = 0, failed = 0, bus_errors = 0;
    bool protocol = false; // run the address-map error checks instead of jobs

    SC_HAS_PROCESS(host_cpu);
    host_cpu(sc_core::sc_module_name name, std::vector<job> &j)
        : sc_core::sc_module(name), socket("socket"), jobs(j)
    {
        SC_THREAD(run);
    }

  private:
    // One blocking transaction; the annotated delay is waited for at once
    // (no temporal decoupling: simple, and exact at this granularity).
    bool access(tlm::tlm_command cmd, uint64_t addr, void *data, size_t len)
    {
        tlm::tlm_response_status r = xfer(cmd, addr, data, len);
        if (r != tlm::TLM_OK_RESPONSE) {
            tlm::tlm_generic_payload tx;
            tx.set_response_status(r);
            std::fprintf(stderr, "tlm: %s at 0x%03" PRIx64 " (%zu bytes): %s\n",
                         cmd == tlm::TLM_WRITE_COMMAND ? "write" : "read", addr, len,
                         tx.get_response_string().c_str());
            bus_errors++;
            return false;
        }
        return true;
    }
    tlm::tlm_response_status xfer(tlm::tlm_command cmd, uint64_t addr, void *data, size_t len)
    {
        tlm::tlm_generic_payload tx;
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        tx.set_command(cmd);
        tx.set_address(addr);
        tx.set_data_ptr(static_cast<unsigned char *>(data));
        tx.set_data_length(static_cast<unsigned>(len));
        tx.set_streaming_width(static_cast<unsigned>(len));
        tx.set_byte_enable_ptr(nullptr);
        tx.set_dmi_allowed(false);
        tx.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        socket->b_transport(tx, delay);
        wait(delay);
        return tx.get_response_status();
    }
    bool wr32(uint64_t addr, uint32_t v)
    {
        uint8_t b[4] = {uint8_t(v), uint8_t(v >> 8), uint8_t(v >> 16), uint8_t(v >> 24)};
        return access(tlm::TLM_WRITE_COMMAND, addr, b, 4);
    }
    uint32_t rd32(uint64_t addr)
    {
        uint8_t b[4] = {0, 0, 0, 0};
        access(tlm::TLM_READ_COMMAND, addr, b, 4);
        return b[0] | b[1] << 8 | b[2] << 16 | static_cast<uint32_t>(b[3]) << 24;
    }
    // int32/uint32 arrays as little-endian bytes.
    template <typename T> bool push_words(uint64_t fifo, const T *w, size_t count)
    {
        std::vector<uint8_t> b(4 * count);
        for (size_t i = 0; i < count; i++)
            for (int j = 0; j < 4; j++)
                b[4 * i + j] = static_cast<uint8_t>(static_cast<uint32_t>(w[i]) >> (8 * j));
        return count == 0 || access(tlm::TLM_WRITE_COMMAND, fifo, b.data(), b.size());
    }

    bool run_job(const job &j, uint32_t &cycles, sc_core::sc_time &took)
    {
        const stc_vec &v = j.v;
        size_t nblk = stc_vec_nblk(&v), mn = static_cast<size_t>(v.m) * v.n;
        size_t w_rows = v.mode24 ? v.k / 2 : v.k;
        sc_core::sc_time t0 = sc_core::sc_time_stamp();

        bool ok = wr32(stc_sc::REG_CTRL, stc_sc::CTRL_CLEAR) &&
                  wr32(stc_sc::REG_MODE, (v.mode24 ? 1u : 0u) | (v.has_bias ? 2u : 0u)) &&
                  wr32(stc_sc::REG_M, v.m) && wr32(stc_sc::REG_K, v.k) &&
                  wr32(stc_sc::REG_SKIP_LO, static_cast<uint32_t>(v.skip)) &&
                  wr32(stc_sc::REG_SKIP_HI, static_cast<uint32_t>(v.skip >> 32));
        // A row by row, W in one burst, then metadata and bias.
        for (unsigned m = 0; ok && m < v.m; m++)
            ok = access(tlm::TLM_WRITE_COMMAND, stc_sc::FIFO_A, v.a + static_cast<size_t>(m) * v.k,
                        v.k);
        ok = ok && access(tlm::TLM_WRITE_COMMAND, stc_sc::FIFO_W, v.w, w_rows * v.n);
        if (ok && v.mode24)
            ok = push_words(stc_sc::FIFO_META, v.meta, nblk * v.n);
        if (ok && v.has_bias)
            ok = push_words(stc_sc::FIFO_BIAS, v.bias, mn);
        ok = ok && wr32(stc_sc::REG_CTRL, stc_sc::CTRL_START);
        uint32_t status = rd32(stc_sc::REG_STATUS);
        if (!ok || !(status & stc_sc::STATUS_DONE)) {
            std::fprintf(stderr, "tlm: %s: command not run (STATUS 0x%x)\n", j.name.c_str(),
                         status);
            return false;
        }
        std::vector<uint8_t> c(4 * mn);
        if (rd32(stc_sc::REG_C_LEVEL) != mn ||
            !access(tlm::TLM_READ_COMMAND, stc_sc::FIFO_C, c.data(), c.size()))
            return false;
        took = sc_core::sc_time_stamp() - t0;
        cycles = rd32(stc_sc::REG_CYCLES);

        bool pass = true;
        for (size_t i = 0; i < mn && pass; i++) {
            int32_t got = static_cast<int32_t>(c[4 * i] | c[4 * i + 1] << 8 | c[4 * i + 2] << 16 |
                                               static_cast<uint32_t>(c[4 * i + 3]) << 24);
            if (got != v.c[i]) {
                std::fprintf(stderr,
                             "RESULT MISMATCH %s: C[%zu][%zu] expected %d (functional "
                             "reference), TLM tile returned %d\n",
                             j.name.c_str(), i / v.n, i % v.n, v.c[i], got);
                pass = false;
            }
        }
        // Counters: the no-stall cycle formula, and every dense MAC done,
        // gated or skipped (docs/architecture.md sections 6 and 7).
        uint32_t cnt[STC_NUM_COUNTERS];
        for (unsigned i = 0; i < STC_NUM_COUNTERS; i++)
            cnt[i] = rd32(stc_sc::REG_CNT + 4 * i);
        if (cnt[STC_CNT_CYCLES] != stc_gen_cycles(&v) ||
            cnt[STC_CNT_MACS_ALG] !=
                cnt[STC_CNT_MACS_ACTUAL] + cnt[STC_CNT_MACS_GATED] + cnt[STC_CNT_MACS_SKIPPED] ||
            (status & stc_sc::STATUS_ERR_META)) {
            std::fprintf(stderr,
                         "COUNTER MISMATCH %s: cycles=%u (formula %" PRIu64 ") macs alg=%u "
                         "actual=%u gated=%u skipped=%u, STATUS 0x%x\n",
                         j.name.c_str(), cnt[STC_CNT_CYCLES], stc_gen_cycles(&v),
                         cnt[STC_CNT_MACS_ALG], cnt[STC_CNT_MACS_ACTUAL], cnt[STC_CNT_MACS_GATED],
                         cnt[STC_CNT_MACS_SKIPPED], status);
            pass = false;
        }
        return pass;
    }

    // The error paths of the address map (docs/systemc.md): each bad
    // access must get its documented response, a refused START must set
    // ERR_CFG, illegal metadata must run and set ERR_META.
    bool expect(const char *what, bool ok)
    {
        std::printf("  %-58s %s\n", what, ok ? "ok" : "WRONG");
        return ok;
    }
    void protocol_check()
    {
        using namespace stc_sc;
        uint8_t b[8] = {};
        unsigned n = rd32(REG_PARAMS) & 0xffu;
        bool ok = true;
        ok &= expect("write to read-only ID: command error",
                     xfer(tlm::TLM_WRITE_COMMAND, REG_ID, b, 4) == tlm::TLM_COMMAND_ERROR_RESPONSE);
        ok &= expect("read outside the window: address error",
                     xfer(tlm::TLM_READ_COMMAND, TLM_WINDOW, b, 4) ==
                         tlm::TLM_ADDRESS_ERROR_RESPONSE);
        ok &=
            expect("misaligned register read: address error",
                   xfer(tlm::TLM_READ_COMMAND, REG_M + 1, b, 4) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
        ok &= expect("8-byte register read: burst error",
                     xfer(tlm::TLM_READ_COMMAND, REG_M, b, 8) == tlm::TLM_BURST_ERROR_RESPONSE);
        ok &= expect("3-byte write to FIFO_META: command error",
                     xfer(tlm::TLM_WRITE_COMMAND, FIFO_META, b, 3) ==
                         tlm::TLM_COMMAND_ERROR_RESPONSE);
        wr32(REG_CTRL, CTRL_CLEAR);
        ok &= expect("pop from an empty FIFO_C: generic error",
                     xfer(tlm::TLM_READ_COMMAND, FIFO_C, b, 4) == tlm::TLM_GENERIC_ERROR_RESPONSE);
        wr32(REG_MODE, 0);
        wr32(REG_M, 1);
        wr32(REG_K, n);
        wr32(REG_CTRL, CTRL_START); // FIFOs empty: refused
        uint32_t st = rd32(REG_STATUS);
        ok &= expect("START with empty FIFOs: ERR_CFG, not DONE",
                     (st & STATUS_ERR_CFG) && !(st & STATUS_DONE));
        // 2:4, M = 1, K = 2N, metadata words 0: every nibble illegal.
        std::vector<uint8_t> a(2 * n, 1), w(static_cast<size_t>(n) * n, 1), meta(4 * n, 0);
        wr32(REG_CTRL, CTRL_CLEAR);
        wr32(REG_MODE, 1);
        wr32(REG_K, 2 * n);
        access(tlm::TLM_WRITE_COMMAND, FIFO_A, a.data(), a.size());
        access(tlm::TLM_WRITE_COMMAND, FIFO_W, w.data(), w.size());
        access(tlm::TLM_WRITE_COMMAND, FIFO_META, meta.data(), meta.size());
        wr32(REG_CTRL, CTRL_START);
        st = rd32(REG_STATUS);
        ok &= expect("illegal metadata: runs, DONE and ERR_META",
                     (st & STATUS_DONE) && (st & STATUS_ERR_META) && !(st & STATUS_ERR_CFG));
        ok &= expect("  ... and C is there to read (C_LEVEL = N)", rd32(REG_C_LEVEL) == n);
        ok &= expect("ID still reads STC1", rd32(REG_ID) == STC_TLM_ID);
        ok ? passed++ : failed++;
        std::printf("[  1/1] %s TLM protocol check  N=%u\n", ok ? "PASS" : "FAIL", n);
    }

    void run()
    {
        uint32_t id = rd32(stc_sc::REG_ID), params = rd32(stc_sc::REG_PARAMS);
        if (id != stc_sc::STC_TLM_ID) {
            std::fprintf(stderr, "tlm: ID register reads 0x%08x\n", id);
            failed = static_cast<int>(jobs.size());
            sc_core::sc_stop();
            return;
        }
        if (protocol) {
            protocol_check();
            sc_core::sc_stop();
            return;
        }
        for (size_t i = 0; i < jobs.size(); i++) {
            uint32_t cycles = 0;
            sc_core::sc_time took = sc_core::SC_ZERO_TIME;
            bool pass = run_job(jobs[i], cycles, took);
            pass ? passed++ : failed++;
            std::printf("[%3zu/%zu] %s %s  N=%u cycles=%u time=%s\n", i + 1, jobs.size(),
                        pass ? "PASS" : "FAIL", jobs[i].name.c_str(), params & 0xffu, cycles,
                        took.to_string().c_str());
        }
        sc_core::sc_stop();
    }
};

// The jobs: vector files, or one vector generated in memory.
int load_jobs(int first, int argc, char **argv, std::vector<job> &jobs)
{
    char err[STC_VEC_ERR_MAX];
    for (int i = first; i < argc; i++) {
        job j;
        j.name = argv[i];
        if (stc_vec_read(argv[i], &j.v, err, sizeof err) != STC_OK) {
            std::fprintf(stderr, "stc_tlm_example: %s\n", err);
            return 2;
        }
        jobs.push_back(j);
        if (j.v.n != jobs[0].v.n) {
            std::fprintf(stderr, "stc_tlm_example: %s is for N=%u, %s for N=%u: one N a run\n",
                         argv[i], j.v.n, argv[first], jobs[0].v.n);
            return 2;
        }
    }
    if (!jobs.empty())
        return 0;
    stc_gen_opts o;
    stc_gen_opts_init(&o);
    o.cls = "sp24";
    o.n = 16;
    o.m = 64;
    o.k = 256;
    o.seed = 3;
    o.bias = true;
    job j;
    std::memset(&j.v, 0, sizeof j.v);
    if (stc_gen_vector(&o, &j.v, err, sizeof err) != STC_OK) {
        std::fprintf(stderr, "stc_tlm_example: cannot generate: %s\n", err);
        return 2;
    }
    j.name = "(generated sp24 n16 m64 k256 bias seed 3)";
    jobs.push_back(j);
    return 0;
}

enum { OPT_PROTOCOL_CHECK = 1 };

const stc_opt tlm_opts[] = {
    {OPT_PROTOCOL_CHECK, "protocol-check", 0, nullptr,
     "check the address map's error responses instead (no vectors)"},
    {0, nullptr, 0, nullptr, nullptr},
};

const stc_cmd tlm_cmd = {
    "stc_tlm_example",
    "[VECTOR.vec...]\n--protocol-check",
    "GEMMs through the tile's TLM-2.0 target socket (docs/systemc.md); with no vectors, one\n"
    "generated sp24 GEMM.",
    {tlm_opts, nullptr, nullptr, nullptr},
    nullptr,
    "0 pass, 1 mismatch, 2 bad input or set-up error",
};

// The one option, --protocol-check (stc_cli_apply_fn).
int apply_option(void *ctx, int, const char *)
{
    *static_cast<bool *>(ctx) = true;
    return 0;
}

// 0, STC_CLI_HELP or STC_CLI_ERROR; first is the first vector argument.
int parse_args(int argc, char **argv, bool &protocol, int &first)
{
    int rc = stc_cli_parse(&tlm_cmd, argc, argv, apply_option, &protocol, &first);
    if (rc == 0 && protocol && first < argc)
        rc = stc_cli_error(&tlm_cmd, "--protocol-check takes no vectors");
    return rc;
}

} // namespace

int sc_main(int argc, char **argv)
{
    std::vector<job> jobs;
    bool protocol = false;
    int first = argc;
    int pa = parse_args(argc, argv, protocol, first);
    if (pa != 0)
        return pa == STC_CLI_HELP ? 0 : 2;
    int st = load_jobs(first, argc, argv, jobs);
    if (st != 0) {
        for (job &j : jobs)
            stc_vec_free(&j.v);
        return st;
    }
    sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO,
                                            sc_core::SC_DO_NOTHING);

    stc_params p;
    p.n = jobs[0].v.n;
    p.m_max = STC_VEC_M_MAX;
    p.kb_max = STC_VEC_NBLK_MAX;
    p.uarch = STC_UARCH_BASE;
    tlm_tile tile("tile", p, CLK);
    host_cpu cpu("cpu", jobs);
    cpu.protocol = protocol;
    cpu.socket.bind(tile.socket);
    sc_core::sc_start();

    if (!protocol)
        std::printf("tlm: %d GEMMs through the TLM-2.0 socket, simulated time %s\n",
                    cpu.passed + cpu.failed, sc_core::sc_time_stamp().to_string().c_str());
    std::printf("tlm: %d passed, %d failed\n", cpu.passed, cpu.failed);
    for (job &j : jobs)
        stc_vec_free(&j.v);
    return cpu.failed || cpu.bus_errors ? 1 : 0;
}

int main(int argc, char **argv)
{
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
    return sc_core::sc_elab_and_sim(argc, argv);
}
