// A pooled decode step's attention (decode_attention.rs). `decode_attention`
// takes a block a query head, row and CHUNK of the row's span (the heads
// sharing a KV head launched side by side, so their keys and values are read
// from the cache once; the chunks so that a long span is many blocks' work,
// not a few warps' one key after another). Each of its WARPS warps takes
// every WARPS-th key of the chunk, two at a time (both keys' and values'
// loads in flight before either score is summed), its lanes a head_dim / 32
// share of each key's dimensions, and keeps a running softmax (the best
// score so far, the sum of weights against it, the weighted values); the
// warps' states are combined at the block's end. With one chunk a span the
// block writes the output; with more, its state (`partial`: best, sum, then
// the weighted values) and `combine_chunks` combines a row and head's chunks.
// `positions_slots` holds the rows' positions, then their slots; a row
// outside the pools gets NaN (the combination of empty states is 0 / 0).

#define WARPS 8
#define CHUNK 256
#define MAX_PER_LANE 8
#define NEG_INF __int_as_float(0xff800000)

// One key's score, summed over the warp (every lane gets it).
__device__ __forceinline__ float score_of(const float* qv, const float* k, unsigned int per, float softcap) {
    float s = 0.0f;
#pragma unroll
    for (unsigned int i = 0; i < MAX_PER_LANE; ++i) if (i < per) s += qv[i] * k[i];
    for (unsigned int off = 16; off > 0; off >>= 1) s += __shfl_xor_sync(0xffffffffu, s, off);
    if (softcap > 0.0f) s = tanhf(s / softcap) * softcap;
    return s;
}

// Takes one key's score `s` and value share `vv` into the running softmax.
__device__ __forceinline__ void absorb(float s, const float* vv, unsigned int per, float& m, float& l, float* acc) {
    const float m_new = fmaxf(m, s);
    if (m_new == NEG_INF) return;
    const float scale = expf(m - m_new), e = expf(s - m_new);
    l = l * scale + e;
#pragma unroll
    for (unsigned int i = 0; i < MAX_PER_LANE; ++i) if (i < per) acc[i] = acc[i] * scale + e * vv[i];
    m = m_new;
}

