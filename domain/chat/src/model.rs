//! What a chat request is, the rules it must meet, and what streams back.

use crate::error::ChatValidation;
use serde::{Deserialize, Serialize};

/// Who said a message. Only these two reach the model: the system prompt, if any, is the
/// provider's business, and reasoning is never sent back upstream.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChatRole {
    User,
    Assistant,
}

impl ChatRole {
    /// Every role a request may carry.
    pub const ALL: [ChatRole; 2] = [ChatRole::User, ChatRole::Assistant];

    pub fn as_str(self) -> &'static str {
        match self {
            ChatRole::User => "user",
            ChatRole::Assistant => "assistant",
        }
    }
}

/// One message of the conversation as the model sees it: a role and its text, nothing else.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatMessage {
    pub role: ChatRole,
    pub content: String,
}

impl ChatMessage {
    pub fn user(content: impl Into<String>) -> Self {
        Self {
            role: ChatRole::User,
            content: content.into(),
        }
    }

    pub fn assistant(content: impl Into<String>) -> Self {
        Self {
            role: ChatRole::Assistant,
            content: content.into(),
        }
    }
}

/// A validated request for one streamed answer. Build it with [`ChatRequest::new`], which
/// enforces [`ChatLimits`] and the [`ModelCatalog`].
#[derive(Debug, Clone, PartialEq)]
pub struct ChatRequest {
    pub model: String,
    pub messages: Vec<ChatMessage>,
    pub temperature: f32,
    pub max_tokens: u32,
}

/// Spec §9: the temperature of a request that names none.
pub const DEFAULT_TEMPERATURE: f32 = 0.7;
/// Spec §9: the answer's token budget when a request names none.
pub const DEFAULT_MAX_TOKENS: u32 = 4096;

/// Bounds on what one request may carry, so a request can neither exhaust memory nor send a
/// provider something it will refuse anyway.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChatLimits {
    pub max_messages: usize,
    /// Per message, in characters (Unicode scalar values).
    pub max_message_chars: usize,
    /// All messages together, in characters.
    pub max_total_chars: usize,
    pub max_tokens: u32,
    pub max_temperature: f32,
}

impl Default for ChatLimits {
    fn default() -> Self {
        Self {
            max_messages: 100,
            max_message_chars: 32_000,
            max_total_chars: 120_000,
            max_tokens: 8192,
            max_temperature: 2.0,
        }
    }
}

/// The models this server offers; the first is the default (spec §3: deepseek-chat).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelCatalog {
    models: Vec<String>,
}

impl ModelCatalog {
    /// Keeps the order given, drops blanks and repeats. `None` when nothing is left.
    pub fn new<I, S>(models: I) -> Option<Self>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut list: Vec<String> = Vec::new();
        for model in models {
            let model = model.as_ref().trim();
            if !model.is_empty() && !list.iter().any(|m| m == model) {
                list.push(model.to_owned());
            }
        }
        (!list.is_empty()).then_some(Self { models: list })
    }

    pub fn models(&self) -> &[String] {
        &self.models
    }

    pub fn default_model(&self) -> &str {
        // `new` never builds an empty catalogue.
        self.models.first().map_or("", String::as_str)
    }

    pub fn contains(&self, model: &str) -> bool {
        self.models.iter().any(|m| m == model)
    }
}

impl ChatRequest {
    /// Checks every rule; the first broken one is reported.
    ///
    /// # Errors
    /// [`ChatValidation`] naming the rule (and the message index where one is at fault).
    pub fn new(
        model: String,
        messages: Vec<ChatMessage>,
        temperature: f32,
        max_tokens: u32,
        catalog: &ModelCatalog,
        limits: &ChatLimits,
    ) -> Result<Self, ChatValidation> {
        if !catalog.contains(&model) {
            return Err(ChatValidation::UnknownModel { model });
        }
        if messages.is_empty() {
            return Err(ChatValidation::NoMessages);
        }
        if messages.len() > limits.max_messages {
            return Err(ChatValidation::TooManyMessages {
                max: limits.max_messages,
            });
        }
        let mut total = 0usize;
        for (index, message) in messages.iter().enumerate() {
            if message.content.trim().is_empty() {
                return Err(ChatValidation::EmptyMessage { index });
            }
            let chars = message.content.chars().count();
            if chars > limits.max_message_chars {
                return Err(ChatValidation::MessageTooLong {
                    index,
                    max: limits.max_message_chars,
                });
            }
            total += chars;
        }
        if total > limits.max_total_chars {
            return Err(ChatValidation::ConversationTooLong {
                max: limits.max_total_chars,
            });
        }
        if messages.last().map(|m| m.role) != Some(ChatRole::User) {
            return Err(ChatValidation::LastMessageNotFromUser);
        }
        if !temperature.is_finite() || !(0.0..=limits.max_temperature).contains(&temperature) {
            return Err(ChatValidation::TemperatureOutOfRange {
                max: limits.max_temperature,
            });
        }
        if max_tokens == 0 || max_tokens > limits.max_tokens {
            return Err(ChatValidation::MaxTokensOutOfRange {
                max: limits.max_tokens,
            });
        }
        Ok(Self {
            model,
            messages,
            temperature,
            max_tokens,
        })
    }

    /// Characters sent upstream, for estimating tokens when the provider reports no usage.
    pub fn prompt_chars(&self) -> usize {
        self.messages
            .iter()
            .map(|m| m.content.chars().count())
            .sum()
    }
}

/// Tokens a provider reports for one answer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenUsage {
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    pub total_tokens: u64,
}

