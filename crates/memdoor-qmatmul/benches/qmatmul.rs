//! candle's `QMatMul` against our `Linear` on SmolLM2-135M's matrix shapes
//! (Q4_1, Q8_0) and, for the K-quants, whose rows must be whole superblocks
//! of 256, on SmolLM2's one such shape (down, k = 1536) and Llama-3.2-1B's
//! (a Q4_K_M file's usual dimensions); Q5_0 and Q4_0 on Qwen2.5-0.5B's
//! (whose Q4_K_M file is mostly Q5_0: 896 is no multiple of 256), for 1
//! (one decode stream), 5 (five
//! streams) and 64 rows (a prefill chunk). Prints the median time per call;
//! run on an idle machine for figures to keep (`cargo bench --bench
//! qmatmul`; `-- Q6K` runs the dtypes whose name contains `Q6K` only).

use std::time::{Duration, Instant};

use candle_core::quantized::{GgmlDType, QTensor};
use candle_core::{Device, Module, Tensor};
use memdoor_qmatmul::{Kernel, Linear};

/// (inputs k, outputs n): q/o, k/v, gate/up, down, the vocabulary projection.
const SHAPES: [(usize, usize); 5] = [(576, 576), (576, 192), (576, 1536), (1536, 576), (576, 49152)];
/// (k, n) for Q4_K and Q6_K: SmolLM2's down; Llama-3.2-1B's q/o, k/v, gate/up, down.
const K_SHAPES: [(usize, usize); 5] = [(1536, 576), (2048, 2048), (2048, 512), (2048, 8192), (8192, 2048)];
/// (k, n) for Q5_0 and Q4_0: Qwen2.5-0.5B's q/o, up/gate, down.
const Q0_SHAPES: [(usize, usize); 3] = [(896, 896), (896, 4864), (4864, 896)];
const ROWS: [usize; 3] = [1, 5, 64];
/// Measuring time per case, after one warm-up call.
const BUDGET: Duration = Duration::from_millis(300);

fn weights(n: usize, k: usize, dtype: GgmlDType) -> QTensor {
    let w: Vec<f32> = (0..n * k).map(|i| ((i * 7919 % 1000) as f32 / 1000.0 - 0.5) * 0.1).collect();
    QTensor::quantize(&Tensor::from_vec(w, (n, k), &Device::Cpu).unwrap(), dtype).unwrap()
}

/// Median seconds per `f()` call.
fn median(mut f: impl FnMut()) -> f64 {
    f();
    let mut times = Vec::new();
    let start = Instant::now();
    while start.elapsed() < BUDGET || times.len() < 5 {
        let t = Instant::now();
        f();
        times.push(t.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn main() {
    println!("threads: {} (candle's barrier pool and the caller)", candle_core::utils::get_num_threads());
    println!(
        "{:<6} {:>12} {:>5} {:>12} {:>12} {:>8} {:>10}",
        "dtype", "k x n", "rows", "candle µs", "ours µs", "speedup", "ours GMAC/s"
    );
    let only: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let cases: [(GgmlDType, &[(usize, usize)]); 6] = [
        (GgmlDType::Q4_1, &SHAPES),
        (GgmlDType::Q8_0, &SHAPES),
        (GgmlDType::Q4K, &K_SHAPES),
        (GgmlDType::Q6K, &K_SHAPES),
        (GgmlDType::Q5_0, &Q0_SHAPES),
        (GgmlDType::Q4_0, &Q0_SHAPES),
    ];
    for (dtype, shapes) in cases {
        if !only.is_empty() && !only.iter().any(|o| format!("{dtype:?}").contains(o.as_str())) {
            continue;
        }
        for &(k, n) in shapes {
            let candle = Linear::new(weights(n, k, dtype), Kernel::Candle).unwrap();
            let ours = Linear::new(weights(n, k, dtype), Kernel::Best).unwrap();
            for rows in ROWS {
                let x: Vec<f32> = (0..rows * k).map(|i| ((i * 104729 % 2000) as f32 / 1000.0) - 1.0).collect();
                let x = Tensor::from_vec(x, (rows, k), &Device::Cpu).unwrap();
                let tc = median(|| drop(candle.forward(&x).unwrap()));
                let to = median(|| drop(ours.forward(&x).unwrap()));
                let tag = if ours.is_packed() { "" } else { " (ours fell back to candle)" };
                println!(
                    "{:<6} {:>12} {:>5} {:>12.1} {:>12.1} {:>7.2}x {:>10.1}{tag}",
                    format!("{dtype:?}"),
                    format!("{k}x{n}"),
                    rows,
                    tc * 1e6,
                    to * 1e6,
                    tc / to,
                    (rows * k * n) as f64 / to / 1e9
                );
            }
        }
    }
}
