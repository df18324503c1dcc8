#!/usr/bin/env python3
"""Writes a TINY random-weight GGUF model of one architecture and weight type.

The local engine's tests compare its logits and greedy tokens with an
independent numpy forward pass (tests/tools/reference_forward.py) over the same
file. A real checkpoint per architecture and quantisation would be gigabytes,
so this makes a small one instead: random weights, a few layers, but the
metadata keys, tensor names, shapes, fused layouts and tied embeddings that
llama.cpp's convert_hf_to_gguf.py writes for that architecture.

    python tiny_gguf.py --arch {llama,qwen2,qwen3,gemma2,gemma3,phi3} \
        --quant {f32,f16,q8_0,q4_0,q4_1,q4_k,q5_k,q6_k} --out PATH [--seed N]

Dimensions: hidden 256, 4 query heads, 2 KV heads, head_dim 64 (128 for the
gemmas, so their q width 512 != hidden, like real Gemma), feed-forward 512,
2 layers (gemma3: 6, so 5 sliding + 1 global), vocab 320, context 256,
sliding window 8 (gemma2/gemma3). 2-D weights (token_embd and output too) are in
the chosen type; norms and biases F32. gguf.quants cannot quantise the K-quants,
so q4_k/q5_k/q6_k blocks are packed here by a plain min/max quantiser (not
llama.cpp's, whose choice of scales does not matter: the reference dequantises
whatever the file holds). Norm weights are stored as used, x/rms*w (Gemma's
converter folds Gemma's 1+w into the file; the engine must not add 1 again).
The tokenizer is byte-level BPE ("gpt2"): the 256 byte symbols, merges trained
on a fixed text, then <|im_start|> and <|im_end|> (control) up to 320 tokens;
or (--tokenizer spm / spm-noprefix) a SentencePiece-style vocabulary with scores
and byte fallback, for tests/engine/tokenizer_gguf.rs.
Needs the PyPI `gguf` package and numpy.
"""
import argparse
import re
from collections import Counter

import numpy as np
import gguf
from gguf import GGMLQuantizationType as Q, LlamaFileType as FT

HIDDEN, N_HEAD, N_KV, FF, VOCAB, CTX, EPS, SWA = 256, 4, 2, 512, 320, 256, 1e-6, 8

