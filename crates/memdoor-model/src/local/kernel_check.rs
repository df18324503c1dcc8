//! memdoor's own kernels on a device against their CPU references
//! (`memdoor bench kernels`): the fused layer kernels, the one-kernel
//! decode attention and sampling's pass over the vocabulary, each run on
//! the same inputs on the device and on the CPU, the largest difference
//! told against a tolerance. The CUDA kernels are compiled here but cannot
//! run without a GPU: this is the first thing a GPU window runs
//! (`scripts/gpu-window.sh`), so a kernel that computes something else is
//! found before any figure of it is trusted. On the CPU both sides are the
//! same code (what the tests run, to keep the cases working).

use anyhow::Result;
use candle_core::{Device, Tensor};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::decode_attention::DecodeAttention;
use super::decoder::RmsNorm;
use super::device_sampling::sample_rows;
use super::fused::{AddRmsNorm, QkvHeads, SiluMul};
use super::sampler::{RowDrawn, RowRequest};

/// One case of one kernel: the largest difference between the device's
/// answer and the CPU's, and what it may be.
#[derive(Debug, Clone, serde::Serialize)]
pub struct KernelCheck {
    pub kernel: &'static str,
    pub case: String,
    pub max_diff: f64,
    pub tolerance: f64,
}

impl KernelCheck {
    pub fn agrees(&self) -> bool {
        self.max_diff <= self.tolerance
    }
}

/// Every case on `device` (seeded inputs: the same each run).
pub fn check_kernels(device: &Device) -> Result<Vec<KernelCheck>> {
    let mut rng = StdRng::seed_from_u64(32);
    let mut checks = Vec::new();
    checks.extend(fused(device, &mut rng)?);
    checks.extend(attention(device, &mut rng)?);
    checks.extend(sampling(device, &mut rng)?);
    Ok(checks)
}

fn random(shape: &[usize], rng: &mut StdRng) -> Tensor {
    let n = shape.iter().product();
    let v: Vec<f32> = (0..n).map(|_| rng.random::<f32>() * 2.0 - 1.0).collect();
    Tensor::from_vec(v, shape, &Device::Cpu).expect("a shape's elements")
}

/// The largest absolute difference of two tensors' elements (the first on any device); NaN counts as infinite.
fn max_diff(device_side: &Tensor, cpu_side: &Tensor) -> Result<f64> {
    let a = device_side.to_device(&Device::Cpu)?.flatten_all()?.to_vec1::<f32>()?;
    let b = cpu_side.flatten_all()?.to_vec1::<f32>()?;
    if a.len() != b.len() {
        return Ok(f64::INFINITY);
    }
    Ok(a.iter()
        .zip(&b)
        .map(|(x, y)| (x - y).abs() as f64)
        .fold(0.0, |m, d| if d.is_nan() { f64::INFINITY } else { m.max(d) }))
}

fn check(kernel: &'static str, case: String, diffs: &[f64], tolerance: f64) -> KernelCheck {
    KernelCheck { kernel, case, max_diff: diffs.iter().copied().fold(0.0, f64::max), tolerance }
}

