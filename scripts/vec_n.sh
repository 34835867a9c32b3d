#!/bin/sh
# Copyright 2026 STC contributors
# SPDX-License-Identifier: Apache-2.0
# vec_n.sh FILE [DEFAULT] - the array size a vector file was written for,
# from its "// n N" header line; DEFAULT when it has none (or is missing).
n=$(sed -n 's#^// n \([0-9]*\)$#\1#p' "$1" 2>/dev/null | head -n 1)
echo "${n:-${2:-}}"
