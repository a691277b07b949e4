//! Request and response bodies of the districts.

use super::messages::district_refusal;
use super::rules;
use crate::i18n::Lang;
use districts::import::{ImportPlan, Refusal};
use districts::service::{DistrictInput, DistrictPage, ImportOutcome};
use districts::{District, DistrictCode};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// A province's square on the tile map (column west → east, row north → south).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DistrictTile {
    #[schema(schema_with = rules::district_tile_index)]
    pub col: u8,
    #[schema(schema_with = rules::district_tile_index)]
    pub row: u8,
}

/// One administrative division.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DistrictDto {
    #[schema(schema_with = rules::district_code)]
    pub code: String,
    /// The division it belongs to (`null` for a province).
    #[schema(required = true, example = "510000")]
    pub parent_code: Option<String>,
    #[schema(schema_with = rules::district_level)]
    pub level: &'static str,
    #[schema(example = "成都市")]
    pub name_zh: String,
    #[schema(example = "Chengdu")]
    pub name_en: String,
    /// The seat's latitude (degrees, WGS 84).
    #[schema(example = 30.5728)]
    pub lat: f64,
    /// The seat's longitude (degrees, WGS 84).
    #[schema(example = 104.0668)]
    pub lon: f64,
    /// Its place on the tile map (provinces only; `null` otherwise).
    #[schema(required = true)]
    pub tile: Option<DistrictTile>,
}

