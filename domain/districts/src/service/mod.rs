//! The district use cases: browsing the tree and searching it (anyone), adding and editing one
//! district, importing a file (planned first, then applied all or nothing) and exporting every
//! district (admins; the HTTP layer checks the role). Every change is audited.

use crate::error::DistrictsError;
use crate::format::MAX_ROWS;
use crate::import::{ImportPlan, ImportRow, plan};
use crate::model::{District, DistrictCode, TilePosition};
use crate::ports::DistrictRepository;
use kernel::{AuditAction, AuditEvent, AuditLog, Clock, PageRequest, UserId};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

pub struct DistrictsPorts {
    pub repo: Arc<dyn DistrictRepository>,
    pub audit: Arc<dyn AuditLog>,
    pub clock: Arc<dyn Clock>,
}

/// Where a page of districts starts (after this code, in code order) and how long it is
/// (clamped like every list: 1–[`PageRequest::MAX_LIMIT`], default
/// [`PageRequest::DEFAULT_LIMIT`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DistrictPageRequest {
    pub after: Option<DistrictCode>,
    pub limit: Option<u32>,
}

impl DistrictPageRequest {
    fn limit(&self) -> usize {
        PageRequest::new(None, self.limit).limit() as usize
    }
}

/// A page of districts in code order, and the code the next page starts after (`None`: the
/// last page).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DistrictPage {
    pub items: Vec<District>,
    pub next: Option<DistrictCode>,
}

impl DistrictPage {
    fn cut(mut rows: Vec<District>, limit: usize) -> Self {
        let next = if rows.len() > limit {
            rows.truncate(limit);
            rows.last().map(|d| d.code.clone())
        } else {
            None
        };
        Self { items: rows, next }
    }
}

/// A district's fields as an admin types them (the code comes separately: it names the
/// district and never changes).
#[derive(Debug, Clone, PartialEq)]
pub struct DistrictInput {
    pub name_zh: String,
    pub name_en: String,
    pub lat: f64,
    pub lon: f64,
    /// `(column, row)` on the tile map; provinces only.
    pub tile: Option<(u8, u8)>,
}

impl DistrictInput {
    fn district(&self, code: DistrictCode) -> Result<District, DistrictsError> {
        let tile = self
            .tile
            .map(|(col, row)| TilePosition::new(col, row))
            .transpose()?;
        District::new(code, &self.name_zh, &self.name_en, self.lat, self.lon, tile)
    }
}

/// What an import did or would do.
#[derive(Debug, PartialEq)]
pub struct ImportOutcome {
    pub plan: ImportPlan,
    /// Whether it was written (never when the plan refuses a line, nor for a dry run).
    pub applied: bool,
}

/// How many districts an export reads per query.
const EXPORT_BATCH: u64 = 1_000;

/// A short, secret-free description of a district for the audit log.
fn describe(d: &District) -> String {
    let tile = d
        .tile
        .map(|t| format!(" tile {},{}", t.col, t.row))
        .unwrap_or_default();
    format!("{} / {} ({}, {}){tile}", d.name_zh, d.name_en, d.lat, d.lon)
}

pub struct DistrictsService {
    ports: DistrictsPorts,
}

impl DistrictsService {
    pub fn new(ports: DistrictsPorts) -> Self {
        Self { ports }
    }

    /// The divisions directly under `parent` (`None`: the provinces), in code order.
    ///
    /// # Errors
    /// `Unexpected` when the store cannot be reached.
    pub async fn children(
        &self,
        parent: Option<DistrictCode>,
        page: DistrictPageRequest,
    ) -> Result<DistrictPage, DistrictsError> {
        let limit = page.limit();
        let rows = self
            .ports
            .repo
            .children(parent, page.after, limit as u64 + 1)
            .await?;
        Ok(DistrictPage::cut(rows, limit))
    }

    /// Districts whose code starts with `query` or whose Chinese or English name contains it,
    /// in code order; a blank query finds nothing.
    ///
    /// # Errors
    /// `Unexpected` when the store cannot be reached.
    pub async fn search(
        &self,
        query: &str,
        page: DistrictPageRequest,
    ) -> Result<DistrictPage, DistrictsError> {
        let query = query.trim();
        if query.is_empty() {
            return Ok(DistrictPage::default());
        }
        let limit = page.limit();
        let rows = self
            .ports
            .repo
            .search(query.to_owned(), page.after, limit as u64 + 1)
            .await?;
        Ok(DistrictPage::cut(rows, limit))
    }

    /// # Errors
    /// `NotFound`, or `Unexpected` when the store cannot be reached.
    pub async fn find(&self, code: DistrictCode) -> Result<District, DistrictsError> {
        self.ports
            .repo
            .find(code)
            .await?
            .ok_or(DistrictsError::NotFound)
    }

