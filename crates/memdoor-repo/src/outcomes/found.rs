//! The outcomes one run's output gives, as every reader keeps them: within
//! `MAX_OUTCOMES`, names cut to `MAX_NAME_CHARS` with a hash that keeps
//! them apart, a test seen twice keeping its worse outcome.

use std::collections::{BTreeMap, HashMap};

use crate::domain::TestOutcome;

/// Outcomes kept from one run at most; past them reading goes on only to count.
pub const MAX_OUTCOMES: usize = 10_000;

/// A test's key is at most this many characters (chars, not bytes); a longer
/// name is cut and ends in `~` and a hash of the whole, so keys stay distinct.
pub const MAX_NAME_CHARS: usize = 300;

pub(super) type Map = BTreeMap<String, TestOutcome>;

/// How bad an outcome is, for a test seen twice.
fn severity(o: TestOutcome) -> u8 {
    match o {
        TestOutcome::Pass => 0,
        TestOutcome::Skip => 1,
        TestOutcome::Fail => 2,
        TestOutcome::Error => 3,
    }
}

/// FNV-1a: a hash that is the same in every process, for the keys of cut names.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

/// `name` within `max` characters: cut on a char boundary, the hash of the whole after `~`.
pub(super) fn cut(name: &str, max: usize) -> String {
    if name.char_indices().nth(max).is_none() {
        return name.to_string();
    }
    let keep = max.saturating_sub(17);
    let end = name.char_indices().nth(keep).map_or(name.len(), |(i, _)| i);
    format!("{}~{:016x}", &name[..end], fnv(name))
}

/// The outcomes read so far, within the bounds.
#[derive(Default)]
pub(super) struct Found {
    map: Map,
    /// The last index given to a repeated name (`fresh`), so finding a free one stays linear.
    index: HashMap<String, usize>,
}

impl Found {
    /// The same test again (a pytest teardown error after its pass, a unittest
    /// subtest, a line printed twice): the worse outcome stands.
    pub(super) fn merge(&mut self, name: &str, outcome: TestOutcome) {
        let key = cut(name, MAX_NAME_CHARS);
        let room = self.map.len() < MAX_OUTCOMES;
        match self.map.get_mut(&key) {
            Some(o) if severity(outcome) > severity(*o) => *o = outcome,
            Some(_) => {}
            None if room => {
                self.map.insert(key, outcome);
            }
            None => {}
        }
    }

    /// Another test of the same name (node's names need not be unique): ` #2`, ` #3`… keep it apart.
    pub(super) fn fresh(&mut self, name: &str, outcome: TestOutcome) {
        if self.map.len() >= MAX_OUTCOMES {
            return;
        }
        let mut key = cut(name, MAX_NAME_CHARS);
        if self.map.contains_key(&key) {
            let n = self.index.entry(key.clone()).or_insert(1);
            loop {
                *n += 1;
                let suffix = format!(" #{n}");
                let indexed = cut(name, MAX_NAME_CHARS - suffix.len()) + &suffix;
                if !self.map.contains_key(&indexed) {
                    key = indexed;
                    break;
                }
            }
        }
        self.map.insert(key, outcome);
    }

    pub(super) fn finish(self) -> Option<Map> {
        (!self.map.is_empty()).then_some(self.map)
    }
}
