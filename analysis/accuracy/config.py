# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
"""Every fixed choice of the experiment, in one place.

Changing any value here changes the committed outputs (docs/accuracy/):
regenerate them with ``make accuracy``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Tuple

from .net import LayerSpec, mlp_specs

#: The seed written into every vector and stream header (the training
#: seeds are SEEDS below).
SEED: int = 1

#: Tile parameters of the runner (build/stc_sim-n16).
TILE_N: int = 16
M_MAX: int = 1024

#: Runner options: no stalls, stall seed 1, back-to-back commands.
SIM_SEED: int = 1
SIM_STALL: int = 0

#: Activations are INT8 in 0..127 (ReLU outputs are non-negative; the
#: tile's operands are signed INT8, so 128..255 are not available).
A_QMAX: int = 127
#: Weights are symmetric INT8 in -127..127 (-128 unused).
W_QMAX: int = 127

@dataclass(frozen=True)
class Pattern:
    """One way of pruning every layer's W.

    ``kind`` is ``dense``, ``24`` (2:4), ``block``, ``unstructured`` or
    ``24block`` (2:4, then whole 2:4 K-blocks); ``fraction`` is the
    fraction of weights (``block``, ``unstructured``) or of K-blocks
    (``24block``) removed. ``mode`` is the tile mode the layer runs in.
    """

    name: str
    slug: str
    kind: str
    fraction: float
    mode: str

    @property
    def nominal_sparsity(self) -> float:
        """The fraction of W the pattern aims to zero (before quantization)."""
        if self.kind == "dense":
            return 0.0
        if self.kind == "24":
            return 0.5
        if self.kind == "24block":
            return 0.5 + 0.5 * self.fraction
        return self.fraction


PATTERNS: Tuple[Pattern, ...] = (
    Pattern("dense", "dense", "dense", 0.0, "dense"),
    Pattern("2:4", "sp24", "24", 0.5, "2:4"),
    Pattern("block 50%", "block50", "block", 0.5, "dense"),
    Pattern("block 75%", "block75", "block", 0.75, "dense"),
    Pattern("block 90%", "block90", "block", 0.9, "dense"),
    Pattern("unstructured 50%", "unstr50", "unstructured", 0.5, "dense"),
    Pattern("unstructured 75%", "unstr75", "unstructured", 0.75, "dense"),
    Pattern("unstructured 90%", "unstr90", "unstructured", 0.9, "dense"),
    Pattern("2:4 + block 50%", "sp24block50", "24block", 0.5, "2:4"),
)

def pattern_by_slug(slug: str) -> Optional[Pattern]:
    """The pattern named ``slug``, or None."""
    for p in PATTERNS:
        if p.slug == slug:
            return p
    return None


#: Training seeds; every one trains its own dense network and prunes and
#: fine-tunes it (the spread between them is part of the noise).
SEEDS: Tuple[int, ...] = (1, 2, 3)

#: The patterns of the Fashion experiment: dense, 2:4, block and
#: unstructured at two sparsities, 2:4 + block.
FASHION_SLUGS: Tuple[str, ...] = ("dense", "sp24", "block50", "block75", "unstr50", "unstr75",
                                  "sp24block50")

#: Test images run in lockstep (RTL against the model, every cycle) for
#: configurations that run the whole test set on the model alone.
LOCKSTEP_SAMPLE: int = 1000

#: Training images whose float activations set the INT8 scales.
CALIB_IMAGES: int = 10000


@dataclass(frozen=True)
class Network:
    """A network of GEMM layers (analysis/accuracy/net.py) and its training."""

    name: str
    slug: str
    specs: Tuple[LayerSpec, ...]
    epochs: int
    ft_epochs: int
    lr: float
    batch: int


#: The MLP: 784 pixels, two hidden layers of 128 (multiples of the tile's
#: N = 16 and enough K-blocks for block skip), 10 logits padded to 16.
#: The CNN: two 3x3 convolutions of stride 2 (28x28x1 -> 14x14x16 ->
#: 7x7x16) and a dense layer (784 -> 10): its first layer is a GEMM of
#: K = 9 (one K-block dense and in 2:4) over 196 rows an image, where
#: neither 2:4 nor block skip can remove a pass.
NETWORKS: Tuple[Network, ...] = (
    Network("784-128-128-10, ReLU", "mlp", mlp_specs((784, 128, 128, 10)), 8, 2, 1e-3, 64),
    Network("two 3x3 stride-2 convolutions of 16 channels, dense 784-10", "cnn",
            (LayerSpec("conv", 16, cin=1, hw=28, kernel=3, stride=2, pad=1),
             LayerSpec("conv", 16, cin=16, hw=14, kernel=3, stride=2, pad=1),
             LayerSpec("dense", 10, k_in=784)), 8, 2, 1e-3, 64),
)


def network_by_slug(slug: str) -> Optional[Network]:
    """The network named ``slug``, or None."""
    for n in NETWORKS:
        if n.slug == slug:
            return n
    return None
