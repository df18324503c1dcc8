//! A backend that answers from a script and remembers what it was asked:
//! the team's logic tested without a model.

use std::collections::VecDeque;
use std::sync::Mutex;

use futures::stream::{self, BoxStream, StreamExt};
use memdoor::model::{ChatRequest, Chunk, FinishReason, ModelBackend, Usage};
use tokio_util::sync::CancellationToken;

pub struct Scripted {
    answers: Mutex<VecDeque<String>>,
    /// Answered once the script is spent (`None`: running out is a test failure).
    after: Option<String>,
    pub asked: Mutex<Vec<ChatRequest>>,
}

impl Scripted {
    pub fn new(answers: Vec<String>) -> Self {
        Self { answers: Mutex::new(answers.into()), after: None, asked: Mutex::new(Vec::new()) }
    }

    /// A backend that gives `answer` to every request.
    pub fn repeating(answer: String) -> Self {
        Self { after: Some(answer), ..Self::new(Vec::new()) }
    }

    /// A backend that gives `answers` in order, then `after` to every request.
    pub fn then_repeating(answers: Vec<String>, after: String) -> Self {
        Self { after: Some(after), ..Self::new(answers) }
    }

    /// The last user message of each request, in order.
    pub fn prompts(&self) -> Vec<String> {
        self.asked
            .lock()
            .unwrap()
            .iter()
            .map(|r| r.messages.last().map(|m| m.content.clone()).unwrap_or_default())
            .collect()
    }
}

#[async_trait::async_trait]
impl ModelBackend for Scripted {
    fn name(&self) -> &str {
        "scripted"
    }
    async fn stream(
        &self,
        req: ChatRequest,
        _cancel: CancellationToken,
    ) -> anyhow::Result<BoxStream<'static, anyhow::Result<Chunk>>> {
        let text = self
            .answers
            .lock()
            .unwrap()
            .pop_front()
            .or_else(|| self.after.clone())
            .unwrap_or_else(|| panic!("no scripted answer left for {:?}", req.messages.last()));
        self.asked.lock().unwrap().push(req);
        let usage = Usage { completion_tokens: text.len() / 4, ..Usage::default() };
        let done = Chunk::Done { finish: FinishReason::Stop, usage };
        Ok(stream::iter(vec![Ok(Chunk::Text(text)), Ok(done)]).boxed())
    }
}

/// `code` as a model writes it: one fenced Python block.
pub fn fenced(code: &str) -> String {
    format!("```python\n{code}```\n")
}
