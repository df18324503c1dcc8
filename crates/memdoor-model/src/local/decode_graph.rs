//! Decode steps replayed as CUDA graphs (#32 item 3). A decode step on a
//! GPU is bound by the CPU issuing its few hundred kernels; a captured
//! graph issues them all with one launch. A graph replays the kernels it
//! recorded on the memory it recorded, so the step it records is a
//! `FixedStep`: for each number of rows and pool shape, inputs in tensors
//! that stay put, attention over the whole pools.
//!
//! The first step of a shape runs eagerly (with candle's cache of small
//! uploads on, so the capture finds every launch parameter it needs) and is
//! then captured; later steps of that shape write their inputs and launch
//! the graph, whose logits land in a tensor made before the capture. The
//! graphs point at the KV pools: when the pools move (`KvPool::generation`)
//! every graph is dropped. A step carrying more rows than any before it
//! (on either side of 8, where candle's quantized products change kernels)
//! drops them too, as a precaution (`before_step`): a review read the
//! products as keeping scratch buffers that then move, but candle 0.11.1's
//! allocate theirs afresh each call, in stream order, which a capture
//! records — so it costs a recapture per new most, and nothing is known
//! to need it. A capture or launch that fails turns graphs off for
//! the engine's life, said once in the log; decode steps then take the
//! pooled path. On the CPU there is nothing to capture: fixed steps run
//! eagerly, which is what the tests check.

use std::collections::hash_map::Entry;
use std::collections::HashMap;

use anyhow::Result;
use candle_core::Tensor;

use super::decoder::Decoder;
use super::fixed_step::{DecodeRow, FixedStep, StepShape};
use super::forward::Piece;
use super::kv_pool::KvPool;
use super::pooled_attention::PoolShape;

/// How a step of fixed shape ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Ran {
    /// Eagerly (on the CPU, a shape's first step, or graphs off).
    Eager,
    /// Eagerly, then captured for the next steps of its shape.
    Captured,
    /// A graph's replay.
    Replayed,
}

struct Replay {
    step: FixedStep,
    #[cfg(feature = "cuda")]
    graph: Option<cuda::Graph>,
}

/// Whether fixed steps are captured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Capture {
    /// No: they run eagerly (on the CPU, for the tests).
    Off,
    On,
    /// No fixed steps (the pooled path): a capture or launch failed, or
    /// the GPU cannot capture.
    Unused,
}

/// candle's quantized products on a GPU take one kernel up to this many
/// rows and another past it.
const SMALL_BATCH: usize = 8;

pub(super) struct DecodeGraphs {
    capture: Capture,
    /// The pools' generation the steps were made for.
    generation: u64,
    /// The most rows a step has carried, up to `SMALL_BATCH` and past it.
    rows_seen: (usize, usize),
    steps: HashMap<StepShape, Replay>,
}

/// The step's rows when every piece is one decode token in a slot that
/// wants its logits; None for any other step.
fn decode_rows(pieces: &[Piece]) -> Option<Vec<DecodeRow>> {
    pieces
        .iter()
        .map(|p| match (p.tokens, p.cache.slot) {
            (&[token], Some(slot)) if p.logits => Some(DecodeRow { token, position: p.cache.filled(), slot }),
            _ => None,
        })
        .collect()
}

impl DecodeGraphs {
    /// For the engine's device: graphs on a GPU whose memory is allocated in
    /// stream order (memory pools), as a capture needs; on a GPU without,
    /// the pooled path; on the CPU, fixed steps run eagerly.
    pub(super) fn for_device(device: &candle_core::Device) -> Self {
        #[cfg(feature = "cuda")]
        if let candle_core::Device::Cuda(d) = device {
            if d.cuda_stream().context().has_async_alloc() {
                return Self::new(true);
            }
            tracing::warn!("this GPU has no memory pools, which capturing a CUDA graph needs: no CUDA graphs");
            return Self { capture: Capture::Unused, ..Self::new(false) };
        }
        let _ = device;
        Self::new(false)
    }

    /// `capture`: record graphs; without, fixed steps run eagerly.
    pub(super) fn new(capture: bool) -> Self {
        let capture = if capture && cfg!(feature = "cuda") { Capture::On } else { Capture::Off };
        Self { capture, generation: 0, rows_seen: (0, 0), steps: HashMap::new() }
    }

    /// Told the rows of every step before it runs, fixed or not: past the
    /// most yet on its side of `SMALL_BATCH`, the graphs go (a precaution:
    /// see the module's comment).
    pub(super) fn before_step(&mut self, rows: usize) {
        let seen = if rows <= SMALL_BATCH { &mut self.rows_seen.0 } else { &mut self.rows_seen.1 };
        if rows > *seen {
            *seen = rows;
            self.steps.clear();
        }
    }

