//! The AVX2 kernel, for CPUs without AVX-512 VNNI (most laptops, many
//! servers): Q5_0 and Q4_1, the two formats candle 0.11.1 multiplies with
//! scalar code on x86 — Q5_0 is most of a Qwen2.5-Coder-0.5B Q4_K_M file,
//! Q4_1 all of SmolLM2's — and Q8_0, which candle multiplies one dot
//! product per (row, column), re-reading the weights for every row (Qwen's
//! output projection, 136 M weights, is Q8_0). Q4_0, Q4_K and Q6_K stay on
//! candle's own AVX2 code. The weights are packed as for the VNNI kernel
//! (`pack`); a 64-byte vector of 16 columns is two 32-byte halves of 8, and
//! each half runs as its own pass over the blocks, so a call of up to 4 rows
//! keeps its sums in the 16 ymm registers.
//!
//! `vpmaddubsw` multiplies unsigned weight bytes by signed activation bytes
//! and adds pairs into i16 lanes (saturating), `vpmaddwd` by ones adds those
//! pairs into i32: the 4-byte dot product `vpdpbusd` gives, in two steps.
//! Nothing saturates: activations are within ±127 (`act`), Q5_0 weights
//! within 0..=31, so 8 products of two vectors sum to at most
//! 8·31·127 = 31,496 < 32,767 before widening; Q4_1's (0..=15) 16 products
//! of four vectors to 30,480. Q8_0's weights are signed (the packed byte
//! minus 128): `vpsignb` moves each weight's sign onto its activation, so
//! |w| ≤ 128 multiplies ±127, a pair at most 32,512, widened every vector.
//! The integer sums are exact, and Q5_0's and Q4_1's block terms are rounded
//! in candle's order (see `x86_q0` for Q5_0, `x86` for Q4_1), so those
//! results are candle's bit for bit (`tests`, `tests_q0`); Q8_0's, like the
//! VNNI kernel's, are rounded in our own order (candle's depends on the
//! shape), within the bound `tests` checks.

use std::arch::x86_64::*;

use super::act::Act;
use super::pack::{Format, Packed, COLS, QK};

/// Rows per call: 2 i32 + 2 f32 accumulators… per row would not fit 16
/// registers past 4 rows of one half.
pub const MAX_ROWS: usize = 4;

/// Whether this CPU runs the kernel (checked at run time).
pub fn available() -> bool {
    is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma") && is_x86_feature_detected!("f16c")
}

/// `out[r][col0..col0+16]` for rows `row0..row0+rows` and column group `g`.
///
/// # Safety
/// `available()` must hold; `w` is Q5_0, Q4_1 or Q8_0; `out` must point at a
/// `[act rows, w.n]` buffer that no one else writes at these rows and columns.
pub unsafe fn group(w: &Packed, act: &Act, g: usize, row0: usize, rows: usize, out: *mut f32) {
    macro_rules! rows {
        ($($r:literal)*) => {
            match (rows, w.format) {
                $(($r, Format::Q5_0) => half_rows::<$r, true>(w, act, g, row0, out),
                  ($r, Format::Q4_1) => half_rows::<$r, false>(w, act, g, row0, out),
                  ($r, Format::Q8_0) => q8_0_rows::<$r>(w, act, g, row0, out),)*
                _ => unreachable!("{rows} rows of {:?} in one AVX2 kernel call", w.format),
            }
        };
    }
    rows!(1 2 3 4)
}

#[inline(always)]
unsafe fn broadcast4(p: *const i8) -> __m256i {
    _mm256_set1_epi32(std::ptr::read_unaligned(p as *const i32))
}

/// The 32 bits of `bits` as bytes: 0x10 where the bit is set, else 0.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn fifth_bits(bits: u32) -> __m256i {
    let spread = _mm256_shuffle_epi8(
        _mm256_set1_epi32(bits as i32),
        _mm256_setr_epi8(
            0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3,
        ),
    );
    let select = _mm256_set1_epi64x(0x8040_2010_0804_0201u64 as i64);
    let set = _mm256_cmpeq_epi8(_mm256_and_si256(spread, select), select);
    _mm256_and_si256(set, _mm256_set1_epi8(0x10))
}

/// Vector `j`'s half `h` of the block at `wq` (lane 4c + i of columns
/// 8h..8h + 8, see `pack`) as unsigned weights: the low nibbles (weights
/// 4j..) and the high ones (16 + 4j..), Q5_0's fifth bits added.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn weights<const Q5: bool>(wq: *const u8, j: usize, h: usize) -> (__m256i, __m256i) {
    let low = _mm256_set1_epi8(0x0F);
    let packed = _mm256_loadu_si256(wq.add(64 * j + 32 * h) as *const _);
    let (lo, hi) = (_mm256_and_si256(packed, low), _mm256_and_si256(_mm256_srli_epi16::<4>(packed), low));
    if !Q5 {
        return (lo, hi);
    }
    // Mask v's bit 4c + i is weight 4v + i of column c; half h its bits 32h...
    let mask = |v: usize| (std::ptr::read_unaligned((wq.add(COLS * QK / 2) as *const u64).add(v)) >> (32 * h)) as u32;
    (_mm256_or_si256(lo, fifth_bits(mask(j))), _mm256_or_si256(hi, fifth_bits(mask(4 + j))))
}

