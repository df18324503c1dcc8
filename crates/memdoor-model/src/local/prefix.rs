//! Shared-prefix prefill: a newcomer whose prompt begins like another
//! sequence's (the agents' prompts share the chat template's system prompt and
//! the problem) copies that sequence's KV rows instead of computing them again.
//!
//! Why a copy is exact: a prompt is always cut into the engine's
//! `PrefillChunk`-token chunks from position 0, so the KV rows of position p depend only on tokens
//! 0..=p and on the chunk p was computed in (the chunk fixes the shapes, and
//! with them the order of every floating-point sum). Two prompts whose first n
//! tokens agree, n a multiple of the chunk, computed those n positions in the
//! same chunks over the same tokens: the rows are bitwise equal. A part chunk
//! (a donor's prompt tail, or its decode tokens fed one at a time) was cut
//! differently, so only whole chunks are ever copied.

use std::collections::VecDeque;

use anyhow::Result;
use candle_core::Device;

use super::arch::ModelConfig;
use super::kv_cache::{grown_capacity, KvCache};

/// Prompt tokens of one sequence per step on the CPU: the golden tests' bits
/// are computed in these chunks.
pub const CPU_PREFILL_CHUNK: usize = 64;
/// On a GPU, where a step costs its launches more than its rows: a
/// 1,000-token prompt in two steps rather than sixteen.
pub const GPU_PREFILL_CHUNK: usize = 512;
/// The sizes `LoadOptions::prefill_chunk` and `MEMDOOR_PREFILL_CHUNK` accept.
pub const PREFILL_CHUNK_RANGE: std::ops::RangeInclusive<usize> = 16..=4096;

/// Finished prompts kept at most: the last round's prefix, and one more.
const MAX_KEPT: usize = 2;

/// Prompt tokens of one sequence per step. Fixed for an engine's life, so a
/// sequence's prompt is cut the same way whoever else is in the batch (its
/// output is then the same token for token, alone or batched), and a prefix
/// computed for one prompt is cut as another's would be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PrefillChunk(usize);

impl PrefillChunk {
    pub const CPU: Self = Self(CPU_PREFILL_CHUNK);
    pub const GPU: Self = Self(GPU_PREFILL_CHUNK);

    /// A chunk of `size` tokens, if in `PREFILL_CHUNK_RANGE`.
    pub fn new(size: usize) -> Option<Self> {
        PREFILL_CHUNK_RANGE.contains(&size).then_some(Self(size))
    }

    pub fn size(self) -> usize {
        self.0
    }

    /// `n` rounded down to whole chunks.
    pub(crate) fn whole(self, n: usize) -> usize {
        n / self.0 * self.0
    }

    /// The most positions a prompt of `len` tokens may copy: whole chunks,
    /// and never its last token, whose logits it must compute itself.
    pub(crate) fn reuse_limit(self, len: usize) -> usize {
        self.whole(len.saturating_sub(1))
    }
}

