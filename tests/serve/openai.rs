//! `OpenAiBackend` reading streams: framing, UTF-8 split across reads,
//! keep-alives, finish reasons, reasoning, HTTP errors, secrets in URLs —
//! against a scripted server (`tests/testkit/src/scripted_sse.rs`).

use memdoor_testkit::scripted_sse;

use memdoor::model::openai::{chat_completions_url, OpenAiBackend};
use memdoor::model::{FinishReason, ModelBackend};
use scripted_sse::*;
use tokio_util::sync::CancellationToken;

#[test]
fn url_with_or_without_v1() {
    for base in ["http://h:1", "http://h:1/", "http://h:1/v1", "http://h:1/v1/"] {
        assert_eq!(chat_completions_url(base), "http://h:1/v1/chat/completions");
    }
}

#[tokio::test]
async fn streams_text_usage_and_sends_the_request_fields() {
    std::env::set_var("MEMDOOR_TEST_KEY_OK", "sk-test-123");
    let script = vec![
        send(SSE_HEAD),
        data(r#"{"choices":[{"index":0,"delta":{"role":"assistant"},"finish_reason":null}]}"#),
        data(r#"{"choices":[{"index":0,"delta":{"content":null},"finish_reason":null}]}"#),
        text("Hel"),
        data(r#"{"choices":null}"#),
        text("lo"),
        finish("stop"),
        data(r#"{"choices":[],"usage":{"prompt_tokens":7,"completion_tokens":2,"total_tokens":9}}"#),
        send("data: [DONE]\n\n"),
    ];
    let (got, server) = answer_with(vec![script], |c| {
        c.base_url = format!("{}/v1/", c.base_url);
        c.api_key_env = Some("MEMDOOR_TEST_KEY_OK".into());
    })
    .await;
    let (text, finish, usage) = got.unwrap();
    assert_eq!((text.as_str(), finish), ("Hello", FinishReason::Stop));
    assert_eq!((usage.prompt_tokens, usage.completion_tokens), (7, 2));
    assert!(usage.prompt_secs.is_some() && usage.generate_secs.is_some());

    let req = server.requests.lock().unwrap()[0].clone();
    assert!(req.starts_with("POST /v1/chat/completions HTTP/1.1\r\n"), "{req}");
    assert!(req.to_ascii_lowercase().contains("authorization: bearer sk-test-123\r\n"));
    let body: serde_json::Value = serde_json::from_str(&req[req.find("\r\n\r\n").unwrap() + 4..]).unwrap();
    assert_eq!(body["model"], "tiny-model");
    assert_eq!(body["stream"], true);
    assert_eq!(body["stream_options"]["include_usage"], true);
    assert_eq!(body["messages"][1]["content"], "say hello");
    assert_eq!((body["temperature"].as_f64(), body["top_p"].as_f64()), (Some(0.7), Some(0.9)));
    assert_eq!((body["max_tokens"].as_u64(), body["seed"].as_u64()), (Some(64), Some(42)));
}

#[tokio::test]
async fn split_utf8_bare_data_and_keepalive_comments() {
    let whole = text("é!");
    let Send(bytes) = whole else { unreachable!() };
    let cut = bytes.iter().position(|&b| b == 0xC3).unwrap() + 1; // inside `é`
    let script = vec![
        send(SSE_HEAD),
        send(": ping\n\n"),
        send(&bytes[..cut]),
        Pause(50),
        send(&bytes[cut..]),
        send(": keep-alive\n\n"),
        send("data:{\"choices\":[{\"index\":0,\"delta\":{\"content\":\" ok\"}}]}\n\n"),
        finish("stop"),
        send("data: [DONE]\n\n"),
    ];
    let (text, finish, usage) = answer_with(vec![script], |_| {}).await.0.unwrap();
    assert_eq!((text.as_str(), finish), ("é! ok", FinishReason::Stop));
    // No usage chunk: completion tokens are counted from the deltas.
    assert_eq!(usage.completion_tokens, 2);
}

#[tokio::test]
async fn crlf_lines_and_done_without_blank_line() {
    let script = vec![
        send(SSE_HEAD),
        send("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"a\"}}]}\r\n\r\n"),
        send("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"b\"},\"finish_reason\":\"length\"}]}\r\n\r\n"),
        send("data: [DONE]\r\n"),
    ];
    let (text, finish, _) = answer_with(vec![script], |_| {}).await.0.unwrap();
    assert_eq!((text.as_str(), finish), ("ab", FinishReason::Length));
}

#[tokio::test]
async fn missing_done_after_finish_is_fine_but_missing_finish_is_truncation() {
    let (got, _) = answer_with(vec![vec![send(SSE_HEAD), text("x"), finish("stop")]], |_| {}).await;
    assert_eq!(got.unwrap().0, "x");
    let (got, _) = answer_with(vec![vec![send(SSE_HEAD), text("x")]], |_| {}).await;
    let err = format!("{:#}", got.unwrap_err());
    assert!(err.contains("truncated"), "{err}");
}

#[tokio::test]
async fn reasoning_is_not_part_of_the_answer() {
    let script = vec![
        send(SSE_HEAD),
        data(r#"{"choices":[{"index":0,"delta":{"reasoning_content":"hmm, think","content":null}}]}"#),
        data(r#"{"choices":[{"index":0,"delta":{"reasoning":"more"}}]}"#),
        text("42"),
        finish("stop"),
    ];
    assert_eq!(answer_with(vec![script], |_| {}).await.0.unwrap().0, "42");
}

#[tokio::test]
async fn http_errors_fail_stream_with_status_and_message() {
    for status in ["400 Bad Request", "500 Internal Server Error"] {
        let server =
            serve(vec![vec![http_error(status, r#"{"error":{"message":"prompt too long","code":400}}"#)]]).await;
        let backend = OpenAiBackend::new(config(&server.base)).unwrap();
        let err = format!("{:#}", backend.stream(request(), CancellationToken::new()).await.err().expect("an error"));
        assert!(err.contains(&status[..3]) && err.contains("prompt too long"), "{err}");
    }
}

#[tokio::test]
async fn a_password_in_the_base_url_is_never_shown() {
    let server = serve(vec![vec![http_error("500 Internal Server Error", r#"{"error":{"message":"nope"}}"#)]]).await;
    let base = server.base.replacen("http://", "http://alice:s3cret-pw@", 1);
    let backend = OpenAiBackend::new(config(&base)).unwrap();
    assert!(!backend.shown_url().contains("s3cret-pw") && !format!("{backend:?}").contains("s3cret-pw"));
    let err = format!("{:#}", backend.stream(request(), CancellationToken::new()).await.err().expect("an error"));
    assert!(err.contains("alice:***@") && !err.contains("s3cret-pw"), "{err}");
    // Nor when nothing listens (reqwest's own error names the URL).
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    let backend = OpenAiBackend::new(config(&format!("http://alice:s3cret-pw@{closed}"))).unwrap();
    let err = format!("{:#}", backend.stream(request(), CancellationToken::new()).await.err().expect("an error"));
    assert!(!err.contains("s3cret-pw"), "{err}");
}

#[tokio::test]
async fn error_frames_after_200_are_errors() {
    let openai = vec![send(SSE_HEAD), text("par"), data(r#"{"error":{"message":"boom","type":"server_error"}}"#)];
    let err = format!("{:#}", answer_with(vec![openai], |_| {}).await.0.unwrap_err());
    assert!(err.contains("boom"), "{err}");
    let llama =
        vec![send(SSE_HEAD), text("par"), send("error: {\"error\":{\"code\":500,\"message\":\"slot died\"}}\n\n")];
    let err = format!("{:#}", answer_with(vec![llama], |_| {}).await.0.unwrap_err());
    assert!(err.contains("slot died"), "{err}");
}
