//! Our kernel against candle on the model's real shapes.
//!
//! The reference: candle's `QMatMul` for Q4_1 (it quantises activations to
//! Q8_1 per 32 exactly as `act` does). For Q8_0, candle 0.11.1 has its own
//! VNNI repack when k is a multiple of 256, and quantises activations per
//! 256 (Q8K) there — coarser than ggml's per-32 Q8_0 — so the Q8_0 reference
//! is candle's dequantised weights times candle's Q8_0 round trip of the
//! activations, multiplied in f32: what a per-32 Q8_0 product should give.
//!
//! Q4_1 must match candle bit for bit: the kernel rounds each block term in
//! candle's order, and the engine's golden greedy answers sit on near-ties
//! that f32 reassociation alone flips.
//!
//! Q8_0 tolerance: the same quantised values on both sides; the integer
//! block sums are exact and only f32 combination order differs (≤ 48 block
//! terms, or candle's f32 gemm over ≤ 1536 products), so the gap stays below
//! ~100 ε · Σ|w|·|x| = 1.2e-5 · Σ|w|·|x|. A wrongly packed weight or a
//! misquantised activation moves a result by about one term |w|·|x|,
//! hundreds of times more at these widths (candle's own per-256 activations
//! miss this bound by 30x on 576x1536).

use candle_core::quantized::{GgmlDType, QMatMul, QTensor};
use candle_core::{Device, Module, Tensor};

use super::pack::{Format, Packed};
use super::{serves, Kernel, Linear};