#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn half_rows<const R: usize, const Q5: bool>(w: &Packed, act: &Act, g: usize, row0: usize, out: *mut f32) {
    let nb = act.blocks();
    let bytes = w.format.block_bytes();
    let blocks = w.data.as_ptr().add(g * nb * bytes);
    let ones = _mm256_set1_epi16(1);
    // Vectors summed in i16 before widening (see above).
    let per_widening = if Q5 { 2 } else { 4 };
    for h in 0..2 {
        let mut acc = [_mm256_setzero_ps(); R];
        for b in 0..nb {
            let wq = blocks.add(b * bytes);
            let mut isum = [_mm256_setzero_si256(); R];
            for j0 in (0..4).step_by(per_widening) {
                let mut unpacked = [(_mm256_setzero_si256(), _mm256_setzero_si256()); 4];
                for (i, u) in unpacked.iter_mut().enumerate().take(per_widening) {
                    *u = weights::<Q5>(wq, j0 + i, h);
                }
                for (r, isum) in isum.iter_mut().enumerate() {
                    let a = act.q.as_ptr().add((row0 + r) * act.k + b * QK);
                    let mut s16 = _mm256_setzero_si256();
                    for (i, &(lo, hi)) in unpacked.iter().enumerate().take(per_widening) {
                        let j = j0 + i;
                        s16 = _mm256_add_epi16(s16, _mm256_maddubs_epi16(lo, broadcast4(a.add(4 * j))));
                        s16 = _mm256_add_epi16(s16, _mm256_maddubs_epi16(hi, broadcast4(a.add(16 + 4 * j))));
                    }
                    *isum = _mm256_add_epi32(*isum, _mm256_madd_epi16(s16, ones));
                }
            }
            // The f16 scales after the quants: 16 `d`, then (Q4_1) 16 `m`.
            let s = wq.add(w.format.quant_bytes());
            let d = _mm256_cvtph_ps(_mm_loadu_si128(s.add(16 * h) as *const _));
            for (r, acc) in acc.iter_mut().enumerate() {
                let at = (row0 + r) * nb + b;
                if Q5 {
                    // Σ(q − 16)·a = Σq·a − 16·Σa, exactly; then candle's
                    // `sumf += f32(sumi) * dw * da`: no fused multiply-add.
                    let sumi = _mm256_sub_epi32(isum[r], _mm256_set1_epi32(act.sum[at] << 4));
                    let term = _mm256_mul_ps(_mm256_mul_ps(_mm256_cvtepi32_ps(sumi), d), _mm256_set1_ps(act.d[at]));
                    *acc = _mm256_add_ps(*acc, term);
                } else {
                    // Σq·qa·d·da + m·s, as `x86`'s Q4_1 (candle's order).
                    let m = _mm256_cvtph_ps(_mm_loadu_si128(s.add(2 * COLS + 16 * h) as *const _));
                    let t = _mm256_mul_ps(_mm256_mul_ps(_mm256_cvtepi32_ps(isum[r]), d), _mm256_set1_ps(act.d[at]));
                    *acc = _mm256_add_ps(*acc, _mm256_add_ps(t, _mm256_mul_ps(m, _mm256_set1_ps(act.s[at]))));
                }
            }
        }
        for (r, acc) in acc.iter().enumerate() {
            _mm256_storeu_ps(out.add((row0 + r) * w.n + g * COLS + 8 * h), *acc);
        }
    }
}

#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn q8_0_rows<const R: usize>(w: &Packed, act: &Act, g: usize, row0: usize, out: *mut f32) {
    let nb = act.blocks();
    let bytes = Format::Q8_0.block_bytes();
    let blocks = w.data.as_ptr().add(g * nb * bytes);
    let (flip, ones) = (_mm256_set1_epi8(i8::MIN), _mm256_set1_epi16(1));
    for h in 0..2 {
        let mut acc = [_mm256_setzero_ps(); R];
        for b in 0..nb {
            let wq = blocks.add(b * bytes);
            let mut isum = [_mm256_setzero_si256(); R];
            for j in 0..QK / 4 {
                // The packed byte is w + 128: flipping the top bit gives w.
                let signed = _mm256_xor_si256(_mm256_loadu_si256(wq.add(64 * j + 32 * h) as *const _), flip);
                let magnitude = _mm256_sign_epi8(signed, signed);
                for (r, isum) in isum.iter_mut().enumerate() {
                    let a = act.q.as_ptr().add((row0 + r) * act.k + b * QK + 4 * j);
                    let products = _mm256_maddubs_epi16(magnitude, _mm256_sign_epi8(broadcast4(a), signed));
                    *isum = _mm256_add_epi32(*isum, _mm256_madd_epi16(products, ones));
                }
            }
            let d = _mm256_cvtph_ps(_mm_loadu_si128(wq.add(Format::Q8_0.quant_bytes() + 16 * h) as *const _));
            for (r, acc) in acc.iter_mut().enumerate() {
                let dd = _mm256_mul_ps(d, _mm256_set1_ps(act.d[(row0 + r) * nb + b]));
                *acc = _mm256_fmadd_ps(_mm256_cvtepi32_ps(isum[r]), dd, *acc);
            }
        }
        for (r, acc) in acc.iter().enumerate() {
            _mm256_storeu_ps(out.add((row0 + r) * w.n + g * COLS + 8 * h), *acc);
        }
    }
}
