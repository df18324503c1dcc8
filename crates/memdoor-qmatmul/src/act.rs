//! Activation rows quantised per 32-block to int8 exactly as candle (and
//! ggml) do for Q8_0 / Q8_1: `d = amax / 127`, `q = round(x / d)`, with `d`
//! and Q8_1's sum term rounded through f16. Matching candle bit for bit keeps
//! our products within float-summation noise of candle's, so greedy answers
//! produced with candle's kernels stay the same.

use half::f16;

use super::pack::QK;
use super::vnni_available;

/// candle's loop: `(d, sum of q)`.
fn scalar_block(xs: &[f32; QK], qs: &mut [i8; QK]) -> (f32, i32) {
    let amax = xs.iter().fold(0f32, |m, x| m.max(x.abs()));
    let d = amax / 127.0;
    let id = if d != 0.0 { 1.0 / d } else { 0.0 };
    let mut sum = 0i32;
    for (q, &x) in qs.iter_mut().zip(xs) {
        *q = (x * id).round() as i8;
        sum += *q as i32;
    }
    (d, sum)
}

/// The same with AVX-512 (a profile put the scalar loop at 8 % of a step:
/// it runs on one thread before the parallel product).
fn simd_block(xs: &[f32; QK], qs: &mut [i8; QK]) -> (f32, i32) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: called only where `vnni_available()` (AVX-512 F/BW/VNNI).
    return unsafe { super::x86::quantize_block(xs, qs) };
    #[cfg(not(target_arch = "x86_64"))]
    scalar_block(xs, qs)
}

/// `rows` activation rows of `k` inputs, quantised.
pub struct Act {
    pub k: usize,
    /// `[rows, k]`.
    pub q: Vec<i8>,
    /// `[rows, k / 32]`: the block scale (f16-rounded, as candle's dot uses it).
    pub d: Vec<f32>,
    /// `[rows, k / 32]`: Q8_1's `s = f16(sum q) * d` in f16 (the Q4_1 `m` term).
    pub s: Vec<f32>,
    /// `[rows, k / 32]`: the exact sum of the block's q (the Q8_0 and Q5_0
    /// offset term).
    pub sum: Vec<i32>,
    /// Q4_0 only: `[rows, k / 4]`, the sum of each 4 q (the offset term of
    /// each of candle's 8 partial sums a block; empty otherwise).
    pub sum4: Vec<i32>,
}

impl Act {
    /// Quantises `x` (`[rows, k]`, `k` a multiple of 32); with `sums_of_4`
    /// (for Q4_0) fills `sum4`.
    pub fn quantize(x: &[f32], rows: usize, k: usize, sums_of_4: bool) -> Self {
        assert!(k.is_multiple_of(QK) && x.len() == rows * k, "{} values for {rows}x{k}", x.len());
        let blocks = rows * k / QK;
        let mut act = Self {
            k,
            q: vec![0; rows * k],
            d: Vec::with_capacity(blocks),
            s: Vec::with_capacity(blocks),
            sum: Vec::with_capacity(blocks),
            sum4: Vec::new(),
        };
        // The AVX2 kernel's activations take the scalar loop (a small
        // share of a product of 4 rows at most a call).
        let simd = vnni_available();
        for (xs, qs) in x.chunks_exact(QK).zip(act.q.chunks_exact_mut(QK)) {
            let (xs, qs) = (xs.try_into().unwrap(), qs.try_into().unwrap());
            let (d, sum) = if simd { simd_block(xs, qs) } else { scalar_block(xs, qs) };
            let d16 = f16::from_f32(d);
            act.d.push(d16.to_f32());
            act.s.push((f16::from_f32(sum as f32) * d16).to_f32());
            act.sum.push(sum);
        }
        if sums_of_4 {
            act.sum4 = act.q.chunks_exact(4).map(|q| q.iter().map(|&q| q as i32).sum()).collect();
        }
        act
    }

    /// Blocks per row.
    pub fn blocks(&self) -> usize {
        self.k / QK
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use candle_core::quantized::{GgmlDType, QTensor};
    use candle_core::{Device, Tensor};

    /// The quantised row dequantises to what candle's own Q8_0 quantiser
    /// gives (same q, same f16 d), ties and zero blocks included.
    #[test]
    fn quantisation_matches_candles_q8_0() {
        let mut x: Vec<f32> = (0..128).map(|i| ((i * 37 % 101) as f32 - 50.0) * 0.013).collect();
        x[5] = 127.0 * 0.5 / 127.0; // a tie once scaled, if amax is 1
        x[31] = 1.0;
        x[64..96].fill(0.0); // d = 0
        let act = Act::quantize(&x, 2, 64, true);
        let t = Tensor::from_vec(x.clone(), (2, 64), &Device::Cpu).unwrap();
        let ours: Vec<f32> = (0..128).map(|i| act.q[i] as f32 * act.d[i / QK]).collect();
        let theirs = QTensor::quantize(&t, GgmlDType::Q8_0).unwrap().dequantize(&Device::Cpu).unwrap();
        assert_eq!(ours, theirs.flatten_all().unwrap().to_vec1::<f32>().unwrap());
        assert_eq!(act.sum[2], 0);
        assert_eq!(act.sum[0], act.q[..32].iter().map(|&q| q as i32).sum::<i32>());
        assert_eq!(act.sum4[1], act.q[4..8].iter().map(|&q| q as i32).sum::<i32>());
    }

    /// The SIMD block quantiser gives the scalar one's bits, on ties (x·id =
    /// k + 0.5 and its neighbours), signs and zero blocks.
    #[test]
    fn the_simd_quantiser_matches_the_scalar_one() {
        if !crate::tests::vnni_or_skip("the_simd_quantiser_matches_the_scalar_one") {
            return;
        }
        let mut blocks: Vec<[f32; QK]> = vec![[0.0; QK]];
        for seed in 0..200u32 {
            let mut b = [0f32; QK];
            for (i, x) in b.iter_mut().enumerate() {
                let k = (i as u32 * 7 + seed * 13) % 255;
                *x = (k as f32 - 127.0 + 0.5) * 0.01; // halves once scaled by 127/1.27
                if seed % 3 == 1 {
                    *x = f32::from_bits(x.to_bits().wrapping_add(seed % 5) - 2);
                    // around the ties
                }
            }
            b[seed as usize % QK] = if seed % 2 == 0 { 1.27 } else { -1.27 };
            blocks.push(b);
        }
        for b in &blocks {
            let (mut qs, mut qv) = ([0i8; QK], [0i8; QK]);
            assert_eq!(scalar_block(b, &mut qs), simd_block(b, &mut qv), "{b:?}");
            assert_eq!(qs, qv, "{b:?}");
        }
    }
}
