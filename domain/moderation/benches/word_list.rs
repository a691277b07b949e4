//! `just bench`: the word list's matcher (issue 25; figures in docs/moderation.md). A 2000-character
//! post of mixed Chinese and English, with full-width letters, punctuation and three listed
//! words in it, checked against a 10 000-entry list (half two-to-four-character Chinese
//! words, half English words of four to nine letters, a tenth held for review; generated from a
//! fixed seed). Prints the automaton's build time and memory, the median and p99 of a check
//! (target: under 1 ms), and exits non-zero when a target is missed.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use kernel::fold::key;
use kernel::{WordAction, WordFilter};
use moderation::WordMatcher;
use std::hint::black_box;
use std::time::Instant;

const ENTRIES: usize = 10_000;
const POST_CHARS: usize = 2_000;
const CHECKS: usize = 5_000;
const TARGET_CHECK_MS: f64 = 1.0;
const TARGET_BUILD_MS: f64 = 500.0;

/// xorshift32: the same list and post on every run.
struct Seq(u32);

impl Seq {
    fn next(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0
    }
    fn below(&mut self, n: u32) -> u32 {
        self.next() % n
    }
}

/// One of the 3 500 commonest-looking ideographs (a slice of the CJK block).
fn hanzi(seq: &mut Seq) -> char {
    char::from_u32(0x4E00 + seq.below(3_500)).unwrap()
}

fn latin_word(seq: &mut Seq, min: u32, max: u32) -> String {
    let len = min + seq.below(max - min + 1);
    (0..len)
        .map(|_| char::from(b'a' + seq.below(26) as u8))
        .collect()
}

fn entries(seq: &mut Seq) -> Vec<(String, WordAction)> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::with_capacity(ENTRIES);
    while out.len() < ENTRIES {
        let phrase = if out.len() % 2 == 0 {
            let len = 2 + seq.below(3);
            (0..len).map(|_| hanzi(seq)).collect()
        } else {
            latin_word(seq, 4, 9)
        };
        let action = if out.len() % 10 == 3 {
            WordAction::Hold
        } else {
            WordAction::Refuse
        };
        if seen.insert(key(&phrase)) {
            out.push((phrase, action));
        }
    }
    out
}

fn post(seq: &mut Seq, listed: &[(String, WordAction)]) -> String {
    let mut text = String::new();
    let mut n = 0;
    let mut planted = 0;
    while n < POST_CHARS {
        let piece: String = match seq.below(10) {
            0..=4 => (0..1 + seq.below(6)).map(|_| hanzi(seq)).collect(),
            5..=7 => format!(" {} ", latin_word(seq, 2, 10)),
            8 => ["，", "。", "！", "、", ", ", ". ", "ＡＢＣ", "１２３"][seq.below(8) as usize]
                .into(),
            _ if planted < 3 => {
                planted += 1;
                // A listed word, spaced out or dotted, as someone dodging the list writes it.
                let word = &listed[(seq.below(ENTRIES as u32 / 2) * 2) as usize].0;
                word.chars().map(|c| format!("{c}.")).collect()
            }
            _ => "😀".into(),
        };
        n += piece.chars().count();
        text.push_str(&piece);
    }
    text.chars().take(POST_CHARS).collect()
}

fn quantile(sorted: &[f64], q: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

fn mark(ok: bool) -> &'static str {
    if ok { "✓" } else { "✗" }
}

fn main() {
    let mut seq = Seq(0x2545_f491);
    let listed = entries(&mut seq);
    let keyed: Vec<(String, String, WordAction)> = listed
        .iter()
        .map(|(p, a)| (p.clone(), key(p), *a))
        .collect();
    let started = Instant::now();
    let matcher =
        WordMatcher::build(keyed.iter().map(|(p, k, a)| (p.as_str(), k.as_str(), *a))).unwrap();
    let build_ms = started.elapsed().as_secs_f64() * 1e3;
    let text = post(&mut seq, &listed);
    let hits = matcher.check(&text);
    for _ in 0..200 {
        black_box(matcher.check(black_box(&text)));
    }
    let mut times: Vec<f64> = (0..CHECKS)
        .map(|_| {
            let t = Instant::now();
            black_box(matcher.check(black_box(&text)));
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    let (median, p95, p99) = (
        quantile(&times, 0.5),
        quantile(&times, 0.95),
        quantile(&times, 0.99),
    );
    let ok_check = p99 < TARGET_CHECK_MS;
    let ok_build = build_ms < TARGET_BUILD_MS;
    println!(
        "word list: {ENTRIES} entries, a {POST_CHARS}-character zh/en post ({} bytes), {CHECKS} checks",
        text.len()
    );
    println!(
        "  hits in the post: {} ({})",
        hits.len(),
        hits.iter()
            .map(|h| format!("{}→{:?}", h.phrase, h.found))
            .collect::<Vec<_>>()
            .join(", ")
    );
    println!(
        "  check: median {:.3} ms, p95 {:.3} ms, p99 {:.3} ms (target p99 < {TARGET_CHECK_MS} ms) {}",
        median,
        p95,
        p99,
        mark(ok_check)
    );
    println!(
        "  build: {build_ms:.1} ms (target < {TARGET_BUILD_MS} ms) {}; automaton and entries ≈ {:.1} MiB",
        mark(ok_build),
        matcher.memory_usage() as f64 / (1024.0 * 1024.0)
    );
    // Another process on the cores shows in the p99: say how busy the machine was.
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "  load average while measuring: {}",
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );
    let planted_found = !hits.is_empty();
    println!("  the planted words are found {}", mark(planted_found));
    std::process::exit(i32::from(!(ok_check && ok_build && planted_found)));
}