impl From<&District> for DistrictDto {
    fn from(d: &District) -> Self {
        Self {
            code: d.code.to_string(),
            parent_code: d.parent().map(|p| p.to_string()),
            level: d.level().as_str(),
            name_zh: d.name_zh.clone(),
            name_en: d.name_en.clone(),
            lat: d.lat,
            lon: d.lon,
            tile: d.tile.map(|t| DistrictTile {
                col: t.col,
                row: t.row,
            }),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DistrictsResponse {
    pub success: bool,
    pub districts: Vec<DistrictDto>,
    /// Pass as `cursor` for the next page; `null` on the last page.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

impl From<DistrictPage> for DistrictsResponse {
    fn from(page: DistrictPage) -> Self {
        Self {
            success: true,
            districts: page.items.iter().map(DistrictDto::from).collect(),
            next_cursor: page.next.map(|c| c.to_string()),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DistrictResponse {
    pub success: bool,
    pub district: DistrictDto,
}

impl From<&District> for DistrictResponse {
    fn from(d: &District) -> Self {
        Self {
            success: true,
            district: d.into(),
        }
    }
}

/// The divisions under one parent.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ChildrenQuery {
    /// The parent's code; left out, the provinces.
    #[param(pattern = "^[0-9]{6}$", example = "510000")]
    pub parent: Option<String>,
    /// The `nextCursor` of the previous page.
    #[param(max_length = 64)]
    pub cursor: Option<String>,
    /// Items per page, 1–50 (default 20); another number is refused with 400 `invalid_limit`.
    #[param(minimum = 1, maximum = 50)]
    pub limit: Option<u32>,
}

/// A search by code or name.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DistrictSearchQuery {
    /// The start of a code, or part of a Chinese or English name (case-insensitive for Latin
    /// letters). Blank finds nothing.
    #[param(max_length = 40, example = "成都")]
    pub q: String,
    /// The `nextCursor` of the previous page.
    #[param(max_length = 64)]
    pub cursor: Option<String>,
    /// Items per page, 1–50 (default 20); another number is refused with 400 `invalid_limit`.
    #[param(minimum = 1, maximum = 50)]
    pub limit: Option<u32>,
}

/// A district's fields (the code names it and never changes).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DistrictBody {
    #[schema(schema_with = rules::district_name_zh)]
    pub name_zh: String,
    #[schema(schema_with = rules::district_name_en)]
    pub name_en: String,
    #[schema(schema_with = rules::latitude)]
    pub lat: f64,
    #[schema(schema_with = rules::longitude)]
    pub lon: f64,
    /// Its place on the tile map: provinces only; `null` or left out for none.
    #[serde(default)]
    pub tile: Option<DistrictTile>,
}

impl DistrictBody {
    pub fn into_domain(self) -> DistrictInput {
        DistrictInput {
            name_zh: self.name_zh,
            name_en: self.name_en,
            lat: self.lat,
            lon: self.lon,
            tile: self.tile.map(|t| (t.col, t.row)),
        }
    }
}

/// A new district: its code and fields.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewDistrictBody {
    #[schema(schema_with = rules::district_code)]
    pub code: String,
    #[schema(schema_with = rules::district_name_zh)]
    pub name_zh: String,
    #[schema(schema_with = rules::district_name_en)]
    pub name_en: String,
    #[schema(schema_with = rules::latitude)]
    pub lat: f64,
    #[schema(schema_with = rules::longitude)]
    pub lon: f64,
    /// Its place on the tile map: provinces only; `null` or left out for none.
    #[serde(default)]
    pub tile: Option<DistrictTile>,
}

impl NewDistrictBody {
    pub fn into_domain(self) -> (String, DistrictInput) {
        let body = DistrictBody {
            name_zh: self.name_zh,
            name_en: self.name_en,
            lat: self.lat,
            lon: self.lon,
            tile: self.tile,
        };
        (self.code, body.into_domain())
    }
}

/// One entry of a JSON import or export file. Values may also be strings (`"30.57"`); other
/// keys are ignored. A line that breaks a rule is refused in the plan, not here.
#[derive(Debug, ToSchema)]
#[allow(dead_code)] // documents the file's shape; `districts::format` reads and writes it
#[schema(rename_all = "camelCase")]
pub struct DistrictFileEntry {
    #[schema(schema_with = rules::district_code)]
    pub code: String,
    #[schema(example = "成都市")]
    pub name_zh: String,
    #[schema(example = "Chengdu")]
    pub name_en: String,
    #[schema(example = 30.5728)]
    pub lat: f64,
    #[schema(example = 104.0668)]
    pub lon: f64,
    /// Provinces only.
    pub tile: Option<DistrictTile>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ImportQuery {
    /// `true` (the default): only plan. `false`: apply when no line is refused (all or
    /// nothing).
    pub dry_run: Option<bool>,
}

/// What an export is written as.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ExportFormat {
    Csv,
    Json,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    /// `csv` or `json`.
    #[param(inline)]
    pub format: ExportFormat,
}

/// A line an import adds.
#[derive(Debug, Serialize, ToSchema)]
pub struct AddedLineDto {
    /// Its line in the uploaded file.
    pub line: u64,
    pub district: DistrictDto,
}

/// A line an import changes: the district as it is and as it would be.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChangedLineDto {
    pub line: u64,
    pub before: DistrictDto,
    pub after: DistrictDto,
}

/// A line an import refuses, and why.
#[derive(Debug, Serialize, ToSchema)]
pub struct RefusedLineDto {
    pub line: u64,
    /// The district code as written on the line (may be no code at all).
    #[schema(example = "5108XX")]
    pub code: String,
    /// Stable code: `invalid_code`, `invalid_name_zh`, `invalid_name_en`,
    /// `invalid_coordinates`, `invalid_tile`, `missing_parent`, `duplicate_code`,
    /// `not_a_number`.
    #[schema(schema_with = rules::district_refusal)]
    pub reason: &'static str,
    /// What to fix, in the request's language.
    pub message: String,
}

/// The plan of an import, and whether it was applied.
#[derive(Debug, Serialize, ToSchema)]
pub struct ImportPlanResponse {
    pub success: bool,
    /// Whether it was written (never for a dry run, nor when a line is refused).
    pub applied: bool,
    pub added: Vec<AddedLineDto>,
    pub changed: Vec<ChangedLineDto>,
    /// Lines identical to what is stored.
    pub unchanged: u64,
    /// Refused lines in file order; only a plan without any may be applied.
    pub refused: Vec<RefusedLineDto>,
}

fn line(n: usize) -> u64 {
    n as u64
}

impl ImportPlanResponse {
    pub fn new(plan: &ImportPlan, applied: bool, lang: Lang) -> Self {
        Self {
            success: true,
            applied,
            added: plan
                .added
                .iter()
                .map(|(l, d)| AddedLineDto {
                    line: line(*l),
                    district: d.into(),
                })
                .collect(),
            changed: plan
                .changed
                .iter()
                .map(|(l, before, after)| ChangedLineDto {
                    line: line(*l),
                    before: before.into(),
                    after: after.into(),
                })
                .collect(),
            unchanged: plan.unchanged as u64,
            refused: plan
                .refused
                .iter()
                .map(|(l, code, why): &(usize, String, Refusal)| RefusedLineDto {
                    line: line(*l),
                    code: code.clone(),
                    reason: why.code(),
                    message: district_refusal(why, lang),
                })
                .collect(),
        }
    }

    pub fn of(outcome: &ImportOutcome, lang: Lang) -> Self {
        Self::new(&outcome.plan, outcome.applied, lang)
    }
}

/// A district code from a path or a query; `None` for anything that is not one.
pub fn parse_code(raw: &str) -> Option<DistrictCode> {
    DistrictCode::parse(raw).ok()
}
