//! The device's pass (its CPU reference) finishing in the sampler against
//! the sampler alone: the same tokens from the same seeds, stream after
//! stream, over greedy, temperature, top-k, top-p and the repeat penalty,
//! on model-like, flat, tied and broken rows.

use candle_core::{Device, Tensor};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::*;
use crate::local::sampler::Sampler;
use crate::Sampling;

/// A row a model might give: a tail around 0, a few tokens far above.
fn peaked(n: usize, rng: &mut StdRng) -> Vec<f32> {
    let mut v: Vec<f32> = (0..n).map(|_| 4.0 * (rng.random::<f32>() - 0.5)).collect();
    for _ in 0..rng.random_range(1..=6) {
        v[rng.random_range(0..n)] = 6.0 + 6.0 * rng.random::<f32>();
    }
    v
}

/// Rows of every kind the sampler meets, `n` scores each, in turn.
fn row(step: usize, n: usize, rng: &mut StdRng) -> Vec<f32> {
    match step % 7 {
        // Nearly flat: top-p keeps most of the vocabulary.
        0 => (0..n).map(|_| rng.random::<f32>() * 0.5).collect(),
        // Four distinct scores: the edges fall among equals.
        1 => (0..n).map(|_| rng.random_range(0..4) as f32).collect(),
        // NaN and -inf scattered over a model's row.
        2 => {
            let mut v = peaked(n, rng);
            for _ in 0..n / 10 {
                let at = rng.random_range(0..n);
                v[at] = if rng.random() { f32::NAN } else { f32::NEG_INFINITY };
            }
            v
        }
        // A score of +inf: certain, whatever the settings.
        3 if step % 2 == 1 => {
            let mut v = peaked(n, rng);
            v[rng.random_range(0..n)] = f32::INFINITY;
            v
        }
        _ => peaked(n, rng),
    }
}

fn settings() -> Vec<Sampling> {
    let base = Sampling { seed: 7, ..Sampling::default() };
    vec![
        base.clone(),
        Sampling { temperature: 0.8, ..base.clone() },
        Sampling { temperature: 0.3, top_p: Some(0.95), ..base.clone() },
        Sampling { temperature: 1.0, top_p: Some(0.5), ..base.clone() },
        Sampling { temperature: 0.7, top_k: Some(40), ..base.clone() },
        Sampling { temperature: 0.9, top_k: Some(20), top_p: Some(0.9), ..base.clone() },
        Sampling { temperature: 0.6, top_p: Some(0.9), repeat_penalty: 1.3, repeat_last_n: 16, ..base.clone() },
        Sampling { temperature: 0.0, repeat_penalty: 0.8, ..base.clone() },
        Sampling { temperature: 1.2, repeat_penalty: 1.1, ..base },
    ]
}

/// Every setting's stream at once, as the engine runs them: one call of
/// the pass a step over all rows, each finished by its sampler (the row
/// read whole when the pass leaves it to the host), against each
/// setting's own host sampler on the same rows.
#[test]
fn the_device_pass_gives_the_host_samplers_tokens() {
    let settings = settings();
    let mut host: Vec<Sampler> = settings.iter().map(Sampler::new).collect();
    let mut device: Vec<Sampler> = settings.iter().map(Sampler::new).collect();
    let mut history: Vec<Vec<u32>> = vec![vec![1, 2, 3]; settings.len()];
    let mut rng = StdRng::seed_from_u64(3);
    let (mut kinds, mut whole) = ([0usize; 5], 0);
    for step in 0..60 {
        // Under `CAP` scores a row, every token within e^CUT can be sent.
        let vocab = if step % 3 == 0 { 700 } else { 3_000 };
        let rows: Vec<Vec<f32>> = settings.iter().map(|_| row(step, vocab, &mut rng)).collect();
        let requests: Vec<RowRequest> = device.iter_mut().zip(&history).map(|(s, h)| s.row_request(h)).collect();
        let flat: Vec<f32> = rows.concat();
        let logits = Tensor::from_vec(flat, (rows.len(), vocab), &Device::Cpu).unwrap();
        let found = sample_rows(&logits, &requests).unwrap();
        for (i, drawn) in found.into_iter().enumerate() {
            kinds[match &drawn {
                RowDrawn::Drawn(_) => 0,
                RowDrawn::Certain(_) => 1,
                RowDrawn::Candidates { .. } => 2,
                RowDrawn::NoToken => 3,
                RowDrawn::Whole => 4,
            }] += 1;
            let want = host[i].sample_row(&mut rows[i].clone(), &history[i]).unwrap();
            let got = match device[i].finish_drawn(drawn, vocab).unwrap() {
                Some(token) => token,
                None => {
                    whole += 1;
                    device[i].sample_row(&mut rows[i].clone(), &history[i]).unwrap()
                }
            };
            assert_eq!(got, want, "step {step}, {:?}", settings[i]);
            history[i].push(want);
        }
    }
    // Each kind of answer came up, so each was held to the host's.
    assert!(kinds[0] > 0 && kinds[1] > 0 && kinds[2] > 0, "{kinds:?}");
    assert_eq!(kinds[4], whole);
}

