// A pooled decode step's attention (decode_attention.rs): a block a query
// head and row (the heads sharing a KV head launched side by side, so their
// keys and values are read from the cache once). Each warp takes every
// WARPS-th key of the row's span, its lanes a head_dim / 32 share of each
// key's dimensions, and keeps a running softmax (the best score so far, the
// sum of weights against it, the weighted values); the warps' states are
// combined at the end. `slots_positions` holds the rows' positions, then
// their slots.

#define WARPS 8
#define MAX_PER_LANE 8

extern "C" __global__ void __launch_bounds__(WARPS * 32) decode_attention(const float* q, const float* k_pool,
    const float* v_pool, const unsigned int* positions_slots, float* out, unsigned int rows,
    unsigned int n_head, unsigned int n_kv, unsigned int cap, unsigned int hd, unsigned int window, float softcap) {
    __shared__ float best_of[WARPS], sum_of[WARPS];
    __shared__ float acc_of[WARPS][32 * MAX_PER_LANE];
    const unsigned int h = blockIdx.x, row = blockIdx.y;
    const unsigned int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const unsigned int kvh = h / (n_head / n_kv);
    const unsigned int per = hd / 32;
    const unsigned int pos = positions_slots[row], slot = positions_slots[rows + row];
    const unsigned int lo = (window && pos + 1 > window) ? pos + 1 - window : 0;
    const float* qr = q + ((unsigned long long)row * n_head + h) * hd;
    const unsigned long long base = ((unsigned long long)slot * n_kv + kvh) * cap * hd;
    float qv[MAX_PER_LANE], acc[MAX_PER_LANE];
    // Loops over MAX_PER_LANE, unrolled, keep qv and acc in registers.
#pragma unroll
    for (unsigned int i = 0; i < MAX_PER_LANE; ++i) {
        qv[i] = i < per ? qr[lane + 32 * i] : 0.0f;
        acc[i] = 0.0f;
    }
    const float neg_inf = __int_as_float(0xff800000);
    float m = neg_inf, l = 0.0f;
    for (unsigned int j = lo + warp; j <= pos; j += WARPS) {
        // The key and the value loaded together: the value's wait overlaps the score's sums.
        const float* kj = k_pool + base + (unsigned long long)j * hd;
        const float* vj = v_pool + base + (unsigned long long)j * hd;
        float vv[MAX_PER_LANE];
        float s = 0.0f;
#pragma unroll
        for (unsigned int i = 0; i < MAX_PER_LANE; ++i) {
            if (i < per) {
                vv[i] = vj[lane + 32 * i];
                s += qv[i] * kj[lane + 32 * i];
            }
        }
        for (unsigned int off = 16; off > 0; off >>= 1) s += __shfl_xor_sync(0xffffffffu, s, off);
        if (softcap > 0.0f) s = tanhf(s / softcap) * softcap;
        const float m_new = fmaxf(m, s);
        if (m_new == neg_inf) continue;
        const float scale = expf(m - m_new), e = expf(s - m_new);
        l = l * scale + e;
#pragma unroll
        for (unsigned int i = 0; i < MAX_PER_LANE; ++i) if (i < per) acc[i] = acc[i] * scale + e * vv[i];
        m = m_new;
    }
    if (lane == 0) { best_of[warp] = m; sum_of[warp] = l; }
#pragma unroll
    for (unsigned int i = 0; i < MAX_PER_LANE; ++i) if (i < per) acc_of[warp][lane + 32 * i] = acc[i];
    __syncthreads();
    if (warp != 0) return;
    float best = neg_inf;
    for (unsigned int w = 0; w < WARPS; ++w) best = fmaxf(best, best_of[w]);
    float f[WARPS], total = 0.0f;
    for (unsigned int w = 0; w < WARPS; ++w) {
        f[w] = best_of[w] == neg_inf ? 0.0f : expf(best_of[w] - best);
        total += sum_of[w] * f[w];
    }
    float* y = out + ((unsigned long long)row * n_head + h) * hd;
    for (unsigned int i = 0; i < per; ++i) {
        float v = 0.0f;
        for (unsigned int w = 0; w < WARPS; ++w) v += acc_of[w][lane + 32 * i] * f[w];
        y[lane + 32 * i] = v / total;
    }
}
