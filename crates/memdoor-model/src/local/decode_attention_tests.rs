//! The one-kernel attention (its CPU reference) against candle's six
//! launches over the same pools: every row and head within rounding,
//! with query heads sharing KV heads, a sliding window and a softcap.

use candle_core::{DType, Device, Tensor};

use super::*;
use crate::local::pooled_attention::{PoolShape, PooledStep};

struct Case {
    n_head: usize,
    pool: PoolShape,
    slots: &'static [usize],
    positions: &'static [usize],
    window: Option<usize>,
    softcap: Option<f64>,
}

/// The step's attention output both ways, and the pools each left.
fn both(case: &Case) -> [(Vec<f32>, Vec<f32>); 2] {
    let dev = Device::Cpu;
    let PoolShape { slots, cap, n_kv_head: kv, head_dim: hd } = case.pool;
    let rows = case.slots.len();
    let k_pool = Tensor::randn(0f32, 1.0, (slots, kv, cap, hd), &dev).unwrap();
    let v_pool = Tensor::randn(0f32, 1.0, (slots, kv, cap, hd), &dev).unwrap();
    let q = (Tensor::randn(0f32, 1.0, (rows, case.n_head, hd), &dev).unwrap() * 0.5).unwrap();
    let k = Tensor::randn(0f32, 1.0, (rows, kv, hd), &dev).unwrap();
    let v = Tensor::randn(0f32, 1.0, (rows, kv, hd), &dev).unwrap();
    [false, true].map(|fused| {
        let (kp, vp) = (k_pool.copy().unwrap(), v_pool.copy().unwrap());
        let step = PooledStep::new(case.slots, case.positions, case.pool, case.window, fused, &dev).unwrap();
        assert_eq!(step.fused(), fused);
        let y = step.attend(&kp, &vp, &q, &k, &v, case.softcap, case.window.is_some()).unwrap();
        assert_eq!(y.dims(), &[rows, case.n_head * hd]);
        let pools = Tensor::cat(&[kp.flatten_all().unwrap(), vp.flatten_all().unwrap()], 0).unwrap();
        (y.flatten_all().unwrap().to_vec1().unwrap(), pools.to_vec1().unwrap())
    })
}

fn check(case: Case) {
    let [(candle, candle_pools), (fused, fused_pools)] = both(&case);
    assert!(candle_pools == fused_pools, "the step's K/V rows go to the same places");
    let worst = candle.iter().zip(&fused).map(|(a, b)| (a - b).abs()).fold(0f32, f32::max);
    assert!(worst < 2e-5, "worst difference {worst}");
    assert!(candle.iter().all(|x| x.is_finite()));
}

#[test]
fn one_kernel_attends_as_candles_six_launches() {
    let pool = PoolShape { slots: 4, cap: 40, n_kv_head: 2, head_dim: 32 };
    // Rows out of slot order, one at position 0, one at the last position.
    let (slots, positions) = (&[3, 0, 2][..], &[39, 0, 17][..]);
    check(Case { n_head: 6, pool, slots, positions, window: None, softcap: None });
    check(Case { n_head: 6, pool, slots, positions, window: Some(8), softcap: None });
    check(Case { n_head: 2, pool, slots, positions, window: None, softcap: Some(30.0) });
    let wide = PoolShape { slots: 2, cap: 300, n_kv_head: 1, head_dim: 64 };
    check(Case { n_head: 7, pool: wide, slots: &[1], positions: &[299], window: Some(100), softcap: Some(50.0) });
}

/// Spans of several of the kernel's chunks (256 keys): a row across three,
/// one whose last key opens the second, one whose later chunks hold no key,
/// and a window that starts mid-chunk.
#[test]
fn spans_of_several_chunks_attend_as_candle_does() {
    let pool = PoolShape { slots: 3, cap: 600, n_kv_head: 2, head_dim: 32 };
    let (slots, positions) = (&[1, 2, 0][..], &[599, 256, 10][..]);
    check(Case { n_head: 4, pool, slots, positions, window: None, softcap: None });
    check(Case { n_head: 4, pool, slots, positions, window: Some(300), softcap: Some(20.0) });
    assert_eq!((chunks(600, None), chunks(600, Some(300)), chunks(40, None), chunks(512, None)), (3, 2, 1, 2));
}

#[test]
fn only_head_sizes_a_warp_divides_take_the_kernel() {
    assert!(supports(32) && supports(64) && supports(128) && supports(256));
    assert!(!supports(0) && !supports(48) && !supports(80) && !supports(512));
    // Elsewhere the step keeps candle's launches.
    let pool = PoolShape { slots: 1, cap: 4, n_kv_head: 1, head_dim: 48 };
    assert!(!PooledStep::new(&[0], &[1], pool, None, true, &Device::Cpu).unwrap().fused());
}

#[test]
fn rows_outside_the_pools_and_odd_settings_are_refused() {
    let dev = Device::Cpu;
    let pool = Tensor::zeros((2, 1, 4, 32), DType::F32, &dev).unwrap();
    let q = Tensor::zeros((1, 1, 32), DType::F32, &dev).unwrap();
    let apply = |pos: u32, slot: u32, window, softcap| {
        let positions_slots = Tensor::new(&[pos, slot], &dev).unwrap();
        let op = DecodeAttention { positions_slots: &positions_slots, window, softcap };
        op.apply(&q, &pool, &pool).map_err(|e| e.to_string())
    };
    for (pos, slot) in [(0, 2), (4, 0)] {
        let err = apply(pos, slot, None, None).unwrap_err();
        assert!(err.contains("outside 2 slots of 4"), "{err}");
    }
    assert!(apply(3, 1, Some(2), Some(50.0)).is_ok());
    for (window, softcap) in [(Some(0), None), (None, Some(0.0)), (None, Some(f64::NAN))] {
        let err = apply(3, 1, window, softcap).unwrap_err();
        assert!(err.contains("a window of"), "{err}");
    }
}
