//! HTTP both ways: `memdoor serve` under good, hostile and heavy clients, and
//! agents on OpenAI-compatible servers (scripted, failing, local).

mod openai;
mod openai_faults;
mod openai_local;
mod serve;
mod serve_hostile;
mod serve_limits;
