//! Q5_0 and Q4_0 against candle, bit for bit: every output f32 of
//! `Kernel::Best` must have the bits of `Kernel::Candle`'s (its generic
//! product, whose order does not depend on the row count: see `x86_q0`).
//! Widths k of Qwen2.5-0.5B (896, 4864) and SmolLM2 (576, 1536); rows
//! 1..=9 (one kernel call, and one more than a call takes), 17 and 33.

use candle_core::quantized::{GgmlDType, QTensor};
use candle_core::{Device, Module, Tensor};

use super::pack::{Format, Packed};
use super::tests::packs;
use super::tests::{assert_same_bits, kernel_or_skip, matrix, values};
use super::{max_rows, Kernel, Linear};

/// (n, k): Qwen2.5-0.5B's k/v (128 × 896), a slice of its up/gate and its
/// down (k = 4864), SmolLM2's widths.
const SHAPES: [(usize, usize); 5] = [(128, 896), (64, 4864), (48, 576), (96, 1536), (896, 896)];

fn bits(v: &[f32]) -> Vec<u32> {
    v.iter().map(|x| x.to_bits()).collect()
}

/// Ours against candle's on `rows` rows of a random `[n, k]` matrix.
fn check_exact(n: usize, k: usize, rows: usize, dtype: GgmlDType) {
    let seed = (n * 31 + k) as u64;
    let ours = Linear::new(matrix(n, k, dtype, seed), Kernel::Best).unwrap();
    assert_eq!(ours.is_packed(), packs(dtype), "{dtype:?} {n}x{k}");
    let candle = Linear::new(matrix(n, k, dtype, seed), Kernel::Candle).unwrap();
    let x = Tensor::from_vec(values(rows * k, rows as u64 + 200, 1.0), (rows, k), &Device::Cpu).unwrap();
    let got: Vec<f32> = ours.forward(&x).unwrap().flatten_all().unwrap().to_vec1().unwrap();
    let want: Vec<f32> = candle.forward(&x).unwrap().flatten_all().unwrap().to_vec1().unwrap();
    assert_same_bits(&format!("{dtype:?} {n}x{k}, {rows} rows"), n, &got, &want);
}

fn check_all(dtype: GgmlDType) {
    for (n, k) in SHAPES {
        for rows in (1..=max_rows() + 1).chain([17, 33]) {
            check_exact(n, k, rows, dtype);
        }
    }
}

#[test]
fn q5_0_matches_candle_bit_for_bit() {
    if kernel_or_skip("q5_0_matches_candle_bit_for_bit", GgmlDType::Q5_0) {
        check_all(GgmlDType::Q5_0);
    }
}

#[test]
fn q4_0_matches_candle_bit_for_bit() {
    if kernel_or_skip("q4_0_matches_candle_bit_for_bit", GgmlDType::Q4_0) {
        check_all(GgmlDType::Q4_0);
    }
}

/// Qwen2.5-0.5B's down projection whole (many column groups, the pool's
/// chunks) and its up/gate (k = 896, n = 4864).
#[test]
fn qwens_full_matrices_match_candle() {
    for dtype in [GgmlDType::Q5_0, GgmlDType::Q4_0] {
        if kernel_or_skip("qwens_full_matrices_match_candle", dtype) {
            for rows in [1, 5] {
                check_exact(896, 4864, rows, dtype);
                check_exact(4864, 896, rows, dtype);
            }
        }
    }
}

/// A row's bits are the same alone and anywhere in a batch (whichever
/// kernel call of up to 8 rows it falls in).
#[test]
fn a_row_gives_the_same_bits_alone_and_batched() {
    for dtype in [GgmlDType::Q5_0, GgmlDType::Q4_0] {
        let lin = Linear::new(matrix(256, 896, dtype, 7), Kernel::Best).unwrap();
        let x = Tensor::from_vec(values(17 * 896, 3, 1.0), (17, 896), &Device::Cpu).unwrap();
        let all: Vec<Vec<f32>> = lin.forward(&x).unwrap().to_vec2().unwrap();
        for r in [0, 5, 8, 16] {
            let alone: Vec<Vec<f32>> = lin.forward(&x.narrow(0, r, 1).unwrap()).unwrap().to_vec2().unwrap();
            assert_eq!(bits(&alone[0]), bits(&all[r]), "{dtype:?} row {r}");
        }
    }
}

