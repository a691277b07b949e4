//! The sentences of the word list, in Chinese and English (a [`Msg`] does not compile without
//! both).

use crate::i18n::{Lang, Msg, Sentence};
use moderation::ModerationError;
use moderation::import::Refusal;

#[allow(non_upper_case_globals)]
impl Msg {
    pub const InvalidWord: Msg = Msg(&Sentence {
        zh: "请检查敏感词的填写",
        en: "Please check the word's fields",
    });
    pub const WordPhraseEmpty: Msg = Msg(&Sentence {
        zh: "词语至少要有一个字母、数字或汉字（标点、符号和空格不参与比对）",
        en: "A phrase needs at least one letter or digit (punctuation, symbols and spaces are not compared)",
    });
    pub const WordPhraseTooLong: Msg = Msg(&Sentence {
        zh: "词语最多 100 个字",
        en: "A phrase has at most 100 characters",
    });
    pub const WordActionInvalid: Msg = Msg(&Sentence {
        zh: "处理方式只能是 refuse（拒绝）或 hold（待审核）",
        en: "The action is refuse or hold",
    });
    pub const WordNoteTooLong: Msg = Msg(&Sentence {
        zh: "备注最多 200 个字",
        en: "A note has at most 200 characters",
    });
    pub const WordListed: Msg = Msg(&Sentence {
        zh: "词表中已有这个词（全角半角、大小写和标点不同也算同一个词）",
        en: "The list has this phrase already (width, case and punctuation aside)",
    });
    pub const WordNotListed: Msg = Msg(&Sentence {
        zh: "词表中没有这个词",
        en: "The list has no such phrase",
    });
    pub const WordListFull: Msg = Msg(&Sentence {
        zh: "词表最多 20000 个词",
        en: "The word list holds at most 20000 entries",
    });
    pub const WordFileType: Msg = Msg(&Sentence {
        zh: "请以 text/csv 或 text/plain 上传文件",
        en: "Upload the file as text/csv or text/plain",
    });
    pub const WordImportRefused: Msg = Msg(&Sentence {
        zh: "文件中有被拒绝的行，没有写入任何内容：请先修改这些行（行号见 detail）",
        en: "Lines of the file are refused and nothing was written: fix them first (their numbers are in detail)",
    });
    pub const WordCheckTooLong: Msg = Msg(&Sentence {
        zh: "要检查的文字最多 20000 个字",
        en: "A text to check has at most 20000 characters",
    });
    pub const WordFileEmpty: Msg = Msg(&Sentence {
        zh: "文件是空的",
        en: "The file is empty",
    });
    pub const WordFileNotUtf8: Msg = Msg(&Sentence {
        zh: "文件不是 UTF-8 文本（在表格软件中请另存为“CSV UTF-8”）",
        en: "The file is not UTF-8 text (in a spreadsheet, save it as \"CSV UTF-8\")",
    });
    pub const WordFileTooLarge: Msg = Msg(&Sentence {
        zh: "文件最大 2 MiB",
        en: "A file has at most 2 MiB",
    });
    pub const WordFileTooManyLines: Msg = Msg(&Sentence {
        zh: "一次最多导入 20000 个词",
        en: "An import has at most 20000 entries",
    });
    pub const WordFileUnknownColumn: Msg = Msg(&Sentence {
        zh: "CSV 表头有未知或重复的列（可用：phrase、action、note）",
        en: "The CSV header names an unknown or repeated column (known: phrase, action, note)",
    });
    pub const WordFileBadCsv: Msg = Msg(&Sentence {
        zh: "CSV 有一行的引号不完整",
        en: "A quoted CSV field is not closed",
    });
    pub const WordFileFieldCount: Msg = Msg(&Sentence {
        zh: "CSV 有一行超过 3 个字段（phrase、action、note）",
        en: "A CSV line has more than 3 fields (phrase, action, note)",
    });
}

/// The sentence for a broken entry rule (any other failure is no field's: the general "check
/// the word").
pub fn word_error(e: &ModerationError) -> Msg {
    use ModerationError as E;
    match e {
        E::EmptyPhrase => Msg::WordPhraseEmpty,
        E::PhraseTooLong => Msg::WordPhraseTooLong,
        E::InvalidAction => Msg::WordActionInvalid,
        E::NoteTooLong => Msg::WordNoteTooLong,
        E::NotFound | E::AlreadyListed | E::TooManyEntries { .. } | E::Unexpected(_) => {
            Msg::InvalidWord
        }
    }
}

/// Why an import refused a line, in `lang` (with the earlier line of a repeat).
pub fn word_refusal(why: &Refusal, lang: Lang) -> String {
    match why {
        Refusal::Invalid(e) => word_error(e).text(lang).to_owned(),
        Refusal::Duplicate { first_line } => match lang {
            Lang::Zh => format!("与第 {first_line} 行是同一个词（全角半角、大小写和标点不计）"),
            Lang::En => {
                format!("The same phrase as line {first_line} (width, case and punctuation aside)")
            }
        },
    }
}
