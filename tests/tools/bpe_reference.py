#!/usr/bin/env python3
"""Independent reference tokenizer for byte-level BPE GGUFs: SmolLM2's (pre-tokenizer
`smollm`) and Qwen2's (`qwen2`, Qwen2.5 and Qwen3 files); others get GPT-2's split.

Used once to produce the expected token ids in tests/engine/tokenizer.rs; it shares no
code with memdoor or the `tokenizers` crate: the classic GPT-2 byte-level BPE
(openai/gpt-2 encoder.py) over the vocabulary and merges read from the GGUF with
the `gguf` package. smollm's pre-tokenizer: every digit alone, then the GPT-2
split regex, no prefix space; control tokens (type 3) matched literally first.

    pip install gguf regex && python3 tests/tools/bpe_reference.py MODEL.gguf "text"
    python3 tests/tools/bpe_reference.py MODEL.gguf --json < texts.json
"""
import json
import sys

import regex as re
from gguf import GGUFReader


def bytes_to_unicode():
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return dict(zip(bs, map(chr, cs)))


GPT2_SPLIT = re.compile(r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+""")
# Qwen2's (its tokenizer.json's Split pattern; llama.cpp LLAMA_VOCAB_PRE_TYPE_QWEN2).
QWEN2_SPLIT = re.compile(r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+""")


def load(path):
    r = GGUFReader(path)
    f = r.fields
    tokens = [bytes(f["tokenizer.ggml.tokens"].parts[i]).decode() for i in f["tokenizer.ggml.tokens"].data]
    merges = [bytes(f["tokenizer.ggml.merges"].parts[i]).decode() for i in f["tokenizer.ggml.merges"].data]
    types = [int(f["tokenizer.ggml.token_type"].parts[i][0]) for i in f["tokenizer.ggml.token_type"].data]
    pre = bytes(f["tokenizer.ggml.pre"].parts[f["tokenizer.ggml.pre"].data[0]]).decode() if "tokenizer.ggml.pre" in f else "gpt-2"
    return tokens, merges, types, pre


def bpe(word, ranks):
    parts = list(word)
    while len(parts) > 1:
        pairs = [(ranks.get((a, b), 1 << 30), i) for i, (a, b) in enumerate(zip(parts, parts[1:]))]
        rank, i = min(pairs)
        if rank == 1 << 30:
            break
        parts[i : i + 2] = [parts[i] + parts[i + 1]]
    return parts


def encode(text, tokens, merges, types, pre="smollm"):
    vocab = {t: i for i, t in enumerate(tokens)}
    ranks = {tuple(m.split(" ", 1)): i for i, m in enumerate(merges)}
    controls = sorted((t for t, ty in zip(tokens, types) if ty == 3), key=len, reverse=True)
    b2u = bytes_to_unicode()
    ids = []
    pieces = re.split("(" + "|".join(re.escape(c) for c in controls) + ")", text)
    for piece in pieces:
        if piece in controls:
            ids.append(vocab[piece])
            continue
        # smollm: every digit alone first; qwen2's own pattern splits digits.
        chunks = re.split(r"(\p{N})", piece) if pre == "smollm" else [piece]
        split = QWEN2_SPLIT if pre == "qwen2" else GPT2_SPLIT
        for chunk in chunks:
            for word in split.findall(chunk):
                mapped = "".join(b2u[b] for b in word.encode("utf-8"))
                ids.extend(vocab[p] for p in bpe(mapped, ranks))
    return ids


if __name__ == "__main__":
    tokens, merges, types, pre = load(sys.argv[1])
    if sys.argv[2:3] == ["--json"]:  # texts as a JSON list on stdin, ids as one on stdout
        print(json.dumps([encode(text, tokens, merges, types, pre) for text in json.load(sys.stdin)]))
    else:
        for text in sys.argv[2:]:
            print(repr(text), encode(text, tokens, merges, types, pre))
