//! One Redis server or a Redis Cluster, behind one connection type. A URL
//! names any one server; if it answers `CLUSTER INFO`, it is a Cluster
//! node and memdoor speaks the cluster protocol to the whole cluster (the
//! client follows MOVED/ASK and learns the slots). Every key of a namespace
//! shares the `{S}` hash tag and the seed keys are single-key commands, so
//! nothing memdoor sends crosses slots — except what must visit every node:
//! SCAN and keyspace notifications (a node reports only its own keys), which
//! go to each master on a plain connection of its own (`masters`).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use ::redis::aio::{ConnectionLike, ConnectionManager, ConnectionManagerConfig, MultiplexedConnection};
use ::redis::cluster::{ClusterClient, ClusterConfig};
use ::redis::cluster_async::ClusterConnection;
use ::redis::{AsyncConnectionConfig, Client, Cmd, ConnectionAddr, ConnectionInfo, Pipeline, RedisFuture, Value};
use anyhow::{Context, Result};

use super::nodes;

const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// Ordinary commands answer at once; a server silent this long is treated as gone.
const RESPONSE_TIMEOUT: Duration = Duration::from_secs(10);

/// A connection to wherever the namespace's keys live.
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

    fn req_packed_commands<'a>(
        &'a mut self,
        pipeline: &'a Pipeline,
        offset: usize,
        count: usize,
    ) -> RedisFuture<'a, Vec<Value>> {
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
    Cluster {
        client: Box<ClusterClient>,
        seed: ConnectionInfo,
        /// The master found last to own the namespace's slot (blocking reads go there).
        namespace_master: Arc<Mutex<Option<Client>>>,
    },
}

impl Topology {
    /// Connects once to `info` (a wrong address or password fails here, at
    /// once) and asks whether it is a Cluster node. A server that refuses
    /// `CLUSTER INFO` (an ACL without it, cluster support off) is one server.
    pub async fn detect(info: ConnectionInfo, shown_url: &str) -> Result<Self> {
        let client = Client::open(info.clone()).with_context(|| format!("bad Redis URL {shown_url}"))?;
        let mut probe =
            plain(&client, RESPONSE_TIMEOUT).await.with_context(|| format!("connecting to Redis at {shown_url}"))?;
        let cluster_info: Result<String, _> = ::redis::cmd("CLUSTER").arg("INFO").query_async(&mut probe).await;
        if !cluster_info.is_ok_and(|i| i.contains("cluster_enabled:1") || i.contains("cluster_state:")) {
            return Ok(Self::Single(client));
        }
        if matches!(info.addr(), ConnectionAddr::Unix(_)) {
            anyhow::bail!(
                "{shown_url} is a Redis Cluster node: reach it over TCP (a cluster names its nodes by address)"
            );
        }
        let client = ClusterClient::builder([info.clone()])
            .connection_timeout(CONNECT_TIMEOUT)
            .response_timeout(RESPONSE_TIMEOUT)
            .tcp_settings(info.tcp_settings().clone())
            .build()
            .with_context(|| format!("a Redis Cluster client for {shown_url}"))?;
        Ok(Self::Cluster { client: Box::new(client), seed: info, namespace_master: Arc::default() })
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
                let config =
                    ClusterConfig::new().set_connection_timeout(CONNECT_TIMEOUT).set_response_timeout(RESPONSE_TIMEOUT);
                client.get_async_connection_with_config(config).await.map(RedisConn::Cluster)
            }
        };
        conn.with_context(|| format!("connecting to Redis at {shown_url}"))
    }

    /// A connection of its own whose replies may take `wait` (XREAD BLOCK:
    /// a blocked read would stall every other command sharing a connection).
    /// On a cluster it is a plain connection to the master owning the slot of
    /// `namespace_key` — every key of a namespace shares that slot — checked to
    /// own it (a moved slot is looked up again): one connection, not one to
    /// every node.
    pub async fn blocking_connection(
        &self,
        conn: &RedisConn,
        wait: Duration,
        shown_url: &str,
        namespace_key: &str,
    ) -> Result<RedisConn> {
        let what = || format!("connecting a subscriber to Redis at {shown_url}");
        let (seed, namespace_master) = match self {
            Self::Single(client) => return plain(client, wait).await.map(RedisConn::Plain).with_context(what),
            Self::Cluster { seed, namespace_master, .. } => (seed, namespace_master),
        };
        let known = namespace_master.lock().unwrap_or_else(|p| p.into_inner()).clone();
        if let Some(node) = known {
            if let Ok(c) = owner_connection(&node, wait, namespace_key).await {
                return Ok(c);
            }
        }
        let mut conn = conn.clone();
        let slot: u16 = ::redis::cmd("CLUSTER")
            .arg("KEYSLOT")
            .arg(namespace_key)
            .query_async(&mut conn)
            .await
            .with_context(what)?;
        let listing: String = ::redis::cmd("CLUSTER").arg("NODES").query_async(&mut conn).await.with_context(what)?;
        let owner = nodes::masters(&listing).into_iter().find(|m| m.owns(slot));
        let owner = owner.with_context(|| format!("no master of {shown_url} serves slot {slot} now"))?;
        let node = node_client(seed, owner.host, owner.port).with_context(what)?;
        let c = owner_connection(&node, wait, namespace_key).await.with_context(what)?;
        *namespace_master.lock().unwrap_or_else(|p| p.into_inner()) = Some(node);
        Ok(c)
    }

    /// A client for each master: the one server, or every master of the
    /// cluster as it stands now (asked each time, on `conn`: masters fail over).
    pub async fn masters(&self, conn: &RedisConn, shown_url: &str) -> Result<Vec<Client>> {
        let seed = match self {
            Self::Single(client) => return Ok(vec![client.clone()]),
            Self::Cluster { seed, .. } => seed,
        };
        let nodes: String = ::redis::cmd("CLUSTER")
            .arg("NODES")
            .query_async(&mut conn.clone())
            .await
            .with_context(|| format!("listing the nodes of {shown_url}"))?;
        nodes::masters(&nodes)
            .into_iter()
            .map(|m| node_client(seed, m.host, m.port).with_context(|| format!("a client for a node of {shown_url}")))
            .collect()
    }
}

