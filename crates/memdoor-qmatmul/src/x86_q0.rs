//! The AVX-512 VNNI kernel for Q5_0 and Q4_0 (x = d·(q − 16), d·(q − 8)):
//! one group of 16 output columns × up to 8 activation rows, as `x86` does
//! for Q4_1 and Q8_0, on the same per-32 Q8_0 activations (`act`).
//!
//! Bit-exact with candle 0.11.1, whose order for these two does not depend
//! on the row count: neither has a repack on x86, so one row and a batch
//! both run its generic product (`k_quants::matmul`), one dot product per
//! (row, column):
//! - Q5_0: `vec_dot_unopt` (scalar): per block the exact integer sum, then
//!   `sumf += f32(sumi) * dw * da`: a multiply, a multiply, an add, no
//!   fused multiply-add.
//! - Q4_0 (AVX2 + FMA, which every CPU that runs this kernel has):
//!   `avx::vec_dot_q4_0_q8_0`: 8 f32 partial sums, lane `l` taking weights
//!   `4l..4l + 4` of each block, `acc[l] = fma(dw * da, f32(sum of 4), acc[l])`,
//!   then `hsum_float_8`: ((a0+a4)+(a2+a6)) + ((a1+a5)+(a3+a7)). Ours keeps
//!   those 8 sums per (row, column): 8 registers a row, so a call of more
//!   than 3 rows keeps some in memory. Each 4-weight sum then costs a
//!   conversion and an FMA of its own (Q5_0: one a block), so Q4_0 runs at
//!   about half Q5_0's multiply-adds a second; calls of 2 or 3 rows (the
//!   sums in registers, the weights re-read from cache) measured the same
//!   as 8 with spills (~68 GMAC/s a core), so the simple form stays.
//!
//! `dpbusd` multiplies unsigned weight bytes (q) by signed activations; the
//! offset comes off exactly in integers: Σ(q − o)·a = Σq·a − o·Σa, the sums
//! starting at −o·Σa (`act.sum` per block, `act.sum4` per 4 for Q4_0).
//! A candle upgrade may change these orders: `tests_q0` compares every bit.

use std::arch::x86_64::*;

use super::act::Act;
use super::pack::{Format, Packed, COLS, QK};

/// `out[r][col0..col0+16]` for rows `row0..row0+rows` and column group `g`.
///
/// # Safety
/// `x86::available()` must hold; `out` must point at a `[act rows, w.n]`
/// buffer that no one else writes at these rows and columns; for Q4_0,
/// `act` must have its `sum4`.
pub unsafe fn group(w: &Packed, act: &Act, g: usize, row0: usize, rows: usize, out: *mut f32) {
    macro_rules! rows {
        ($($r:literal)*) => {
            match (rows, w.format) {
                $(($r, Format::Q5_0) => q5_0_rows::<$r>(w, act, g, row0, out),
                  ($r, Format::Q4_0) => q4_0_rows::<$r>(w, act, g, row0, out),)*
                _ => unreachable!("{rows} rows of {:?} in one kernel call", w.format),
            }
        };
    }
    rows!(1 2 3 4 5 6 7 8)
}

#[inline(always)]
unsafe fn broadcast4(p: *const i8) -> __m512i {
    _mm512_set1_epi32(std::ptr::read_unaligned(p as *const i32))
}