#[test]
fn q0_packing_keeps_every_weight() {
    for (dtype, format) in [(GgmlDType::Q5_0, Format::Q5_0), (GgmlDType::Q4_0, Format::Q4_0)] {
        let q = matrix(32, 896, dtype, 11);
        let packed = Packed::new(format, 32, 896, &q.data().unwrap());
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

/// Stacked matrices (Qwen's q, k, v: 896 + 128 + 128 outputs) give each
/// part's columns bit for bit; Q5_0 with Q4_0 is refused and handed back.
#[test]
fn stacked_q0_matrices_give_each_parts_columns_exactly() {
    for dtype in [GgmlDType::Q5_0, GgmlDType::Q4_0] {
        let parts = || -> Vec<Linear> {
            [(896, 21), (128, 22), (128, 23)]
                .map(|(n, seed)| Linear::new(matrix(n, 896, dtype, seed), Kernel::Best).unwrap())
                .into()
        };
        for rows in [1, 5] {
            let x = Tensor::from_vec(values(rows * 896, 17, 1.0), (rows, 896), &Device::Cpu).unwrap();
            let alone: Vec<Vec<Vec<f32>>> = parts().iter().map(|l| l.forward(&x).unwrap().to_vec2().unwrap()).collect();
            match Linear::stack(parts()) {
                Ok(stacked) => {
                    let y = stacked.forward(&x).unwrap();
                    assert_eq!(y.dims(), [rows, 1152]);
                    let mut at = 0;
                    for want in &alone {
                        let w = want[0].len();
                        assert_eq!(
                            &y.narrow(1, at, w).unwrap().to_vec2::<f32>().unwrap(),
                            want,
                            "{dtype:?} {rows} rows"
                        );
                        at += w;
                    }
                }
                Err(back) => assert!(!packs(dtype) && back.len() == 3),
            }
        }
    }
    let mixed = vec![
        Linear::new(matrix(64, 896, GgmlDType::Q5_0, 1), Kernel::Best).unwrap(),
        Linear::new(matrix(64, 896, GgmlDType::Q4_0, 2), Kernel::Best).unwrap(),
    ];
    assert_eq!(Linear::stack(mixed).err().map(|b| b.len()), Some(2));
}

/// The matrices of a real Qwen2.5-0.5B Q4_K_M file (from memdoor's model
/// cache: `bash scripts/fetch-real-models.sh`): every Q5_0 and Q4_0 one packs (the tied embedding and
/// output projection included), and a few are candle's bit
/// for bit on 1 and 5 rows. Ignored: it reads a 0.5 GB file
/// (`cargo test -p memdoor-qmatmul --release -- --ignored`).
#[test]
#[ignore = "needs the real Qwen file: bash scripts/fetch-real-models.sh"]
fn a_real_qwen_files_q5_0_matrices_match_candle() {
    use candle_core::quantized::gguf_file;
    let home = std::env::var_os("HOME").expect("HOME");
    let path = std::path::Path::new(&home).join(".cache/memdoor/models/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf");
    let mut file = std::fs::File::open(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; run `bash scripts/fetch-real-models.sh`", path.display()));
    if !kernel_or_skip("a_real_qwen_files_q5_0_matrices_match_candle", GgmlDType::Q5_0) {
        return;
    }
    let ct = gguf_file::Content::read(&mut file).unwrap();
    let mut names: Vec<&String> = ct.tensor_infos.keys().collect();
    names.sort();
    let (mut packed, mut checked) = (0, 0);
    for name in names {
        let info = &ct.tensor_infos[name];
        if !matches!(info.ggml_dtype, GgmlDType::Q5_0 | GgmlDType::Q4_0)
            || !packs(info.ggml_dtype)
            || info.shape.dims().len() != 2
        {
            continue;
        }
        let load = |f: &mut std::fs::File| ct.tensor(f, name, &Device::Cpu).unwrap();
        let ours = Linear::new(load(&mut file), Kernel::Best).unwrap();
        assert!(ours.is_packed(), "{name} {:?}", info.shape);
        packed += 1;
        if checked < 8 && (name.contains("blk.0.") || name.contains("blk.23.")) {
            let candle = Linear::new(load(&mut file), Kernel::Candle).unwrap();
            let k = info.shape.dims()[1];
            for rows in [1, 5] {
                let x = Tensor::from_vec(values(rows * k, 5, 1.0), (rows, k), &Device::Cpu).unwrap();
                let got: Vec<f32> = ours.forward(&x).unwrap().flatten_all().unwrap().to_vec1().unwrap();
                let want: Vec<f32> = candle.forward(&x).unwrap().flatten_all().unwrap().to_vec1().unwrap();
                assert_eq!(bits(&got), bits(&want), "{name} {rows} rows");
            }
            checked += 1;
        }
    }
    eprintln!("{packed} Q5_0/Q4_0 matrices packed, {checked} compared with candle");
    assert!(packed > 0 && checked > 0);
}

/// The AVX2 kernel itself, called directly, against candle bit for bit:
/// it runs wherever AVX2 does, so a CPU with VNNI (whose products take the
/// VNNI kernel) checks it too.
#[cfg(target_arch = "x86_64")]
#[test]
fn the_avx2_kernel_matches_candle_bit_for_bit() {
    use super::act::Act;
    use super::pack::COLS;
    use super::x86_avx2;
    if !x86_avx2::available() {
        eprintln!("SKIPPED memdoor-qmatmul the_avx2_kernel_matches_candle_bit_for_bit: this CPU lacks AVX2/FMA/F16C");
        return;
    }
    for (dtype, format) in
        [(GgmlDType::Q5_0, Format::Q5_0), (GgmlDType::Q4_1, Format::Q4_1), (GgmlDType::Q8_0, Format::Q8_0)]
    {
        for (n, k) in [(128, 896), (48, 576), (32, 4864)] {
            let q = matrix(n, k, dtype, (n + k) as u64);
            let packed = Packed::new(format, n, k, &q.data().unwrap());
            let candle = Linear::new(q, Kernel::Candle).unwrap();
            for rows in [1, 2, 3, 4, 5, 9] {
                let x = values(rows * k, rows as u64 + 300, 1.0);
                let act = Act::quantize(&x, rows, k, false);
                let mut got = vec![0f32; rows * n];
                for g in 0..n / COLS {
                    let mut row0 = 0;
                    while row0 < rows {
                        let r = (rows - row0).min(x86_avx2::MAX_ROWS);
                        // SAFETY: AVX2 is available; `got` is [rows, n] and written by this thread alone.
                        unsafe { x86_avx2::group(&packed, &act, g, row0, r, got.as_mut_ptr()) };
                        row0 += r;
                    }
                }
                let x = Tensor::from_vec(x, (rows, k), &Device::Cpu).unwrap();
                let what = format!("AVX2 {dtype:?} {n}x{k}, {rows} rows");
                if dtype == GgmlDType::Q8_0 {
                    // Our own order (as the VNNI kernel's): the bound of `tests::check`.
                    let w = matrix(n, k, dtype, (n + k) as u64).dequantize(&Device::Cpu).unwrap();
                    let xq = QTensor::quantize(&x, GgmlDType::Q8_0).unwrap().dequantize(&Device::Cpu).unwrap();
                    let want: Vec<f32> = xq.matmul(&w.t().unwrap()).unwrap().flatten_all().unwrap().to_vec1().unwrap();
                    let scale: Vec<f32> = x
                        .abs()
                        .unwrap()
                        .matmul(&w.abs().unwrap().t().unwrap())
                        .unwrap()
                        .flatten_all()
                        .unwrap()
                        .to_vec1()
                        .unwrap();
                    for (i, ((g, w), s)) in got.iter().zip(&want).zip(&scale).enumerate() {
                        assert!(
                            (g - w).abs() <= 1.2e-5 * s + 1e-6,
                            "{what}: [{}][{}] ours {g} reference {w}",
                            i / n,
                            i % n
                        );
                    }
                } else {
                    let want: Vec<f32> = candle.forward(&x).unwrap().flatten_all().unwrap().to_vec1().unwrap();
                    assert_same_bits(&what, n, &got, &want);
                }
            }
        }
    }
}
