//! The AVX-512 VNNI kernel for Q4_K and Q6_K: one group of 16 output columns
//! × up to 8 activation rows, as `x86` does for Q4_1 and Q8_0.
//!
//! Bit-exact with candle 0.11.1's own VNNI repack (`repack_x86.rs`) on an
//! AVX-512 VNNI CPU, which candle runs for Q4_K always and for Q6_K when the
//! product has several rows. Integer sums are exact in any order; each f32
//! operation is candle's own, in its order, in the lane that holds the same
//! partial sum, per 32- (Q4_K) or 16-weight (Q6_K) sub-block:
//! `acc = fma(f32(isum), (d·sc)·da, acc)`, then for Q4_K
//! `acc = fnma(dmin·mn, da·Σq32, acc)` (`q4k_rows`, `q6k_rows`).
//!
//! A Q6_K product of ONE row candle runs through its AVX2 dot product
//! instead (`vec_dot_q6k_q8k`, another float order), so there its bits
//! depend on how many rows share the product. Ours do not: a lone row gets
//! the repack order too, the bits it gets in any batch, so a stream's
//! output does not depend on the streams beside it (the engine's promise,
//! `tests/engine/batch.rs`); it differs from candle's lone-row result by float
//! rounding only.
//! On CPUs with AMX candle takes Q4_K products of 32 rows or more to AMX
//! tiles, with the repack's f32 sequence (same bits by construction, but
//! untested: the dev machine has no AMX). A candle upgrade may change any of
//! these orders: `tests_k` compares every output bit with candle's.

use std::arch::x86_64::*;

use super::act_k::ActK;
use super::pack::{Format, Packed, COLS};
use super::pack_k::QK_K;