    /// Adds a district under an existing parent, audited as `district.created`.
    ///
    /// # Errors
    /// `Invalid` for a broken rule or a missing parent, `AlreadyExists`, `Unexpected`.
    pub async fn create(
        &self,
        admin: UserId,
        ip: Option<String>,
        code: &str,
        input: DistrictInput,
    ) -> Result<District, DistrictsError> {
        let code = DistrictCode::parse(code)?;
        let district = input.district(code.clone())?;
        if self.ports.repo.find(code.clone()).await?.is_some() {
            return Err(DistrictsError::AlreadyExists);
        }
        if let Some(parent) = district.parent()
            && self.ports.repo.find(parent.clone()).await?.is_none()
        {
            return Err(DistrictsError::MissingParent(parent.to_string()));
        }
        self.ports.repo.write_all(vec![district.clone()]).await?;
        self.audit(
            AuditAction::DistrictCreated,
            admin,
            Some(code.to_string()),
            ip,
            describe(&district),
        )
        .await;
        Ok(district)
    }

    /// Changes a district's names, coordinates or tile, audited as `district.updated` with
    /// what it was and what it is (nothing is written or audited when nothing changes).
    ///
    /// # Errors
    /// `NotFound`, `Invalid` for a broken rule, `Unexpected`.
    pub async fn update(
        &self,
        admin: UserId,
        ip: Option<String>,
        code: DistrictCode,
        input: DistrictInput,
    ) -> Result<District, DistrictsError> {
        let old = self.find(code.clone()).await?;
        let district = input.district(code.clone())?;
        if district == old {
            return Ok(district);
        }
        self.ports.repo.write_all(vec![district.clone()]).await?;
        self.audit(
            AuditAction::DistrictUpdated,
            admin,
            Some(code.to_string()),
            ip,
            format!("{} → {}", describe(&old), describe(&district)),
        )
        .await;
        Ok(district)
    }

    /// The plan of an import: every line added, changed, unchanged or refused with its reason
    /// (a dry run: nothing is written).
    ///
    /// # Errors
    /// `TooManyRows`, `Unexpected`.
    pub async fn import_plan(&self, rows: &[ImportRow]) -> Result<ImportPlan, DistrictsError> {
        if rows.len() > MAX_ROWS {
            return Err(DistrictsError::TooManyRows { max: MAX_ROWS });
        }
        // What exists of what the file names, and of their parents.
        let mut codes: HashSet<DistrictCode> = HashSet::new();
        for row in rows {
            if let Ok(code) = DistrictCode::parse(&row.code) {
                if let Some(parent) = code.parent() {
                    codes.insert(parent);
                }
                codes.insert(code);
            }
        }
        let mut codes: Vec<DistrictCode> = codes.into_iter().collect();
        codes.sort();
        let existing: HashMap<DistrictCode, District> = self
            .ports
            .repo
            .find_many(codes)
            .await?
            .into_iter()
            .map(|d| (d.code.clone(), d))
            .collect();
        Ok(plan(rows, &existing))
    }

    /// Plans the import and, when no line is refused, writes it in one transaction (all or
    /// nothing), audited as `district.imported` with its counts. A plan with a refusal is
    /// returned unapplied and nothing is written.
    ///
    /// # Errors
    /// `TooManyRows`, `Unexpected` (then nothing was written).
    pub async fn import_apply(
        &self,
        admin: UserId,
        ip: Option<String>,
        rows: &[ImportRow],
    ) -> Result<ImportOutcome, DistrictsError> {
        let plan = self.import_plan(rows).await?;
        if !plan.applicable() {
            return Ok(ImportOutcome {
                plan,
                applied: false,
            });
        }
        let writes = plan.writes();
        if !writes.is_empty() {
            self.ports.repo.write_all(writes).await?;
        }
        self.audit(
            AuditAction::DistrictImported,
            admin,
            None,
            ip,
            format!(
                "added {}, changed {}, unchanged {}",
                plan.added.len(),
                plan.changed.len(),
                plan.unchanged
            ),
        )
        .await;
        Ok(ImportOutcome {
            plan,
            applied: true,
        })
    }

    /// Every district, parents first (code order puts a parent before its children: `510000`
    /// < `510100` < `510104`), read in batches.
    ///
    /// # Errors
    /// `Unexpected` when the store cannot be reached.
    pub async fn export(&self) -> Result<Vec<District>, DistrictsError> {
        let mut all: Vec<District> = Vec::new();
        loop {
            let after = all.last().map(|d| d.code.clone());
            // Every code starts with the empty prefix: the search lists them all.
            let batch = self
                .ports
                .repo
                .search(String::new(), after, EXPORT_BATCH)
                .await?;
            let done = (batch.len() as u64) < EXPORT_BATCH;
            all.extend(batch);
            if done {
                return Ok(all);
            }
        }
    }

    async fn audit(
        &self,
        action: AuditAction,
        actor: UserId,
        target: Option<String>,
        ip: Option<String>,
        detail: String,
    ) {
        let event = AuditEvent {
            at: self.ports.clock.now(),
            actor: Some(actor),
            action: action.into(),
            target,
            ip,
            detail: Some(detail),
        };
        // The change happened; a log that cannot be written is reported, not turned into a
        // failure the admin would retry.
        if let Err(e) = self.ports.audit.record(event).await {
            tracing::error!(error = %e, action = action.as_str(), "could not write the audit log");
        }
    }
}

#[cfg(test)]
mod tests;
