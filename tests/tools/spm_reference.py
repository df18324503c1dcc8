#!/usr/bin/env python3
"""Independent reference tokenizer for SentencePiece-style GGUFs
(`tokenizer.ggml.model = llama`: Gemma, Phi-3, Llama 2).

It follows llama.cpp's own algorithm (llama-vocab.cpp: the special-token
partition, then llm_tokenizer_spm) and shares no code with memdoor or the
`tokenizers` crate, which memdoor builds its tokenizer with:
  1. control and user-defined tokens are cut out of the text where they
     appear as written (longest first);
  2. each remaining piece gets a leading space when add_space_prefix is set
     (at the start and after each special token), spaces become U+2581;
  3. starting from single characters, the adjacent pair whose joined text is
     a token with the highest score is joined (ties: the leftmost), until no
     pair joins;
  4. a symbol that is not a token is split back along the merges that made
     it, and what is left falls back to its <0xXX> byte tokens.

    pip install gguf && python3 tests/tools/spm_reference.py MODEL.gguf "text" ...
    python3 tests/tools/spm_reference.py MODEL.gguf --json < texts.json
"""
import heapq
import json
import sys

from gguf import GGUFReader

CONTROL, USER_DEFINED = 3, 4


def load(path):
    f = GGUFReader(path).fields
    tok = f["tokenizer.ggml.tokens"]
    tokens = [bytes(tok.parts[i]).decode("utf-8") for i in tok.data]
    scores = [float(f["tokenizer.ggml.scores"].parts[i][0]) for i in f["tokenizer.ggml.scores"].data]
    types = [int(f["tokenizer.ggml.token_type"].parts[i][0]) for i in f["tokenizer.ggml.token_type"].data]
    prefix = f.get("tokenizer.ggml.add_space_prefix")
    add_space_prefix = bool(prefix.parts[prefix.data[0]][0]) if prefix is not None else True
    return tokens, scores, types, add_space_prefix


def spm(text, vocab, scores, tokens):
    symbols = list(text)  # code points
    nxt = list(range(1, len(symbols))) + [-1]
    prv = list(range(-1, len(symbols) - 1))
    made = {}  # joined text -> (left text, right text)
    heap = []

    def try_add(left, right):
        if left == -1 or right == -1:
            return
        joined = symbols[left] + symbols[right]
        if joined in vocab:
            heapq.heappush(heap, (-scores[vocab[joined]], left, right, len(joined)))

    for i in range(len(symbols) - 1):
        try_add(i, i + 1)
    while heap:
        _, left, right, size = heapq.heappop(heap)
        if not symbols[left] or not symbols[right] or len(symbols[left]) + len(symbols[right]) != size or nxt[left] != right:
            continue  # stale: one side has changed since
        made.setdefault(symbols[left] + symbols[right], (symbols[left], symbols[right]))
        symbols[left] += symbols[right]
        symbols[right] = ""
        nxt[left] = nxt[right]
        if nxt[right] != -1:
            prv[nxt[right]] = left
        try_add(prv[left], left)
        try_add(left, nxt[left])
    ids = []

    def resegment(piece):
        if piece in vocab:
            ids.append(vocab[piece])
        elif piece in made:
            resegment(made[piece][0])
            resegment(made[piece][1])
        else:
            ids.extend(vocab["<0x%02X>" % b] for b in piece.encode("utf-8"))

    i = 0
    while i != -1 and i < len(symbols):
        if symbols[i]:
            resegment(symbols[i])
        i = nxt[i]
    return ids


def encode(text, tokens, scores, types, add_space_prefix):
    vocab = {}
    for i, t in enumerate(tokens):
        vocab.setdefault(t, i)
    specials = sorted((t for t, ty in zip(tokens, types) if ty in (CONTROL, USER_DEFINED) and t), key=len, reverse=True)
    fragments = [text] if text else []  # llama.cpp makes no fragment of an empty text
    for sp in specials:  # llama.cpp cuts each special token out of the raw fragments, longest first
        out = []
        for frag in fragments:
            if isinstance(frag, int) or sp not in frag:
                out.append(frag)
                continue
            parts = frag.split(sp)
            for k, part in enumerate(parts):
                if part:
                    out.append(part)
                if k < len(parts) - 1:
                    out.append(vocab[sp])
        fragments = out
    ids, prev_special = [], True
    for frag in fragments:
        if isinstance(frag, int):
            ids.append(frag)
            prev_special = True
            continue
        piece = (" " if add_space_prefix and prev_special else "") + frag
        ids.extend(spm(piece.replace(" ", "\u2581"), vocab, scores, tokens))
        prev_special = False
    return ids


if __name__ == "__main__":
    model = load(sys.argv[1])
    if sys.argv[2:3] == ["--json"]:  # texts as a JSON list on stdin, ids as one on stdout
        print(json.dumps([encode(text, *model) for text in json.load(sys.stdin)]))
    else:
        for text in sys.argv[2:]:
            print(repr(text), encode(text, *model))
