//! A real Redis Cluster for tests: three `redis-server --cluster-enabled
//! yes` on free loopback ports, joined as three masters by `redis-cli
//! --cluster create`; every node is killed when the cluster is dropped.

use std::process::Command;
use std::time::{Duration, Instant};

use super::redis_server::{free_port, RedisServer};

/// How long the three nodes may take to agree on the slots once joined.
const READY_DEADLINE: Duration = Duration::from_secs(30);

pub struct RedisCluster {
    pub nodes: Vec<RedisServer>,
}

impl RedisCluster {
    /// Three masters owning every slot, each with the settings in `extra`.
    pub fn start(extra: &[&str]) -> Self {
        let nodes: Vec<RedisServer> = (0..3)
            .map(|_| {
                // The bus port is named: the default (port + 10000) may be taken or out of range.
                let bus = free_port().expect("a free port for the cluster bus").to_string();
                let mut args = vec![
                    "--cluster-enabled",
                    "yes",
                    "--cluster-config-file",
                    "nodes.conf",
                    "--cluster-node-timeout",
                    "5000",
                ];
                args.extend(["--cluster-port", &bus]);
                args.extend(extra);
                RedisServer::start_with_args(&args)
            })
            .collect();
        let addrs: Vec<String> = nodes.iter().map(|n| format!("127.0.0.1:{}", n.port)).collect();
        let out = Command::new("redis-cli")
            .args(["--cluster", "create"])
            .args(&addrs)
            .args(["--cluster-replicas", "0", "--cluster-yes"])
            .output()
            .expect("running redis-cli --cluster create");
        assert!(
            out.status.success(),
            "redis-cli --cluster create failed:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let cluster = Self { nodes };
        cluster.wait_ready();
        cluster
    }

    /// Polls every node until each reports the cluster up with every slot served.
    fn wait_ready(&self) {
        let deadline = Instant::now() + READY_DEADLINE;
        for node in &self.nodes {
            let mut conn =
                redis::Client::open(node.url()).unwrap().get_connection().expect("connecting to a cluster node");
            loop {
                let info: String = redis::cmd("CLUSTER").arg("INFO").query(&mut conn).unwrap();
                let known: String = redis::cmd("CLUSTER").arg("NODES").query(&mut conn).unwrap();
                if info.contains("cluster_state:ok")
                    && info.contains("cluster_slots_ok:16384")
                    && known.lines().count() == self.nodes.len()
                {
                    break;
                }
                assert!(Instant::now() < deadline, "the cluster did not come up on {}:\n{info}", node.port);
                std::thread::sleep(Duration::from_millis(50));
            }
        }
    }

    /// A URL to one node: a client given it finds the rest.
    pub fn url(&self) -> String {
        self.nodes[0].url()
    }
}