# Per architecture: shape/layout flags (what convert_hf_to_gguf.py produces) and weight gains.
# Gains keep greedy decoding from collapsing onto one token: with tied embeddings each token's
# own embedding in the residual stream votes for itself, so those models get small embeddings
# (emb_sd), larger output_norm weights (out_gain, to keep the logits' std ~6) and larger
# residual writes (res_gain: attn_output/ffn_down, or the gemmas' post-norm weights). row_sd
# varies the vocab rows' norms so the top logits are further apart. gemma2's q_gain makes
# attention scores large enough for the 50.0 soft-cap to move the logits (max ~0.35).
ARCHS = {
    "llama":  dict(head_dim=64,  layers=2, tied=False, emb_sd=0.35, row_sd=0.4),
    "qwen2":  dict(head_dim=64,  layers=2, tied=True, qkv_bias=True, emb_sd=0.1, out_gain=4, res_gain=5, row_sd=0.2),
    "qwen3":  dict(head_dim=64,  layers=2, tied=True, qk_norm=True, emb_sd=0.1, out_gain=4, res_gain=5, row_sd=0.2),
    "gemma2": dict(head_dim=128, layers=2, tied=True, post_norms=True, emb_sd=0.04, out_gain=10, res_gain=5,
                   row_sd=0.3, q_gain=4),
    "gemma3": dict(head_dim=128, layers=6, tied=True, post_norms=True, qk_norm=True, emb_sd=0.04, out_gain=10,
                   res_gain=4, row_sd=0.2),
    "phi3":   dict(head_dim=64,  layers=2, tied=False, fused=True, emb_sd=0.35, row_sd=0.4),
}
QUANTS = {
    "f32": (Q.F32, FT.ALL_F32), "f16": (Q.F16, FT.MOSTLY_F16), "q8_0": (Q.Q8_0, FT.MOSTLY_Q8_0),
    "q4_0": (Q.Q4_0, FT.MOSTLY_Q4_0), "q4_1": (Q.Q4_1, FT.MOSTLY_Q4_1),
    "q4_k": (Q.Q4_K, FT.MOSTLY_Q4_K_S), "q5_k": (Q.Q5_K, FT.MOSTLY_Q5_K_S), "q6_k": (Q.Q6_K, FT.MOSTLY_Q6_K),
}
CHAT_TEMPLATE = (
    "{% for message in messages %}<|im_start|>{{ message['role'] }}\n{{ message['content'] }}<|im_end|>\n"
    "{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)
BPE_TEXT = (
    "The quick brown fox jumps over the lazy dog. The tests write tiny models, then the engine "
    "reads them and the reference reads them, and the tokens they pick are the same. In the "
    "beginning there is the prompt; the answer is the next token, and then the one after that. "
    "Print the result: return the value of the function, then test it again and again. "
    "def main(): print('hello world') for i in range(10): if the answer is there, return it."
)


# ---------------------------------------------------------------- K-quant packing
def _f16(x):
    return x.astype(np.float16)


def _scale_pair(scale, mn):
    """Per-256 block: f16 super-scales d, dmin and 6-bit sub-block sc, m (8 sub-blocks)."""
    d = _f16(np.maximum(scale.max(1, keepdims=True), 1e-8) / 63)
    dmin = _f16(np.maximum(mn.max(1, keepdims=True), 1e-8) / 63)
    sc = np.clip(np.round(scale / d.astype(np.float32)), 1, 63).astype(np.uint8)
    m = np.clip(np.round(mn / dmin.astype(np.float32)), 0, 63).astype(np.uint8)
    return d, dmin, sc, m


def _pack_scales_k4(sc, m):
    """Inverse of gguf.quants.Q4_K.get_scale_min (ggml's get_scale_min_k4): 12 bytes."""
    lo = (sc[:, :4] & 63) | ((sc[:, 4:] >> 4) << 6)
    mid = (m[:, :4] & 63) | ((m[:, 4:] >> 4) << 6)
    hi = (sc[:, 4:] & 15) | ((m[:, 4:] & 15) << 4)
    return np.concatenate([lo, mid, hi], axis=1).astype(np.uint8)


def _quant_k_asym(x, bits):
    """Q4_K / Q5_K: value = d*sc*q - dmin*m over 8 sub-blocks of 32, q in [0, 2^bits)."""
    w = x.reshape(-1, 8, 32).astype(np.float32)
    nb, top = w.shape[0], (1 << bits) - 1
    mn = np.maximum(-w.min(2), 0.0)
    scale = np.maximum((w.max(2) + mn) / top, 1e-8)
    d, dmin, sc, m = _scale_pair(scale, mn)
    eff = (d.astype(np.float32) * sc)[:, :, None]
    off = (dmin.astype(np.float32) * m)[:, :, None]
    q = np.clip(np.round((w + off) / eff), 0, top).astype(np.uint8)  # (nb, 8, 32)
    lo = (q & 15).reshape(nb, 4, 2, 32)
    qs = (lo[:, :, 0] | (lo[:, :, 1] << 4)).reshape(nb, 128)
    parts = [d.view(np.uint8), dmin.view(np.uint8), _pack_scales_k4(sc, m)]
    if bits == 5:
        qh = np.zeros((nb, 32), np.uint8)
        for j in range(8):
            qh |= ((q[:, j] >> 4) & 1) << j
        parts.append(qh)
    return np.concatenate(parts + [qs], axis=1)


def _quant_q6_k(x):
    """Q6_K: value = d*sc*(q-32), 16 sub-blocks of 16, int8 sc, q 6 bits (ql 4 + qh 2)."""
    w = x.reshape(-1, 16, 16).astype(np.float32)
    nb = w.shape[0]
    scale = np.maximum(np.abs(w).max(2) / 31, 1e-8)
    d = _f16(scale.max(1, keepdims=True) / 127)
    sc = np.clip(np.round(scale / d.astype(np.float32)), 1, 127).astype(np.int8)
    eff = (d.astype(np.float32) * sc)[:, :, None]
    q = (np.clip(np.round(w / eff), -32, 31) + 32).astype(np.uint8).reshape(nb, 256)
    lo, hi = (q & 15).reshape(nb, 2, 2, 64), (q >> 4).reshape(nb, 2, 4, 32)
    ql = (lo[:, :, 0] | (lo[:, :, 1] << 4)).reshape(nb, 128)
    qh = (hi[:, :, 0] | (hi[:, :, 1] << 2) | (hi[:, :, 2] << 4) | (hi[:, :, 3] << 6)).reshape(nb, 64)
    return np.concatenate([ql, qh, sc.view(np.uint8), d.view(np.uint8)], axis=1)


K_PACKERS = {Q.Q4_K: lambda x: _quant_k_asym(x, 4), Q.Q5_K: lambda x: _quant_k_asym(x, 5), Q.Q6_K: _quant_q6_k}


def encode(x, qtype):
    """A numpy [out, in] float matrix -> the array GGUFWriter.add_tensor takes for qtype
    (GGUF lists the dims reversed, [in, out], as llama.cpp expects)."""
    x = np.ascontiguousarray(x, dtype=np.float32)
    try:
        return gguf.quants.quantize(x, qtype)
    except NotImplementedError:
        rows = x.shape[0]
        blocks = K_PACKERS[qtype](x.reshape(-1, 256))
        return blocks.reshape(rows, -1)


# ---------------------------------------------------------------- tokenizer
def bytes_to_unicode():
    bs = list(range(33, 127)) + list(range(161, 173)) + list(range(174, 256))
    cs, n = bs[:], 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return dict(zip(bs, map(chr, cs)))


def join_pair(seq, a, b):
    """seq with every adjacent (a, b) joined into a + b, left to right."""
    i, out = 0, []
    while i < len(seq):
        if i + 1 < len(seq) and seq[i] == a and seq[i + 1] == b:
            out.append(a + b)
            i += 2
        else:
            out.append(seq[i])
            i += 1
    return out


def train_merges(n_merges):
    """Deterministic byte-level BPE training on BPE_TEXT; returns the merges in rank order."""
    b2u = bytes_to_unicode()
    words = Counter(re.findall(r" ?[A-Za-z]+| ?[0-9]| ?[^\sA-Za-z0-9]+|\s+", BPE_TEXT))
    seqs = {w: [b2u[b] for b in w.encode()] for w in words}
    merges = []
    while len(merges) < n_merges:
        pairs = Counter()
        for w, s in seqs.items():
            for a, b in zip(s, s[1:]):
                pairs[(a, b)] += words[w]
        if not pairs:
            break
        (a, b), _ = min(pairs.items(), key=lambda kv: (-kv[1], kv[0]))
        merges.append((a, b))
        seqs = {w: join_pair(s, a, b) for w, s in seqs.items()}
    return merges


def add_tokenizer(w, kind="bpe", chat_template=True):
    if kind != "bpe":
        return add_spm_tokenizer(w, add_space_prefix=(kind == "spm"), chat_template=chat_template)
    controls = ["<|im_start|>", "<|im_end|>"]
    merges = train_merges(VOCAB - 256 - len(controls))
    tokens = list(bytes_to_unicode().values()) + [a + b for a, b in merges] + controls
    assert len(tokens) == VOCAB and len(set(tokens)) == VOCAB, (len(tokens), len(set(tokens)))
    w.add_tokenizer_model("gpt2")
    w.add_tokenizer_pre("qwen2")
    w.add_token_list(tokens)
    w.add_token_types([3 if t in controls else 1 for t in tokens])
    w.add_token_merges([f"{a} {b}" for a, b in merges])
    w.add_bos_token_id(tokens.index("<|im_start|>"))
    w.add_eos_token_id(tokens.index("<|im_end|>"))
    w.add_add_bos_token(False)
    if chat_template:
        w.add_chat_template(CHAT_TEMPLATE)


def add_spm_tokenizer(w, add_space_prefix, chat_template=True):
    """A SentencePiece-style vocabulary ("llama", as Gemma's and Phi-3's):
    <unk>, two control tokens, one user-defined token, the 256 <0xXX> byte
    tokens, BPE_TEXT's characters (spaces as U+2581), then pieces joined in
    the order a character-level BPE on BPE_TEXT finds them, each scoring
    above the pieces found after it."""
    specials = [("<unk>", 2), ("<s>", 3), ("</s>", 3), ("<tool>", 4)]
    text = BPE_TEXT.replace(" ", "\u2581")
    chars = sorted(set(text))
    seqs, pieces = [list(text)], []
    while len(specials) + 256 + len(chars) + len(pieces) < VOCAB:
        pairs = Counter()
        for seq in seqs:
            pairs.update(zip(seq, seq[1:]))
        (a, b), _ = min(pairs.items(), key=lambda kv: (-kv[1], kv[0]))
        pieces.append(a + b)
        seqs = [join_pair(seqs[0], a, b)]
    tokens = [t for t, _ in specials] + ["<0x%02X>" % b for b in range(256)] + chars + pieces
    types = [ty for _, ty in specials] + [6] * 256 + [1] * (len(chars) + len(pieces))
    scores = [0.0] * len(specials) + [0.0] * 256 + [-1000.0] * len(chars) + [-float(i) for i in range(len(pieces))]
    assert len(tokens) == VOCAB and len(set(tokens)) == VOCAB, (len(tokens), len(set(tokens)))
    w.add_tokenizer_model("llama")
    w.add_tokenizer_pre("default")
    w.add_token_list(tokens)
    w.add_token_types(types)
    w.add_token_scores(scores)
    w.add_bos_token_id(1)
    w.add_eos_token_id(2)
    w.add_unk_token_id(0)
    w.add_add_bos_token(True)
    w.add_add_space_prefix(add_space_prefix)
    if chat_template:
        w.add_chat_template("{% for message in messages %}<s>{{ message['content'] }}</s>{% endfor %}")


def add_hparams(w, arch, a):
    """The keys convert_hf_to_gguf.py writes for that architecture, no more."""
    w.add_block_count(a["layers"])
    w.add_context_length(CTX)
    w.add_embedding_length(HIDDEN)
    w.add_feed_forward_length(FF)
    w.add_head_count(N_HEAD)
    w.add_head_count_kv(N_KV)
    w.add_layer_norm_rms_eps(EPS)
    if arch != "gemma2":  # Gemma2Model writes no rope keys (llama.cpp defaults: base 10000, n_rot = head_dim)
        w.add_rope_freq_base(1e6 if arch == "gemma3" else 10000.0)
    if arch in ("llama", "phi3"):  # only these two converters write rope.dimension_count
        w.add_rope_dimension_count(a["head_dim"])
    if arch == "llama":
        w.add_vocab_size(VOCAB)
    if arch in ("qwen3", "gemma2", "gemma3"):  # configs with an explicit head_dim
        w.add_key_length(a["head_dim"])
        w.add_value_length(a["head_dim"])
    if arch in ("gemma2", "gemma3"):
        w.add_sliding_window(SWA)
    if arch == "gemma2":
        w.add_attn_logit_softcapping(50.0)
        w.add_final_logit_softcapping(30.0)
    if arch == "phi3":  # as for Phi-3-mini-4k; llama.cpp ignores phi3's sliding window
        w.add_rope_scaling_orig_ctx_len(CTX)
        w.add_sliding_window(2047)


def build(arch, quant, out, seed, tokenizer="bpe", base=False):
    a = ARCHS[arch]
    qtype, ftype = QUANTS[quant]
    rng = np.random.default_rng(seed)
    hd, L = a["head_dim"], a["layers"]
    q_w, kv_w = N_HEAD * hd, N_KV * hd

    def lin(rows, cols, gain=1.0):
        return rng.standard_normal((rows, cols)) * (gain / np.sqrt(cols))

    def norm(n, gain=1.0):
        return gain * (1.0 + 0.1 * rng.standard_normal(n))

    def vocab_matrix():
        rows = np.exp(a["row_sd"] * rng.standard_normal((VOCAB, 1)))
        return rng.standard_normal((VOCAB, HIDDEN)) * rows * a["emb_sd"]

    post = a.get("res_gain", 1.0)
    res = 1.0 if a.get("post_norms") else post
    tensors = {"token_embd.weight": vocab_matrix(), "output_norm.weight": norm(HIDDEN, a.get("out_gain", 1.0))}
    if not a["tied"]:
        tensors["output.weight"] = vocab_matrix()
    for i in range(L):
        p = f"blk.{i}."
        t = {"attn_norm.weight": norm(HIDDEN)}
        if a.get("fused"):
            t["attn_qkv.weight"] = lin(q_w + 2 * kv_w, HIDDEN)
        else:
            t["attn_q.weight"] = lin(q_w, HIDDEN, a.get("q_gain", 1.0))
            t["attn_k.weight"] = lin(kv_w, HIDDEN)
            t["attn_v.weight"] = lin(kv_w, HIDDEN)
        if a.get("qkv_bias"):
            for n, width in (("q", q_w), ("k", kv_w), ("v", kv_w)):
                t[f"attn_{n}.bias"] = 0.2 * rng.standard_normal(width)
        if a.get("qk_norm"):
            t["attn_q_norm.weight"], t["attn_k_norm.weight"] = norm(hd), norm(hd)
        t["attn_output.weight"] = lin(HIDDEN, q_w, res)
        if a.get("post_norms"):
            t["post_attention_norm.weight"] = norm(HIDDEN, post)
        t["ffn_norm.weight"] = norm(HIDDEN)
        if a.get("fused"):
            t["ffn_up.weight"] = lin(2 * FF, HIDDEN)  # rows [0, FF) gate, [FF, 2FF) up
        else:
            t["ffn_gate.weight"], t["ffn_up.weight"] = lin(FF, HIDDEN), lin(FF, HIDDEN)
        t["ffn_down.weight"] = lin(HIDDEN, FF, res)
        if a.get("post_norms"):
            t["post_ffw_norm.weight"] = norm(HIDDEN, post)
        tensors.update({p + k: v for k, v in t.items()})

    w = gguf.GGUFWriter(out, arch)
    w.add_name(f"tiny-{arch}-{quant}")
    add_hparams(w, arch, a)
    w.add_file_type(int(ftype))
    if qtype not in (Q.F32, Q.F16):
        w.add_quantization_version(gguf.GGML_QUANT_VERSION)
    add_tokenizer(w, tokenizer, chat_template=not base)
    for name, x in tensors.items():
        if x.ndim == 1:
            w.add_tensor(name, x.astype(np.float32))
        else:  # F32/F16 go in as float arrays, the rest as raw blocks
            data = encode(x, qtype)
            w.add_tensor(name, data, raw_dtype=qtype if data.dtype == np.uint8 else None)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--arch", required=True, choices=sorted(ARCHS))
    ap.add_argument("--quant", required=True, choices=list(QUANTS))
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--tokenizer", choices=["bpe", "spm", "spm-noprefix"], default="bpe",
                    help="byte-level BPE (gpt2), or a SentencePiece-style vocabulary with or without add_space_prefix")
    ap.add_argument("--base", action="store_true", help="no chat template: a base model")
    args = ap.parse_args()
    build(args.arch, args.quant, args.out, args.seed, args.tokenizer, args.base)


if __name__ == "__main__":
    main()
