// Copyright 2026 STC contributors
// SPDX-License-Identifier: Apache-2.0
// stc_meta_decode - decodes one 2:4 metadata nibble (NVIDIA ordered format,
// docs/architecture.md section 2): nibble = idx_lo | idx_hi << 2.
// idx_lo_o goes to PE row 2g, idx_hi_o to PE row 2g+1 of the group.
// legal_o is 1 for the six legal codes, i.e. iff idx_lo < idx_hi.
// Purely combinational, latency 0.
`default_nettype none

module stc_meta_decode (
  input  wire [3:0] nib_i,
  output wire [1:0] idx_lo_o,
  output wire [1:0] idx_hi_o,
  output wire       legal_o
);

  assign idx_lo_o = nib_i[1:0];
  assign idx_hi_o = nib_i[3:2];
  assign legal_o  = (nib_i[1:0] < nib_i[3:2]);

endmodule

`default_nettype wire
