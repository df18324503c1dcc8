//! One Redis server or a Redis Cluster, behind one connection type. A URL
//! names any one server; if it answers `CLUSTER INFO`, it is a Cluster
//! node and memdoor speaks the cluster protocol to the whole cluster (the
//! client follows MOVED/ASK and learns the slots). Every key of a session
//! shares the `{S}` hash tag and the seed keys are single-key commands, so
//! nothing memdoor sends crosses slots — except what must visit every node:
//! SCAN and keyspace notifications (a node reports only its own keys), which
//! go to each master on a plain connection of its own (`masters`).

use std::time::Duration;

use ::redis::aio::{ConnectionLike, ConnectionManager, ConnectionManagerConfig, MultiplexedConnection};
use ::redis::cluster::{ClusterClient, ClusterConfig};
use ::redis::cluster_async::ClusterConnection;
use ::redis::{AsyncConnectionConfig, Client, Cmd, ConnectionAddr, ConnectionInfo, Pipeline, RedisFuture, Value};
use anyhow::{Context, Result};

const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// Ordinary commands answer at once; a server silent this long is treated as gone.
const RESPONSE_TIMEOUT: Duration = Duration::from_secs(10);

/// A connection to wherever the session's keys live.
#[derive(Clone)]
pub enum RedisConn {
    /// One server; reconnects by itself, never retries a command.
    Managed(ConnectionManager),
    /// One server, its own connection (blocking reads, one node of a cluster).
    Plain(MultiplexedConnection),
    /// A Redis Cluster: routes each command to its slot's master.
    Cluster(ClusterConnection),
}

impl ConnectionLike for RedisConn {
    fn req_packed_command<'a>(&'a mut self, cmd: &'a Cmd) -> RedisFuture<'a, Value> {
        match self {
            Self::Managed(c) => c.req_packed_command(cmd),
            Self::Plain(c) => c.req_packed_command(cmd),
            Self::Cluster(c) => c.req_packed_command(cmd),
        }
    }

    fn req_packed_commands<'a>(&'a mut self, pipeline: &'a Pipeline, offset: usize, count: usize) -> RedisFuture<'a, Vec<Value>> {
        match self {
            Self::Managed(c) => c.req_packed_commands(pipeline, offset, count),
            Self::Plain(c) => c.req_packed_commands(pipeline, offset, count),
            Self::Cluster(c) => c.req_packed_commands(pipeline, offset, count),
        }
    }

    fn get_db(&self) -> i64 {
        match self {
            Self::Managed(c) => c.get_db(),
            Self::Plain(c) => c.get_db(),
            Self::Cluster(c) => c.get_db(),
        }
    }
}

/// What the URL leads to, and how to open connections there.
#[derive(Clone)]
pub enum Topology {
    Single(Client),
    Cluster { client: Box<ClusterClient>, seed: ConnectionInfo },
}

impl Topology {
    /// Connects once to `info` (a wrong address or password fails here, at
    /// once) and asks whether it is a Cluster node. A server that refuses
    /// `CLUSTER INFO` (an ACL without it, cluster support off) is one server.
    pub async fn detect(info: ConnectionInfo, shown_url: &str) -> Result<Self> {
        let client = Client::open(info.clone()).with_context(|| format!("bad Redis URL {shown_url}"))?;
        let mut probe = plain(&client, RESPONSE_TIMEOUT).await.with_context(|| format!("connecting to Redis at {shown_url}"))?;
        let cluster_info: Result<String, _> = ::redis::cmd("CLUSTER").arg("INFO").query_async(&mut probe).await;
        if !cluster_info.is_ok_and(|i| i.contains("cluster_enabled:1") || i.contains("cluster_state:")) {
            return Ok(Self::Single(client));
        }
        if matches!(info.addr(), ConnectionAddr::Unix(_)) {
            anyhow::bail!("{shown_url} is a Redis Cluster node: reach it over TCP (a cluster names its nodes by address)");
        }
        let client = ClusterClient::builder([info.clone()])
            .connection_timeout(CONNECT_TIMEOUT)
            .response_timeout(RESPONSE_TIMEOUT)
            .tcp_settings(info.tcp_settings().clone())
            .build()
            .with_context(|| format!("a Redis Cluster client for {shown_url}"))?;
        Ok(Self::Cluster { client: Box::new(client), seed: info })
    }

    pub fn is_cluster(&self) -> bool {
        matches!(self, Self::Cluster { .. })
    }

    /// Where the URL points (the seed node of a cluster).
    pub fn addr(&self) -> &ConnectionAddr {
        match self {
            Self::Single(client) => client.get_connection_info().addr(),
            Self::Cluster { seed, .. } => seed.addr(),
        }
    }

    /// The connection for ordinary commands: it reconnects by itself (one
    /// server: retries 0.1 s, 0.2 s … apart, never more than 4 s, so a Redis
    /// that restarts is found again within seconds).
    pub async fn connection(&self, shown_url: &str) -> Result<RedisConn> {
        let conn = match self {
            Self::Single(client) => {
                let config = ConnectionManagerConfig::new()
                    .set_connection_timeout(Some(CONNECT_TIMEOUT))
                    .set_response_timeout(Some(RESPONSE_TIMEOUT))
                    .set_min_delay(Duration::from_millis(100))
                    .set_exponent_base(2.0)
                    .set_max_delay(Duration::from_secs(4))
                    .set_number_of_retries(5);
                client.get_connection_manager_with_config(config).await.map(RedisConn::Managed)
            }
            Self::Cluster { client, .. } => {
                let config = ClusterConfig::new().set_connection_timeout(CONNECT_TIMEOUT).set_response_timeout(RESPONSE_TIMEOUT);
                client.get_async_connection_with_config(config).await.map(RedisConn::Cluster)
            }
        };
        conn.with_context(|| format!("connecting to Redis at {shown_url}"))
    }