/// Tokens at the start of both `a` and `b`.
pub fn common_prefix(a: &[u32], b: &[u32]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// A sequence (or a kept prompt) a newcomer could copy from.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Donor<'a> {
    pub tokens: &'a [u32],
    /// Positions of `tokens` in its cache, computed in whole chunks.
    pub computed: usize,
    /// Whole-chunk positions it will have once its prefill is done (more than
    /// `computed` only while it is prefilling).
    pub planned: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plan {
    /// Copy the first `n` positions of `donor`, then prefill from `n`.
    Copy { donor: usize, n: usize },
    /// `donor` is computing more shared positions (`n` in the end): wait for
    /// them rather than compute them twice.
    Wait { donor: usize, n: usize },
    /// Nothing to share: prefill from position 0.
    Compute,
}

/// How a prompt not yet started should start, given `donors` (by index)
/// whose rows were computed in `chunk`s.
/// Waiting only ever points at a donor still prefilling, never at one that is
/// waiting itself (its `planned` is 0), so waits cannot form a cycle.
pub fn plan(prompt: &[u32], donors: &[Donor], chunk: PrefillChunk) -> Plan {
    let limit = chunk.reuse_limit(prompt.len());
    let (mut now, mut later) = ((0, 0), (0, 0)); // (positions, donor)
    for (i, d) in donors.iter().enumerate() {
        let shared = common_prefix(prompt, d.tokens).min(limit);
        let n_now = chunk.whole(shared.min(d.computed));
        let n_later = chunk.whole(shared.min(d.planned.max(d.computed)));
        if n_now > now.0 {
            now = (n_now, i);
        }
        if n_later > later.0 {
            later = (n_later, i);
        }
    }
    if later.0 > now.0 {
        Plan::Wait { donor: later.1, n: later.0 }
    } else if now.0 > 0 {
        Plan::Copy { donor: now.1, n: now.0 }
    } else {
        Plan::Compute
    }
}

/// A finished prompt's whole-chunk prefix and its KV rows.
struct Kept {
    tokens: Vec<u32>,
    cache: KvCache,
}

/// The KV of recently finished prompts, so the next round's prompts on the
/// same problem copy it. Bounded by `MAX_KEPT` entries and `max_bytes`
/// (SmolLM2-135M: 30 layers × K and V × 3 KV heads × 64 dims × 4 bytes =
/// 46 KB a position, so 1,000 prompt tokens keep 46 MB).
pub(crate) struct KeptPrefixes {
    kept: VecDeque<Kept>,
    max_bytes: usize,
    chunk: PrefillChunk,
}

impl KeptPrefixes {
    pub fn new(max_bytes: usize, chunk: PrefillChunk) -> Self {
        Self { kept: VecDeque::new(), max_bytes, chunk }
    }

    /// The chunks every prompt of the engine is cut in.
    pub fn chunk(&self) -> PrefillChunk {
        self.chunk
    }

    pub(crate) fn donors(&self) -> impl Iterator<Item = Donor<'_>> {
        self.kept.iter().map(|k| Donor { tokens: &k.tokens, computed: k.tokens.len(), planned: k.tokens.len() })
    }

    /// The cache of the `i`th donor of `donors()`.
    pub fn cache(&self, i: usize) -> &KvCache {
        &self.kept[i].cache
    }

    pub fn len(&self) -> usize {
        self.kept.len()
    }

    pub fn bytes(&self) -> usize {
        self.kept.iter().map(|k| k.cache.bytes()).sum()
    }

    /// Keeps the whole-chunk part of a leaving sequence's first `computed`
    /// prompt positions, unless a kept prefix already covers it; kept prefixes
    /// it covers go, then the oldest while over the bounds.
    pub fn keep(
        &mut self,
        prompt: &[u32],
        cache: &KvCache,
        computed: usize,
        cfg: &ModelConfig,
        device: &Device,
    ) -> Result<()> {
        let n = self.chunk.whole(computed.min(prompt.len()));
        if n == 0 || self.kept.iter().any(|k| common_prefix(&k.tokens, prompt) >= n) {
            return Ok(());
        }
        // Sized before copying: a prefix over the cap is not copied at all.
        if grown_capacity(n, cfg) * cfg.kv_bytes_per_position() > self.max_bytes {
            return Ok(());
        }
        let copy = cache.copy_prefix(n, cfg, device)?;
        self.kept.retain(|k| common_prefix(&k.tokens, prompt) < k.tokens.len());
        self.kept.push_back(Kept { tokens: prompt[..n].to_vec(), cache: copy });
        while self.kept.len() > MAX_KEPT || self.bytes() > self.max_bytes {
            self.kept.pop_front();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::local::kv_cache::tests::{filled, tiny};

    /// The CPU's chunk and another: nothing below may hold for 64 alone.
    const CHUNKS: [PrefillChunk; 2] = [PrefillChunk::CPU, PrefillChunk(128)];

    fn tokens(n: usize, salt: u32) -> Vec<u32> {
        (0..n as u32).map(|i| i * 7 + salt).collect()
    }

    /// `shared` tokens in common, then each its own.
    fn pair(shared: usize, len: usize) -> (Vec<u32>, Vec<u32>) {
        let mut a = tokens(len, 0);
        let mut b = a.clone();
        for t in &mut a[shared..] {
            *t += 1_000_000;
        }
        for t in &mut b[shared..] {
            *t += 2_000_000;
        }
        (a, b)
    }

    fn done(tokens: &[u32], chunk: PrefillChunk) -> Donor<'_> {
        Donor { tokens, computed: chunk.whole(tokens.len()), planned: chunk.whole(tokens.len()) }
    }

    #[test]
    fn chunk_sizes_outside_the_range_are_refused() {
        assert_eq!(PrefillChunk::new(64), Some(PrefillChunk::CPU));
        assert_eq!(PrefillChunk::new(GPU_PREFILL_CHUNK), Some(PrefillChunk::GPU));
        for bad in [0, 1, 15, 4097, usize::MAX] {
            assert_eq!(PrefillChunk::new(bad), None, "{bad}");
        }
    }

    #[test]
    fn only_whole_chunks_are_copied_and_never_the_last_token() {
        for chunk in CHUNKS {
            let c = chunk.size();
            assert_eq!((chunk.whole(c - 1), chunk.whole(c), chunk.whole(2 * c + 5)), (0, c, 2 * c));
            // A prompt of exactly two chunks computes its second chunk for its logits.
            assert_eq!(chunk.reuse_limit(2 * c), c);
            assert_eq!(chunk.reuse_limit(2 * c + 1), 2 * c);
            assert_eq!(chunk.reuse_limit(0), 0);

            let (a, b) = pair(2 * c + 30, 4 * c);
            assert_eq!(
                plan(&a, &[done(&b, chunk)], chunk),
                Plan::Copy { donor: 0, n: 2 * c },
                "the shared part rounded down"
            );
            let (a, b) = pair(c - 1, 4 * c);
            assert_eq!(plan(&a, &[done(&b, chunk)], chunk), Plan::Compute, "less than a chunk in common");
            // Identical prompts: all but the chunk holding the last token.
            let same = tokens(3 * c, 0);
            assert_eq!(plan(&same, &[done(&same, chunk)], chunk), Plan::Copy { donor: 0, n: 2 * c });
            // A donor's prompt ending mid-chunk: its tail was cut differently.
            let short = tokens(c + 10, 0);
            assert_eq!(plan(&tokens(4 * c, 0), &[done(&short, chunk)], chunk), Plan::Copy { donor: 0, n: c });
        }
    }

    #[test]
    fn the_longest_computed_share_wins_and_a_longer_one_coming_is_waited_for() {
        for chunk in CHUNKS {
            let c = chunk.size();
            let me = tokens(5 * c, 0);
            let (_, two) = pair(2 * c + 3, 5 * c);
            let (_, four) = pair(4 * c + 3, 5 * c);
            assert_eq!(plan(&me, &[done(&two, chunk), done(&four, chunk)], chunk), Plan::Copy { donor: 1, n: 4 * c });
            // `four` has computed one chunk so far, `two` all of its share: wait for `four`.
            let prefilling = Donor { tokens: &four, computed: c, planned: 5 * c };
            assert_eq!(plan(&me, &[done(&two, chunk), prefilling], chunk), Plan::Wait { donor: 1, n: 4 * c });
            // Once it has them, copy.
            let ready = Donor { computed: 4 * c, ..prefilling };
            assert_eq!(plan(&me, &[done(&two, chunk), ready], chunk), Plan::Copy { donor: 1, n: 4 * c });
        }
    }

    #[test]
    fn waiters_whose_leader_left_elect_a_new_one_and_never_wait_on_each_other() {
        for chunk in CHUNKS {
            let c = chunk.size();
            // Five identical prompts; none started: a waiter offers nothing.
            let p = tokens(4 * c + 9, 0);
            let waiting = Donor { tokens: &p, computed: 0, planned: 0 };
            // The leader prefilling: everyone else waits on it.
            let leader = Donor { tokens: &p, computed: c, planned: 4 * c };
            assert_eq!(plan(&p, &[leader, waiting, waiting], chunk), Plan::Wait { donor: 0, n: 4 * c });
            // The leader cancelled (gone from the list): the first waiter computes,
            assert_eq!(plan(&p, &[waiting, waiting], chunk), Plan::Compute);
            // and the next waits on it, as it now prefills.
            let new_leader = Donor { tokens: &p, computed: 0, planned: 4 * c };
            assert_eq!(plan(&p, &[new_leader, waiting], chunk), Plan::Wait { donor: 0, n: 4 * c });
        }
    }

    #[test]
    fn kept_prefixes_are_whole_chunks_deduplicated_and_bounded() {
        for chunk in CHUNKS {
            let c = chunk.size();
            let cfg = tiny();
            let dev = Device::Cpu;
            let mut kept = KeptPrefixes::new(usize::MAX, chunk);
            let round1 = tokens(3 * c + 10, 0);
            let cache = filled(round1.len(), &cfg);
            kept.keep(&round1, &cache, round1.len(), &cfg, &dev).unwrap();
            assert_eq!(kept.donors().map(|d| d.computed).collect::<Vec<_>>(), vec![3 * c]);
            // Four more agents with the same prompt: nothing new kept.
            for _ in 0..4 {
                kept.keep(&round1, &cache, round1.len(), &cfg, &dev).unwrap();
            }
            assert_eq!(kept.len(), 1);
            // A longer prompt over the same prefix replaces it.
            let longer = [&round1[..3 * c + 10], &tokens(2 * c, 9)].concat();
            kept.keep(&longer, &filled(longer.len(), &cfg), longer.len(), &cfg, &dev).unwrap();
            assert_eq!(kept.donors().map(|d| d.computed).collect::<Vec<_>>(), vec![5 * c]);
            // Other problems push the oldest out.
            for salt in [1, 2] {
                let other = tokens(2 * c, salt);
                kept.keep(&other, &filled(other.len(), &cfg), other.len(), &cfg, &dev).unwrap();
            }
            assert_eq!(kept.len(), MAX_KEPT);
            assert!(kept.donors().all(|d| d.tokens[0] != 0), "the first problem's prefix went");
            // A cancelled prompt keeps what it computed, in whole chunks.
            let mut small = KeptPrefixes::new(usize::MAX, chunk);
            small.keep(&round1, &cache, c + 20, &cfg, &dev).unwrap();
            assert_eq!(small.donors().map(|d| d.computed).collect::<Vec<_>>(), vec![c]);
            // The byte bound (counted by capacity, grown in KV_GROW steps): a
            // prefix bigger than it is not kept.
            let bound = grown_capacity(3 * c, &cfg) * cfg.kv_bytes_per_position();
            let mut tight = KeptPrefixes::new(bound, chunk);
            tight.keep(&longer, &filled(longer.len(), &cfg), longer.len(), &cfg, &dev).unwrap();
            assert_eq!(tight.len(), 0, "{} positions need more KV_GROW steps than {}", 5 * c, 3 * c);
            tight.keep(&round1, &cache, round1.len(), &cfg, &dev).unwrap();
            assert_eq!((tight.len(), tight.bytes()), (1, bound));
        }
    }
}
