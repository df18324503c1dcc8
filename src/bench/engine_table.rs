//! The table `memdoor bench engine` prints from its report.

use super::engine_report::{DecodeStepFigures, EngineReport, SamplingFigures};

pub fn print_table(r: &EngineReport) {
    let kv = match (r.kv_pool, r.decode_graphs) {
        (true, true) => "one KV pool, fixed decode steps (CUDA graphs on a GPU)",
        (true, false) => "one KV pool",
        (false, _) => "a KV cache a stream",
    };
    let kernels = if r.fused { "fused kernels" } else { "candle's kernels" };
    let sampling = if r.device_sampling { "sampling on the device" } else { "sampling on the host" };
    println!(
        "memdoor bench engine · {} · weights {} · {kv} · {kernels} · {sampling} · prompts in chunks of {} · CANDLE_NUM_THREADS={}",
        r.model, r.quant, r.prefill_chunk, r.compute_threads
    );
    if let Some(mb) = r.weights_mb {
        println!("weight matrices             {mb:>8.0} MB");
    }
    println!("load                        {:>8.2} s", r.load_s);
    println!("greedy answer begins        {:?}", r.greedy_start);
    println!(
        "one stream    prompt        {:>8.1} tok/s  ({} tok, first token after {:.2} s)",
        r.one.prompt_tok_s, r.one.prompt_tokens, r.one.time_to_first_token_s
    );
    print_reused(r.one.prompt_reused, r.one.prompt_tokens);
    println!("              generate      {:>8.1} tok/s  ({} tok)", r.one.generate_tok_s, r.one.generated_tokens);
    print_sampling(&r.sampling_one);
    println!("              peak RSS      {:>8.0} MB", r.peak_rss_one_mb);
    println!(
        "{} streams     prompt        {:>8.1} tok/s  ({} tok, first token after {:.2} s mean, {:.2} s last)",
        r.team.streams,
        r.team.prompt_tok_s,
        r.team.prompt_tokens,
        r.team.mean_time_to_first_token_s,
        r.team.max_time_to_first_token_s
    );
    print_reused(r.team.prompt_reused, r.team.prompt_tokens);
    println!(
        "              generate      {:>8.1} tok/s aggregate, {:.1} tok/s per stream ({} tok in {:.1} s)",
        r.team.aggregate_tok_s, r.team.per_stream_tok_s, r.team.generated_tokens, r.team.wall_s
    );
    print_sampling(&r.sampling_team);
    println!("              peak RSS      {:>8.0} MB", r.peak_rss_team_mb);
    println!("sampling as the team does: {}", r.sampling);
    print_decode_steps(&r.decode_steps);
    if r.decode_graphs {
        let g = &r.graph_steps;
        println!(
            "fixed decode steps          {:>8}  ({} captured as CUDA graphs, {} replayed)",
            g.fixed, g.captured, g.replayed
        );
    }
    match &r.vs_openai {
        Some(v) => {
            let ratio = |a: f64, b: f64| if b > 0.0 { format!("{:.2}×", a / b) } else { "–".into() };
            println!("vs {} (same prompts, same run; memdoor ÷ server):", v.url);
            println!(
                "one stream    prompt        {:>8.1} tok/s  ({})   generate {:>6.1} tok/s  ({})",
                v.one.prompt_tok_s,
                ratio(r.one.prompt_tok_s, v.one.prompt_tok_s),
                v.one.generate_tok_s,
                ratio(r.one.generate_tok_s, v.one.generate_tok_s)
            );
            println!(
                "{} streams     prompt        {:>8.1} tok/s  ({})   generate {:>6.1} tok/s aggregate  ({})",
                v.team.streams,
                v.team.prompt_tok_s,
                ratio(r.team.prompt_tok_s, v.team.prompt_tok_s),
                v.team.aggregate_tok_s,
                ratio(r.team.aggregate_tok_s, v.team.aggregate_tok_s)
            );
        }
        // Measured once on SmolLM2-135M only (docs/benchmarks.md):
        // a figure for another model would be a false comparison.
        None if crate::model::catalog::named("smollm2-135m").is_some_and(|m| r.model.ends_with(m.file)) => println!(
            "reference, llama.cpp on this machine kind, same GGUF: prompt 211–259 tok/s, one stream 106 tok/s, llama-server -np 5: 91 tok/s aggregate"
        ),
        None => {}
    }
}

/// The decode steps' split, so a run shows whether issuing the step (the
/// CPU) or finishing it (on a GPU, the device) takes the time.
fn print_decode_steps(rows: &[DecodeStepFigures]) {
    if rows.is_empty() {
        return;
    }
    println!("decode steps  streams   steps  forward ms  readback ms  sample ms  wall ms  (a step; on a GPU forward = issuing kernels, readback = waiting for them)");
    for d in rows {
        println!(
            "              {:>7} {:>7} {:>11.3} {:>12.3} {:>10.3} {:>8.3}",
            d.streams, d.steps, d.forward_ms, d.readback_ms, d.sample_ms, d.wall_ms
        );
    }
}

fn print_sampling(s: &SamplingFigures) {
    println!(
        "              sampling      {:>8.1} µs/token ({} tok; {:.2} % of the engine's steps, {:.2} ms a step)",
        s.us_per_token,
        s.tokens,
        100.0 * s.share_of_steps,
        s.ms_per_step
    );
    if s.on_device > 0 {
        println!(
            "              on the device {:>8} tok  ({} of them read whole by the host: too many candidates)",
            s.on_device, s.read_whole
        );
    }
}

/// Reused prompt tokens are not computed: the tok/s above leaves them out,
/// and this line says how many there were.
fn print_reused(reused: usize, total: usize) {
    println!("              prefix reused {reused:>8} of {total} prompt tokens (copied KV, not in tok/s)");
}
