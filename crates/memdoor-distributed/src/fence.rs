//! Fencing a job's reply stream by epoch, so only the latest take counts.

use super::wire::{Reply, ReplyItem, WireChunk};

/// Fencing by epoch: only the latest take's replies count. A worker that was
/// paused past its lease and resumes writes with an old epoch; those writes
/// are dropped here.
#[derive(Debug, Default)]
pub struct Fence {
    epoch: u64,
    seq: u64,
    streamed: bool,
}

/// What the fence makes of one reply item.
#[derive(Debug, PartialEq)]
pub enum FenceCall {
    Skip,
    /// A newer take began after text of an older one was passed on.
    Restart,
    Pass(Reply),
}

impl Fence {
    /// Whether some worker has taken the job.
    pub fn taken(&self) -> bool {
        self.epoch > 0
    }

    pub fn accept(&mut self, item: ReplyItem) -> FenceCall {
        match item.reply {
            Reply::Taken { .. } if item.epoch > self.epoch => {
                let restart = self.streamed;
                self.epoch = item.epoch;
                self.seq = item.seq;
                self.streamed = false;
                if restart {
                    FenceCall::Restart
                } else {
                    FenceCall::Skip
                }
            }
            Reply::Taken { .. } => FenceCall::Skip,
            _ if item.epoch != self.epoch => FenceCall::Skip,
            _ if item.seq != 0 && item.seq <= self.seq => FenceCall::Skip,
            reply => {
                self.seq = item.seq;
                if matches!(reply, Reply::Chunk(WireChunk::Text(_))) {
                    self.streamed = true;
                }
                FenceCall::Pass(reply)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::WireChunk;

    fn item(epoch: u64, reply: Reply) -> ReplyItem {
        ReplyItem { epoch, seq: 0, reply }
    }
    fn text(t: &str) -> Reply {
        Reply::Chunk(WireChunk::Text(t.into()))
    }
    fn taken(w: &str) -> Reply {
        Reply::Taken { worker: w.into() }
    }

    #[test]
    fn only_the_latest_take_counts() {
        let mut f = Fence::default();
        assert_eq!(f.accept(item(1, taken("w0"))), FenceCall::Skip);
        assert_eq!(f.accept(item(1, text("def"))), FenceCall::Pass(text("def")));
        // w0 is lost; w1 reclaims the job: what w0 wrote is void.
        assert_eq!(f.accept(item(2, taken("w1"))), FenceCall::Restart);
        // w0 resumes after a pause and writes late: fenced off.
        assert_eq!(f.accept(item(1, text(" late"))), FenceCall::Skip);
        assert_eq!(f.accept(item(1, taken("w0"))), FenceCall::Skip);
        assert_eq!(f.accept(item(2, text("def f"))), FenceCall::Pass(text("def f")));
    }

    #[test]
    fn a_retried_write_that_landed_twice_counts_once() {
        let mut f = Fence::default();
        f.accept(ReplyItem { epoch: 1, seq: 1, reply: taken("w0") });
        assert_eq!(f.accept(ReplyItem { epoch: 1, seq: 2, reply: text("a") }), FenceCall::Pass(text("a")));
        assert_eq!(f.accept(ReplyItem { epoch: 1, seq: 2, reply: text("a") }), FenceCall::Skip);
        assert_eq!(f.accept(ReplyItem { epoch: 1, seq: 3, reply: text("b") }), FenceCall::Pass(text("b")));
    }

    #[test]
    fn a_reclaim_before_any_text_is_no_restart() {
        let mut f = Fence::default();
        f.accept(item(1, taken("w0")));
        assert_eq!(f.accept(item(2, taken("w1"))), FenceCall::Skip);
        assert_eq!(f.accept(item(2, text("x"))), FenceCall::Pass(text("x")));
    }
}