/// A client for one node, with the seed's credentials and TLS settings.
fn node_client(seed: &ConnectionInfo, host: String, port: u16) -> Result<Client, ::redis::RedisError> {
    let addr = match seed.addr() {
        ConnectionAddr::TcpTls { insecure, tls_params, .. } => {
            ConnectionAddr::TcpTls { host, port, insecure: *insecure, tls_params: tls_params.clone() }
        }
        _ => ConnectionAddr::Tcp(host, port),
    };
    Client::open(seed.clone().set_addr(addr))
}

/// A plain connection to `node`, once it has answered a command on `key`
/// (a node that does not own the key's slot answers MOVED).
async fn owner_connection(node: &Client, wait: Duration, key: &str) -> Result<RedisConn> {
    let mut conn = plain(node, wait).await?;
    let _: bool = ::redis::cmd("EXISTS").arg(key).query_async(&mut conn).await?;
    Ok(RedisConn::Plain(conn))
}

/// A plain connection to one server (a master of a cluster, for what goes
/// to each node), with the ordinary response timeout.
pub async fn plain_connection(node: &Client) -> Result<RedisConn, ::redis::RedisError> {
    plain(node, RESPONSE_TIMEOUT).await.map(RedisConn::Plain)
}

/// A plain multiplexed connection to one server.
pub async fn plain(client: &Client, response_timeout: Duration) -> Result<MultiplexedConnection, ::redis::RedisError> {
    let config = AsyncConnectionConfig::new()
        .set_connection_timeout(Some(CONNECT_TIMEOUT))
        .set_response_timeout(Some(response_timeout));
    client.get_multiplexed_async_connection_with_config(&config).await
}
