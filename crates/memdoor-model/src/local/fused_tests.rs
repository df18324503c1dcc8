use candle_core::{Device, Tensor, D};

use super::*;
use crate::local::layers::rotate;

/// Values that tell every element apart, seeded.
fn values(n: usize, seed: u32) -> Vec<f32> {
    (0..n as u32)
        .map(|i| ((i.wrapping_mul(2_654_435_761) ^ seed.wrapping_mul(40_503)) % 20_000) as f32 / 1_000.0 - 10.0)
        .collect()
}

fn bits(t: &Tensor) -> Vec<u32> {
    t.flatten_all().unwrap().to_vec1::<f32>().unwrap().into_iter().map(|x| (x + 0.0).to_bits()).collect()
}

/// What the layer loop does with candle's operations: narrow, add the
/// bias, copy, turn, scale.
fn by_candle(heads: QkvHeads, y: &Tensor, bias: Option<&Tensor>, cos: &Tensor, sin: &Tensor) -> [Tensor; 3] {
    let QkvHeads { n_head: nh, n_kv_head: nkv, head_dim: hd, interleaved, q_scale } = heads;
    let rows = y.dim(0).unwrap();
    let part = |at: usize, n: usize| {
        let p = y.narrow(1, at * hd, n * hd).unwrap();
        match bias {
            Some(b) => p.broadcast_add(&b.narrow(0, at * hd, n * hd).unwrap()).unwrap(),
            None => p,
        }
    };
    let cs = (cos.unsqueeze(1).unwrap(), sin.unsqueeze(1).unwrap());
    let q = rotate(part(0, nh).reshape((rows, nh, hd)).unwrap(), None, !interleaved, &cs).unwrap();
    let q = (q * q_scale as f64).unwrap();
    let k = rotate(part(nh, nkv).reshape((rows, nkv, hd)).unwrap(), None, !interleaved, &cs).unwrap();
    let v = part(nh + nkv, nkv).reshape((rows, nkv, hd)).unwrap();
    [q, k, v]
}

#[test]
fn qkv_heads_gives_candles_bits_for_both_ropes_with_and_without_bias() {
    let dev = Device::Cpu;
    for (rows, nh, nkv, hd) in [(1, 14, 2, 64), (5, 4, 4, 8), (3, 6, 2, 16)] {
        let width = (nh + 2 * nkv) * hd;
        let y = Tensor::from_vec(values(rows * width, 1), (rows, width), &dev).unwrap();
        let bias = Tensor::from_vec(values(width, 2), width, &dev).unwrap();
        let cos = Tensor::from_vec(values(rows * hd / 2, 3), (rows, hd / 2), &dev).unwrap();
        let sin = Tensor::from_vec(values(rows * hd / 2, 4), (rows, hd / 2), &dev).unwrap();
        let cos_sin = Tensor::cat(&[&cos, &sin], D::Minus1).unwrap();
        for interleaved in [false, true] {
            for bias in [None, Some(&bias)] {
                let heads = QkvHeads { n_head: nh, n_kv_head: nkv, head_dim: hd, interleaved, q_scale: 0.125 };
                let at = |from: usize, n: usize| y.narrow(1, from * hd, n * hd).unwrap();
                // Views of one stacked product's rows.
                let views = [at(0, nh), at(nh, nkv), at(nh + nkv, nkv)];
                let (q, k, v) = heads.apply([&views[0], &views[1], &views[2]], bias, &cos_sin).unwrap();
                // Products of their own (contiguous): the same.
                let apart = views.clone().map(|t| t.contiguous().unwrap());
                let (q2, k2, v2) = heads.apply([&apart[0], &apart[1], &apart[2]], bias, &cos_sin).unwrap();
                assert!(bits(&q2) == bits(&q) && bits(&k2) == bits(&k) && bits(&v2) == bits(&v));
                let want = by_candle(heads, &y, bias, &cos, &sin);
                for (name, got, want) in [("q", &q, &want[0]), ("k", &k, &want[1]), ("v", &v, &want[2])] {
                    assert_eq!(got.dims(), want.dims(), "{name}");
                    assert!(got.is_contiguous(), "{name} is read as it is");
                    let case = format!(
                        "{name}: rows {rows}, heads {nh}/{nkv}, interleaved {interleaved}, bias {}",
                        bias.is_some()
                    );
                    assert!(bits(got) == bits(want), "{case}");
                }
            }
        }
    }
}

#[test]
fn silu_mul_gives_candles_bits() {
    let dev = Device::Cpu;
    let (rows, w) = (3, 40);
    let gu = Tensor::from_vec(values(rows * 2 * w, 5), (rows, 2 * w), &dev).unwrap();
    let gate = gu.narrow(1, 0, w).unwrap();
    let up = gu.narrow(1, w, w).unwrap();
    let want = (candle_nn::ops::silu(&gate).unwrap() * up).unwrap();
    let got = SiluMul::apply(&gu).unwrap();
    assert_eq!(got.dims(), [rows, w]);
    assert!(bits(&got) == bits(&want));
}

#[test]
fn the_kernels_source_names_what_the_ops_launch() {
    // The CUDA side is compiled (by NVRTC) only on a GPU: at least the
    // names the launches look up are there, with their argument counts.
    for (name, args) in [("qkv_heads", 16), ("silu_mul", 4), ("add_rms_norm", 7)] {
        let at = KERNELS.find(&format!("void {name}(")).unwrap_or_else(|| panic!("{name} missing"));
        let signature = &KERNELS[at..at + KERNELS[at..].find(')').unwrap()];
        assert_eq!(signature.split(',').count(), args, "{signature}");
    }
}

#[test]
fn add_rms_norm_gives_candles_bits() {
    let dev = Device::Cpu;
    for (rows, hidden) in [(1, 896), (40, 64)] {
        let a = Tensor::from_vec(values(rows * hidden, 6), (rows, hidden), &dev).unwrap();
        let b = Tensor::from_vec(values(rows * hidden, 7), (rows, hidden), &dev).unwrap();
        let norm = crate::local::decoder::RmsNorm {
            weight: Tensor::from_vec(values(hidden, 8), hidden, &dev).unwrap(),
            eps: 1e-6,
        };
        let (sum, normed) = AddRmsNorm::apply(&a, &b, &norm).unwrap();
        let want_sum = (&a + &b).unwrap();
        let want_normed = candle_core::Module::forward(&norm, &want_sum).unwrap();
        assert_eq!((sum.dims(), normed.dims()), ([rows, hidden].as_slice(), [rows, hidden].as_slice()));
        assert!(bits(&sum) == bits(&want_sum), "rows {rows}: the sum");
        assert!(bits(&normed) == bits(&want_normed), "rows {rows}: the norm");
    }
}
