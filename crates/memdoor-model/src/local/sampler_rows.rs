//! The sampler's side of a vocabulary pass made elsewhere (the device's:
//! `device_sampling`): what the pass needs for a stream's row
//! (`RowRequest`, with the uniform number the draw will use, drawn ahead)
//! and how the sampler finishes from what comes back (`RowDrawn`): a token,
//! or the candidates top-k and top-p select among here.

use anyhow::Result;
use rand::Rng;

use super::{exp_lanes, no_token, Cand, Sampler, LANES};

/// A stream's settings for one row, as a vocabulary pass away from the
/// sampler applies them (`Sampler::row_request`).
#[derive(Debug, Clone, PartialEq)]
pub(in crate::local) struct RowRequest {
    /// 0: greedy.
    pub temperature: f32,
    /// 0: off.
    pub top_k: u32,
    /// 0: off.
    pub top_p: f64,
    pub repeat_penalty: f32,
    /// The draw's uniform number in [0, 1) (a sampled draw's only).
    pub u: f64,
    /// The tokens whose scores the penalty changes: ascending, each once
    /// (none when the penalty is 1).
    pub penalized: Vec<u32>,
}

/// What a vocabulary pass found for a row.
#[derive(Debug, Clone, PartialEq)]
pub(in crate::local) enum RowDrawn {
    /// Drawn with the request's uniform number (no top-k or top-p).
    Drawn(u32),
    /// Greedy, or a score of +inf: no number drawn.
    Certain(u32),
    /// The tokens top-k and top-p select among, ascending by id, with their
    /// scores after the penalty; the best score; the weights' sum over every
    /// token within e^CUT of it.
    Candidates { best: f32, total: f64, cands: Vec<(u32, f32)> },
    /// Every score -inf or NaN.
    NoToken,
    /// Too many candidates to send: the host samples the whole row.
    Whole,
}

impl Sampler {
    /// What a vocabulary pass elsewhere (the device's: `device_sampling`)
    /// needs for this stream's next token after `history`: a sampled draw's
    /// uniform number is drawn now and kept for it.
    pub(in crate::local) fn row_request(&mut self, history: &[u32]) -> RowRequest {
        let mut penalized = Vec::new();
        if self.repeat_penalty != 1.0 && !history.is_empty() {
            penalized.extend_from_slice(&history[history.len().saturating_sub(self.repeat_last_n)..]);
            penalized.sort_unstable();
            penalized.dedup();
        }
        let u = match self.temperature {
            Some(_) => *self.pending_u.get_or_insert_with(|| self.rng.random::<f64>()),
            None => 0.0,
        };
        RowRequest {
            temperature: self.temperature.unwrap_or(0.0),
            top_k: self.top_k.map_or(0, |k| k.min(u32::MAX as usize) as u32),
            top_p: self.top_p.unwrap_or(0.0),
            repeat_penalty: self.repeat_penalty,
            u,
            penalized,
        }
    }

    /// The token from what the pass found for a row of `vocab` scores; None
    /// when it left the row to the host (`sample_row` on it then).
    pub(in crate::local) fn finish_drawn(&mut self, drawn: RowDrawn, vocab: usize) -> Result<Option<u32>> {
        match drawn {
            RowDrawn::Drawn(token) => {
                // The pass drew with the number `row_request` drew ahead.
                self.pending_u = None;
                Ok(Some(token))
            }
            RowDrawn::Certain(token) => Ok(Some(token)),
            RowDrawn::NoToken => Err(no_token(vocab)),
            RowDrawn::Whole => Ok(None),
            RowDrawn::Candidates { best, total, cands } => {
                let t = self.temperature.ok_or_else(|| anyhow::anyhow!("candidates came back for a greedy stream"))?;
                weigh(&cands, best, 1.0 / t, &mut self.cands);
                if self.cands.is_empty() {
                    return Err(anyhow::anyhow!("the device kept no candidate for a row of {vocab} scores"));
                }
                self.narrow(total);
                Ok(Some(self.pick()))
            }
        }
    }
}

/// `cands` with their weights, as `collect` weighs them.
fn weigh(scored: &[(u32, f32)], best: f32, inv_t: f32, cands: &mut Vec<Cand>) {
    cands.clear();
    for part in scored.chunks(LANES) {
        let mut z = [-87f32; LANES];
        for (z, &(_, l)) in z.iter_mut().zip(part) {
            let d = (l - best) * inv_t;
            *z = if d > -87.0 { d } else { -87.0 };
        }
        let mut weights = [0f32; LANES];
        exp_lanes(&z, &mut weights);
        cands.extend(part.iter().zip(weights).map(|(&(id, logit), weight)| Cand { logit, weight, id }));
    }
}