    /// Runs `pieces` as a fixed step when they are decode rows in `pool`'s
    /// slots that all want logits: their logits (`[rows, vocab]`, in the
    /// pieces' order; read them before the next step, which may overwrite
    /// them) and how the step ran, the caches advanced. None, and nothing
    /// done, for any other step.
    pub(super) fn step(
        &mut self,
        model: &Decoder,
        pieces: &mut [Piece],
        pool: &KvPool,
    ) -> Result<Option<(Tensor, Ran)>> {
        if self.capture == Capture::Unused {
            self.steps.clear();
            return Ok(None);
        }
        let Some(rows) = decode_rows(pieces) else { return Ok(None) };
        let cfg = &model.cfg;
        if pool.generation() != self.generation {
            self.steps.clear();
            self.generation = pool.generation();
        }
        let shape = StepShape {
            rows: rows.len(),
            pool: PoolShape { slots: pool.slots(), cap: pool.cap(), n_kv_head: cfg.n_kv_head, head_dim: cfg.head_dim },
        };
        let replay = match self.steps.entry(shape) {
            Entry::Occupied(held) => held.into_mut(),
            Entry::Vacant(place) => {
                let step = FixedStep::new(shape, cfg.sliding.map(|s| s.window), model.fused, &model.device)?;
                place.insert(Replay {
                    step,
                    #[cfg(feature = "cuda")]
                    graph: None,
                })
            }
        };
        replay.step.write(&rows)?;
        let (logits, ran) = self.run(model, pool, shape)?;
        for p in pieces.iter_mut() {
            p.cache.len += 1;
        }
        Ok(Some((logits, ran)))
    }

    /// The shapes held, for tests.
    #[cfg(test)]
    pub(super) fn shapes(&self) -> Vec<StepShape> {
        self.steps.keys().copied().collect()
    }

    #[cfg(not(feature = "cuda"))]
    fn run(&mut self, model: &Decoder, pool: &KvPool, shape: StepShape) -> Result<(Tensor, Ran)> {
        let replay = &self.steps[&shape];
        Ok((replay.step.forward(model, pool)?, Ran::Eager))
    }

    #[cfg(feature = "cuda")]
    fn run(&mut self, model: &Decoder, pool: &KvPool, shape: StepShape) -> Result<(Tensor, Ran)> {
        match self.steps[&shape].graph.as_ref().map(cuda::Graph::launch) {
            Some(Ok(logits)) => return Ok((logits, Ran::Replayed)),
            // Refused at launch (nothing ran): the step runs eagerly below.
            Some(Err(e)) => self.give_up(e),
            None => {}
        }
        let replay = self.steps.get_mut(&shape).expect("made by the caller");
        if self.capture != Capture::On {
            return Ok((replay.step.forward(model, pool)?, Ran::Eager));
        }
        let logits = cuda::with_upload_cache(model, || replay.step.forward(model, pool))?;
        match cuda::capture(model, &replay.step, pool) {
            Ok(graph) => {
                replay.graph = Some(graph);
                Ok((logits, Ran::Captured))
            }
            Err(e) => {
                self.give_up(e);
                Ok((logits, Ran::Eager))
            }
        }
    }

    /// Graphs off for the engine's life, said once.
    #[cfg(feature = "cuda")]
    fn give_up(&mut self, e: anyhow::Error) {
        tracing::warn!(
            "a decode step's CUDA graph failed ({e:#}); decode steps take the pooled path from now on \
             (MEMDOOR_CUDA_GRAPHS=0 skips the attempt)"
        );
        self.capture = Capture::Unused;
        // The step in hand still runs eagerly on its inputs; the next ones take the pooled path.
        self.steps.values_mut().for_each(|r| r.graph = None);
    }
}

#[cfg(feature = "cuda")]
mod cuda {
    use anyhow::{anyhow, bail, Result};
    use candle_core::cuda_backend::cudarc::driver::sys::{
        CUgraphInstantiate_flags, CUstreamCaptureMode, CUstreamCaptureStatus,
    };
    use candle_core::cuda_backend::cudarc::driver::{CudaGraph, CudaStream};
    use candle_core::{DType, Device, Tensor};

    use super::super::decoder::Decoder;
    use super::super::fixed_step::FixedStep;
    use super::super::kv_pool::KvPool;

    /// A recorded step and the tensor its logits land in.
    pub(super) struct Graph {
        graph: CudaGraph,
        logits: Tensor,
    }

    impl Graph {
        /// Queues the step; its logits are read (and waited for) from the tensor returned.
        pub(super) fn launch(&self) -> Result<Tensor> {
            self.graph.launch().map_err(|e| anyhow!("launching a decode step's CUDA graph: {e:?}"))?;
            Ok(self.logits.clone())
        }
    }