/// `out[r][col0..col0+16]` for rows `row0..row0+rows` and column group `g`.
///
/// # Safety
/// `x86::available()` must hold; `out` must point at a `[act rows, w.n]`
/// buffer that no one else writes at these rows and columns; `act` must be
/// quantised for `w.format` (`ActK::quantize`).
pub unsafe fn group(w: &Packed, act: &ActK, g: usize, row0: usize, rows: usize, out: *mut f32) {
    macro_rules! rows {
        ($($r:literal)*) => {
            match (rows, w.format) {
                $(($r, Format::Q4K) => q4k_rows::<$r>(w, act, g, row0, out),
                  ($r, Format::Q6K) => q6k_rows::<$r>(w, act, g, row0, out),)*
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

/// 16 bytes of per-column sub-block scales as f32, times the columns' `d`:
/// candle's `d * sc as f32` (both factors exact in f32, one rounding).
#[inline(always)]
unsafe fn scaled(d: __m512, b: __m128i, signed: bool) -> __m512 {
    let i = if signed { _mm512_cvtepi8_epi32(b) } else { _mm512_cvtepu8_epi32(b) };
    _mm512_mul_ps(d, _mm512_cvtepi32_ps(i))
}

/// Q4_K sub-block `s`'s 6-bit scales and mins of 16 columns, from the
/// file's 12 scale bytes a column (`s12`: 12 rows of 16 columns), as ggml's
/// `get_scale_min_k4`.
#[inline(always)]
unsafe fn q4k_scale_min(s12: *const u8, s: usize) -> (__m128i, __m128i) {
    let row = |i: usize| _mm_loadu_si128(s12.add(COLS * i) as *const __m128i);
    let (six, four, top2) = (_mm_set1_epi8(63), _mm_set1_epi8(0x0F), _mm_set1_epi8(0x30));
    if s < 4 {
        return (_mm_and_si128(row(s), six), _mm_and_si128(row(s + 4), six));
    }
    // Bits 6-7 of a byte to bits 4-5: a 16-bit shift by 2, masked.
    let top = |i: usize| _mm_and_si128(_mm_srli_epi16::<2>(row(i)), top2);
    let low = row(s + 4);
    let sc = _mm_or_si128(_mm_and_si128(low, four), top(s - 4));
    let mn = _mm_or_si128(_mm_and_si128(_mm_srli_epi16::<4>(low), four), top(s));
    (sc, mn)
}

/// Sub-block `s` of a packed Q6_K superblock at `wq` (see `pack_k`): its 4
/// vectors of 4 weights × 16 columns, one byte (0..=63) a weight.
#[inline(always)]
unsafe fn q6k_sub(wq: *const u8, s: usize) -> [__m512i; 4] {
    let (low4, bits45) = (_mm512_set1_epi8(0x0F), _mm512_set1_epi8(0x30));
    let unit = wq.add(384 * (s / 2));
    let high = _mm512_loadu_si512(unit.add(256 + 64 * (s % 2)) as *const _);
    // Bits 4-5 of `high`, shifted there: t = 0 at 4, 1 at 6, 2 at 0, 3 at 2.
    let highs = [high, _mm512_srli_epi16::<2>(high), _mm512_slli_epi16::<4>(high), _mm512_slli_epi16::<2>(high)];
    std::array::from_fn(|t| {
        let nibs = _mm512_loadu_si512(unit.add(64 * t) as *const _);
        let nibs = if s.is_multiple_of(2) { nibs } else { _mm512_srli_epi16::<4>(nibs) };
        // low | (high & 0x30): truth table 0xF8 = a | (b & c).
        _mm512_ternarylogic_epi32::<0xF8>(_mm512_and_si512(nibs, low4), highs[t], bits45)
    })
}

#[target_feature(enable = "avx512f,avx512bw,avx512vnni")]
unsafe fn q4k_rows<const R: usize>(w: &Packed, act: &ActK, g: usize, row0: usize, out: *mut f32) {
    let nb = act.k / QK_K;
    let bytes = Format::Q4K.block_bytes();
    let tiles = w.data.as_ptr().add(g * nb * bytes);
    let low = _mm512_set1_epi8(0x0F);
    let mut acc = [_mm512_setzero_ps(); R];
    for b in 0..nb {
        let wq = tiles.add(b * bytes);
        let s16 = wq.add(Format::Q4K.quant_bytes());
        let d = _mm512_cvtph_ps(_mm256_loadu_si256(s16 as *const _));
        let dmin = _mm512_cvtph_ps(_mm256_loadu_si256(s16.add(2 * COLS) as *const _));
        // Activation bytes of this superblock for row r start at `a(r)`.
        let a = |r: usize| act.q.as_ptr().add((row0 + r) * act.k + b * QK_K);
        for s in 0..8 {
            // Low and high nibbles in two sums: two dependency chains.
            let mut lo_sum = [_mm512_setzero_si512(); R];
            let mut hi_sum = [_mm512_setzero_si512(); R];
            for j in 0..4 {
                let packed = _mm512_loadu_si512(wq.add(64 * (4 * s + j)) as *const _);
                let lo = _mm512_and_si512(packed, low);
                let hi = _mm512_and_si512(_mm512_srli_epi16::<4>(packed), low);
                for r in 0..R {
                    lo_sum[r] = _mm512_dpbusd_epi32(lo_sum[r], lo, broadcast4(a(r).add(32 * s + 4 * j)));
                    hi_sum[r] = _mm512_dpbusd_epi32(hi_sum[r], hi, broadcast4(a(r).add(32 * s + 16 + 4 * j)));
                }
            }
            let (sc, mn) = q4k_scale_min(s16.add(4 * COLS), s);
            let (scale, min) = (scaled(d, sc, false), scaled(dmin, mn, false));
            for (r, acc) in acc.iter_mut().enumerate() {
                let row = (row0 + r) * nb + b;
                let f = _mm512_cvtepi32_ps(_mm512_add_epi32(lo_sum[r], hi_sum[r]));
                *acc = _mm512_fmadd_ps(f, _mm512_mul_ps(scale, _mm512_set1_ps(act.d[row])), *acc);
                *acc = _mm512_fnmadd_ps(min, _mm512_set1_ps(act.dsum32[row * 8 + s]), *acc);
            }
        }
    }
    for (r, acc) in acc.iter().enumerate() {
        _mm512_storeu_ps(out.add((row0 + r) * w.n + g * COLS), *acc);
    }
}

#[target_feature(enable = "avx512f,avx512bw,avx512vnni")]
unsafe fn q6k_rows<const R: usize>(w: &Packed, act: &ActK, g: usize, row0: usize, out: *mut f32) {
    let nb = act.k / QK_K;
    let bytes = Format::Q6K.block_bytes();
    let tiles = w.data.as_ptr().add(g * nb * bytes);
    let mut acc = [_mm512_setzero_ps(); R];
    for b in 0..nb {
        let wq = tiles.add(b * bytes);
        let s16 = wq.add(Format::Q6K.quant_bytes());
        let d = _mm512_cvtph_ps(_mm256_loadu_si256(s16 as *const _));
        let a = |r: usize| act.q.as_ptr().add((row0 + r) * act.k + b * QK_K);
        for s in 0..16 {
            // candle: f32(Σq·a) − 32·Σa, both exact: f32(Σ(q − 32)·a), so
            // the sums start at −32·Σa.
            let mut isum: [_; R] =
                std::array::from_fn(|r| _mm512_set1_epi32(-(act.bsum[((row0 + r) * nb + b) * 16 + s] << 5)));
            for (j, u) in q6k_sub(wq, s).into_iter().enumerate() {
                for (r, isum) in isum.iter_mut().enumerate() {
                    *isum = _mm512_dpbusd_epi32(*isum, u, broadcast4(a(r).add(16 * s + 4 * j)));
                }
            }
            let scale = scaled(d, _mm_loadu_si128(s16.add(2 * COLS + COLS * s) as *const __m128i), true);
            for (r, acc) in acc.iter_mut().enumerate() {
                let da = _mm512_set1_ps(act.d[(row0 + r) * nb + b]);
                *acc = _mm512_fmadd_ps(_mm512_cvtepi32_ps(isum[r]), _mm512_mul_ps(scale, da), *acc);
            }
        }
    }
    for (r, acc) in acc.iter().enumerate() {
        _mm512_storeu_ps(out.add((row0 + r) * w.n + g * COLS), *acc);
    }
}

/// Quantises one superblock of `x` to Q8_K like candle's `BlockQ8K::from_float`
/// (see `act_k`); fills `q` and `bsum` (sums of 16), returns `d`. Rounding
/// as `x86::quantize_block`; the i8 conversion saturates, as candle clamps.
///
/// # Safety
/// `x86::available()` must hold.
#[target_feature(enable = "avx512f,avx512bw")]
pub unsafe fn quantize_q8k(x: &[f32; QK_K], q: &mut [i8; QK_K], bsum: &mut [i32; QK_K / 16]) -> f32 {
    let v = |i: usize| _mm512_loadu_ps(x.as_ptr().add(16 * i));
    let amax = _mm512_reduce_max_ps((0..16).fold(_mm512_setzero_ps(), |m, i| _mm512_max_ps(m, _mm512_abs_ps(v(i)))));
    if amax == 0.0 {
        q.fill(0);
        bsum.fill(0);
        return 0.0;
    }
    // candle keeps the first value of largest magnitude, sign included.
    let at = (0..16)
        .find_map(|i| {
            let hit = _mm512_cmp_ps_mask::<_CMP_EQ_OQ>(_mm512_abs_ps(v(i)), _mm512_set1_ps(amax));
            (hit != 0).then(|| 16 * i + hit.trailing_zeros() as usize)
        })
        .expect("the maximum is one of the values");
    let iscale = -127.0 / x[at];
    let id = _mm512_set1_ps(iscale);
    let sign = _mm512_set1_epi32(i32::MIN);
    let half = _mm512_set1_ps(0.49999997);
    for (i, sum) in bsum.iter_mut().enumerate() {
        let p = _mm512_mul_ps(v(i), id);
        let away = _mm512_castsi512_ps(_mm512_or_si512(
            _mm512_and_si512(_mm512_castps_si512(p), sign),
            _mm512_castps_si512(half),
        ));
        let qi = _mm512_cvttps_epi32(_mm512_add_ps(p, away));
        _mm_storeu_si128(q.as_mut_ptr().add(16 * i) as *mut __m128i, _mm512_cvtsepi32_epi8(qi));
        *sum = _mm512_reduce_add_epi32(qi);
    }
    1.0 / iscale
}
