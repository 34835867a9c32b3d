// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_tlm_tile.cpp - TLM-2.0 target around the golden tile (stc_tlm_tile.h).
#include "stc_tlm_tile.h"

#include <cstdio>
#include <cstring>

namespace stc_sc
{

namespace
{

uint32_t le32(const uint8_t *b)
{
    return b[0] | b[1] << 8 | b[2] << 16 | static_cast<uint32_t>(b[3]) << 24;
}

void put_le32(uint8_t *b, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        b[i] = static_cast<uint8_t>(v >> (8 * i));
}

} // namespace

tlm_tile::tlm_tile(sc_core::sc_module_name name, const stc_params &p, sc_core::sc_time period)
    : sc_core::sc_module(name), socket("socket"), p_(p), period_(period)
{
    if (stc_tile_create(&p_, &tile_) != STC_OK)
        SC_REPORT_FATAL("stc/tlm", "cannot create the golden tile (bad parameters?)");
    socket.register_b_transport(this, &tlm_tile::b_transport);
}

tlm_tile::~tlm_tile()
{
    stc_tile_destroy(tile_);
}

void tlm_tile::b_transport(tlm::tlm_generic_payload &tx, sc_core::sc_time &delay)
{
    uint64_t addr = tx.get_address();
    uint8_t *data = tx.get_data_ptr();
    unsigned len = tx.get_data_length();
    bool wr = tx.is_write();
    tx.set_response_status(tlm::TLM_OK_RESPONSE);

    if (tx.get_byte_enable_ptr()) {
        tx.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
        return;
    }
    if (!tx.is_read() && !wr) // TLM_IGNORE_COMMAND
        return;
    // FIFO ports: a burst of len bytes goes in (or comes out) in order.
    if (addr == FIFO_A || addr == FIFO_W || addr == FIFO_META || addr == FIFO_BIAS) {
        std::vector<uint8_t> &f = addr == FIFO_A      ? a_
                                  : addr == FIFO_W    ? w_
                                  : addr == FIFO_META ? meta_
                                                      : bias_;
        if (!wr || ((addr == FIFO_META || addr == FIFO_BIAS) && len % 4)) {
            tx.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
            return;
        }
        f.insert(f.end(), data, data + len);
        return;
    }
    if (addr == FIFO_C) {
        if (wr || len % 4 || len / 4 > c_.size() - c_head_) {
            tx.set_response_status(wr ? tlm::TLM_COMMAND_ERROR_RESPONSE
                                      : tlm::TLM_GENERIC_ERROR_RESPONSE);
            return;
        }
        for (unsigned i = 0; i < len / 4; i++)
            put_le32(data + 4 * i, static_cast<uint32_t>(c_[c_head_++]));
        return;
    }
    // Registers: one aligned 32-bit word.
    if (len != 4 || addr % 4 || addr >= TLM_WINDOW) {
        tx.set_response_status(addr >= TLM_WINDOW || addr % 4 ? tlm::TLM_ADDRESS_ERROR_RESPONSE
                                                              : tlm::TLM_BURST_ERROR_RESPONSE);
        return;
    }
    if (wr) {
        tx.set_response_status(reg_write(addr, le32(data), delay));
    } else {
        uint32_t v = 0;
        tx.set_response_status(reg_read(addr, v));
        put_le32(data, v);
    }
}

tlm::tlm_response_status tlm_tile::reg_write(uint64_t addr, uint32_t v, sc_core::sc_time &delay)
{
    switch (addr) {
    case REG_CTRL:
        if (v & CTRL_CLEAR) {
            a_.clear();
            w_.clear();
            meta_.clear();
            bias_.clear();
            c_.clear();
            c_head_ = 0;
            status_ = 0;
        }
        if (v & CTRL_START)
            start(delay);
        return tlm::TLM_OK_RESPONSE;
    case REG_MODE:
        mode_ = v & 3u;
        return tlm::TLM_OK_RESPONSE;
    case REG_M:
        m_ = v;
        return tlm::TLM_OK_RESPONSE;
    case REG_K:
        k_ = v;
        return tlm::TLM_OK_RESPONSE;
    case REG_SKIP_LO:
        skip_lo_ = v;
        return tlm::TLM_OK_RESPONSE;
    case REG_SKIP_HI:
        skip_hi_ = v;
        return tlm::TLM_OK_RESPONSE;
    default:
        return tlm::TLM_COMMAND_ERROR_RESPONSE; // read-only or unmapped
    }
}

tlm::tlm_response_status tlm_tile::reg_read(uint64_t addr, uint32_t &v)
{
    if (addr >= REG_CNT && addr < REG_CNT + 4 * STC_NUM_COUNTERS) {
        v = cnt_[(addr - REG_CNT) / 4];
        return tlm::TLM_OK_RESPONSE;
    }
    switch (addr) {
    case REG_ID:
        v = STC_TLM_ID;
        break;
    case REG_PARAMS:
        v = p_.n | p_.kb_max << 8 | p_.m_max << 16;
        break;
    case REG_STATUS:
        v = status_ | (c_head_ < c_.size() ? STATUS_C_AVAIL : 0u);
        break;
    case REG_MODE:
        v = mode_;
        break;
    case REG_M:
        v = m_;
        break;
    case REG_K:
        v = k_;
        break;
    case REG_SKIP_LO:
        v = skip_lo_;
        break;
    case REG_SKIP_HI:
        v = skip_hi_;
        break;
    case REG_CYCLES:
        v = static_cast<uint32_t>(cycles_);
        break;
    case REG_C_LEVEL:
        v = static_cast<uint32_t>(c_.size() - c_head_);
        break;
    default:
        return tlm::TLM_COMMAND_ERROR_RESPONSE; // write-only or unmapped
    }
    return tlm::TLM_OK_RESPONSE;
}

bool tlm_tile::config_error(const std::string &why)
{
    status_ |= STATUS_ERR_CFG;
    SC_REPORT_WARNING("stc/tlm", ("START refused: " + why).c_str());
    return false;
}

// One command: the FIFO contents become an in-memory vector, stc_host
// plays it into the model with no stalls, the results go to FIFO_C.
void tlm_tile::start(sc_core::sc_time &delay)
{
    stc_vec v;
    char err[STC_VEC_ERR_MAX];
    std::memset(&v, 0, sizeof v);
    status_ &= ~(STATUS_DONE | STATUS_ERR_META | STATUS_ERR_CFG);
    std::snprintf(v.cls, sizeof v.cls, "tlm");
    v.n = p_.n;
    v.mode24 = mode_ & 1u;
    v.has_bias = mode_ & 2u;
    v.m = m_;
    v.k = k_;
    v.skip = skip_lo_ | static_cast<uint64_t>(skip_hi_) << 32;

    unsigned kd = v.mode24 ? 2 * v.n : v.n;
    if (v.m < 1 || v.m > p_.m_max || v.k == 0 || v.k % kd || v.k / kd > p_.kb_max) {
        std::snprintf(err, sizeof err,
                      "M = %u, K = %u: need 1 <= M <= %u, K a multiple of %u, "
                      "at most %u blocks",
                      v.m, v.k, p_.m_max, kd, p_.kb_max);
        config_error(err);
        return;
    }
    size_t nblk = v.k / kd, mn = static_cast<size_t>(v.m) * v.n;
    size_t want_a = static_cast<size_t>(v.m) * v.k;
    size_t want_w = static_cast<size_t>(v.mode24 ? v.k / 2 : v.k) * v.n;
    size_t want_meta = v.mode24 ? 4 * nblk * v.n : 0, want_bias = v.has_bias ? 4 * mn : 0;
    if (a_.size() != want_a || w_.size() != want_w || meta_.size() != want_meta ||
        bias_.size() != want_bias) {
        std::snprintf(
            err, sizeof err, "FIFO bytes A %zu W %zu META %zu BIAS %zu, expected %zu %zu %zu %zu",
            a_.size(), w_.size(), meta_.size(), bias_.size(), want_a, want_w, want_meta, want_bias);
        config_error(err);
        return;
    }
    if (stc_vec_alloc(&v) != STC_OK) {
        config_error("skip bits at or above the block count, or out of memory");
        return;
    }
    std::memcpy(v.a, a_.data(), want_a);
    std::memcpy(v.w, w_.data(), want_w);
    for (size_t i = 0; i < want_meta / 4; i++)
        v.meta[i] = le32(&meta_[4 * i]);
    for (size_t i = 0; i < want_bias / 4; i++)
        v.bias[i] = static_cast<int32_t>(le32(&bias_[4 * i]));
    // Illegal metadata and nonzero weights in skipped blocks still run:
    // the tile flags the former (err_o), the latter are never sent.
    stc_status st = stc_vec_validate(&v, err, sizeof err);
    if (st == STC_EFORMAT || st == STC_EPARAM) {
        stc_vec_free(&v);
        config_error(err);
        return;
    }

    // The command runs on the live tile (in IDLE between commands; the
    // command clears its counters) through the lockstep step API
    // (sim/core/stc_step.h), bare: the tile is the only implementation
    // here, the host drives it and collects its result rows.
    stc_step *run = nullptr;
    stc_inputs in;
    stc_outputs out{};
    stc_probes pr;
    stc_run_result res;
    stc_stream one = {1, &v};
    stc_run_opts ro{};
    ro.check.bare = true;
    ro.stim.no_reset = true;
    if (stc_step_open(&run, &one, &p_, &ro, STC_STEP_BARE) != STC_OK) {
        stc_step_close(run, nullptr, nullptr);
        stc_vec_free(&v);
        SC_REPORT_FATAL("stc/tlm", "cannot start the command");
        return;
    }
    while (stc_step_inputs(run, &in)) {
        stc_tile_eval(tile_, &out);
        if (stc_step_check(run, &in, &out, nullptr, nullptr, nullptr))
            break;
        stc_step_edge(run, &in);
        stc_tile_step(tile_, &in);
    }
    const int32_t *rows = stc_step_host(run)->res;
    c_.assign(rows, rows + mn);
    stc_tile_probe(tile_, &pr);
    stc_step_close(run, &pr, &res);
    std::memcpy(cnt_, pr.cnt, sizeof cnt_);
    if (res.timeout)
        SC_REPORT_ERROR("stc/tlm", "the tile did not complete the command (model hang)");
    c_head_ = 0;
    uint64_t cycle = res.cycles;
    cycles_ = cycle;
    commands_++;
    status_ |= STATUS_DONE | (out.err ? STATUS_ERR_META : 0u);
    delay += period_ * static_cast<double>(cycle);
    stc_vec_free(&v);
}

} // namespace stc_sc