/// Deterministic pseudo-random values in [-scale, scale), with a few
/// outliers ×8 as real activations have.
pub(crate) fn values(n: usize, seed: u64, scale: f32) -> Vec<f32> {
    let mut s = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    (0..n)
        .map(|i| {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let u = ((s >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0;
            if i % 97 == 0 {
                8.0 * u * scale
            } else {
                u * scale
            }
        })
        .collect()
}

pub(crate) fn matrix(n: usize, k: usize, dtype: GgmlDType, seed: u64) -> QTensor {
    let w = Tensor::from_vec(values(n * k, seed, 0.05), (n, k), &Device::Cpu).unwrap();
    QTensor::quantize(&w, dtype).unwrap()
}

/// Whether one of our kernels multiplies `dtype` on this CPU (VNNI: every
/// format we pack; AVX2 alone: Q5_0, Q4_1 and Q8_0).
pub(crate) fn packs(dtype: GgmlDType) -> bool {
    Format::of(dtype).is_some_and(serves)
}

/// Whether our kernel for `dtype` runs on this CPU. Where it cannot, a test
/// of the kernel would only compare candle with candle: it says it was
/// skipped, on stderr and in `$MEMDOOR_SKIP_LOG` (which `scripts/test.sh`
/// prints at the end), and returns.
pub(crate) fn kernel_or_skip(test: &str, dtype: GgmlDType) -> bool {
    ran_or_skipped(packs(dtype), &format!("{test} ({dtype:?})"), &format!("our {dtype:?} kernel"))
}

/// The same for what only the VNNI kernels use (their SIMD quantisers).
pub(crate) fn vnni_or_skip(test: &str) -> bool {
    ran_or_skipped(super::vnni_available(), test, "the AVX-512 code")
}

fn ran_or_skipped(runs: bool, test: &str, what: &str) -> bool {
    if runs {
        return true;
    }
    let line = format!("SKIPPED memdoor-qmatmul {test}: this CPU lacks AVX-512 F/BW/VNNI, so {what} cannot run here\n");
    eprint!("{line}");
    if let Some(path) = std::env::var_os("MEMDOOR_SKIP_LOG") {
        use std::io::Write;
        let file = std::fs::OpenOptions::new().create(true).append(true).open(path);
        let _ = file.and_then(|mut f| f.write_all(line.as_bytes()));
    }
    false
}

/// Checks `Linear::new(.., Best)` against candle on `rows` rows.
fn check(n: usize, k: usize, rows: usize, dtype: GgmlDType) {
    let q = matrix(n, k, dtype, (n * 31 + k) as u64);
    let w = q.dequantize(&Device::Cpu).unwrap();
    let ours = Linear::new(q, Kernel::Best).unwrap();
    assert_eq!(ours.is_packed(), packs(dtype));
    let x = Tensor::from_vec(values(rows * k, rows as u64, 1.0), (rows, k), &Device::Cpu).unwrap();
    let got: Vec<Vec<f32>> = ours.forward(&x).unwrap().to_vec2().unwrap();
    let want = match dtype {
        GgmlDType::Q8_0 => {
            let xq = QTensor::quantize(&x, GgmlDType::Q8_0).unwrap().dequantize(&Device::Cpu).unwrap();
            xq.matmul(&w.t().unwrap()).unwrap()
        }
        _ => QMatMul::from_qtensor(matrix(n, k, dtype, (n * 31 + k) as u64)).unwrap().forward(&x).unwrap(),
    };
    let want: Vec<Vec<f32>> = want.to_vec2().unwrap();
    let scale: Vec<Vec<f32>> = x.abs().unwrap().matmul(&w.abs().unwrap().t().unwrap()).unwrap().to_vec2().unwrap();
    for r in 0..rows {
        for c in 0..n {
            let tol = if dtype == GgmlDType::Q4_1 { 0.0 } else { 1.2e-5 * scale[r][c] + 1e-6 };
            let gap = (got[r][c] - want[r][c]).abs();
            assert!(
                gap <= tol,
                "{dtype:?} {n}x{k}, {rows} rows: [{r}][{c}] ours {} reference {} (gap {gap}, tol {tol})",
                got[r][c],
                want[r][c]
            );
        }
    }
}

const SHAPES: [(usize, usize); 4] = [(576, 576), (192, 576), (1536, 576), (576, 1536)];
const ROWS: [usize; 5] = [1, 3, 5, 17, 130];

#[test]
fn q4_1_matches_candle_on_the_models_shapes() {
    if !kernel_or_skip("q4_1_matches_candle_on_the_models_shapes", GgmlDType::Q4_1) {
        return;
    }
    for (n, k) in SHAPES {
        for rows in ROWS {
            check(n, k, rows, GgmlDType::Q4_1);
        }
    }
}

#[test]
fn q8_0_matches_the_dequantised_product_on_the_models_shapes() {
    if !kernel_or_skip("q8_0_matches_the_dequantised_product_on_the_models_shapes", GgmlDType::Q8_0) {
        return;
    }
    for (n, k) in SHAPES {
        for rows in ROWS {
            check(n, k, rows, GgmlDType::Q8_0);
        }
    }
}

#[test]
fn the_vocabulary_projection_matches_the_reference() {
    for dtype in [GgmlDType::Q4_1, GgmlDType::Q8_0] {
        if kernel_or_skip("the_vocabulary_projection_matches_the_reference", dtype) {
            for rows in [1, 5, 17] {
                check(49152, 576, rows, dtype);
            }
        }
    }
}

/// Each row's output is the same bits whatever rows share the call (and
/// whichever row-block size the kernel used for them).
#[test]
fn a_row_gives_the_same_bits_alone_and_batched() {
    for dtype in [GgmlDType::Q4_1, GgmlDType::Q8_0] {
        let lin = Linear::new(matrix(1536, 576, dtype, 7), Kernel::Best).unwrap();
        let x = Tensor::from_vec(values(17 * 576, 3, 1.0), (17, 576), &Device::Cpu).unwrap();
        let all: Vec<Vec<f32>> = lin.forward(&x).unwrap().to_vec2().unwrap();
        for r in [0, 8, 16] {
            let alone: Vec<Vec<f32>> = lin.forward(&x.narrow(0, r, 1).unwrap()).unwrap().to_vec2().unwrap();
            assert_eq!(alone[0], all[r], "{dtype:?} row {r}");
        }
    }
}

#[test]
fn packing_keeps_every_weight() {
    for (dtype, format) in [(GgmlDType::Q4_1, Format::Q4_1), (GgmlDType::Q8_0, Format::Q8_0)] {
        let q = matrix(32, 64, dtype, 11);
        let packed = Packed::new(format, 32, 64, &q.data().unwrap());
        let want: Vec<Vec<f32>> = q.dequantize(&Device::Cpu).unwrap().to_vec2().unwrap();
        for (c, row) in want.iter().enumerate() {
            for (i, &w) in row.iter().enumerate() {
                assert_eq!(packed.weight(c, i), w, "{format:?} column {c} input {i}");
            }
        }
    }
}

#[test]
fn the_fallback_is_candles_own_product() {
    let x = Tensor::from_vec(values(3 * 64, 5, 1.0), (3, 64), &Device::Cpu).unwrap();
    // Forced, on a shape the kernel takes; and chosen, for a dtype and a
    // width (40 columns: not whole groups of 16) it does not take.
    for (q, kernel) in [
        (matrix(32, 64, GgmlDType::Q4_1, 1), Kernel::Candle),
        (matrix(32, 64, GgmlDType::Q5_1, 1), Kernel::Best),
        (matrix(40, 64, GgmlDType::Q8_0, 1), Kernel::Best),
    ] {
        let (dtype, n) = (q.dtype(), q.shape().dims()[0]);
        let lin = Linear::new(q, kernel).unwrap();
        assert!(!lin.is_packed(), "{dtype:?} {n}");
        let want = QMatMul::from_qtensor(matrix(n, 64, dtype, 1)).unwrap().forward(&x).unwrap();
        let got = lin.forward(&x).unwrap();
        assert_eq!(got.to_vec2::<f32>().unwrap(), want.to_vec2::<f32>().unwrap(), "{dtype:?} {n}");
    }
}

#[test]
fn leading_dimensions_and_strided_inputs_are_taken() {
    let lin = Linear::new(matrix(64, 64, GgmlDType::Q8_0, 2), Kernel::Best).unwrap();
    let x = Tensor::from_vec(values(2 * 3 * 64, 9, 1.0), (2, 3, 64), &Device::Cpu).unwrap();
    let flat: Vec<Vec<f32>> = lin.forward(&x.reshape((6, 64)).unwrap()).unwrap().to_vec2().unwrap();
    let y = lin.forward(&x).unwrap();
    assert_eq!(y.dims(), [2, 3, 64]);
    assert_eq!(y.reshape((6, 64)).unwrap().to_vec2::<f32>().unwrap(), flat);
    // A transposed view: rows 0 and 3 of `flat` are (0, 0) and (1, 0).
    let t = lin.forward(&x.transpose(0, 1).unwrap()).unwrap();
    assert_eq!(t.get(0).unwrap().to_vec2::<f32>().unwrap(), vec![flat[0].clone(), flat[3].clone()]);
}

/// Moving matrices into the huge-page arena changes no result, leaves
/// candle's matrices alone, moves each matrix once, and leaves a matrix
/// that does not fit where it was.
#[test]
fn moving_into_the_arena_keeps_every_product() {
    let x = Tensor::from_vec(values(5 * 576, 13, 1.0), (5, 576), &Device::Cpu).unwrap();
    let mut lins = [
        Linear::new(matrix(1536, 576, GgmlDType::Q4_1, 3), Kernel::Best).unwrap(),
        Linear::new(matrix(48, 576, GgmlDType::Q8_0, 4), Kernel::Best).unwrap(),
        Linear::new(matrix(64, 576, GgmlDType::Q4_1, 5), Kernel::Candle).unwrap(),
        Linear::new(matrix(32, 576, GgmlDType::Q8_0, 6), Kernel::Best).unwrap(),
    ];
    let before: Vec<Vec<Vec<f32>>> = lins.iter().map(|l| l.forward(&x).unwrap().to_vec2().unwrap()).collect();
    // Room for the first two only (each padded to 64 bytes).
    let q4: usize = 1536 * 576 / 32 * 20;
    let q8: usize = 48 * 576 / 32 * 34;
    let room = q4.next_multiple_of(64) + q8.next_multiple_of(64);
    let mut arena = crate::ArenaBuilder::new(room);
    let moved: Vec<bool> = lins.iter_mut().map(|l| arena.take(l)).collect();
    // Packed matrices move (only the first two fit); candle's stay.
    let (q4_packs, q8_packs) = (packs(GgmlDType::Q4_1), packs(GgmlDType::Q8_0));
    assert_eq!(moved, [q4_packs, q8_packs, false, false]);
    let used = if q4_packs { q4.next_multiple_of(64) } else { 0 } + if q8_packs { q8.next_multiple_of(64) } else { 0 };
    assert_eq!(arena.used(), used);
    assert!(!arena.take(&mut lins[0]), "a matrix moves once");
    drop(arena);
    for (l, want) in lins.iter().zip(&before) {
        assert_eq!(&l.forward(&x).unwrap().to_vec2::<f32>().unwrap(), want);
    }
}

/// Stacked matrices give each part's columns bit for bit; mixed formats or
/// candle's matrices are refused and handed back.
#[test]
fn stacked_matrices_give_each_parts_columns_exactly() {
    let x = Tensor::from_vec(values(3 * 576, 17, 1.0), (3, 576), &Device::Cpu).unwrap();
    let parts = || {
        vec![
            Linear::new(matrix(576, 576, GgmlDType::Q4_1, 21), Kernel::Best).unwrap(),
            Linear::new(matrix(192, 576, GgmlDType::Q4_1, 22), Kernel::Best).unwrap(),
            Linear::new(matrix(192, 576, GgmlDType::Q4_1, 23), Kernel::Best).unwrap(),
        ]
    };
    let alone: Vec<Vec<Vec<f32>>> = parts().iter().map(|l| l.forward(&x).unwrap().to_vec2().unwrap()).collect();
    match Linear::stack(parts()) {
        Ok(stacked) => {
            assert!(packs(GgmlDType::Q4_1));
            let y = stacked.forward(&x).unwrap();
            assert_eq!(y.dims(), [3, 960]);
            let mut at = 0;
            for want in &alone {
                let w = want[0].len();
                assert_eq!(&y.narrow(1, at, w).unwrap().to_vec2::<f32>().unwrap(), want);
                at += w;
            }
        }
        Err(back) => {
            assert!(!packs(GgmlDType::Q4_1), "our kernel's matrices of one format stack");
            assert_eq!(back.len(), 3);
        }
    }
    let mixed = vec![
        Linear::new(matrix(64, 576, GgmlDType::Q4_1, 1), Kernel::Best).unwrap(),
        Linear::new(matrix(64, 576, GgmlDType::Q8_0, 2), Kernel::Best).unwrap(),
    ];
    assert_eq!(Linear::stack(mixed).err().map(|b| b.len()), Some(2));
    let candle = vec![Linear::new(matrix(64, 576, GgmlDType::Q4_1, 1), Kernel::Candle).unwrap()];
    assert!(Linear::stack(candle).is_err());
}

/// The largest gap in units in the last place, 0 when every bit matches.
fn max_ulps(got: &[f32], want: &[f32]) -> u32 {
    let key = |x: f32| {
        let b = x.to_bits() as i32;
        if b < 0 {
            i32::MIN - b
        } else {
            b
        }
    };
    got.iter().zip(want).map(|(&g, &w)| key(g).abs_diff(key(w))).max().unwrap_or(0)
}

/// Panics unless `got` has `want`'s bits everywhere, saying how many
/// outputs of a `[rows, n]` product differ, where first, and by how many ulp.
pub(crate) fn assert_same_bits(what: &str, n: usize, got: &[f32], want: &[f32]) {
    if got.iter().zip(want).all(|(g, w)| g.to_bits() == w.to_bits()) && got.len() == want.len() {
        return;
    }
    let at = got.iter().zip(want).position(|(g, w)| g.to_bits() != w.to_bits()).unwrap_or(0);
    let differ = got.iter().zip(want).filter(|(g, w)| g.to_bits() != w.to_bits()).count();
    panic!(
        "{what}: {differ} of {} outputs differ, first [{}][{}]: ours {} candle {}; max {} ulp",
        got.len(),
        at / n,
        at % n,
        got[at],
        want[at],
        max_ulps(got, want)
    );
}

/// What a GPU's q/k/v and gate/up get (`stack_qtensors`, checked here on the
/// CPU, where candle's product runs the same bytes): each part's columns of
/// the stacked product are the part's own product, bit for bit, in every
/// format a Q4_K_M or Q4_1 file holds; parts of two formats or widths do not stack.
#[test]
fn stacked_qtensors_give_each_parts_product_exactly() {
    for dtype in [GgmlDType::Q4K, GgmlDType::Q6K, GgmlDType::Q5_0, GgmlDType::Q4_1, GgmlDType::Q8_0] {
        let parts: Vec<QTensor> = [(64, 31), (32, 32), (32, 33)].map(|(n, seed)| matrix(n, 512, dtype, seed)).into();
        let refs: Vec<&QTensor> = parts.iter().collect();
        let stacked = super::stack_qtensors(&refs).unwrap().expect("one format, one width");
        assert_eq!(stacked.shape().dims(), [128, 512]);
        let stacked = QMatMul::from_qtensor(stacked).unwrap();
        for rows in [1, 5] {
            let x = Tensor::from_vec(values(rows * 512, 17, 1.0), (rows, 512), &Device::Cpu).unwrap();
            let y: Vec<Vec<f32>> = stacked.forward(&x).unwrap().to_vec2().unwrap();
            let mut at = 0;
            for part in &parts {
                let n = part.shape().dims()[0];
                let alone = QMatMul::from_qtensor(matrix_copy(part)).unwrap().forward(&x).unwrap();
                let alone: Vec<Vec<f32>> = alone.to_vec2().unwrap();
                let got: Vec<Vec<f32>> = y.iter().map(|r| r[at..at + n].to_vec()).collect();
                assert_eq!(got, alone, "{dtype:?}, {rows} rows, columns from {at}");
                at += n;
            }
        }
    }
    let (a, b) = (matrix(32, 512, GgmlDType::Q4K, 1), matrix(32, 512, GgmlDType::Q6K, 2));
    assert!(super::stack_qtensors(&[&a, &b]).unwrap().is_none(), "two formats");
    let c = matrix(32, 256, GgmlDType::Q4K, 3);
    assert!(super::stack_qtensors(&[&a, &c]).unwrap().is_none(), "two widths");
}

/// The same quantized bytes in a fresh QTensor.
fn matrix_copy(q: &QTensor) -> QTensor {
    let storage = candle_core::quantized::QStorage::from_data(q.data().unwrap(), &Device::Cpu, q.dtype()).unwrap();
    QTensor::new(storage, q.shape().clone()).unwrap()
}
