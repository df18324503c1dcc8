#!/usr/bin/env python3
"""A GGUF of a model's exact shapes with random weights.

Usage: python3 scripts/gguf-random-weights.py SRC.gguf HEAD.gz --header-only
       python3 scripts/gguf-random-weights.py HEAD.gz OUT.gguf [--seed N]

The header (every metadata key, the tokenizer and chat template included,
and every tensor's name, shape, format and offset) is SRC's, byte for byte,
and is all that needs carrying (a few MB); from it, each tensor's data is
random, with every block's scale fields set to small finite values so the
products are of ordinary numbers (no inf or NaN). An engine reads,
multiplies and attends over it exactly as over SRC, so it times the same:
what a GPU run needs when the real file is too big to carry
(scripts/gpu-window.sh). Its answers are noise. Needs Python 3 and numpy.
"""

import argparse
import gzip
import random
import struct
import sys

# Block bytes, and the byte offsets of each block's f16 scale fields, per
# ggml type id (ggml.h). Types without an entry are refused.
F32, F16, BF16 = 0, 1, 30
BLOCKS = {
    2: (18, [0]),  # Q4_0: d, qs
    3: (20, [0, 2]),  # Q4_1: d, m, qs
    6: (22, [0]),  # Q5_0: d, qh, qs
    7: (24, [0, 2]),  # Q5_1: d, m, qh, qs
    8: (34, [0]),  # Q8_0: d, qs
    10: (84, [80, 82]),  # Q2_K: scales, qs, d, dmin
    11: (110, [108]),  # Q3_K: hmask, qs, scales, d
    12: (144, [0, 2]),  # Q4_K: d, dmin, scales, qs
    13: (176, [0, 2]),  # Q5_K: d, dmin, scales, qh, qs
    14: (210, [208]),  # Q6_K: ql, qh, scales, d
}
# Scales that keep a weight near 0.02 in size for each type's quant range.
SCALE = {2: 4e-3, 3: 3e-3, 6: 2e-3, 7: 1.5e-3, 8: 3e-4, 10: 2e-4, 11: 2e-4, 12: 1.5e-4, 13: 8e-5, 14: 1.5e-5}


class Reader:
    def __init__(self, data):
        self.data, self.at = data, 0

    def take(self, fmt):
        v = struct.unpack_from("<" + fmt, self.data, self.at)
        self.at += struct.calcsize("<" + fmt)
        return v[0]

    def string(self):
        n = self.take("Q")
        s = self.data[self.at : self.at + n]
        self.at += n
        return s.decode("utf-8", "replace")

    def value(self, t):
        scalar = {0: "B", 1: "b", 2: "H", 3: "h", 4: "I", 5: "i", 6: "f", 7: "?", 10: "Q", 11: "q", 12: "d"}
        if t in scalar:
            return self.take(scalar[t])
        if t == 8:
            return self.string()
        if t == 9:
            item, n = self.take("I"), self.take("Q")
            return [self.value(item) for _ in range(n)]
        sys.exit(f"unknown GGUF value type {t}")


def header(path):
    """The bytes before the tensor data, and each tensor's (name, elements, type, offset)."""
    with (gzip.open if path.endswith(".gz") else open)(path, "rb") as f:
        head = f.read(64 << 20)  # metadata of big vocabularies runs to a few MB
    r = Reader(head)
    if r.take("I") != 0x46554747:
        sys.exit(f"{path} is not a GGUF file")
    version = r.take("I")
    if version < 2:
        sys.exit(f"{path}: GGUF version {version} is not supported")
    n_tensors, n_kv = r.take("Q"), r.take("Q")
    alignment = 32
    for _ in range(n_kv):
        key = r.string()
        value = r.value(r.take("I"))
        if key == "general.alignment":
            alignment = value
    tensors = []
    for _ in range(n_tensors):
        name = r.string()
        dims = [r.take("Q") for _ in range(r.take("I"))]
        kind, offset = r.take("I"), r.take("Q")
        elements = 1
        for d in dims:
            elements *= d
        tensors.append((name, elements, kind, offset))
    start = (r.at + alignment - 1) // alignment * alignment
    return head[:start], sorted(tensors, key=lambda t: t[3])


def fill(name, elements, kind, rng):
    """One tensor's bytes: random, every block's scales small and finite."""
    if kind == F32:
        if name.endswith("norm.weight"):
            return np.ones(elements, np.float32).tobytes()
        return rng.normal(0.0, 0.02, elements).astype(np.float32).tobytes()
    if kind == F16:
        return rng.normal(0.0, 0.02, elements).astype(np.float16).tobytes()
    if kind == BF16:
        f = rng.normal(0.0, 0.02, elements).astype(np.float32)
        return (f.view(np.uint32) >> 16).astype(np.uint16).tobytes()
    if kind not in BLOCKS:
        sys.exit(f"tensor {name}: ggml type {kind} is not supported here")
    size, scales = BLOCKS[kind]
    blocks = elements // (32 if kind in (2, 3, 6, 7, 8) else 256)
    data = rng.integers(0, 256, (blocks, size), dtype=np.uint8)
    # The vocabulary's rows larger, so the logits are peaked as a trained
    # model's are: flat ones would make top-p sampling keep most of the
    # vocabulary, and time the host's sampling instead of the model.
    scale = SCALE[kind] * (15.0 if name in ("token_embd.weight", "output.weight") else 1.0)
    for at in scales:
        d = (scale * rng.uniform(0.5, 1.5, blocks)).astype(np.float16)
        data[:, at : at + 2] = d.view(np.uint8).reshape(blocks, 2)
    return data.tobytes()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("src", help="a GGUF file, or the header --header-only wrote (either may be gzipped)")
    ap.add_argument("out")
    ap.add_argument("--header-only", action="store_true", help="write SRC's header alone (small enough to carry)")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    head, tensors = header(a.src)
    opener = gzip.open if a.out.endswith(".gz") else open
    with opener(a.out, "wb") as out:
        out.write(head)
        if a.header_only:
            print(f"{a.out}: the header of {a.src} ({len(head):,} bytes, {len(tensors)} tensors)")
            return
        global np
        import numpy as np  # only here: the header alone needs none

        rng = np.random.default_rng(a.seed)
        written = 0
        for name, elements, kind, offset in tensors:
            if offset < written:
                sys.exit(f"tensor {name} overlaps the one before it")
            out.write(b"\0" * (offset - written))
            data = fill(name, elements, kind, rng)
            out.write(data)
            written = offset + len(data)
    print(f"{a.out}: {len(tensors)} tensors of random weights, {len(head) + written:,} bytes")


if __name__ == "__main__":
    main()