/// A flat row under top-p keeps more candidates than the pass sends: the
/// host reads it, and the draw still uses the number drawn ahead.
#[test]
fn too_many_candidates_leave_the_row_to_the_host() {
    let s = Sampling { temperature: 1.0, top_p: Some(0.9), seed: 5, ..Sampling::default() };
    let (mut host, mut device) = (Sampler::new(&s), Sampler::new(&s));
    let mut rng = StdRng::seed_from_u64(9);
    for _ in 0..3 {
        let row: Vec<f32> = (0..20_000).map(|_| rng.random::<f32>()).collect();
        let request = device.row_request(&[]);
        let logits = Tensor::from_slice(&row, (1, row.len()), &Device::Cpu).unwrap();
        let drawn = sample_rows(&logits, &[request]).unwrap().remove(0);
        assert_eq!(drawn, RowDrawn::Whole);
        assert_eq!(device.finish_drawn(drawn, row.len()).unwrap(), None);
        let got = device.sample_row(&mut row.clone(), &[]).unwrap();
        assert_eq!(got, host.sample_row(&mut row.clone(), &[]).unwrap());
    }
}

#[test]
fn a_row_without_a_finite_score_is_an_error_either_way() {
    let s = Sampling { temperature: 0.5, top_p: Some(0.9), ..Sampling::default() };
    let mut device = Sampler::new(&s);
    let row = vec![f32::NAN, f32::NEG_INFINITY, f32::NAN];
    let logits = Tensor::from_slice(&row, (1, 3), &Device::Cpu).unwrap();
    let drawn = sample_rows(&logits, &[device.row_request(&[])]).unwrap().remove(0);
    assert_eq!(drawn, RowDrawn::NoToken);
    let err = device.finish_drawn(drawn, 3).unwrap_err().to_string();
    assert!(err.contains("-inf or NaN"), "{err}");
}

/// The op's output is read as untrusted: a wrong kernel's answer is an
/// error, never a token past the vocabulary or a bad slice.
#[test]
fn a_malformed_answer_is_refused() {
    let mut out = vec![0u32; ROW_OUT];
    (out[0], out[1]) = (DRAWN, 50);
    assert!(read_row(&out, 50).is_err(), "token 50 of 50");
    (out[0], out[1]) = (CANDIDATES, CAP as u32 + 1);
    assert!(read_row(&out, 50).is_err(), "more candidates than sent");
    (out[0], out[1]) = (CANDIDATES, 0);
    assert!(read_row(&out, 50).is_err(), "no candidate");
    (out[0], out[1], out[HEADER], out[HEADER + 1]) = (CANDIDATES, 1, 99, 1.5f32.to_bits());
    assert!(read_row(&out, 50).is_err(), "a candidate past the vocabulary");
    out[HEADER] = 7;
    assert_eq!(
        read_row(&out, 50).unwrap(),
        RowDrawn::Candidates { best: f32::from_bits(0), total: 0.0, cands: vec![(7, 1.5)] }
    );
    out[0] = 9;
    assert!(read_row(&out, 50).is_err(), "no kind of answer");
}

#[test]
fn settings_and_rows_must_match() {
    let logits = Tensor::zeros((2, 10), candle_core::DType::F32, &Device::Cpu).unwrap();
    let request = Sampler::new(&Sampling::default()).row_request(&[]);
    let err = sample_rows(&logits, &[request]).unwrap_err().to_string();
    assert!(err.contains("1 sampling settings for 2 rows"), "{err}");
}
