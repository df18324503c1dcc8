extern "C" __global__ void qkv_heads(const float* q, const float* k, const float* v, const float* bias,
    const float* cs, float* out, unsigned int q_stride, unsigned int k_stride, unsigned int v_stride,
    unsigned int rows, unsigned int nh, unsigned int nkv, unsigned int hd,
    unsigned int interleaved, unsigned int has_bias, float q_scale) {
    const unsigned long long q_len = (unsigned long long)rows * nh * hd, k_len = (unsigned long long)rows * nkv * hd;
    const unsigned long long n = q_len + 2 * k_len;
    const unsigned int half = hd / 2;
    for (unsigned long long e = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; e < n;
         e += (unsigned long long)blockDim.x * gridDim.x) {
        unsigned int part, heads, first_head, stride;
        unsigned long long local;
        const float* base;
        if (e < q_len) { part = 0; local = e; heads = nh; first_head = 0; base = q; stride = q_stride; }
        else if (e < q_len + k_len) { part = 1; local = e - q_len; heads = nkv; first_head = nh; base = k; stride = k_stride; }
        else { part = 2; local = e - q_len - k_len; heads = nkv; first_head = nh + nkv; base = v; stride = v_stride; }
        const unsigned int d = local % hd;
        const unsigned int h = (local / hd) % heads;
        const unsigned long long row = local / ((unsigned long long)heads * hd);
        const float* src = base + row * stride + (unsigned long long)h * hd;
        const float* b = bias + (unsigned long long)(first_head + h) * hd;
        #define X(j) (has_bias ? src[j] + b[j] : src[j])
        float value;
        if (part == 2) {
            value = X(d);
        } else {
            unsigned int i; float x1, x2; bool first;
            if (interleaved) { i = d / 2; x1 = X(d & ~1u); x2 = X(d | 1u); first = (d % 2) == 0; }
            else { i = d % half; x1 = X(i); x2 = X(i + half); first = d < half; }
            const float c = cs[row * hd + i], s = cs[row * hd + half + i];
            value = first ? x1 * c - x2 * s : x1 * s + x2 * c;
            if (part == 0) value = value * q_scale;
        }
        #undef X
        out[e] = value;
    }
}

extern "C" __global__ void add_rms_norm(const float* a, const float* b, const float* w, float* out,
    unsigned int rows, unsigned int cols, float eps) {
    __shared__ float partial[256];
    const unsigned int row = blockIdx.x;
    if (row >= rows) return;
    const unsigned long long at = (unsigned long long)row * cols;
    float* sum = out + at;
    float* normed = out + (unsigned long long)rows * cols + at;
    float acc = 0.0f;
    for (unsigned int j = threadIdx.x; j < cols; j += blockDim.x) {
        const float s = a[at + j] + b[at + j];
        sum[j] = s;
        acc += s * s;
    }
    partial[threadIdx.x] = acc;
    __syncthreads();
    for (unsigned int half = blockDim.x / 2; half > 0; half >>= 1) {
        if (threadIdx.x < half) partial[threadIdx.x] += partial[threadIdx.x + half];
        __syncthreads();
    }
    const float m = sqrtf(partial[0] / cols + eps);
    // Each thread reads back only the sums it wrote.
    for (unsigned int j = threadIdx.x; j < cols; j += blockDim.x) {
        normed[j] = sum[j] / m * w[j];
    }
}

extern "C" __global__ void silu_mul(const float* gu, float* out, unsigned int rows, unsigned int w) {
    const unsigned long long n = (unsigned long long)rows * w;
    for (unsigned long long e = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; e < n; e += (unsigned long long)blockDim.x * gridDim.x) {
        const unsigned long long row = e / w, j = e % w;
        const float g = gu[row * 2 * w + j], u = gu[row * 2 * w + w + j];
        out[e] = g / (1.0f + expf(-g)) * u;
    }
}
