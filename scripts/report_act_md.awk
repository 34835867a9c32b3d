# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# report_act_md.awk - the report's activation-zeros section, from act.csv
# (report_act.awk). Appended to docs/report.md by report.sh.
#
# usage: awk -F, -f scripts/report_act_md.awk act.csv
NR == 1 { for (i = 1; i <= NF; i++) ix[$i] = i; next }
{
    r = ++rows
    for (name in ix) V[r, name] = $(ix[name])
    if (V[r, "cycles_vs_0"] + 0 != 1) moved++
    last[V[r, "class"]] = r
}
function v(r, name) { return V[r, name] + 0 }
function pc(x) { return sprintf("%.1f%%", 100 * x) }
END {
    print ""
    print "## Activation zeros: gating pays in energy, never in cycles"
    print ""
    printf "ReLU-like zeros in A, from 0 to %d%% of its elements, with the same W (dense, and 2:4) and the same other A values at every step (`stc_vecgen --a-zeros`, M = %d, K = %d). The tile cannot skip a zero activation (it streams A in lockstep with the weights), but each PE gates its multiplier when either operand is zero.\n", \
        v(rows, "a_zeros_req"), v(1, "m"), v(1, "k")
    print ""
    print "| W | zeros in A | cycles | vs 0% | MACs gated (of algorithmic) | energy (nJ) | vs 0% | saved by gating (nJ) |"
    print "|---|---:|---:|---:|---:|---:|---:|---:|"
    for (r = 1; r <= rows; r++)
        printf "| %s | %d%% | %d | %.3f | %s | %.1f | %s | %.1f |\n", V[r, "class"] == "sp24" ? "2:4" : V[r, "class"], \
            v(r, "a_zeros_req"), v(r, "cycles"), v(r, "cycles_vs_0"), pc(v(r, "frac_gated")), v(r, "energy_nj"), \
            pc(v(r, "e_vs_0")), v(r, "e_gated_saved_nj")
    print ""
    d = last["dense"]; s = last["sp24"]
    if (moved == 0)
        printf "**No run changed its cycle count** (every `vs 0%%` is exactly 1). Energy fell to %s of the zero-free run for dense W and %s for 2:4 W at %d%% zeros in A: the multiplies and adds of gated MACs are not spent, only their zero detect. This is the rule \"always gate\": it costs a comparator per PE and pays at any zero fraction, but it saves joules, not time.\n", \
            pc(v(d, "e_vs_0")), pc(v(s, "e_vs_0")), v(d, "a_zeros_req")
    else
        printf "**%d run(s) changed their cycle count with zeros in A**, which section 9 of the architecture does not allow: see `docs/report/act.csv`.\n", moved
    print ""
    printf "![Energy against activation zeros](report/act_energy.png)\n\n*Energy relative to the same W with no zeros in A, against the share of zeros in A; the cycle count (right axis) does not move.* [SVG](report/act_energy.svg)\n"
}