fn fused(device: &Device, rng: &mut StdRng) -> Result<Vec<KernelCheck>> {
    let mut checks = Vec::new();
    for (rows, nh, nkv, hd, interleaved) in [(1, 14, 2, 64, false), (5, 9, 3, 64, false), (3, 8, 8, 128, true)] {
        let width = (nh + 2 * nkv) * hd;
        let y = random(&[rows, width], rng);
        let bias = random(&[width], rng);
        let cos_sin = random(&[rows, hd], rng);
        let heads = QkvHeads { n_head: nh, n_kv_head: nkv, head_dim: hd, interleaved, q_scale: 0.125 };
        let run = |dev: &Device| -> Result<Vec<Tensor>> {
            let y = y.to_device(dev)?;
            let at = |from: usize, n: usize| y.narrow(1, from * hd, n * hd);
            let views = [at(0, nh)?, at(nh, nkv)?, at(nh + nkv, nkv)?];
            let (q, k, v) = heads.apply(
                [&views[0], &views[1], &views[2]],
                Some(&bias.to_device(dev)?),
                &cos_sin.to_device(dev)?,
            )?;
            Ok(vec![q, k, v])
        };
        let (got, want) = (run(device)?, run(&Device::Cpu)?);
        let diffs = got.iter().zip(&want).map(|(g, w)| max_diff(g, w)).collect::<Result<Vec<_>>>()?;
        checks.push(check(
            "qkv_heads",
            format!("{rows} rows, {nh}/{nkv} heads of {hd}, interleaved {interleaved}"),
            &diffs,
            1e-5,
        ));
    }
    let gate_up = random(&[5, 2 * 896], rng);
    let silu = max_diff(&SiluMul::apply(&gate_up.to_device(device)?)?, &SiluMul::apply(&gate_up)?)?;
    checks.push(check("silu_mul", "5 rows of 896".into(), &[silu], 1e-5));
    let (a, b, w) = (random(&[5, 896], rng), random(&[5, 896], rng), random(&[896], rng));
    let run = |dev: &Device| -> Result<(Tensor, Tensor)> {
        let norm = RmsNorm { weight: w.to_device(dev)?, eps: 1e-6 };
        Ok(AddRmsNorm::apply(&a.to_device(dev)?, &b.to_device(dev)?, &norm)?)
    };
    let ((s1, n1), (s2, n2)) = (run(device)?, run(&Device::Cpu)?);
    checks.push(check("add_rms_norm", "5 rows of 896".into(), &[max_diff(&s1, &s2)?, max_diff(&n1, &n2)?], 1e-4));
    Ok(checks)
}

fn attention(device: &Device, rng: &mut StdRng) -> Result<Vec<KernelCheck>> {
    let mut checks = Vec::new();
    // (heads, kv heads, head size, pool slots, capacity, window, softcap): one chunk and several,
    // every head size the kernel takes at one, two, four and eight per lane.
    let cases = [
        (14, 2, 64, 4, 40, None, None),
        (14, 2, 64, 4, 700, None, None),
        (8, 8, 32, 3, 600, Some(300), Some(30.0)),
        (32, 8, 128, 2, 520, None, None),
        (8, 4, 256, 2, 300, Some(100), Some(50.0)),
    ];
    for (nh, nkv, hd, slots, cap, window, softcap) in cases {
        let k_pool = random(&[slots, nkv, cap, hd], rng);
        let v_pool = random(&[slots, nkv, cap, hd], rng);
        // Every slot a row: at the first position, the last, and between.
        let positions: Vec<u32> = (0..slots).map(|s| [0, cap - 1, cap / 2, 256.min(cap - 1)][s % 4] as u32).collect();
        let rows = positions.len();
        let q = random(&[rows, nh, hd], rng);
        let slot_of: Vec<u32> = (0..rows as u32).rev().collect();
        let positions_slots: Vec<u32> = positions.iter().copied().chain(slot_of).collect();
        let run = |dev: &Device| -> Result<Tensor> {
            let ps = Tensor::from_vec(positions_slots.clone(), 2 * rows, dev)?;
            let op = DecodeAttention { positions_slots: &ps, window, softcap };
            Ok(op.apply(&q.to_device(dev)?, &k_pool.to_device(dev)?, &v_pool.to_device(dev)?)?)
        };
        let diff = max_diff(&run(device)?, &run(&Device::Cpu)?)?;
        let case = format!("{nh}/{nkv} heads of {hd}, {slots} slots of {cap}, window {window:?}, softcap {softcap:?}");
        checks.push(check("decode_attention", case, &[diff], 1e-4));
    }
    Ok(checks)
}

