// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_meta_decode_check - the RTL metadata decoder against the spec's
// truth table (formal/stc_meta_codes.hex, docs/architecture.md section 2)
// for every nibble: the nibble is a free input, so the proof covers all 16
// codes at once. Combinational; make formal runs it with yosys-smtbmc.
`default_nettype none

module stc_meta_decode_check (
  input wire clk_i
);

  (* anyseq *) wire [3:0] nib;

  wire [1:0] idx_lo;
  wire [1:0] idx_hi;
  wire       legal;

  stc_meta_decode u_dut (
    .nib_i    (nib),
    .idx_lo_o (idx_lo),
    .idx_hi_o (idx_hi),
    .legal_o  (legal)
  );

  // {legal, idx_lo, idx_hi} per nibble, one hex digit each
  reg [11:0] spec [0:15];
  initial $readmemh(`STC_META_CODES, spec);

  wire [11:0] row = spec[nib];

  always @* begin
    assert (legal == row[8]);
    if (row[8]) begin
      assert (idx_lo == row[5:4]);
      assert (idx_hi == row[1:0]);
    end
  end

endmodule

`default_nettype wire
