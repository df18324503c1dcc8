// Sampling's pass over the vocabulary (device_sampling.rs): a block a row,
// doing what `sample_row_reference` does one token at a time. Each thread
// takes a run of consecutive ids, so sums and compactions in thread order
// are in id order. Reductions go through shared memory in a fixed order:
// a row's answer repeats from run to run.

#define THREADS 512
#define PARAMS 8
#define HEADER 5
#define CUT (-40.0f)
#define SELECT_CUT (-12.0f)
#define DRAWN 0u
#define CERTAIN 1u
#define CANDIDATES 2u
#define NO_TOKEN 3u
#define WHOLE 4u
#define NONE 0xffffffffu

__device__ __forceinline__ double whole(unsigned int lo, unsigned int hi) {
    return __hiloint2double((int)hi, (int)lo);
}

// The score of token `i` after the repeat penalty (`penalized` ascending).
__device__ __forceinline__ float score(const float* x, unsigned int i, const unsigned int* penalized,
    unsigned int n, float penalty) {
    float v = x[i];
    if (n) {
        unsigned int lo = 0, hi = n;
        while (lo < hi) {
            const unsigned int mid = (lo + hi) / 2;
            if (penalized[mid] < i) lo = mid + 1; else hi = mid;
        }
        if (lo < n && penalized[lo] == i) v = v >= 0.0f ? v / penalty : v * penalty;
    }
    return v;
}

__device__ __forceinline__ float weight(float v, float best, float inv_t, float floor_) {
    if (!(v >= floor_)) return 0.0f;
    const float d = (v - best) * inv_t;
    return expf(d > -87.0f ? d : -87.0f);
}

