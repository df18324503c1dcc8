//! The AVX-512 VNNI kernel: one group of 16 output columns × up to 8
//! activation rows. Each 64-byte weight load is used by every row (register
//! blocking), each row's 16 columns accumulate in one register, and a row's
//! arithmetic never depends on which other rows share the call — a sequence
//! gets the same bits alone or batched.

use std::arch::x86_64::*;

use super::act::Act;
use super::pack::{Format, Packed, COLS, QK};

/// Whether this CPU runs the kernel (checked at run time: the binary may be
/// built for another CPU than it runs on).
pub fn available() -> bool {
    is_x86_feature_detected!("avx512f")
        && is_x86_feature_detected!("avx512bw")
        && is_x86_feature_detected!("avx512vnni")
}

/// `out[r][col0..col0+16]` for rows `row0..row0+rows` and column group `g`.
///
/// # Safety
/// `available()` must hold; `out` must point at a `[act.rows, w.n]` buffer
/// that no one else writes at these rows and columns.
pub unsafe fn group(w: &Packed, act: &Act, g: usize, row0: usize, rows: usize, out: *mut f32) {
    macro_rules! rows {
        ($($r:literal)*) => {
            match (rows, w.format) {
                $(($r, Format::Q4_1) => group_rows::<$r, true>(w, act, g, row0, out),
                  ($r, Format::Q8_0) => group_rows::<$r, false>(w, act, g, row0, out),)*
                _ => unreachable!("{rows} rows in one kernel call"),
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
unsafe fn group_rows<const R: usize, const Q4: bool>(w: &Packed, act: &Act, g: usize, row0: usize, out: *mut f32) {
    let nb = act.blocks();
    let bytes = w.format.block_bytes();
    let blocks = w.data.as_ptr().add(g * nb * bytes);
    let low = _mm512_set1_epi8(0x0F);
    let mut acc = [_mm512_setzero_ps(); R];
    for b in 0..nb {
        let wq = blocks.add(b * bytes);
        let mut isum = [_mm512_setzero_si512(); R];
        // Activation bytes of this block for row r start at `a(r)`.
        let a = |r: usize| act.q.as_ptr().add((row0 + r) * act.k + b * QK);
        if Q4 {
            for j in 0..4 {
                let packed = _mm512_loadu_si512(wq.add(64 * j) as *const _);
                let lo = _mm512_and_si512(packed, low);
                let hi = _mm512_and_si512(_mm512_srli_epi16::<4>(packed), low);
                for (r, acc) in isum.iter_mut().enumerate() {
                    *acc = _mm512_dpbusd_epi32(*acc, lo, broadcast4(a(r).add(4 * j)));
                    *acc = _mm512_dpbusd_epi32(*acc, hi, broadcast4(a(r).add(16 + 4 * j)));
                }
            }
        } else {
            for j in 0..8 {
                let u = _mm512_loadu_si512(wq.add(64 * j) as *const _);
                for (r, acc) in isum.iter_mut().enumerate() {
                    *acc = _mm512_dpbusd_epi32(*acc, u, broadcast4(a(r).add(4 * j)));
                }
            }
        }
        // The f16 scales after the quants (a Q8_0 block has no `m`: unused).
        let s = wq.add(w.format.quant_bytes());
        let d = _mm512_cvtph_ps(_mm256_loadu_si256(s as *const _));
        let m = if Q4 { _mm512_cvtph_ps(_mm256_loadu_si256(s.add(2 * COLS) as *const _)) } else { d };
        for r in 0..R {
            let at = (row0 + r) * nb + b;
            if Q4 {
                // Σq·qa·d·da + m·s (s = da·Σqa, candle's f16 value), rounded
                // step by step in candle's own order (`vec_dot_unopt`, no
                // fused multiply-add): the same bits as candle's Q4_1 product,
                // so greedy answers do not move (some sit on near-ties).
                let t = _mm512_mul_ps(_mm512_mul_ps(_mm512_cvtepi32_ps(isum[r]), d), _mm512_set1_ps(act.d[at]));
                let block = _mm512_add_ps(t, _mm512_mul_ps(m, _mm512_set1_ps(act.s[at])));
                acc[r] = _mm512_add_ps(acc[r], block);
            } else {
                let dd = _mm512_mul_ps(d, _mm512_set1_ps(act.d[at]));
                // Σ(w+128)·qa − 128·Σqa = Σw·qa, exactly, in integers.
                let exact = _mm512_sub_epi32(isum[r], _mm512_set1_epi32(act.sum[at] << 7));
                acc[r] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(exact), dd, acc[r]);
            }
        }
    }
    for (r, acc) in acc.iter().enumerate() {
        _mm512_storeu_ps(out.add((row0 + r) * w.n + g * COLS), *acc);
    }
}

/// Quantises one 32-block of `x` to `q` like candle's scalar Q8_0/Q8_1
/// loop (`d = amax / 127`, `q = round(x / d)` half away from zero); returns
/// `d` (f32, before f16 rounding) and the sum of `q`. The rounding is
/// LLVM's own lowering of `f32::round`: trunc(v + copysign(0.49999997, v)),
/// exact for every f32 (the predecessor of 0.5 keeps v = 0.49999997 at 0).
///
/// # Safety
/// `available()` must hold.
#[target_feature(enable = "avx512f,avx512bw")]
pub unsafe fn quantize_block(x: &[f32; QK], q: &mut [i8; QK]) -> (f32, i32) {
    let a = _mm512_loadu_ps(x.as_ptr());
    let b = _mm512_loadu_ps(x.as_ptr().add(16));
    let amax = _mm512_reduce_max_ps(_mm512_max_ps(_mm512_abs_ps(a), _mm512_abs_ps(b)));
    let d = amax / 127.0;
    let id = _mm512_set1_ps(if d != 0.0 { 1.0 / d } else { 0.0 });
    let sign = _mm512_set1_epi32(i32::MIN);
    let half = _mm512_set1_ps(0.49999997);
    let round = |v: __m512| {
        let v = _mm512_mul_ps(v, id);
        let away = _mm512_castsi512_ps(_mm512_or_si512(
            _mm512_and_si512(_mm512_castps_si512(v), sign),
            _mm512_castps_si512(half),
        ));
        _mm512_cvttps_epi32(_mm512_add_ps(v, away))
    };
    let (qa, qb) = (round(a), round(b));
    _mm_storeu_si128(q.as_mut_ptr() as *mut __m128i, _mm512_cvtepi32_epi8(qa));
    _mm_storeu_si128(q.as_mut_ptr().add(16) as *mut __m128i, _mm512_cvtepi32_epi8(qb));
    (d, _mm512_reduce_add_epi32(_mm512_add_epi32(qa, qb)))
}