extern "C" __global__ void __launch_bounds__(WARPS * 32) decode_attention(const float* q, const float* k_pool,
    const float* v_pool, const unsigned int* positions_slots, float* out, float* partial, unsigned int rows,
    unsigned int n_slots, unsigned int n_head, unsigned int n_kv, unsigned int cap, unsigned int hd,
    unsigned int window, float softcap) {
    __shared__ float best_of[WARPS], sum_of[WARPS];
    __shared__ float acc_of[WARPS][32 * MAX_PER_LANE];
    const unsigned int h = blockIdx.x, row = blockIdx.y, chunk = blockIdx.z, chunks = gridDim.z;
    const unsigned int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const unsigned int kvh = h / (n_head / n_kv);
    const unsigned int per = hd / 32;
    const unsigned int pos = positions_slots[row], slot = positions_slots[rows + row];
    const unsigned long long head_row = (unsigned long long)row * n_head + h;
    if (pos >= cap || slot >= n_slots) {
        // Outside the pools (the host checks; a fixed step's inputs are
        // written from checked plans): the row's output is NaN, never a read
        // past the pools. (The same for every thread: none waits at a barrier.)
        if (warp == 0) {
            if (chunks == 1) {
                for (unsigned int d = lane; d < hd; d += 32) out[head_row * hd + d] = __int_as_float(0x7fc00000);
            } else {
                float* state = partial + (head_row * chunks + chunk) * (hd + 2);
                for (unsigned int d = lane; d < hd + 2; d += 32) state[d] = d == 0 ? NEG_INF : 0.0f;
            }
        }
        return;
    }
    const unsigned int lo = (window && pos + 1 > window) ? pos + 1 - window : 0;
    // This block's keys: [first, last] of the span [lo, pos] (none when first > pos).
    const unsigned long long first = (unsigned long long)lo + (unsigned long long)chunk * CHUNK;
    const unsigned long long last = min(first + CHUNK - 1, (unsigned long long)pos);
    const float* qr = q + ((unsigned long long)row * n_head + h) * hd;
    const unsigned long long base = ((unsigned long long)slot * n_kv + kvh) * cap * hd;
    // Loops over MAX_PER_LANE, unrolled, keep these in registers.
    float qv[MAX_PER_LANE], acc[MAX_PER_LANE], k1[MAX_PER_LANE], v1[MAX_PER_LANE], k2[MAX_PER_LANE],
        v2[MAX_PER_LANE];
#pragma unroll
    for (unsigned int i = 0; i < MAX_PER_LANE; ++i) {
        qv[i] = i < per ? qr[lane + 32 * i] : 0.0f;
        acc[i] = 0.0f;
    }
    float m = NEG_INF, l = 0.0f;
    for (unsigned long long j = first + warp; j <= last; j += 2 * WARPS) {
        // Whether the second key is in the chunk: the same for the whole warp.
        const bool two = j + WARPS <= last;
        const unsigned long long at1 = base + j * hd + lane;
        const unsigned long long at2 = at1 + (unsigned long long)WARPS * hd;
#pragma unroll
        for (unsigned int i = 0; i < MAX_PER_LANE; ++i) {
            if (i < per) {
                k1[i] = k_pool[at1 + 32 * i];
                v1[i] = v_pool[at1 + 32 * i];
                k2[i] = two ? k_pool[at2 + 32 * i] : 0.0f;
                v2[i] = two ? v_pool[at2 + 32 * i] : 0.0f;
            }
        }
        absorb(score_of(qv, k1, per, softcap), v1, per, m, l, acc);
        if (two) absorb(score_of(qv, k2, per, softcap), v2, per, m, l, acc);
    }
    if (lane == 0) { best_of[warp] = m; sum_of[warp] = l; }
#pragma unroll
    for (unsigned int i = 0; i < MAX_PER_LANE; ++i) if (i < per) acc_of[warp][lane + 32 * i] = acc[i];
    __syncthreads();
    if (warp != 0) return;
    // Warp 0 combines the warps against the best score of all.
    float best = NEG_INF;
    for (unsigned int w = 0; w < WARPS; ++w) best = fmaxf(best, best_of[w]);
    float total = 0.0f;
    for (unsigned int w = 0; w < WARPS; ++w) {
        if (best_of[w] != NEG_INF) total += sum_of[w] * expf(best_of[w] - best);
    }
    // One chunk: the output; more: this chunk's state, unnormalised.
    float* y = chunks == 1 ? out + head_row * hd : partial + (head_row * chunks + chunk) * (hd + 2) + 2;
    if (chunks > 1 && lane == 0) { y[-2] = best; y[-1] = total; }
#pragma unroll
    for (unsigned int i = 0; i < MAX_PER_LANE; ++i) {
        if (i < per) {
            float v = 0.0f;
            for (unsigned int w = 0; w < WARPS; ++w) {
                if (best_of[w] != NEG_INF) v += acc_of[w][lane + 32 * i] * expf(best_of[w] - best);
            }
            y[lane + 32 * i] = chunks == 1 ? v / total : v;
        }
    }
}

// A block of 32 threads a query head and row: its `chunks` states (each
// best, sum, weighted values) combined into the output.
extern "C" __global__ void combine_chunks(const float* partial, float* out, unsigned int n_head, unsigned int hd,
    unsigned int chunks) {
    const unsigned int h = blockIdx.x, row = blockIdx.y, lane = threadIdx.x;
    const unsigned long long head_row = (unsigned long long)row * n_head + h;
    const float* states = partial + head_row * chunks * (hd + 2);
    float best = NEG_INF;
    for (unsigned int c = 0; c < chunks; ++c) best = fmaxf(best, states[c * (hd + 2)]);
    float total = 0.0f;
    for (unsigned int c = 0; c < chunks; ++c) {
        const float m = states[c * (hd + 2)];
        if (m != NEG_INF) total += states[c * (hd + 2) + 1] * expf(m - best);
    }
    for (unsigned int d = lane; d < hd; d += 32) {
        float v = 0.0f;
        for (unsigned int c = 0; c < chunks; ++c) {
            const float m = states[c * (hd + 2)];
            if (m != NEG_INF) v += states[c * (hd + 2) + 2 + d] * expf(m - best);
        }
        out[head_row * hd + d] = v / total;
    }
}