extern "C" __global__ void __launch_bounds__(THREADS) sample_rows(const float* logits, const unsigned int* table, unsigned int* out,
    unsigned int vocab, unsigned int width, unsigned int cap) {
    __shared__ float sf[THREADS];
    __shared__ double sd[THREADS];
    __shared__ unsigned int su[THREADS];
    const unsigned int tid = threadIdx.x;
    const float* x = logits + (unsigned long long)blockIdx.x * vocab;
    const unsigned int* p = table + (unsigned long long)blockIdx.x * width;
    unsigned int* o = out + (unsigned long long)blockIdx.x * (HEADER + 2ull * cap);
    const float t = __uint_as_float(p[0]);
    const unsigned int top_k = p[1];
    const double top_p = whole(p[2], p[3]);
    const float penalty = __uint_as_float(p[4]);
    const double u = whole(p[5], p[6]);
    const unsigned int n = p[7] <= width - PARAMS ? p[7] : width - PARAMS;
    const unsigned int* penalized = p + PARAMS;
    const unsigned int per = (vocab + THREADS - 1) / THREADS;
    const unsigned int begin = min(tid * per, vocab), end = min(begin + per, vocab);

    // The best score; NaN is never `>`.
    float m = __int_as_float(0xff800000);
    for (unsigned int i = begin; i < end; ++i) {
        const float v = score(x, i, penalized, n, penalty);
        if (v > m) m = v;
    }
    sf[tid] = m;
    __syncthreads();
    for (unsigned int s = THREADS / 2; s > 0; s >>= 1) {
        if (tid < s && sf[tid + s] > sf[tid]) sf[tid] = sf[tid + s];
        __syncthreads();
    }
    const float best = sf[0];
    if (tid == 0) o[2] = __float_as_uint(best);
    if (best == __int_as_float(0xff800000)) {
        if (tid == 0) o[0] = NO_TOKEN;
        return;
    }
    if (best == __int_as_float(0x7f800000) || t == 0.0f) {
        // The first token scoring `best`.
        unsigned int first = NONE;
        for (unsigned int i = begin; i < end; ++i) {
            if (score(x, i, penalized, n, penalty) == best) { first = i; break; }
        }
        su[tid] = first;
        __syncthreads();
        for (unsigned int s = THREADS / 2; s > 0; s >>= 1) {
            if (tid < s && su[tid + s] < su[tid]) su[tid] = su[tid + s];
            __syncthreads();
        }
        if (tid == 0) { o[0] = CERTAIN; o[1] = su[0]; }
        return;
    }

    const float inv_t = 1.0f / t;
    // Rounded as the host rounds them (no fused multiply-add): a score on
    // a threshold falls on the same side.
    const float floor_ = fmaxf(__fadd_rn(best, __fmul_rn(CUT, t)), -3.402823466e+38f);
    const bool narrows = top_k > 0 || top_p > 0.0;
    const float select = narrows ? fmaxf(__fadd_rn(best, __fmul_rn(SELECT_CUT, t)), floor_) : floor_;
    double mass = 0.0, mass_select = 0.0;
    unsigned int n_select = 0, n_floor = 0, last = NONE;
    for (unsigned int i = begin; i < end; ++i) {
        const float v = score(x, i, penalized, n, penalty);
        const float w = weight(v, best, inv_t, floor_);
        mass += w;
        if (w > 0.0f) last = i;
        if (v >= floor_) ++n_floor;
        if (v >= select) { ++n_select; mass_select += w; }
    }
    // Inclusive scan of the threads' masses: the total, and where each run starts.
    sd[tid] = mass;
    __syncthreads();
    for (unsigned int off = 1; off < THREADS; off <<= 1) {
        const double before = tid >= off ? sd[tid - off] : 0.0;
        __syncthreads();
        sd[tid] += before;
        __syncthreads();
    }
    const double total = sd[THREADS - 1];
    const double start = tid ? sd[tid - 1] : 0.0;
    const double upto = sd[tid];
    __syncthreads();
    if (tid == 0) {
        const unsigned long long bits = (unsigned long long)__double_as_longlong(total);
        o[3] = (unsigned int)bits;
        o[4] = (unsigned int)(bits >> 32);
    }

    if (!narrows) {
        // The first token whose running sum passes u × total: in the run
        // whose sums span it — or, where the scan's rounding left a gap
        // around the target, the first run with weight past it (every run
        // past the target offers its pick; the first id wins).
        const double target = u * total;
        unsigned int drawn = NONE;
        if (mass > 0.0 && target < upto) {
            double cum = start;
            for (unsigned int i = begin; i < end; ++i) {
                const float w = weight(score(x, i, penalized, n, penalty), best, inv_t, floor_);
                cum += w;
                if (w > 0.0f && cum > target) { drawn = i; break; }
            }
            // Rounding in the run: its last token with weight.
            if (drawn == NONE) drawn = last;
        }
        su[tid] = drawn;
        __syncthreads();
        for (unsigned int s = THREADS / 2; s > 0; s >>= 1) {
            if (tid < s && su[tid + s] < su[tid]) su[tid] = su[tid + s];
            __syncthreads();
        }
        const unsigned int found = su[0];
        __syncthreads();
        if (found != NONE) {
            if (tid == 0) { o[0] = DRAWN; o[1] = found; }
            return;
        }
        // Rounding left the target past the total: the last token with weight.
        su[tid] = last == NONE ? 0 : last + 1;
        __syncthreads();
        for (unsigned int s = THREADS / 2; s > 0; s >>= 1) {
            if (tid < s && su[tid + s] > su[tid]) su[tid] = su[tid + s];
            __syncthreads();
        }
        if (tid == 0) { o[0] = DRAWN; o[1] = su[0] ? su[0] - 1 : 0; }
        return;
    }

    // Top-k or top-p: are the tokens within e^SELECT_CUT enough?
    su[tid] = n_select;
    sd[tid] = mass_select;
    __syncthreads();
    for (unsigned int s = THREADS / 2; s > 0; s >>= 1) {
        if (tid < s) { su[tid] += su[tid + s]; sd[tid] += sd[tid + s]; }
        __syncthreads();
    }
    const bool enough = top_k > 0 ? su[0] >= top_k : sd[0] >= top_p * total;
    const float kept = enough ? select : floor_;
    const unsigned int mine = enough ? n_select : n_floor;
    __syncthreads();
    // Inclusive scan of the counts: where each run's candidates go.
    su[tid] = mine;
    __syncthreads();
    for (unsigned int off = 1; off < THREADS; off <<= 1) {
        const unsigned int before = tid >= off ? su[tid - off] : 0;
        __syncthreads();
        su[tid] += before;
        __syncthreads();
    }
    const unsigned int count = su[THREADS - 1];
    unsigned int at = su[tid] - mine;
    if (count > cap) {
        if (tid == 0) o[0] = WHOLE;
        return;
    }
    if (tid == 0) { o[0] = CANDIDATES; o[1] = count; }
    for (unsigned int i = begin; i < end && mine; ++i) {
        const float v = score(x, i, penalized, n, penalty);
        if (v >= kept) {
            o[HEADER + 2 * at] = i;
            o[HEADER + 2 * at + 1] = __float_as_uint(v);
            ++at;
        }
    }
}
