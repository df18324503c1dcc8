//! Q4_K and Q6_K against candle, bit for bit: every output f32 of
//! `Kernel::Best` must have the bits of `Kernel::Candle`'s (candle's VNNI
//! repack, or for one row times Q6_K its AVX2 dot product: see
//! `x86_kquant`). Widths of 1, 2 and 6 superblocks; rows 1..=9 (one kernel
//! call, and one more than a call takes) and 17, 33 and 130 (several calls,
//! and candle's own row blocks of 4 and, on AMX CPUs, 32).

use candle_core::quantized::GgmlDType;
use candle_core::{Device, Module, Tensor};

use super::pack::{Format, Packed};
use super::tests::packs;
use super::tests::{assert_same_bits, kernel_or_skip, matrix, values};
use super::{max_rows, Kernel, Linear};

const SHAPES: [(usize, usize); 5] = [(64, 256), (48, 512), (96, 1536), (512, 1536), (1536, 512)];

/// Ours against candle's on `rows` rows of a random `[n, k]` matrix.
fn check_exact(n: usize, k: usize, rows: usize, dtype: GgmlDType) {
    let seed = (n * 31 + k) as u64;
    let ours = Linear::new(matrix(n, k, dtype, seed), Kernel::Best).unwrap();
    assert_eq!(ours.is_packed(), packs(dtype), "{dtype:?} {n}x{k}");
    let candle = Linear::new(matrix(n, k, dtype, seed), Kernel::Candle).unwrap();
    let x = Tensor::from_vec(values(rows * k, rows as u64 + 100, 1.0), (rows, k), &Device::Cpu).unwrap();
    let got: Vec<f32> = ours.forward(&x).unwrap().flatten_all().unwrap().to_vec1().unwrap();
    // candle multiplies a lone row by Q6_K in another float order than it
    // uses for a batch; ours keeps the batch's (a row's bits must not depend
    // on its neighbours): compare with candle's on the row twice.
    let want: Vec<f32> = if rows == 1 && dtype == GgmlDType::Q6K {
        let twice = Tensor::cat(&[&x, &x], 0).unwrap();
        candle.forward(&twice).unwrap().narrow(0, 0, 1).unwrap().flatten_all().unwrap().to_vec1().unwrap()
    } else {
        candle.forward(&x).unwrap().flatten_all().unwrap().to_vec1().unwrap()
    };
    assert_same_bits(&format!("{dtype:?} {n}x{k}, {rows} rows"), n, &got, &want);
}

fn check_all(dtype: GgmlDType) {
    for (n, k) in SHAPES {
        for rows in (1..=max_rows() + 1).chain([17, 33, 130]) {
            check_exact(n, k, rows, dtype);
        }
    }
}

#[test]
fn q4_k_matches_candle_bit_for_bit() {
    if kernel_or_skip("q4_k_matches_candle_bit_for_bit", GgmlDType::Q4K) {
        check_all(GgmlDType::Q4K);
    }
}

#[test]
fn q6_k_matches_candle_bit_for_bit() {
    if kernel_or_skip("q6_k_matches_candle_bit_for_bit", GgmlDType::Q6K) {
        check_all(GgmlDType::Q6K);
    }
}

/// A vocabulary projection's width (many column groups, the pool's chunks).
#[test]
fn a_wide_k_quant_projection_matches_candle() {
    if kernel_or_skip("a_wide_k_quant_projection_matches_candle", GgmlDType::Q4K) {
        for rows in [1, 5] {
            check_exact(16384, 512, rows, GgmlDType::Q4K);
            check_exact(16384, 512, rows, GgmlDType::Q6K);
        }
    }
}

#[test]
fn k_quant_packing_keeps_every_weight() {
    for (dtype, format) in [(GgmlDType::Q4K, Format::Q4K), (GgmlDType::Q6K, Format::Q6K)] {
        let q = matrix(32, 512, dtype, 11);
        let packed = Packed::new(format, 32, 512, &q.data().unwrap());
        // The file's size: the engine sizes its arena by it.
        assert_eq!(packed.data.len(), q.data().unwrap().len(), "{format:?} bytes");
        let want: Vec<Vec<f32>> = q.dequantize(&Device::Cpu).unwrap().to_vec2().unwrap();
        for (c, row) in want.iter().enumerate() {
            for (i, &w) in row.iter().enumerate() {
                assert_eq!(packed.weight(c, i).to_bits(), w.to_bits(), "{format:?} column {c} input {i}");
            }
        }
    }
}

/// Widths our kernel does not take stay on candle's product: 40 columns
/// (not whole groups of 16) of each K-quant, and Q5_K.
#[test]
fn other_k_quant_matrices_stay_on_candle() {
    let x = Tensor::from_vec(values(3 * 256, 5, 1.0), (3, 256), &Device::Cpu).unwrap();
    for (n, dtype) in [(40, GgmlDType::Q4K), (40, GgmlDType::Q6K), (32, GgmlDType::Q5K)] {
        let lin = Linear::new(matrix(n, 256, dtype, 1), Kernel::Best).unwrap();
        assert!(!lin.is_packed(), "{dtype:?} {n}");
        let want = Linear::new(matrix(n, 256, dtype, 1), Kernel::Candle).unwrap().forward(&x).unwrap();
        assert_eq!(lin.forward(&x).unwrap().to_vec2::<f32>().unwrap(), want.to_vec2::<f32>().unwrap(), "{dtype:?} {n}");
    }
}

/// Stacked Q6_K matrices give each part's columns bit for bit, for one row
/// (candle's AVX2 order) and several; Q4_K with Q6_K (a Q4_K_M file's
/// mix) is refused and handed back.
#[test]
fn stacked_k_quant_matrices_give_each_parts_columns_exactly() {
    let parts = || {
        vec![
            Linear::new(matrix(256, 512, GgmlDType::Q6K, 21), Kernel::Best).unwrap(),
            Linear::new(matrix(64, 512, GgmlDType::Q6K, 22), Kernel::Best).unwrap(),
        ]
    };
    for rows in [1, 3] {
        let x = Tensor::from_vec(values(rows * 512, 17, 1.0), (rows, 512), &Device::Cpu).unwrap();
        let alone: Vec<Vec<Vec<f32>>> = parts().iter().map(|l| l.forward(&x).unwrap().to_vec2().unwrap()).collect();
        match Linear::stack(parts()) {
            Ok(stacked) => {
                let y = stacked.forward(&x).unwrap();
                assert_eq!(y.dims(), [rows, 320]);
                assert_eq!(&y.narrow(1, 0, 256).unwrap().to_vec2::<f32>().unwrap(), &alone[0]);
                assert_eq!(&y.narrow(1, 256, 64).unwrap().to_vec2::<f32>().unwrap(), &alone[1]);
            }
            Err(back) => assert!(!packs(GgmlDType::Q6K) && back.len() == 2),
        }
    }
    let mixed = vec![
        Linear::new(matrix(64, 512, GgmlDType::Q4K, 1), Kernel::Best).unwrap(),
        Linear::new(matrix(64, 512, GgmlDType::Q6K, 2), Kernel::Best).unwrap(),
    ];
    assert_eq!(Linear::stack(mixed).err().map(|b| b.len()), Some(2));
}
