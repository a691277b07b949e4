//! Planning an import (CSV or JSON, parsed into [`ImportRow`]s by the HTTP layer): each line is
//! checked against the rules and against what exists, and the plan says what would be added,
//! changed, left alone or refused, line by line with the reason. Applying is all or nothing: a
//! plan with a refusal may not be applied ([`ImportPlan::applicable`]).

use crate::error::DistrictsError;
use crate::model::{District, DistrictCode, TilePosition};
use std::collections::{HashMap, HashSet};

/// One line of an import as read: raw text, so every fault can be reported with its line.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ImportRow {
    /// 1-based line (CSV: the file's line, after the header; JSON: the array's position).
    pub line: usize,
    pub code: String,
    pub name_zh: String,
    pub name_en: String,
    pub lat: String,
    pub lon: String,
    /// Both or neither; provinces only.
    pub tile_col: String,
    pub tile_row: String,
}

/// Why a line was refused.
#[derive(Debug, PartialEq)]
pub enum Refusal {
    /// A field broke a rule (one of the field rules of [`DistrictsError`]).
    Invalid(DistrictsError),
    /// The same code came earlier in the file (at this line).
    Duplicate { first_line: usize },
    /// Latitude or longitude is not a number.
    NotANumber,
}

impl Refusal {
    /// The stable snake_case code of the refusal.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Invalid(e) => e.rule_code().unwrap_or("invalid_district"),
            Self::Duplicate { .. } => "duplicate_code",
            Self::NotANumber => "not_a_number",
        }
    }
}

/// What an import would do.
#[derive(Debug, Default, PartialEq)]
pub struct ImportPlan {
    /// New districts, with their lines.
    pub added: Vec<(usize, District)>,
    /// Existing districts whose fields differ: the line, as they are, as they would be.
    pub changed: Vec<(usize, District, District)>,
    /// Lines identical to what exists.
    pub unchanged: usize,
    /// Refused lines (the raw code as written, and why).
    pub refused: Vec<(usize, String, Refusal)>,
}

impl ImportPlan {
    /// Only a plan that refuses nothing may be applied (all or nothing).
    pub fn applicable(&self) -> bool {
        self.refused.is_empty()
    }

    /// The districts applying it writes (added and changed, new state), parents first.
    pub fn writes(&self) -> Vec<District> {
        let mut out: Vec<District> = self
            .added
            .iter()
            .map(|(_, d)| d.clone())
            .chain(self.changed.iter().map(|(_, _, d)| d.clone()))
            .collect();
        out.sort_by(|a, b| (a.level(), &a.code).cmp(&(b.level(), &b.code)));
        out
    }
}

fn number(raw: &str) -> Option<f64> {
    raw.trim().parse::<f64>().ok().filter(|n| n.is_finite())
}

fn row_to_district(row: &ImportRow) -> Result<District, Refusal> {
    let code = DistrictCode::parse(&row.code).map_err(Refusal::Invalid)?;
    let (Some(lat), Some(lon)) = (number(&row.lat), number(&row.lon)) else {
        return Err(Refusal::NotANumber);
    };
    let tile = match (row.tile_col.trim(), row.tile_row.trim()) {
        ("", "") => None,
        (c, r) => {
            let (Ok(c), Ok(r)) = (c.parse::<u8>(), r.parse::<u8>()) else {
                return Err(Refusal::Invalid(DistrictsError::InvalidTile));
            };
            Some(TilePosition::new(c, r).map_err(Refusal::Invalid)?)
        }
    };
    District::new(code, &row.name_zh, &row.name_en, lat, lon, tile).map_err(Refusal::Invalid)
}