/// One piece of a streamed answer, in the order the provider sent it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChatEvent {
    /// A fragment of the model's reasoning (DeepSeek's `reasoning_content`).
    Reasoning(String),
    /// A fragment of the answer itself.
    Content(String),
    /// The provider said why it stopped (`stop`, `length`, …).
    Finished { reason: String },
    /// The provider's token count for this answer.
    Usage(TokenUsage),
}

impl ChatEvent {
    /// Reasoning or content: the events that count as the first token.
    pub fn is_token(&self) -> bool {
        matches!(self, ChatEvent::Reasoning(_) | ChatEvent::Content(_))
    }
}

/// A rough token count for text whose usage the provider never reported (a stream stopped
/// early): one token per CJK or other non-ASCII character, one per four ASCII characters.
pub fn estimate_tokens(text_chars: impl Iterator<Item = char>) -> u64 {
    let (mut ascii, mut other) = (0u64, 0u64);
    for c in text_chars {
        if c.is_ascii() {
            ascii += 1;
        } else {
            other += 1;
        }
    }
    other + ascii.div_ceil(4)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog() -> ModelCatalog {
        ModelCatalog::new(["deepseek-chat", "deepseek-reasoner"]).unwrap()
    }

    fn request(messages: Vec<ChatMessage>) -> Result<ChatRequest, ChatValidation> {
        ChatRequest::new(
            "deepseek-chat".into(),
            messages,
            0.7,
            4096,
            &catalog(),
            &ChatLimits::default(),
        )
    }

    #[test]
    fn a_catalogue_keeps_order_and_drops_blanks_and_repeats() {
        let c = ModelCatalog::new([" qwen2.5 ", "", "llama3", "qwen2.5"]).unwrap();
        assert_eq!(c.models(), ["qwen2.5", "llama3"]);
        assert_eq!(c.default_model(), "qwen2.5");
        assert!(ModelCatalog::new(["", "  "]).is_none());
    }

    #[test]
    fn a_plain_conversation_is_accepted() {
        let r = request(vec![
            ChatMessage::user("你好"),
            ChatMessage::assistant("你好！"),
            ChatMessage::user("讲个笑话"),
        ])
        .unwrap();
        assert_eq!(r.prompt_chars(), 2 + 3 + 4);
    }

    #[test]
    fn unknown_models_are_refused_by_name() {
        let err = ChatRequest::new(
            "gpt-5".into(),
            vec![ChatMessage::user("hi")],
            0.7,
            4096,
            &catalog(),
            &ChatLimits::default(),
        )
        .unwrap_err();
        assert_eq!(
            err,
            ChatValidation::UnknownModel {
                model: "gpt-5".into()
            }
        );
    }

    #[test]
    fn empty_and_whitespace_messages_are_refused_with_their_index() {
        assert_eq!(request(vec![]).unwrap_err(), ChatValidation::NoMessages);
        let err = request(vec![ChatMessage::user("hi"), ChatMessage::user(" \n\t")]).unwrap_err();
        assert_eq!(err, ChatValidation::EmptyMessage { index: 1 });
    }

    #[test]
    fn sizes_and_counts_are_bounded_in_characters_not_bytes() {
        let limits = ChatLimits {
            max_messages: 3,
            max_message_chars: 5,
            max_total_chars: 8,
            ..ChatLimits::default()
        };
        let make = |messages| {
            ChatRequest::new(
                "deepseek-chat".into(),
                messages,
                0.7,
                10,
                &catalog(),
                &limits,
            )
        };
        // Five CJK characters are 15 bytes but only 5 characters: allowed.
        assert!(make(vec![ChatMessage::user("五个汉字啊")]).is_ok());
        assert_eq!(
            make(vec![ChatMessage::user("六个汉字啊啊")]).unwrap_err(),
            ChatValidation::MessageTooLong { index: 0, max: 5 }
        );
        assert_eq!(
            make(vec![ChatMessage::user("12345"), ChatMessage::user("1234")]).unwrap_err(),
            ChatValidation::ConversationTooLong { max: 8 }
        );
        assert_eq!(
            make(vec![ChatMessage::user("a"); 4]).unwrap_err(),
            ChatValidation::TooManyMessages { max: 3 }
        );
    }

    #[test]
    fn the_conversation_must_end_with_the_user() {
        let err = request(vec![
            ChatMessage::user("hi"),
            ChatMessage::assistant("hello"),
        ]);
        assert_eq!(err.unwrap_err(), ChatValidation::LastMessageNotFromUser);
    }

    #[test]
    fn temperature_and_max_tokens_are_range_checked() {
        let limits = ChatLimits::default();
        let with = |t: f32, m: u32| {
            ChatRequest::new(
                "deepseek-chat".into(),
                vec![ChatMessage::user("hi")],
                t,
                m,
                &catalog(),
                &limits,
            )
        };
        assert!(with(0.0, 1).is_ok());
        assert!(with(2.0, 8192).is_ok());
        assert!(matches!(
            with(-0.1, 10),
            Err(ChatValidation::TemperatureOutOfRange { .. })
        ));
        assert!(matches!(
            with(f32::NAN, 10),
            Err(ChatValidation::TemperatureOutOfRange { .. })
        ));
        assert_eq!(
            with(0.7, 0).unwrap_err(),
            ChatValidation::MaxTokensOutOfRange { max: 8192 }
        );
        assert_eq!(
            with(0.7, 8193).unwrap_err(),
            ChatValidation::MaxTokensOutOfRange { max: 8192 }
        );
    }

    #[test]
    fn token_estimates_count_cjk_per_character_and_ascii_per_four() {
        assert_eq!(estimate_tokens("你好".chars()), 2);
        assert_eq!(estimate_tokens("abcdefgh".chars()), 2);
        assert_eq!(estimate_tokens("abcde你".chars()), 3);
        assert_eq!(estimate_tokens("".chars()), 0);
    }
}
