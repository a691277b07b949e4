//! The audit log's read use cases: a filtered page, the export, the overview's latest.

use crate::error::AuditError;
use crate::model::{AuditEntry, AuditFilter, EXPORT_MAX_ROWS, Export, OVERVIEW_LATEST};
use crate::ports::AuditReader;
use kernel::{AuditAction, Page, PageRequest};
use std::sync::Arc;

/// The audit log's read use cases.
pub struct AuditService {
    reader: Arc<dyn AuditReader>,
}

impl AuditService {
    pub fn new(reader: Arc<dyn AuditReader>) -> Self {
        Self { reader }
    }

    /// Every action of the registry (what the filters offer).
    pub fn actions(&self) -> &'static [AuditAction] {
        AuditAction::ALL
    }

    fn check(filter: &AuditFilter) -> Result<(), AuditError> {
        match (filter.from, filter.to) {
            (Some(from), Some(to)) if from >= to => Err(AuditError::InvalidRange),
            _ => Ok(()),
        }
    }

    /// One page of matching events, newest first.
    ///
    /// # Errors
    /// `InvalidRange`; `Unexpected`.
    pub async fn list(
        &self,
        filter: &AuditFilter,
        page: PageRequest,
    ) -> Result<Page<AuditEntry>, AuditError> {
        Self::check(filter)?;
        Ok(self.reader.find(filter, page).await?)
    }

    /// Every matching event, newest first, up to [`EXPORT_MAX_ROWS`].
    ///
    /// # Errors
    /// `InvalidRange`; `Unexpected`.
    pub async fn export(&self, filter: &AuditFilter) -> Result<Export, AuditError> {
        Self::check(filter)?;
        let mut rows = self.reader.find_all(filter, EXPORT_MAX_ROWS + 1).await?;
        let truncated = rows.len() as u64 > EXPORT_MAX_ROWS;
        rows.truncate(usize::try_from(EXPORT_MAX_ROWS).unwrap_or(usize::MAX));
        Ok(Export { rows, truncated })
    }

    /// The newest events, for the overview.
    ///
    /// # Errors
    /// `Unexpected`.
    pub async fn latest(&self) -> Result<Vec<AuditEntry>, AuditError> {
        Ok(self
            .reader
            .find(&AuditFilter::default(), PageRequest::first(OVERVIEW_LATEST))
            .await?
            .items)
    }
}

#[cfg(test)]
mod tests;