/// Plans `rows` against `existing` (every district there is, or at least every one the rows
/// name and their parents). A line's parent must exist or be added by an earlier-or-later line
/// of the same file that is itself accepted.
pub fn plan(rows: &[ImportRow], existing: &HashMap<DistrictCode, District>) -> ImportPlan {
    let mut plan = ImportPlan::default();
    let mut seen: HashMap<DistrictCode, usize> = HashMap::new();
    let mut accepted: Vec<(usize, District)> = Vec::new();
    for row in rows {
        match row_to_district(row) {
            Err(why) => plan
                .refused
                .push((row.line, row.code.trim().to_owned(), why)),
            Ok(d) => {
                if let Some(&first_line) = seen.get(&d.code) {
                    plan.refused.push((
                        row.line,
                        d.code.to_string(),
                        Refusal::Duplicate { first_line },
                    ));
                    continue;
                }
                seen.insert(d.code.clone(), row.line);
                accepted.push((row.line, d));
            }
        }
    }
    // Parents: what exists, or what this file adds (iterated, since refusing a parent can
    // orphan its children in turn).
    loop {
        let present: HashSet<&DistrictCode> = existing
            .keys()
            .chain(accepted.iter().map(|(_, d)| &d.code))
            .collect();
        let orphans: Vec<usize> = accepted
            .iter()
            .enumerate()
            .filter(|(_, (_, d))| d.parent().is_some_and(|p| !present.contains(&p)))
            .map(|(i, _)| i)
            .collect();
        if orphans.is_empty() {
            break;
        }
        for i in orphans.into_iter().rev() {
            let (line, d) = accepted.remove(i);
            let parent = d.parent().map(|p| p.to_string()).unwrap_or_default();
            plan.refused.push((
                line,
                d.code.to_string(),
                Refusal::Invalid(DistrictsError::MissingParent(parent)),
            ));
        }
    }
    for (line, d) in accepted {
        match existing.get(&d.code) {
            None => plan.added.push((line, d)),
            Some(old) if *old == d => plan.unchanged += 1,
            Some(old) => plan.changed.push((line, old.clone(), d)),
        }
    }
    plan.refused.sort_by_key(|(line, _, _)| *line);
    plan
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provinces::provinces;

    fn row(line: usize, code: &str, zh: &str, en: &str, lat: &str, lon: &str) -> ImportRow {
        ImportRow {
            line,
            code: code.into(),
            name_zh: zh.into(),
            name_en: en.into(),
            lat: lat.into(),
            lon: lon.into(),
            ..ImportRow::default()
        }
    }

    fn existing() -> HashMap<DistrictCode, District> {
        provinces()
            .unwrap()
            .into_iter()
            .map(|d| (d.code.clone(), d))
            .collect()
    }

    #[test]
    fn cities_under_known_provinces_are_added_and_a_bad_line_is_refused_with_its_reason() {
        let rows = [
            row(2, "510100", "成都市", "Chengdu", "30.5728", "104.0668"),
            row(3, "510700", "绵阳市", "Mianyang", "31.4675", "104.6796"),
            row(4, "5108XX", "广元市", "Guangyuan", "32.4355", "105.8434"),
            row(5, "440300", "深圳市", "Shenzhen", "north", "114.0579"),
        ];
        let plan = plan(&rows, &existing());
        assert_eq!(
            plan.added.iter().map(|(l, _)| *l).collect::<Vec<_>>(),
            vec![2, 3]
        );
        assert_eq!(
            plan.refused,
            vec![
                (
                    4,
                    "5108XX".to_owned(),
                    Refusal::Invalid(DistrictsError::InvalidCode)
                ),
                (5, "440300".to_owned(), Refusal::NotANumber),
            ]
        );
        assert!(
            !plan.applicable(),
            "all or nothing: one bad line stops the whole import"
        );
        assert_eq!(plan.refused[0].2.code(), "invalid_code");
    }

    #[test]
    fn a_changed_name_is_a_change_and_an_identical_line_is_left_alone() {
        let rows = [
            ImportRow {
                line: 1,
                code: "510000".into(),
                name_zh: "四川省".into(),
                name_en: "Sichuan Province".into(),
                lat: "30.5728".into(),
                lon: "104.0668".into(),
                tile_col: "2".into(),
                tile_row: "4".into(),
            },
            ImportRow {
                line: 2,
                code: "110000".into(),
                name_zh: "北京市".into(),
                name_en: "Beijing".into(),
                lat: "39.9042".into(),
                lon: "116.4074".into(),
                tile_col: "5".into(),
                tile_row: "2".into(),
            },
        ];
        let plan = plan(&rows, &existing());
        assert_eq!(plan.changed.len(), 1);
        assert_eq!(plan.changed[0].1.name_en, "Sichuan");
        assert_eq!(plan.changed[0].2.name_en, "Sichuan Province");
        assert_eq!(plan.unchanged, 1);
        assert!(plan.added.is_empty() && plan.applicable());
    }

    #[test]
    fn parents_may_come_in_the_same_file_but_not_from_a_refused_line() {
        let rows = [
            row(1, "510104", "锦江区", "Jinjiang", "30.657", "104.083"),
            row(2, "510100", "成都市", "Chengdu", "30.5728", "104.0668"),
            row(3, "440305", "南山区", "Nanshan", "22.533", "113.930"),
            row(4, "440300", "深圳市", "", "22.5431", "114.0579"),
            row(5, "510100", "成都", "Chengdu", "30.57", "104.07"),
        ];
        let plan = plan(&rows, &existing());
        let added: Vec<&str> = plan.added.iter().map(|(_, d)| d.code.as_str()).collect();
        assert_eq!(added, vec!["510104", "510100"]);
        assert_eq!(
            plan.refused
                .iter()
                .map(|(l, _, r)| (*l, r.code()))
                .collect::<Vec<_>>(),
            vec![
                (3, "missing_parent"),
                (4, "invalid_name_en"),
                (5, "duplicate_code")
            ]
        );
        assert_eq!(
            plan.writes()
                .iter()
                .map(|d| d.code.as_str())
                .collect::<Vec<_>>(),
            vec!["510100", "510104"],
            "parents are written first"
        );
    }

    #[test]
    fn a_tile_is_for_provinces_and_comes_as_a_pair() {
        let mut city = row(1, "510100", "成都市", "Chengdu", "30.57", "104.07");
        city.tile_col = "1".into();
        city.tile_row = "1".into();
        let mut half = row(2, "520000", "贵州省", "Guizhou", "26.6", "106.6");
        half.tile_col = "3".into();
        let plan = plan(&[city, half], &existing());
        assert_eq!(
            plan.refused
                .iter()
                .map(|(_, _, r)| r.code())
                .collect::<Vec<_>>(),
            vec!["invalid_tile", "invalid_tile"]
        );
    }
}
