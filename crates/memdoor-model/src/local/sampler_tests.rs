//! The sampler against brute force: top-p and top-k sets, draw frequencies,
//! seeds, greedy ties, candle's repeat penalty, NaN rows.

use super::*;
use candle_core::Device;

fn logits(v: &[f32]) -> Tensor {
    Tensor::new(v, &Device::Cpu).unwrap().unsqueeze(0).unwrap()
}

fn sampler(temperature: f64, top_p: Option<f64>, top_k: Option<usize>, seed: u64) -> Sampler {
    Sampler::new(&Sampling { temperature, top_p, top_k, seed, ..Sampling::default() })
}

/// Standard normal, from the same seeded generator.
fn normal(rng: &mut StdRng) -> f32 {
    let (u, v): (f64, f64) = (rng.random::<f64>().max(1e-300), rng.random());
    ((-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()) as f32
}

#[derive(Debug, Clone, Copy)]
enum Shape {
    /// A model's: a long tail around 0, a few tokens far above it.
    Peaked,
    /// Uniform in [0, 1): top-p keeps most of the vocabulary.
    Flat,
    /// Four distinct scores only: the kept set's edge falls among equals.
    Ties,
}

fn row(shape: Shape, n: usize, rng: &mut StdRng) -> Vec<f32> {
    match shape {
        Shape::Peaked => {
            let mut v: Vec<f32> = (0..n).map(|_| 2.0 * normal(rng)).collect();
            for _ in 0..rng.random_range(1..=5) {
                v[rng.random_range(0..n)] = 8.0 + 6.0 * rng.random::<f32>();
            }
            v
        }
        Shape::Flat => (0..n).map(|_| rng.random::<f32>()).collect(),
        Shape::Ties => (0..n).map(|_| rng.random_range(0..4) as f32).collect(),
    }
}

/// The brute-force reference: every token sorted (best score first, equal
/// scores by id), probabilities in f64 over the whole vocabulary (no
/// cut), top-k then the smallest prefix whose mass reaches p of what is
/// left. Returns the order, the probabilities by id, and the kept count.
fn reference(row: &[f32], t: f64, top_p: Option<f64>, top_k: Option<usize>) -> (Vec<usize>, Vec<f64>, usize) {
    let mut order: Vec<usize> = (0..row.len()).collect();
    order.sort_by(|&a, &b| row[b].total_cmp(&row[a]).then(a.cmp(&b)));
    let best = row[order[0]] as f64;
    let w: Vec<f64> = row.iter().map(|&l| ((l as f64 - best) / t).exp()).collect();
    let k = top_k.map_or(row.len(), |k| k.min(row.len()));
    let total: f64 = order[..k].iter().map(|&i| w[i]).sum();
    let prob: Vec<f64> = w.iter().map(|x| x / total).collect();
    let kept = match top_p {
        None => k,
        Some(p) => {
            let mut cum = 0.0;
            order[..k]
                .iter()
                .position(|&i| {
                    cum += prob[i];
                    cum >= p
                })
                .map_or(k, |j| j + 1)
        }
    };
    (order, prob, kept)
}

/// The sampler's kept set for `row`, as ids.
fn kept_by(s: &mut Sampler, row: &[f32]) -> Vec<usize> {
    let t = s.temperature.unwrap();
    assert_eq!(s.keep(row, t).unwrap(), None);
    s.cands.iter().map(|c| c.id as usize).collect()
}

/// `ours` must be the first `ours.len()` of the reference order, and as
/// long as the reference's set, except by one where the reference's mass
/// at the edge is within rounding of the target.
fn check_prefix(case: &str, ours: &[usize], order: &[usize], prob: &[f64], want: usize, top_p: Option<f64>) {
    let mut got = ours.to_vec();
    got.sort_unstable();
    let mut expect = order[..got.len().min(order.len())].to_vec();
    expect.sort_unstable();
    assert_eq!(got, expect, "{case}: the kept tokens are not the most likely ones");
    if got.len() != want {
        let p = top_p.expect("without top-p the count is exact");
        let edge = got.len().min(want);
        let cum: f64 = order[..edge].iter().map(|&i| prob[i]).sum();
        assert!(
            got.len().abs_diff(want) == 1 && (cum - p).abs() < 1e-5,
            "{case}: kept {} tokens, the reference {want} (mass {cum} at {edge})",
            got.len()
        );
    }
}

#[test]
fn top_p_keeps_the_smallest_set_whose_mass_reaches_p() {
    let mut rng = StdRng::seed_from_u64(1);
    let small = [3, 4, 7, 63, 64, 65, 129, 1000, 4097];
    let large = [49_152, 151_936, 200_000];
    let cases = small.iter().flat_map(|&n| (0..10).map(move |seed| (n, seed))).chain(large.iter().map(|&n| (n, 0)));
    let mut checked = 0;
    for (n, seed) in cases {
        for shape in [Shape::Peaked, Shape::Flat, Shape::Ties] {
            let combos: &[(f64, f64)] = if n > 10_000 {
                &[(0.3, 0.95), (1.0, 0.5)]
            } else {
                &[(0.1, 0.95), (0.3, 0.95), (0.4, 0.9), (1.0, 0.5), (2.0, 0.99)]
            };
            for &(t, p) in combos {
                let row = row(shape, n, &mut rng);
                let mut s = sampler(t, Some(p), None, seed);
                let ours = kept_by(&mut s, &row);
                let (order, prob, want) = reference(&row, t, Some(p), None);
                check_prefix(&format!("{shape:?} n={n} seed={seed} t={t} p={p}"), &ours, &order, &prob, want, Some(p));
                checked += 1;
            }
        }
    }
    assert!(checked > 800, "{checked}");
}

#[test]
fn top_k_keeps_the_k_most_likely() {
    let mut rng = StdRng::seed_from_u64(2);
    for n in [3, 10, 64, 100, 1000, 151_936] {
        for k in [1, 2, 10, 40, 64, 65, n - 1, n, n + 5] {
            for shape in [Shape::Flat, Shape::Ties] {
                let row = row(shape, n, &mut rng);
                let mut s = sampler(0.3, None, Some(k), 0);
                let ours = kept_by(&mut s, &row);
                assert_eq!(ours.len(), k.min(n), "{shape:?} n={n} k={k}");
                let (order, prob, want) = reference(&row, 0.3, None, Some(k));
                check_prefix(&format!("{shape:?} n={n} k={k}"), &ours, &order, &prob, want, None);
            }
        }
    }
    // A peaked row has fewer than k tokens within e^-40 of the best: the
    // ones left out could never be drawn.
    let row = row(Shape::Peaked, 1000, &mut rng);
    let mut s = sampler(0.1, None, Some(200), 0);
    let ours = kept_by(&mut s, &row);
    let (order, prob, _) = reference(&row, 0.1, None, Some(200));
    check_prefix("peaked k=200", &ours, &order, &prob, ours.len(), None);
    let top = prob[order[0]];
    assert!(order[ours.len()..200].iter().all(|&i| prob[i] / top < 1e-17), "a token that could be drawn was left out");
}

#[test]
fn a_tail_below_the_first_cut_still_counts() {
    // One token 13 above 49,999 (at temperature 1): each of those weighs
    // e^-13 of it, under the first look's e^-12, but together 10 % of the
    // mass: top-p 0.95 and top-k 100 must look further.
    let mut rng = StdRng::seed_from_u64(7);
    let mut row: Vec<f32> = (0..50_000).map(|_| -13.0 - 0.5 * rng.random::<f32>()).collect();
    row[123] = 0.0;
    for (p, k) in [(Some(0.95), None), (None, Some(100)), (Some(0.95), Some(30_000)), (Some(0.5), None)] {
        let mut s = sampler(1.0, p, k, 0);
        let ours = kept_by(&mut s, &row);
        let (order, prob, want) = reference(&row, 1.0, p, k);
        check_prefix(&format!("p={p:?} k={k:?}"), &ours, &order, &prob, want, p);
        assert_eq!(ours.len() > 1, p != Some(0.5), "p={p:?} k={k:?}: kept {}", ours.len());
    }
}

#[test]
fn top_k_then_top_p_takes_p_of_the_top_ks_mass() {
    let mut rng = StdRng::seed_from_u64(3);
    for n in [5, 100, 5000, 151_936] {
        for (k, p) in [(1, 0.5), (3, 0.9), (40, 0.95), (64, 0.5), (100, 0.99), (n, 0.95)] {
            for shape in [Shape::Peaked, Shape::Flat, Shape::Ties] {
                let row = row(shape, n, &mut rng);
                let mut s = sampler(0.7, Some(p), Some(k), 0);
                let ours = kept_by(&mut s, &row);
                let (order, prob, want) = reference(&row, 0.7, Some(p), Some(k));
                check_prefix(&format!("{shape:?} n={n} k={k} p={p}"), &ours, &order, &prob, want, Some(p));
            }
        }
    }
}

/// Draws `n` tokens; none may fall outside the reference's kept set.
fn draws(row: &[f32], t: f64, top_p: Option<f64>, top_k: Option<usize>, n: usize) -> Vec<usize> {
    let (order, _, kept) = reference(row, t, top_p, top_k);
    let mut counts = vec![0usize; row.len()];
    let mut s = sampler(t, top_p, top_k, 11);
    for _ in 0..n {
        counts[s.sample_row(&mut row.to_vec(), &[]).unwrap() as usize] += 1;
    }
    for (i, &c) in counts.iter().enumerate() {
        assert!(
            c == 0 || order[..kept].contains(&i),
            "token {i} drawn {c} times, not in the kept set {:?}",
            &order[..kept]
        );
    }
    counts
}

/// Pearson's chi-square of `counts` against the reference's kept set
/// under (t, top_p, top_k), its probabilities renormalised; and the set's size.
fn chi_square(counts: &[usize], row: &[f32], t: f64, top_p: Option<f64>, top_k: Option<usize>) -> (f64, usize) {
    let (order, prob, kept) = reference(row, t, top_p, top_k);
    let kept = &order[..kept];
    let mass: f64 = kept.iter().map(|&i| prob[i]).sum();
    let n: usize = counts.iter().sum();
    let chi = kept
        .iter()
        .map(|&i| {
            let expect = n as f64 * prob[i] / mass;
            (counts[i] as f64 - expect).powi(2) / expect
        })
        .sum();
    (chi, kept.len())
}

#[test]
fn draws_follow_the_kept_tokens_renormalised_probabilities() {
    let row = [2.0, 1.5, 1.0, 0.5, 0.0, -0.5, -1.0, -2.0, -4.0, -8.0];
    // (temperature, top-p, top-k): with 40,000 draws, chi-square over at
    // most 9 degrees of freedom exceeds 45 with probability below 1e-6.
    for (t, p, k) in [
        (1.0, None, None),
        (0.7, Some(0.9), None),
        (1.5, Some(0.8), None),
        (1.0, None, Some(4)),
        (2.0, Some(0.8), Some(6)),
    ] {
        let counts = draws(&row, t, p, k, 40_000);
        let (chi, kept) = chi_square(&counts, &row, t, p, k);
        assert!(kept >= 3, "t={t} p={p:?} k={k:?}: kept {kept}");
        assert!(chi < 45.0, "t={t} p={p:?} k={k:?}: chi-square {chi:.1} over {kept} tokens");
    }
    // The bound tells close distributions apart: the draws at temperature
    // 1.0 against the probabilities at 1.1.
    let counts = draws(&row, 1.0, None, None, 40_000);
    assert!(chi_square(&counts, &row, 1.1, None, None).0 > 45.0);
    // Top-k 6 then top-p 0.8 takes 0.8 of the six's mass: four tokens,
    // where 0.8 of the whole mass (candle's TopKThenTopP) would take five.
    let (order, prob, _) = reference(&row, 2.0, None, None);
    let mut cum = 0.0;
    let whole = order[..6].iter().position(|&i| {
        cum += prob[i];
        cum >= 0.8
    });
    let (_, _, renormalised) = reference(&row, 2.0, Some(0.8), Some(6));
    assert_eq!((renormalised, whole.map(|j| j + 1)), (4, Some(5)));
    let counts = draws(&row, 2.0, Some(0.8), Some(6), 40_000);
    assert!(counts[order[3]] > 0 && counts[order[4]] == 0, "{counts:?}");
}

#[test]
fn the_same_seed_gives_the_same_samples() {
    let mut rng = StdRng::seed_from_u64(4);
    for (t, p, k) in [(1.0, None, None), (0.3, Some(0.95), None), (0.3, Some(0.95), Some(40)), (1.0, None, Some(3))] {
        let rows: Vec<Vec<f32>> =
            (0..20).map(|i| row(if i % 2 == 0 { Shape::Flat } else { Shape::Peaked }, 5000, &mut rng)).collect();
        let run = |seed| {
            let mut s = sampler(t, p, k, seed);
            rows.iter().map(|r| s.sample_row(&mut r.clone(), &[]).unwrap()).collect::<Vec<_>>()
        };
        let first = run(7);
        assert_eq!(first, run(7), "t={t} p={p:?} k={k:?}");
        assert_ne!(first, run(8), "another seed, other draws");
    }
    // Through the tensor too, and a flat distribution at temperature 1 varies.
    let cfg = Sampling { temperature: 1.0, seed: 7, ..Sampling::default() };
    let l = logits(&[1.0, 1.0, 1.0, 1.0, 1.0, 1.0]);
    let run = || {
        let mut s = Sampler::new(&cfg);
        (0..20).map(|_| s.sample(&l, &[]).unwrap()).collect::<Vec<_>>()
    };
    let first = run();
    assert_eq!(first, run());
    assert!(first.iter().any(|&t| t != first[0]), "temperature 1 over a flat distribution must vary");
}

#[test]
fn exp_lanes_is_exp_within_2e_7() {
    let mut worst = 0f64;
    let xs: Vec<f32> = (0..=87 * 4096).map(|i| -(i as f32) / 4096.0).chain([-1e-30, -0.5, -86.999]).collect();
    for chunk in xs.chunks(LANES) {
        let mut x = [0f32; LANES];
        x[..chunk.len()].copy_from_slice(chunk);
        let mut out = [0f32; LANES];
        exp_lanes(&x, &mut out);
        for (&x, &e) in x.iter().zip(&out) {
            let want = (x as f64).exp();
            worst = worst.max((e as f64 - want).abs() / want);
        }
    }
    assert!(worst < 2e-7, "relative error {worst:e}");
}

#[test]
fn greedy_is_argmax_with_ties_to_the_lowest_id() {
    let mut s = Sampler::new(&Sampling::default());
    assert_eq!(s.sample(&logits(&[0.1, 3.0, 2.0]), &[]).unwrap(), 1);
    assert_eq!(s.sample(&logits(&[1.0, 3.0, 3.0, 2.0, 3.0]), &[]).unwrap(), 1);
    // A temperature too small to divide by is greedy too.
    let mut tiny = sampler(1e-9, Some(0.95), None, 0);
    assert_eq!(tiny.sample(&logits(&[1.0, 3.0, 3.0]), &[]).unwrap(), 1);
    let mut rng = StdRng::seed_from_u64(5);
    for n in [1, 2, 3, 1000, 151_936] {
        for shape in [Shape::Peaked, Shape::Flat, Shape::Ties] {
            let v = row(shape, n, &mut rng);
            let t = Tensor::new(v.as_slice(), &Device::Cpu).unwrap();
            let candle = t.argmax(0).unwrap().to_scalar::<u32>().unwrap();
            assert_eq!(s.sample(&t.unsqueeze(0).unwrap(), &[]).unwrap(), candle, "{shape:?} n={n}");
        }
    }
}

#[test]
fn repeat_penalty_matches_candles() {
    let mut rng = StdRng::seed_from_u64(6);
    for penalty in [1.1f32, 1.3, 2.0, 0.8] {
        let mut v: Vec<f32> = (0..500).map(|_| 3.0 * normal(&mut rng)).collect();
        v[7] = 0.0;
        v[8] = -0.0;
        // Repeats, an id past the row, and the zeros.
        let context: Vec<u32> = (0..200).map(|_| rng.random_range(0..520)).chain([7, 8, 7, 8]).collect();
        let theirs = candle_transformers::utils::apply_repeat_penalty(
            &Tensor::new(v.as_slice(), &Device::Cpu).unwrap(),
            penalty,
            &context,
        )
        .unwrap();
        let theirs = theirs.to_vec1::<f32>().unwrap();
        let mut ours = v.clone();
        apply_repeat_penalty(&mut ours, penalty, &context, &mut HashSet::new());
        let bits = |x: &[f32]| x.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&ours), bits(&theirs), "penalty {penalty}");
        assert_ne!(ours, v);
    }
    // Through the sampler: only the last `repeat_last_n` tokens count.
    let cfg = Sampling { repeat_penalty: 2.0, repeat_last_n: 1, ..Sampling::default() };
    let mut s = Sampler::new(&cfg);
    // 3.0 / 2 = 1.5 < 2.0: the repeated token loses.
    assert_eq!(s.sample(&logits(&[0.1, 3.0, 2.0]), &[1]).unwrap(), 2);
    // Token 1 is out of the window of one: it keeps its 3.0.
    assert_eq!(s.sample(&logits(&[0.1, 3.0, 2.0]), &[1, 0]).unwrap(), 1);
}