/// Sampling's pass: the same answer for every row (tokens equal, the same
/// candidates with the same scores, totals within 1e-5 of each other);
/// a row that differs counts 1 (0 when all agree).
fn sampling(device: &Device, rng: &mut StdRng) -> Result<Vec<KernelCheck>> {
    let mut checks = Vec::new();
    for vocab in [49_152, 151_936] {
        let rows = 6;
        let mut scores: Vec<f32> = (0..rows * vocab).map(|_| 4.0 * (rng.random::<f32>() - 0.5)).collect();
        for r in 0..rows {
            for _ in 0..5 {
                scores[r * vocab + rng.random_range(0..vocab)] = 8.0 + 6.0 * rng.random::<f32>();
            }
        }
        let request = |t: f32, top_k: u32, top_p: f64, penalty: f32| RowRequest {
            temperature: t,
            top_k,
            top_p,
            repeat_penalty: penalty,
            u: 0.37,
            penalized: if penalty == 1.0 { Vec::new() } else { vec![3, 17, 400, 9_000] },
        };
        let requests = [
            request(0.0, 0, 0.0, 1.0),
            request(0.8, 0, 0.0, 1.0),
            request(0.3, 0, 0.95, 1.0),
            request(0.7, 40, 0.0, 1.0),
            request(0.9, 20, 0.9, 1.3),
            request(1.0, 0, 0.0, 0.8),
        ];
        let logits = Tensor::from_vec(scores, (rows, vocab), &Device::Cpu)?;
        let got = sample_rows(&logits.to_device(device)?, &requests)?;
        let want = sample_rows(&logits, &requests)?;
        let differs = got.iter().zip(&want).filter(|(g, w)| !same_answer(g, w)).count();
        checks.push(check("sample_rows", format!("{rows} rows of {vocab}, six settings"), &[differs as f64], 0.0));
    }
    Ok(checks)
}

fn same_answer(a: &RowDrawn, b: &RowDrawn) -> bool {
    match (a, b) {
        (
            RowDrawn::Candidates { best: b1, total: t1, cands: c1 },
            RowDrawn::Candidates { best: b2, total: t2, cands: c2 },
        ) => b1 == b2 && (t1 - t2).abs() <= 1e-5 * t2.abs() && c1 == c2,
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A check is only as good as its cases: on the CPU every case runs and agrees exactly.
    #[test]
    fn every_case_runs_on_the_cpu() {
        let checks = super::check_kernels(&candle_core::Device::Cpu).unwrap();
        let kernels: std::collections::BTreeSet<&str> = checks.iter().map(|c| c.kernel).collect();
        assert_eq!(kernels.len(), 5, "{kernels:?}");
        assert!(checks.iter().all(|c| c.max_diff == 0.0 && c.agrees()), "{checks:#?}");
    }

    /// What tells a device's answer from the CPU's: a difference, a NaN, a
    /// shape; another token, another candidate, a total off by more than 1e-5.
    #[test]
    fn differences_are_told() {
        let t = |v: &[f32]| Tensor::new(v, &Device::Cpu).unwrap();
        assert_eq!(max_diff(&t(&[1.0, 2.0]), &t(&[1.0, 2.5])).unwrap(), 0.5);
        assert_eq!(max_diff(&t(&[f32::NAN, 2.0]), &t(&[1.0, 2.0])).unwrap(), f64::INFINITY);
        assert_eq!(max_diff(&t(&[1.0]), &t(&[1.0, 2.0])).unwrap(), f64::INFINITY);
        let cands = |total: f64, id: u32| RowDrawn::Candidates { best: 1.0, total, cands: vec![(id, 1.0)] };
        assert!(same_answer(&cands(2.0, 7), &cands(2.0 + 1e-6, 7)));
        assert!(!same_answer(&cands(2.0, 7), &cands(2.1, 7)));
        assert!(!same_answer(&cands(2.0, 7), &cands(2.0, 8)));
        assert!(!same_answer(&RowDrawn::Drawn(3), &RowDrawn::Drawn(4)));
        assert!(!check("k", "c".into(), &[0.1, 0.3], 0.2).agrees());
    }
}