    fn cuda(model: &Decoder) -> Result<&candle_core::CudaDevice> {
        match &model.device {
            Device::Cuda(d) => Ok(d),
            _ => bail!("a CUDA graph on a device that is not a GPU"),
        }
    }

    /// `f` with candle serving small uploads (launch parameters of strided
    /// ops) from a cache the capture can read: what `f` uploads is there.
    pub(super) fn with_upload_cache<T>(model: &Decoder, f: impl FnOnce() -> Result<T>) -> Result<T> {
        let _cached = cuda(model)?.enable_cuda_graph_htod_cache();
        f()
    }

    /// Records `step` (already run once eagerly with the upload cache on)
    /// into a graph whose logits land in a tensor made here, before the
    /// capture, so they outlive it. Everything else the step allocates is
    /// freed within it (stream-ordered allocations become the graph's own);
    /// one that was not would make the graph's next launch fail, and the
    /// engine go eager (no auto-free: candle would free it again).
    pub(super) fn capture(model: &Decoder, step: &FixedStep, pool: &KvPool) -> Result<Graph> {
        let dev = cuda(model)?;
        let stream = dev.cuda_stream();
        // An error a drop stored earlier would fail the next call: said, and cleared.
        if let Err(e) = stream.context().check_err() {
            tracing::warn!("a CUDA error stored before a capture: {e:?}");
        }
        let logits = Tensor::zeros((step.shape().rows, model.cfg.vocab), DType::F32, &model.device)?;
        let _cached = dev.enable_cuda_graph_htod_cache();
        stream
            .begin_capture(CUstreamCaptureMode::CU_STREAM_CAPTURE_MODE_THREAD_LOCAL)
            .map_err(|e| anyhow!("beginning the capture: {e:?}"))?;
        let recorded = step.forward(model, pool).and_then(|out| Ok(logits.slice_set(&out, 0, 0)?));
        // The capture always ends, even when recording failed, so the stream
        // works on: `end_capture` first returns an error a failed drop
        // stored (and clears it) without ending it, so it is asked again.
        let capturing = |stream: &CudaStream| {
            stream.capture_status().is_ok_and(|s| s != CUstreamCaptureStatus::CU_STREAM_CAPTURE_STATUS_NONE)
        };
        let ended = match stream.end_capture(CUgraphInstantiate_flags(0)) {
            // The stored error is why the recording cannot be trusted: the capture ends, and fails.
            Err(e) if capturing(&stream) => {
                let _ = stream.end_capture(CUgraphInstantiate_flags(0));
                Err(e)
            }
            ended => ended,
        };
        recorded?;
        let graph = ended
            .map_err(|e| anyhow!("ending the capture: {e:?}"))?
            .ok_or_else(|| anyhow!("the capture recorded nothing"))?;
        graph.upload().map_err(|e| anyhow!("uploading the graph: {e:?}"))?;
        Ok(Graph { graph, logits })
    }
}

#[cfg(test)]
mod tests {
    use candle_core::Device;

    use super::*;

    fn hold_one(graphs: &mut DecodeGraphs) {
        let shape = StepShape { rows: 1, pool: PoolShape { slots: 2, cap: 8, n_kv_head: 1, head_dim: 2 } };
        let step = FixedStep::new(shape, None, false, &Device::Cpu).unwrap();
        #[cfg(feature = "cuda")]
        let replay = Replay { step, graph: None };
        #[cfg(not(feature = "cuda"))]
        let replay = Replay { step };
        graphs.steps.insert(shape, replay);
    }

    /// A step carrying more rows than any before on its side of 8 drops
    /// the graphs (the precaution in the module's comment).
    #[test]
    fn a_step_of_more_rows_than_ever_on_either_side_of_eight_drops_the_steps() {
        let mut graphs = DecodeGraphs::new(false);
        let held_after = |graphs: &mut DecodeGraphs, rows: usize| {
            hold_one(graphs);
            graphs.before_step(rows);
            !graphs.steps.is_empty()
        };
        assert!(!held_after(&mut graphs, 3), "the first step: more than none");
        assert!(held_after(&mut graphs, 3));
        assert!(held_after(&mut graphs, 1));
        assert!(!held_after(&mut graphs, 600), "the first prompt chunk");
        assert!(held_after(&mut graphs, 200));
        assert!(!held_after(&mut graphs, 5), "more small rows than ever, after a large step");
        assert!(!held_after(&mut graphs, 8), "8 is still the small buffer's");
        assert!(held_after(&mut graphs, 9), "9 is the large buffer's, which has held 600");
    }
}