#[target_feature(enable = "avx512f,avx512bw,avx512vnni")]
unsafe fn q5_0_rows<const R: usize>(w: &Packed, act: &Act, g: usize, row0: usize, out: *mut f32) {
    let nb = act.blocks();
    let bytes = Format::Q5_0.block_bytes();
    let blocks = w.data.as_ptr().add(g * nb * bytes);
    let (low, fifth) = (_mm512_set1_epi8(0x0F), _mm512_set1_epi8(0x10));
    let mut acc = [_mm512_setzero_ps(); R];
    for b in 0..nb {
        let wq = blocks.add(b * bytes);
        // The fifth bits: mask `v` covers vector `v`'s weights (see `pack`).
        let mask = |v: usize| std::ptr::read_unaligned((wq.add(COLS * QK / 2) as *const u64).add(v));
        let a = |r: usize| act.q.as_ptr().add((row0 + r) * act.k + b * QK);
        // Low and high nibbles in two sums: two dependency chains. The low
        // one starts at −16·Σa, the offset.
        let mut lo_sum: [_; R] = std::array::from_fn(|r| _mm512_set1_epi32(-(act.sum[(row0 + r) * nb + b] << 4)));
        let mut hi_sum = [_mm512_setzero_si512(); R];
        for j in 0..4 {
            let packed = _mm512_loadu_si512(wq.add(64 * j) as *const _);
            let lo = _mm512_and_si512(packed, low);
            let lo = _mm512_mask_add_epi8(lo, mask(j), lo, fifth);
            let hi = _mm512_and_si512(_mm512_srli_epi16::<4>(packed), low);
            let hi = _mm512_mask_add_epi8(hi, mask(4 + j), hi, fifth);
            for r in 0..R {
                lo_sum[r] = _mm512_dpbusd_epi32(lo_sum[r], lo, broadcast4(a(r).add(4 * j)));
                hi_sum[r] = _mm512_dpbusd_epi32(hi_sum[r], hi, broadcast4(a(r).add(16 + 4 * j)));
            }
        }
        let d = _mm512_cvtph_ps(_mm256_loadu_si256(wq.add(Format::Q5_0.quant_bytes()) as *const _));
        for (r, acc) in acc.iter_mut().enumerate() {
            let sumi = _mm512_cvtepi32_ps(_mm512_add_epi32(lo_sum[r], hi_sum[r]));
            let term = _mm512_mul_ps(_mm512_mul_ps(sumi, d), _mm512_set1_ps(act.d[(row0 + r) * nb + b]));
            *acc = _mm512_add_ps(*acc, term);
        }
    }
    for (r, acc) in acc.iter().enumerate() {
        _mm512_storeu_ps(out.add((row0 + r) * w.n + g * COLS), *acc);
    }
}

#[target_feature(enable = "avx512f,avx512bw,avx512vnni")]
unsafe fn q4_0_rows<const R: usize>(w: &Packed, act: &Act, g: usize, row0: usize, out: *mut f32) {
    let nb = act.blocks();
    let bytes = Format::Q4_0.block_bytes();
    let blocks = w.data.as_ptr().add(g * nb * bytes);
    let low = _mm512_set1_epi8(0x0F);
    // candle's 8 partial sums (lanes of its __m256) per row, each 16 columns.
    let mut acc = [[_mm512_setzero_ps(); 8]; R];
    for b in 0..nb {
        let wq = blocks.add(b * bytes);
        let a = |r: usize| act.q.as_ptr().add((row0 + r) * act.k + b * QK);
        // −8·(Σ of the 4 activations of lane `l`), where its sum starts.
        let offset = |r: usize, l: usize| _mm512_set1_epi32(-(act.sum4[((row0 + r) * nb + b) * 8 + l] << 3));
        let d = _mm512_cvtph_ps(_mm256_loadu_si256(wq.add(Format::Q4_0.quant_bytes()) as *const _));
        // candle's `dw * da`, rounded once.
        let dd: [_; R] = std::array::from_fn(|r| _mm512_mul_ps(d, _mm512_set1_ps(act.d[(row0 + r) * nb + b])));
        for j in 0..4 {
            // Vector j: lane j (weights 4j..) in its low nibbles, lane j + 4
            // (weights 16 + 4j..) in its high ones.
            let packed = _mm512_loadu_si512(wq.add(64 * j) as *const _);
            let lo = _mm512_and_si512(packed, low);
            let hi = _mm512_and_si512(_mm512_srli_epi16::<4>(packed), low);
            for r in 0..R {
                let l = _mm512_dpbusd_epi32(offset(r, j), lo, broadcast4(a(r).add(4 * j)));
                let h = _mm512_dpbusd_epi32(offset(r, j + 4), hi, broadcast4(a(r).add(16 + 4 * j)));
                acc[r][j] = _mm512_fmadd_ps(dd[r], _mm512_cvtepi32_ps(l), acc[r][j]);
                acc[r][j + 4] = _mm512_fmadd_ps(dd[r], _mm512_cvtepi32_ps(h), acc[r][j + 4]);
            }
        }
    }
    for (r, a) in acc.iter().enumerate() {
        // candle's `hsum_float_8`.
        let sum = _mm512_add_ps(
            _mm512_add_ps(_mm512_add_ps(a[0], a[4]), _mm512_add_ps(a[2], a[6])),
            _mm512_add_ps(_mm512_add_ps(a[1], a[5]), _mm512_add_ps(a[3], a[7])),
        );
        _mm512_storeu_ps(out.add((row0 + r) * w.n + g * COLS), sum);
    }
}
