#!/usr/bin/env python3
"""Independent numpy reference forward pass over a GGUF model (llama.cpp semantics).

    python reference_forward.py FILE --tokens 5,17,200 [--steps N]

prints JSON: {"arch", "prompt", "prompt_logits": [[vocab] per prompt position],
"greedy": [N ids], "greedy_logits": [[vocab] per greedy step], "margins": [top1 - top2
per greedy step]}. greedy_logits[i] are the logits that pick greedy[i], so
greedy_logits[0] == prompt_logits[-1]; decoding runs on a KV cache like an engine.

It shares nothing with memdoor or candle: numpy and the PyPI `gguf` package only.
Every tensor is dequantised with gguf.quants.dequantize and everything is
computed in float64. Hyperparameters come from the file's metadata with
llama.cpp's defaults; the graphs follow llama.cpp's builders
(src/models/*.cpp, formerly llm_build_* in llama.cpp):
  llama  llm_build_llama        NORMAL rope (adjacent pairs), SiLU(gate)*up
  qwen2  llm_build_qwen2        NEOX rope, q/k/v biases
  qwen3  llm_build_qwen3        NEOX rope, per-head RMSNorm on q and k before rope
  gemma2 llm_build_gemma2_iswa  NEOX, x*sqrt(n_embd), post-attn/post-ffw norms,
                                GELU(tanh)(gate)*up, attn and final soft-capping,
                                sliding window on layers il % 2 < 1
  gemma3 llm_build_gemma3<iswa> gemma2 without soft-capping, q/k norms, window on
                                il % 6 < 5, those layers rope base 10000
  phi3   llm_build_phi3         fused attn_qkv (q|k|v rows), fused ffn_up (gate|up), NEOX
Tensors whose rows llama.cpp reads fused or tied are split/shared here the same
way; output.weight falls back to token_embd.weight when absent (tied).
"""
import argparse
import json
import math
import sys
import time

import numpy as np
from gguf import GGUFReader
from gguf.quants import dequantize

NEOX_ROPE = {"qwen2", "qwen3", "gemma2", "gemma3", "phi3"}  # llama_model_rope_type(); llama: NORM
SWA_PATTERN = {"gemma2": 2, "gemma3": 6}  # hparams.set_swa_pattern(n): sliding iff il % n < n - 1
GEMMA = {"gemma2", "gemma3"}
SUPPORTED = {"llama"} | NEOX_ROPE


def rms_norm(x, w, eps):
    return x / np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + eps) * w


def silu(x):
    return x / (1.0 + np.exp(-x))


def gelu_tanh(x):  # ggml_gelu: the tanh approximation
    return 0.5 * x * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)))


def quantize_q8(x, block, f16_scale):
    """x rounded as ggml (and candle) quantise a matrix product's input to 8
    bits, per block of `block` values: q = round(x * (1/d)) with d = max|x| /
    127 in f32, then d stored as f16 (Q8_0, Q8_1) or kept in f32 (Q8_K:
    d = 1/iscale, iscale = 127/max|x|, up to sign). The tiny test models are
    sensitive enough that rounding q with d already in f16 moved their logits
    by a tenth of their spread."""
    rows = x.reshape(-1, block).astype(np.float32)
    amax = np.abs(rows).max(axis=1, keepdims=True)
    if f16_scale:
        d = amax / np.float32(127.0)
        inv = np.where(d > 0, np.float32(1.0) / np.where(d > 0, d, 1), 0).astype(np.float32)
        d = d.astype(np.float16).astype(np.float32)
    else:
        inv = np.where(amax > 0, np.float32(127.0) / np.where(amax > 0, amax, 1), 0).astype(np.float32)
        d = np.where(inv > 0, np.float32(1.0) / np.where(inv > 0, inv, 1), 0).astype(np.float32)
    # f32::round: halves away from zero (numpy's round goes to even).
    v = (rows * inv).astype(np.float32)
    q = np.clip(np.sign(v) * np.floor(np.abs(v) + np.float32(0.5)), -127, 127)
    return (q * d).astype(np.float64).reshape(x.shape)


