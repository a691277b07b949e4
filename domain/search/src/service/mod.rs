//! The search use case, and the drain that keeps the index in step with the data.

use crate::analysis::{Query, QueryProblem, index_terms};
use crate::error::SearchError;
use crate::model::{Document, Filters, Found, Hit, Indexed, SearchKind, Segment, Since};
use crate::ports::SearchIndex;
use districts::DistrictCode;
use kernel::{Clock, Page, PageRequest, UserId};
use std::sync::Arc;
use uuid::Uuid;

/// The most characters of an excerpt.
pub const EXCERPT_CHARS: usize = 160;
/// How many characters of text an excerpt shows before its first match, when it can.
const LEAD_CHARS: usize = 40;

/// What a person searches for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchRequest {
    pub query: String,
    pub kind: SearchKind,
    /// Posts: a district code (a province's takes its cities and counties).
    pub district: Option<String>,
    pub since: Option<Since>,
    /// Articles and replies: one group's.
    pub group: Option<Uuid>,
    pub page: PageRequest,
}

/// Searching, and keeping the index current.
#[derive(Clone)]
pub struct SearchService {
    index: Arc<dyn SearchIndex>,
    clock: Arc<dyn Clock>,
}

impl SearchService {
    pub fn new(index: Arc<dyn SearchIndex>, clock: Arc<dyn Clock>) -> Self {
        Self { index, clock }
    }

    /// One page of what `viewer` may see of `request.kind` holding every word of the query,
    /// newest first, each with its matched words marked.
    ///
    /// # Errors
    /// `EmptyQuery`, `QueryTooLong`, `InvalidDistrict`; `Unexpected`.
    pub async fn search(
        &self,
        viewer: Option<UserId>,
        request: SearchRequest,
    ) -> Result<Page<Hit>, SearchError> {
        let query = Query::parse(&request.query).map_err(|p| match p {
            QueryProblem::Empty => SearchError::EmptyQuery,
            QueryProblem::TooLong => SearchError::QueryTooLong,
        })?;
        let district = request
            .district
            .as_deref()
            .filter(|d| !d.trim().is_empty())
            .map(|d| DistrictCode::parse(d).map_err(|_| SearchError::InvalidDistrict))
            .transpose()?;
        let filters = Filters {
            district,
            since: request.since.map(|s| self.clock.now() - s.span()),
            group: request.group,
        };
        let found = self
            .index
            .search(request.kind, query.terms(), &filters, viewer, request.page)
            .await?;
        Ok(Page {
            items: found
                .items
                .into_iter()
                .map(|f| hit(request.kind, f, &query))
                .collect(),
            next: found.next,
        })
    }

    /// Brings up to `limit` waiting changes into the index; how many there were (fewer than
    /// `limit`: none is left waiting).
    ///
    /// # Errors
    /// `Unexpected` (the changes stay waiting, for the next drain).
    pub async fn drain(&self, limit: u32) -> Result<usize, SearchError> {
        let pending = self.index.pending(limit).await?;
        if pending.is_empty() {
            return Ok(0);
        }
        let changes: Vec<Indexed> = pending
            .iter()
            .map(|p| Indexed {
                seq: p.seq,
                kind: p.kind,
                id: p.id,
                document: p.source.as_ref().map(|s| {
                    let texts = readable(p.kind, &s.texts);
                    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
                    Document {
                        terms: index_terms(&texts),
                        created_at: s.created_at,
                    }
                }),
            })
            .collect();
        self.index.apply(&changes).await?;
        Ok(pending.len())
    }
}

/// The texts as a reader sees them: Markdown as plain text.
fn readable(kind: SearchKind, texts: &[String]) -> Vec<String> {
    if kind.is_markdown() {
        texts
            .iter()
            .map(|t| kernel::markdown::plain(t, None))
            .collect()
    } else {
        texts.to_vec()
    }
}

fn hit(kind: SearchKind, found: Found, query: &Query) -> Hit {
    let text = readable(kind, std::slice::from_ref(&found.text)).remove(0);
    Hit {
        kind,
        id: found.id,
        created_at: found.created_at,
        title: found
            .title
            .as_deref()
            .map(|t| segments(t, &query.highlights(t), 0, t.len())),
        excerpt: excerpt(&text, query),
        author: found.author,
        group: found.group,
        article: found.article,
        district: found.district,
    }
}

/// At most [`EXCERPT_CHARS`] characters of `text` around its first match (some text before
/// it when there is), cut ends marked with '…'.
pub fn excerpt(text: &str, query: &Query) -> Vec<Segment> {
    let marks = query.highlights(text);
    let bounds: Vec<usize> = text
        .char_indices()
        .map(|(i, _)| i)
        .chain(std::iter::once(text.len()))
        .collect();
    let chars = bounds.len() - 1;
    if chars <= EXCERPT_CHARS {
        return segments(text, &marks, 0, text.len());
    }
    let first = marks
        .first()
        .map_or(0, |m| bounds.partition_point(|&b| b < m.0));
    let start = first.saturating_sub(LEAD_CHARS).min(chars - EXCERPT_CHARS);
    let end = start + EXCERPT_CHARS;
    let mut out = segments(text, &marks, bounds[start], bounds[end]);
    if start > 0 {
        out.insert(0, plain("…"));
    }
    if end < chars {
        out.push(plain("…"));
    }
    out
}

fn plain(text: &str) -> Segment {
    Segment {
        text: text.to_owned(),
        hit: false,
    }
}

/// `text[from..to]` cut into segments at the marks (byte ranges, in order, not overlapping).
fn segments(text: &str, marks: &[(usize, usize)], from: usize, to: usize) -> Vec<Segment> {
    let mut out = Vec::new();
    let mut at = from;
    for &(start, end) in marks {
        let (start, end) = (start.max(from), end.min(to));
        if start >= end {
            continue;
        }
        if start > at {
            out.push(plain(&text[at..start]));
        }
        out.push(Segment {
            text: text[start..end].to_owned(),
            hit: true,
        });
        at = end;
    }
    if at < to {
        out.push(plain(&text[at..to]));
    }
    out
}

#[cfg(test)]
mod tests;
