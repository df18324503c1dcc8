//! Reading a `CLUSTER NODES` reply: the live masters, where they are, and
//! which slots each serves. A line is `<id> <ip:port@cport[,hostname]>
//! <flags> <master> <ping> <pong> <epoch> <link> <slot> <slot> …`; flags
//! hold `master`, and `fail` for a master that is down; a slot is `a-b`,
//! `a`, or `[…]` while it migrates.

/// One live master of a cluster.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Master {
    pub host: String,
    pub port: u16,
    /// Inclusive ranges of the slots it serves.
    pub slots: Vec<(u16, u16)>,
}

impl Master {
    pub fn owns(&self, slot: u16) -> bool {
        self.slots.iter().any(|&(a, b)| (a..=b).contains(&slot))
    }
}

/// The live masters a `CLUSTER NODES` reply lists, in its order.
pub fn masters(nodes: &str) -> Vec<Master> {
    nodes.lines().filter_map(master).collect()
}

fn master(line: &str) -> Option<Master> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let (addr, flags) = (fields.get(1)?, fields.get(2)?);
    let flags: Vec<&str> = flags.split(',').collect();
    if !flags.contains(&"master") || flags.iter().any(|f| f.starts_with("fail") || *f == "noaddr") {
        return None;
    }
    let host_port = addr.split(['@', ',']).next()?;
    let (host, port) = host_port.rsplit_once(':')?;
    let slots = fields.iter().skip(8).filter_map(|s| slot_range(s)).collect();
    Some(Master { host: host.trim_matches(['[', ']']).to_string(), port: port.parse().ok()?, slots })
}

fn slot_range(s: &str) -> Option<(u16, u16)> {
    if s.starts_with('[') {
        return None; // migrating or importing: still served where it was
    }
    match s.split_once('-') {
        Some((a, b)) => Some((a.parse().ok()?, b.parse().ok()?)),
        None => s.parse().ok().map(|a| (a, a)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NODES: &str = "\
07c3 127.0.0.1:30004@40004 slave e7d1 0 1426238317239 4 connected
67ed 127.0.0.1:30002@40002,host-b master - 0 1426238316232 2 connected 5461-10922
292f 127.0.0.1:30003@40003 master - 0 1426238318243 3 connected 10923-16382 16383 [93->-292f]
6ec2 127.0.0.1:30005@40005 master,fail - 1426238316232 1426238316232 5 disconnected
e7d1 127.0.0.1:30001@40001 myself,master - 0 0 1 connected 0-5460
ab12 [::1]:30006@40006 master - 0 0 6 connected
";

    #[test]
    fn the_live_masters_and_their_slots_are_read() {
        let got: Vec<(String, u16)> = masters(NODES).into_iter().map(|m| (m.host, m.port)).collect();
        let want = [("127.0.0.1", 30002), ("127.0.0.1", 30003), ("127.0.0.1", 30001), ("::1", 30006)];
        assert_eq!(got, want.map(|(h, p)| (h.to_string(), p)));
        assert!(masters("garbage\n\n x y").is_empty());
    }

    #[test]
    fn each_slot_has_its_owner() {
        let all = masters(NODES);
        let owner = |slot| all.iter().find(|m| m.owns(slot)).map(|m| m.port);
        assert_eq!(
            [owner(0), owner(5460), owner(5461), owner(16382), owner(16383)],
            [30001, 30001, 30002, 30003, 30003].map(Some)
        );
        assert_eq!(all[1].slots, [(10923, 16382), (16383, 16383)], "a migrating slot is not counted twice");
    }
}
