//! Activation rows quantised per 256 to Q8_K exactly as candle does before
//! a Q4_K or Q6_K product (`BlockQ8K::from_float`: `max` the first value of
//! largest magnitude, `q = round(-127 / max · x)`, `d = 1 / (-127 / max)` in
//! f32, no f16 rounding), plus the per-row terms the kernels add in candle's
//! order.

use super::pack::Format;
use super::pack_k::QK_K;

/// `rows` activation rows of `k` inputs, Q8_K-quantised.
pub struct ActK {
    pub k: usize,
    /// `[rows, k]`.
    pub q: Vec<i8>,
    /// `[rows, k / 256]`: the superblock scale.
    pub d: Vec<f32>,
    /// `[rows, k / 16]`: the sum of each 16 q (candle's `bsums`).
    pub bsum: Vec<i32>,
    /// Q4_K: `[rows, k / 32]`: `d · (Σ of the 32 q)`, the f32 factor of the
    /// sub-block's min term, rounded as candle rounds it.
    pub dsum32: Vec<f32>,
}

impl ActK {
    /// Quantises `x` (`[rows, k]`, `k` a multiple of 256) for `format`'s
    /// kernel. Only where the kernel runs (`vnni_available()`).
    pub fn quantize(x: &[f32], rows: usize, k: usize, format: Format) -> Self {
        assert!(k.is_multiple_of(QK_K) && x.len() == rows * k, "{} values for {rows}x{k}", x.len());
        let blocks = rows * k / QK_K;
        let mut act = Self {
            k,
            q: vec![0; rows * k],
            d: Vec::with_capacity(blocks),
            bsum: vec![0; rows * k / 16],
            dsum32: Vec::new(),
        };
        let chunks = x.chunks_exact(QK_K).zip(act.q.chunks_exact_mut(QK_K)).zip(act.bsum.chunks_exact_mut(QK_K / 16));
        for ((xs, qs), bs) in chunks {
            act.d.push(quantize_block(xs.try_into().unwrap(), qs.try_into().unwrap(), bs.try_into().unwrap()));
        }
        if format == Format::Q4K {
            // candle: `dall * (bsums[2s] + bsums[2s + 1]) as f32`.
            act.dsum32 =
                act.bsum.chunks_exact(2).enumerate().map(|(i, p)| act.d[i / 8] * (p[0] + p[1]) as f32).collect();
        }
        act
    }
}

/// One superblock: fills `q` and `bsum`, returns `d`.
fn quantize_block(x: &[f32; QK_K], q: &mut [i8; QK_K], bsum: &mut [i32; QK_K / 16]) -> f32 {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `ActK` is made only for packed matrices, which exist only
    // where `vnni_available()` (AVX-512 F/BW/VNNI).
    return unsafe { super::x86_kquant::quantize_q8k(x, q, bsum) };
    #[cfg(not(target_arch = "x86_64"))]
    unreachable!("Q8_K activations without the kernel ({} {} {})", x.len(), q.len(), bsum.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use candle_core::quantized::{GgmlDType, QTensor};
    use candle_core::{Device, Tensor};

    /// Our Q8_K rows are candle's bytes: `d`, every q and every `bsums`
    /// entry, on random blocks, a zero block, ties of the largest magnitude
    /// (+m before −m and the reverse) and values that round at .5.
    #[test]
    fn q8k_quantisation_matches_candles() {
        if !crate::tests::vnni_or_skip("q8k_quantisation_matches_candles") {
            return;
        }
        let blocks = 40;
        let mut x = crate::tests::values(blocks * QK_K, 77, 1.0);
        x[QK_K..2 * QK_K].fill(0.0);
        x[2 * QK_K + 3] = 2.0;
        x[2 * QK_K + 9] = -2.0;
        x[3 * QK_K + 3] = -2.0;
        x[3 * QK_K + 9] = 2.0;
        for (i, v) in x[4 * QK_K..5 * QK_K].iter_mut().enumerate() {
            *v = (i as f32 - 128.0) * 0.5; // max −64: −127/−64 · v has halves
        }
        let act = ActK::quantize(&x, blocks, QK_K, Format::Q6K);
        let t = Tensor::from_vec(x, (blocks, QK_K), &Device::Cpu).unwrap();
        let raw = QTensor::quantize(&t, GgmlDType::Q8K).unwrap().data().unwrap().into_owned();
        // BlockQ8K: f32 d, 256 i8 qs, 16 i16 bsums.
        for (b, block) in raw.chunks_exact(4 + QK_K + 32).enumerate() {
            assert_eq!(act.d[b].to_bits(), u32::from_le_bytes(block[..4].try_into().unwrap()), "block {b} d");
            let qs: Vec<i8> = block[4..4 + QK_K].iter().map(|&q| q as i8).collect();
            assert_eq!(act.q[b * QK_K..(b + 1) * QK_K], qs[..], "block {b} q");
            let bs: Vec<i32> =
                block[4 + QK_K..].chunks_exact(2).map(|p| i16::from_le_bytes([p[0], p[1]]) as i32).collect();
            assert_eq!(act.bsum[b * 16..(b + 1) * 16], bs[..], "block {b} bsums");
        }
        assert!(act.dsum32.is_empty(), "Q6_K: no Q4_K terms");
    }
}