    /// A connection of its own whose replies may take `wait` (XREAD BLOCK:
    /// a blocked read would stall every other command sharing a connection).
    pub async fn blocking_connection(&self, wait: Duration, shown_url: &str) -> Result<RedisConn> {
        let conn = match self {
            Self::Single(client) => plain(client, wait).await.map(RedisConn::Plain),
            Self::Cluster { client, .. } => {
                let config = ClusterConfig::new().set_connection_timeout(CONNECT_TIMEOUT).set_response_timeout(wait);
                client.get_async_connection_with_config(config).await.map(RedisConn::Cluster)
            }
        };
        conn.with_context(|| format!("connecting a subscriber to Redis at {shown_url}"))
    }

    /// A client for each master: the one server, or every master of the
    /// cluster as it stands now (asked each time: masters fail over).
    pub async fn masters(&self, shown_url: &str) -> Result<Vec<Client>> {
        let (client, seed) = match self {
            Self::Single(client) => return Ok(vec![client.clone()]),
            Self::Cluster { client, seed } => (client, seed),
        };
        let config = ClusterConfig::new().set_connection_timeout(CONNECT_TIMEOUT).set_response_timeout(RESPONSE_TIMEOUT);
        let mut conn = client.get_async_connection_with_config(config).await.with_context(|| format!("connecting to Redis at {shown_url}"))?;
        let nodes: String = ::redis::cmd("CLUSTER").arg("NODES").query_async(&mut conn).await.with_context(|| format!("listing the nodes of {shown_url}"))?;
        master_addrs(&nodes)
            .into_iter()
            .map(|(host, port)| {
                let addr = match seed.addr() {
                    ConnectionAddr::TcpTls { insecure, tls_params, .. } => {
                        ConnectionAddr::TcpTls { host, port, insecure: *insecure, tls_params: tls_params.clone() }
                    }
                    _ => ConnectionAddr::Tcp(host, port),
                };
                Client::open(seed.clone().set_addr(addr)).with_context(|| format!("a client for a node of {shown_url}"))
            })
            .collect()
    }
}

/// A plain connection to one server (a master of a cluster, for what goes
/// to each node), with the ordinary response timeout.
pub async fn plain_connection(node: &Client) -> Result<RedisConn, ::redis::RedisError> {
    plain(node, RESPONSE_TIMEOUT).await.map(RedisConn::Plain)
}

/// A plain multiplexed connection to one server.
pub async fn plain(client: &Client, response_timeout: Duration) -> Result<MultiplexedConnection, ::redis::RedisError> {
    let config = AsyncConnectionConfig::new().set_connection_timeout(Some(CONNECT_TIMEOUT)).set_response_timeout(Some(response_timeout));
    client.get_multiplexed_async_connection_with_config(&config).await
}

/// The addresses of the live masters in a `CLUSTER NODES` reply. A line is
/// `<id> <ip:port@cport[,hostname]> <flags> <master> …`; flags hold
/// `master`, and `fail` for a master that is down.
fn master_addrs(nodes: &str) -> Vec<(String, u16)> {
    nodes
        .lines()
        .filter_map(|line| {
            let mut fields = line.split_whitespace();
            let (_id, addr, flags) = (fields.next()?, fields.next()?, fields.next()?);
            let flags: Vec<&str> = flags.split(',').collect();
            if !flags.contains(&"master") || flags.iter().any(|f| f.starts_with("fail") || *f == "noaddr") {
                return None;
            }
            let host_port = addr.split(['@', ',']).next()?;
            let (host, port) = host_port.rsplit_once(':')?;
            Some((host.trim_matches(['[', ']']).to_string(), port.parse().ok()?))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::master_addrs;

    #[test]
    fn the_live_masters_are_read_from_cluster_nodes() {
        let nodes = "\
07c3 127.0.0.1:30004@40004 slave e7d1 0 1426238317239 4 connected
67ed 127.0.0.1:30002@40002,host-b master - 0 1426238316232 2 connected 5461-10922
292f 127.0.0.1:30003@40003 master - 0 1426238318243 3 connected 10923-16383
6ec2 127.0.0.1:30005@40005 master,fail - 1426238316232 1426238316232 5 disconnected
e7d1 127.0.0.1:30001@40001 myself,master - 0 0 1 connected 0-5460
ab12 [::1]:30006@40006 master - 0 0 6 connected
";
        let got = master_addrs(nodes);
        let want = [("127.0.0.1", 30002), ("127.0.0.1", 30003), ("127.0.0.1", 30001), ("::1", 30006)];
        assert_eq!(got, want.map(|(h, p)| (h.to_string(), p)));
        assert!(master_addrs("garbage\n\n x y").is_empty());
    }
}