#[test]
fn nan_scores_count_as_minus_infinity_and_nothing_to_sample_is_an_error() {
    let nan = f32::NAN;
    let row = [nan, 1.0, nan, 0.5, f32::NEG_INFINITY, nan];
    let mut greedy = Sampler::new(&Sampling::default());
    assert_eq!(greedy.sample_row(&mut row.clone(), &[]).unwrap(), 1);
    for (p, k) in [(None, None), (Some(0.95), None), (Some(0.5), Some(2)), (None, Some(1))] {
        let mut s = sampler(1.0, p, k, 3);
        for _ in 0..200 {
            let t = s.sample_row(&mut row.clone(), &[]).unwrap();
            assert!(t == 1 || t == 3, "drew {t}");
        }
    }
    // A NaN first, as candle's argmax would return.
    assert_eq!(greedy.sample_row(&mut [nan, 2.0, 3.0], &[]).unwrap(), 2);
    // An infinite score is the token.
    let mut s = sampler(0.3, Some(0.95), None, 0);
    assert_eq!(s.sample_row(&mut [1.0, f32::INFINITY, 2.0, f32::INFINITY], &[]).unwrap(), 1);
    for bad in [vec![], vec![nan; 4], vec![f32::NEG_INFINITY; 4], vec![nan, f32::NEG_INFINITY]] {
        for mut s in
            [Sampler::new(&Sampling::default()), sampler(0.3, Some(0.95), Some(40), 0), sampler(1.0, None, None, 0)]
        {
            let err = s.sample_row(&mut bad.clone(), &[]).expect_err("nothing to sample");
            assert!(err.to_string().starts_with("no token to sample"), "{err}");
        }
    }
    // The repeat penalty on a NaN keeps it NaN, and out of the draw.
    let cfg = Sampling { temperature: 0.5, repeat_penalty: 1.5, seed: 1, ..Sampling::default() };
    let mut s = Sampler::new(&cfg);
    assert_eq!(s.sample_row(&mut [nan, 0.0, nan], &[0, 2]).unwrap(), 1);
}