# The 8-bit type each weight type's dot product takes its input in
# (ggml type_traits vec_dot_type): block size, f16 scale. Float weights: none.
ACT_QUANT = {"Q4_0": (32, True), "Q4_1": (32, True), "Q5_0": (32, True), "Q5_1": (32, True), "Q8_0": (32, True),
             "Q2_K": (256, False), "Q3_K": (256, False), "Q4_K": (256, False), "Q5_K": (256, False), "Q6_K": (256, False)}


def softcap(x, cap):
    return cap * np.tanh(x / cap)


class Model:
    def __init__(self, path, quantize_activations=False):
        self.quantize_activations = quantize_activations
        r = GGUFReader(path)
        md = {k: f.contents() for k, f in r.fields.items() if not k.startswith("tokenizer.ggml.")}
        self.arch = arch = md["general.architecture"]
        if arch not in SUPPORTED:
            sys.exit(f"unsupported architecture {arch!r}")

        def hp(key, default=None):
            v = md.get(f"{arch}.{key}", default)
            if v is None:
                sys.exit(f"missing metadata key {arch}.{key}")
            return v

        self.n_embd, self.n_layer = int(hp("embedding_length")), int(hp("block_count"))
        self.n_head = int(hp("attention.head_count"))
        self.n_head_kv = int(hp("attention.head_count_kv", self.n_head))
        self.n_ff = int(hp("feed_forward_length"))
        self.eps = float(hp("attention.layer_norm_rms_epsilon"))
        self.head_dim = int(hp("attention.key_length", self.n_embd // self.n_head))
        assert int(hp("attention.value_length", self.head_dim)) == self.head_dim
        self.n_rot = int(hp("rope.dimension_count", self.head_dim))
        self.rope_base = float(hp("rope.freq_base", 10000.0))
        self.neox = arch in NEOX_ROPE
        pattern = SWA_PATTERN.get(arch)
        self.sliding = [pattern is not None and il % pattern < pattern - 1 for il in range(self.n_layer)]
        # gemma2 defaults n_swa to 4096; gemma3 requires the key; phi3's window is ignored by llama.cpp
        self.n_swa = int(hp("attention.sliding_window", 4096 if arch == "gemma2" else None)) if arch in GEMMA else 0
        self.swa_base = 10000.0 if arch == "gemma3" else self.rope_base  # rope_freq_base_train_swa
        self.attn_cap = float(hp("attn_logit_softcapping", 50.0)) if arch == "gemma2" else None
        self.final_cap = float(hp("final_logit_softcapping", 30.0)) if arch == "gemma2" else None
        big = {"gemma2": 46, "gemma3": 62}.get(arch)  # the 27B models scale q by n_embd/n_head
        self.q_scale = 1.0 / math.sqrt(self.n_embd / self.n_head if self.n_layer == big else self.head_dim)

        self.W, self.types = {}, {}
        for t in r.tensors:
            self.types[t.name] = t.tensor_type.name
            a = dequantize(t.data, t.tensor_type)
            want = tuple(int(d) for d in reversed(t.shape.tolist()))  # GGUF dims are ne0 (fastest) first
            assert a.shape == want, (t.name, a.shape, want)
            self.W[t.name] = a.astype(np.float64)
        self.n_vocab = self.w("token_embd.weight").shape[0]
        self.check_shapes()

    def mm(self, x, name):
        """x @ W^T; with --quantize-activations, x first rounded to 8 bits as
        llama.cpp (and candle) do for quantised weights."""
        if name == "output.weight" and name not in self.W:
            name = "token_embd.weight"
        q = ACT_QUANT.get(self.types[name]) if self.quantize_activations else None
        if q is not None:
            x = quantize_q8(x, *q)
        return x @ self.W[name].T

    def w(self, name, shape=None):
        if name == "output.weight" and name not in self.W:
            name = "token_embd.weight"  # tied embeddings (llama.cpp: TENSOR_DUPLICATED)
        a = self.W[name]
        if shape is not None:
            assert a.shape == tuple(shape), (name, a.shape, tuple(shape))
        return a

    def check_shapes(self):
        E, hd, V, F = self.n_embd, self.head_dim, self.n_vocab, self.n_ff
        qw, kvw = self.n_head * hd, self.n_head_kv * hd
        self.w("token_embd.weight", (V, E)), self.w("output.weight", (V, E)), self.w("output_norm.weight", (E,))
        for il in range(self.n_layer):
            p = f"blk.{il}."
            self.w(p + "attn_norm.weight", (E,)), self.w(p + "ffn_norm.weight", (E,))
            self.w(p + "attn_output.weight", (E, qw)), self.w(p + "ffn_down.weight", (E, F))
            if self.arch == "phi3":
                self.w(p + "attn_qkv.weight", (qw + 2 * kvw, E)), self.w(p + "ffn_up.weight", (2 * F, E))
                continue
            self.w(p + "attn_q.weight", (qw, E)), self.w(p + "attn_k.weight", (kvw, E))
            self.w(p + "attn_v.weight", (kvw, E))
            self.w(p + "ffn_gate.weight", (F, E)), self.w(p + "ffn_up.weight", (F, E))
            if self.arch == "qwen2":
                self.w(p + "attn_q.bias", (qw,)), self.w(p + "attn_k.bias", (kvw,)), self.w(p + "attn_v.bias", (kvw,))
            if self.arch in ("qwen3", "gemma3"):
                self.w(p + "attn_q_norm.weight", (hd,)), self.w(p + "attn_k_norm.weight", (hd,))
            if self.arch in GEMMA:
                self.w(p + "post_attention_norm.weight", (E,)), self.w(p + "post_ffw_norm.weight", (E,))

    def rope(self, x, pos, base):
        """ggml_rope_ext, ext_factor 0, freq_scale 1: theta_i = pos * base^(-2i/n_rot)."""
        d = self.n_rot
        ang = pos[:, None] * base ** (-np.arange(0, d, 2, dtype=np.float64) / d)[None, :]
        cos, sin = np.cos(ang)[:, None, :], np.sin(ang)[:, None, :]
        out = x.copy()
        if self.neox:  # pairs (x[i], x[i + d/2])
            a, b = x[..., : d // 2], x[..., d // 2: d]
            out[..., : d // 2], out[..., d // 2: d] = a * cos - b * sin, a * sin + b * cos
        else:  # NORMAL: pairs (x[2i], x[2i+1])
            a, b = x[..., 0:d:2], x[..., 1:d:2]
            out[..., 0:d:2], out[..., 1:d:2] = a * cos - b * sin, a * sin + b * cos
        return out

    def attention(self, q, K, V, pos, sliding):
        """q (T, H, D); K, V (S, Hkv, D) for positions 0..S-1; query head h reads kv head h // (H/Hkv)."""
        group = self.n_head // self.n_head_kv
        K, V = np.repeat(K, group, axis=1), np.repeat(V, group, axis=1)
        s = np.einsum("thd,shd->hts", q * self.q_scale, K)
        if self.attn_cap is not None:
            s = softcap(s, self.attn_cap)  # build_attn_mha: before the mask and softmax
        kpos = np.arange(K.shape[0])
        masked = kpos[None, :] > pos[:, None]
        if sliding:  # LLAMA_SWA_TYPE_STANDARD: masked when p_query - p_key >= n_swa
            masked |= (pos[:, None] - kpos[None, :]) >= self.n_swa
        s = np.where(masked[None], -np.inf, s)
        p = np.exp(s - s.max(axis=-1, keepdims=True))
        p /= p.sum(axis=-1, keepdims=True)
        return np.einsum("hts,shd->thd", p, V)

    def forward(self, tokens, cache):
        """Logits (T, vocab) for `tokens` at positions cache['n']..; appends to the KV cache."""
        T, hd, eps = len(tokens), self.head_dim, self.eps
        pos = np.arange(cache["n"], cache["n"] + T, dtype=np.float64)
        x = self.w("token_embd.weight")[np.asarray(tokens)]
        if self.arch in GEMMA:
            x = x * math.sqrt(self.n_embd)
        for il in range(self.n_layer):
            p = f"blk.{il}."
            h = rms_norm(x, self.w(p + "attn_norm.weight"), eps)
            if self.arch == "phi3":
                qkv = self.mm(h, p + "attn_qkv.weight")
                qw, kvw = self.n_head * hd, self.n_head_kv * hd
                q, k, v = qkv[:, :qw], qkv[:, qw: qw + kvw], qkv[:, qw + kvw:]
            else:
                q, k, v = (self.mm(h, p + f"attn_{n}.weight") for n in "qkv")
                if self.arch == "qwen2":
                    q, k, v = q + self.w(p + "attn_q.bias"), k + self.w(p + "attn_k.bias"), v + self.w(p + "attn_v.bias")
            q, k, v = q.reshape(T, self.n_head, hd), k.reshape(T, self.n_head_kv, hd), v.reshape(T, self.n_head_kv, hd)
            if self.arch in ("qwen3", "gemma3"):
                q = rms_norm(q, self.w(p + "attn_q_norm.weight"), eps)
                k = rms_norm(k, self.w(p + "attn_k_norm.weight"), eps)
            base = self.swa_base if self.sliding[il] else self.rope_base
            q, k = self.rope(q, pos, base), self.rope(k, pos, base)
            K = cache["k"][il] = np.concatenate([cache["k"][il], k]) if cache["n"] else k
            V = cache["v"][il] = np.concatenate([cache["v"][il], v]) if cache["n"] else v
            att = self.attention(q, K, V, pos, self.sliding[il]).reshape(T, self.n_head * hd)
            out = self.mm(att, p + "attn_output.weight")
            if self.arch in GEMMA:
                out = rms_norm(out, self.w(p + "post_attention_norm.weight"), eps)
            x = x + out
            h = rms_norm(x, self.w(p + "ffn_norm.weight"), eps)
            if self.arch == "phi3":  # ggml_swiglu: silu(first half) * second half
                gu = self.mm(h, p + "ffn_up.weight")
                gate, up = gu[:, : self.n_ff], gu[:, self.n_ff:]
            else:
                gate, up = self.mm(h, p + "ffn_gate.weight"), self.mm(h, p + "ffn_up.weight")
            act = gelu_tanh(gate) if self.arch in GEMMA else silu(gate)
            out = self.mm(act * up, p + "ffn_down.weight")
            if self.arch in GEMMA:
                out = rms_norm(out, self.w(p + "post_ffw_norm.weight"), eps)
            x = x + out
        cache["n"] += T
        logits = self.mm(rms_norm(x, self.w("output_norm.weight"), eps), "output.weight")
        if self.final_cap is not None:
            logits = softcap(logits, self.final_cap)
        return logits


def margin(row):
    top2 = np.partition(row, -2)[-2:]
    return float(top2[1] - top2[0])


def main():
    ap = argparse.ArgumentParser(description="independent numpy reference forward pass over a GGUF model")
    ap.add_argument("file")
    ap.add_argument("--tokens", required=True, help="comma-separated prompt token ids")
    ap.add_argument("--steps", type=int, default=0, help="greedy tokens to decode after the prompt")
    ap.add_argument("--quantize-activations", action="store_true",
                    help="round each quantised matrix product's input to 8 bits as llama.cpp does")
    args = ap.parse_args()
    t0 = time.time()
    model = Model(args.file, args.quantize_activations)
    prompt = [int(t) for t in args.tokens.split(",") if t.strip()]
    assert prompt and all(0 <= t < model.n_vocab for t in prompt), "token ids must be in [0, vocab)"
    cache = {"n": 0, "k": [None] * model.n_layer, "v": [None] * model.n_layer}
    prompt_logits = model.forward(prompt, cache)
    greedy, greedy_logits, row = [], [], prompt_logits[-1]
    for step in range(args.steps):
        tok = int(np.argmax(row))
        greedy.append(tok)
        greedy_logits.append(row)
        if step + 1 < args.steps:
            row = model.forward([tok], cache)[-1]
    json.dump({
        "arch": model.arch,
        "prompt": prompt,
        "prompt_logits": prompt_logits.tolist(),
        "greedy": greedy,
        "greedy_logits": [r.tolist() for r in greedy_logits],
        "margins": [margin(r) for r in greedy_logits],
    }, sys.stdout)
    sys.stdout.write("\n")
    print(f"reference_forward: {model.arch}, {len(prompt)} prompt + {args.steps} steps in {time.time() - t0:.2f}s",
          file=sys.stderr)


if __name__ == "__main__":
    main()
