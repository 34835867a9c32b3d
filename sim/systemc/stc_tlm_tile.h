// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_tlm_tile.h - the STC tile behind a TLM-2.0 target socket, for virtual
// platforms. Register and FIFO map: docs/systemc.md ("TLM-2.0 wrapper").
//
// The tile inside is the golden cycle model (cmodel/stc_tile.h), driven by
// the same host code as the cosim (sim/core/stc_host.h): software fills the
// operand FIFOs, writes START, and the b_transport of that write runs the
// whole command on the model and annotates `cycles x clock period`, the
// tile's own cycle count (equal to the RTL's, cycle for cycle, by the
// lockstep regression). Register and FIFO accesses take no time.
#ifndef STC_TLM_TILE_H
#define STC_TLM_TILE_H

#include <cstdint>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include "stc_sc_c.h"

namespace stc_sc
{

// Byte offsets in the tile's window. Registers are 32 bits, little-endian,
// accessed with aligned 4-byte transactions; FIFO ports take bursts.
enum tlm_reg : uint64_t {
    REG_ID = 0x000,      // RO  0x53544331 ("STC1")
    REG_PARAMS = 0x004,  // RO  [7:0] N, [15:8] KB_MAX, [31:16] M_MAX
    REG_STATUS = 0x008,  // RO  see STATUS_*
    REG_CTRL = 0x00c,    // WO  see CTRL_*
    REG_MODE = 0x010,    // RW  bit 0: 2:4 mode, bit 1: bias
    REG_M = 0x014,       // RW  M, rows of A and C (1..M_MAX)
    REG_K = 0x018,       // RW  dense K (a multiple of N, or 2N in 2:4)
    REG_SKIP_LO = 0x020, // RW  skip bitmap, blocks 0..31
    REG_SKIP_HI = 0x024, // RW  skip bitmap, blocks 32..63
    REG_CYCLES = 0x028,  // RO  clock edges of the last command: command transfer to idle
    REG_CNT = 0x040,     // RO  9 counters (architecture section 7), 0x040..0x060
    FIFO_A = 0x080,      // WO  A, M x K int8, row-major, bytes in order
    FIFO_W = 0x084,      // WO  stored W, int8 rows of N (K rows dense, K/2 in 2:4)
    FIFO_META = 0x088,   // WO  2:4 metadata, one 32-bit word per (block, column)
    FIFO_BIAS = 0x08c,   // WO  bias, M x N int32
    FIFO_C = 0x090,      // RO  results, M x N int32, row-major; reading pops
    REG_C_LEVEL = 0x094, // RO  32-bit words waiting in FIFO_C
    TLM_WINDOW = 0x100,  // size of the window
};

enum : uint32_t {
    STC_TLM_ID = 0x53544331u,
    CTRL_START = 1u << 0,      // run one command on the FIFO contents
    CTRL_CLEAR = 1u << 1,      // empty every FIFO, clear STATUS
    STATUS_DONE = 1u << 0,     // the last START completed, C is in FIFO_C
    STATUS_ERR_META = 1u << 1, // the tile's err_o: an illegal 2:4 metadata nibble was loaded
    STATUS_ERR_CFG = 1u << 2,  // the last START was refused: bad MODE/M/K/SKIP or FIFO sizes
    STATUS_C_AVAIL = 1u << 3,  // FIFO_C is not empty
};

class tlm_tile : public sc_core::sc_module
{
  public:
    tlm_utils::simple_target_socket<tlm_tile> socket;

    tlm_tile(sc_core::sc_module_name name, const stc_params &p, sc_core::sc_time clock_period);
    ~tlm_tile() override;

    // Commands run and clock cycles spent in them, for reports.
    uint64_t commands() const
    {
        return commands_;
    }

  private:
    void b_transport(tlm::tlm_generic_payload &tx, sc_core::sc_time &delay);
    tlm::tlm_response_status reg_write(uint64_t addr, uint32_t v, sc_core::sc_time &delay);
    tlm::tlm_response_status reg_read(uint64_t addr, uint32_t &v);
    void start(sc_core::sc_time &delay);
    bool config_error(const std::string &why);

    stc_params p_;
    sc_core::sc_time period_;
    stc_tile *tile_ = nullptr;
    uint32_t mode_ = 0, m_ = 1, k_ = 0, skip_lo_ = 0, skip_hi_ = 0, status_ = 0;
    uint32_t cnt_[STC_NUM_COUNTERS] = {};
    uint64_t cycles_ = 0, commands_ = 0;
    std::vector<uint8_t> a_, w_, meta_, bias_; // raw bytes as written
    std::vector<int32_t> c_;
    size_t c_head_ = 0;
};

} // namespace stc_sc

#endif
