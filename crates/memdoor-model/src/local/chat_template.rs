//! The model's own chat template (`tokenizer.chat_template`), rendered with
//! minijinja the way Hugging Face renders it: `trim_blocks`, `lstrip_blocks`,
//! Python string methods, `raise_exception`.

use anyhow::{Context, Result};
use minijinja::syntax::SyntaxConfig;
use minijinja::value::Serde;
use minijinja::{context, Environment, Error, ErrorKind};

use crate::Message;

pub struct ChatTemplate {
    env: Environment<'static>,
    bos: String,
    eos: String,
}

fn raise_exception(msg: String) -> std::result::Result<String, Error> {
    Err(Error::new(ErrorKind::InvalidOperation, msg))
}

impl ChatTemplate {
    pub fn new(source: &str, bos: &str, eos: &str) -> Result<Self> {
        let mut env = Environment::new();
        // Hugging Face renders chat templates with both on (transformers'
        // `_compile_jinja_template`).
        let syntax =
            SyntaxConfig::builder().trim_blocks(true).lstrip_blocks(true).build().context("the template syntax")?;
        env.set_syntax(syntax);
        env.set_unknown_method_callback(minijinja_contrib::pycompat::unknown_method_callback);
        env.add_function("raise_exception", raise_exception);
        env.add_template_owned("chat", source.to_string()).context("the model's chat template does not parse")?;
        Ok(Self { env, bos: bos.into(), eos: eos.into() })
    }

    /// The prompt text for `messages`, ending where the assistant's answer starts.
    pub fn render(&self, messages: &[Message]) -> Result<String> {
        let template = self.env.get_template("chat")?;
        template
            .render(context! {
                messages => Serde(messages),
                add_generation_prompt => true,
                bos_token => &self.bos,
                eos_token => &self.eos,
            })
            .context("rendering the model's chat template")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // SmolLM2-135M-Instruct's template, verbatim from its GGUF.
    const SMOLLM2: &str = "{% for message in messages %}{% if loop.first and messages[0]['role'] != 'system' %}{{ '<|im_start|>system\nYou are a helpful AI assistant named SmolLM, trained by Hugging Face<|im_end|>\n' }}{% endif %}{{'<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n'}}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}";

    #[test]
    fn adds_the_default_system_prompt_and_the_generation_prompt() {
        let t = ChatTemplate::new(SMOLLM2, "<|im_start|>", "<|im_end|>").unwrap();
        let out = t.render(&[Message::user("hi")]).unwrap();
        assert_eq!(
            out,
            "<|im_start|>system\nYou are a helpful AI assistant named SmolLM, trained by Hugging Face<|im_end|>\n<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n"
        );
    }

    #[test]
    fn a_given_system_prompt_replaces_the_default() {
        let t = ChatTemplate::new(SMOLLM2, "", "").unwrap();
        let out = t.render(&[Message::system("S"), Message::user("U")]).unwrap();
        assert_eq!(out, "<|im_start|>system\nS<|im_end|>\n<|im_start|>user\nU<|im_end|>\n<|im_start|>assistant\n");
    }

    #[test]
    fn python_methods_and_raise_exception_work() {
        let src = "{% if messages[0]['content'].strip() == '' %}{{ raise_exception('empty') }}{% endif %}ok";
        let t = ChatTemplate::new(src, "", "").unwrap();
        assert_eq!(t.render(&[Message::user(" x ")]).unwrap(), "ok");
        let err = format!("{:#}", t.render(&[Message::user("  ")]).unwrap_err());
        assert!(err.contains("empty"), "{err}");
    }

    // Gemma 3 instruct's template, in its published shape: the system
    // prompt folded into the first user turn, roles made to alternate,
    // `model` for the assistant, content trimmed, Python-style tests.
    const GEMMA3: &str = r#"{{ bos_token }}
{%- if messages[0]['role'] == 'system' -%}
    {%- if messages[0]['content'] is string -%}
        {%- set first_user_prefix = messages[0]['content'] + '\n\n' -%}
    {%- else -%}
        {%- set first_user_prefix = messages[0]['content'][0]['text'] + '\n\n' -%}
    {%- endif -%}
    {%- set loop_messages = messages[1:] -%}
{%- else -%}
    {%- set first_user_prefix = "" -%}
    {%- set loop_messages = messages -%}
{%- endif -%}
{%- for message in loop_messages -%}
    {%- if (message['role'] == 'user') != (loop.index0 % 2 == 0) -%}
        {{ raise_exception("Conversation roles must alternate user/assistant/user/assistant/...") }}
    {%- endif -%}
    {%- if (message['role'] == 'assistant') -%}
        {%- set role = "model" -%}
    {%- else -%}
        {%- set role = message['role'] -%}
    {%- endif -%}
    {{ '<start_of_turn>' + role + '\n' + (first_user_prefix if loop.first else "") }}
    {%- if message['content'] is string -%}
        {{ message['content'] | trim }}
    {%- elif message['content'] is iterable -%}
        {%- for item in message['content'] -%}
            {%- if item['type'] == 'text' -%}
                {{ item['text'] | trim }}
            {%- endif -%}
        {%- endfor -%}
    {%- else -%}
        {{ raise_exception("Invalid content type") }}
    {%- endif -%}
    {{ '<end_of_turn>\n' }}
{%- endfor -%}
{%- if add_generation_prompt -%}
    {{'<start_of_turn>model\n'}}
{%- endif -%}
"#;

    #[test]
    fn gemma_3s_template_folds_the_system_prompt_into_the_first_turn() {
        let t = ChatTemplate::new(GEMMA3, "<bos>", "<eos>").unwrap();
        let out = t.render(&[Message::system("Be brief."), Message::user("  Sum a list. ")]).unwrap();
        assert_eq!(out, "<bos><start_of_turn>user\nBe brief.\n\nSum a list.<end_of_turn>\n<start_of_turn>model\n");
        let err = format!("{:#}", t.render(&[Message::user("a"), Message::user("b")]).unwrap_err());
        assert!(err.contains("roles must alternate"), "{err}");
    }

    #[test]
    fn a_broken_template_is_a_clear_error() {
        let err = ChatTemplate::new("{% for %}", "", "").err().unwrap().to_string();
        assert!(err.contains("chat template does not parse"), "{err}");
    }
}
