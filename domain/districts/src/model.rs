//! Districts as the product knows them.

use crate::error::DistrictsError;

/// The level a code's shape gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// `xx0000`: a province, autonomous region, municipality or special administrative region.
    Province,
    /// `xxxx00`: a prefecture-level city (or a municipality's district group).
    City,
    /// `xxxxxx`: a county-level division.
    County,
}

impl Level {
    pub const ALL: [Self; 3] = [Self::Province, Self::City, Self::County];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Province => "province",
            Self::City => "city",
            Self::County => "county",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|l| l.as_str() == raw)
    }
}

/// A GB/T 2260 code: six digits; its shape gives its level and its parent.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DistrictCode(String);

impl DistrictCode {
    /// # Errors
    /// `InvalidCode` unless it is six ASCII digits whose first two name a region (11–82) and
    /// whose city part is not `00` under a non-zero county part (`110001` is no code).
    pub fn parse(raw: &str) -> Result<Self, DistrictsError> {
        let s = raw.trim();
        let b = s.as_bytes();
        if b.len() != 6 || !b.iter().all(u8::is_ascii_digit) {
            return Err(DistrictsError::InvalidCode);
        }
        let region: u8 = s[..2].parse().map_err(|_| DistrictsError::InvalidCode)?;
        if !(11..=82).contains(&region) || (&s[2..4] == "00" && &s[4..] != "00") {
            return Err(DistrictsError::InvalidCode);
        }
        Ok(Self(s.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn level(&self) -> Level {
        match (&self.0[2..4], &self.0[4..]) {
            ("00", _) => Level::Province,
            (_, "00") => Level::City,
            _ => Level::County,
        }
    }

    /// Every code within this division, itself included, as an inclusive range of codes:
    /// a province `510000` spans `510000`–`519999` (its cities and counties), a city `510100`
    /// spans `510100`–`510199` (its counties), a county only itself. Codes are six digits, so
    /// their text order is their numeric order and a range is one index scan.
    pub fn span(&self) -> (String, String) {
        match self.level() {
            Level::Province => (self.0.clone(), format!("{}9999", &self.0[..2])),
            Level::City => (self.0.clone(), format!("{}99", &self.0[..4])),
            Level::County => (self.0.clone(), self.0.clone()),
        }
    }

    /// Whether `code` is this division or one within it (see [`DistrictCode::span`]).
    pub fn contains(&self, code: &str) -> bool {
        let (from, to) = self.span();
        code.len() == 6 && from.as_str() <= code && code <= to.as_str()
    }

    /// The code of the division it belongs to (`None` for a province).
    pub fn parent(&self) -> Option<DistrictCode> {
        match self.level() {
            Level::Province => None,
            Level::City => Some(Self(format!("{}0000", &self.0[..2]))),
            Level::County => Some(Self(format!("{}00", &self.0[..4]))),
        }
    }
}

impl std::fmt::Display for DistrictCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A province's square on the tile map of China (column west → east, row north → south).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TilePosition {
    pub col: u8,
    pub row: u8,
}

impl TilePosition {
    /// The map is at most this many tiles wide and high.
    pub const SIZE: u8 = 16;

    /// # Errors
    /// `InvalidTile` outside the map.
    pub fn new(col: u8, row: u8) -> Result<Self, DistrictsError> {
        if col >= Self::SIZE || row >= Self::SIZE {
            return Err(DistrictsError::InvalidTile);
        }
        Ok(Self { col, row })
    }
}

/// One administrative division.
#[derive(Debug, Clone, PartialEq)]
pub struct District {
    pub code: DistrictCode,
    pub name_zh: String,
    pub name_en: String,
    /// The seat's latitude and longitude (degrees, WGS 84).
    pub lat: f64,
    pub lon: f64,
    /// For a province, its place on the tile map.
    pub tile: Option<TilePosition>,
}

impl District {
    pub const MAX_NAME_ZH: usize = 40;
    pub const MAX_NAME_EN: usize = 80;

    /// A district whose fields keep every rule: names of 1–40 (zh) and 1–80 (en) characters
    /// after trimming, coordinates on the globe, a tile only for a province.
    ///
    /// # Errors
    /// The first broken rule, in field order.
    pub fn new(
        code: DistrictCode,
        name_zh: &str,
        name_en: &str,
        lat: f64,
        lon: f64,
        tile: Option<TilePosition>,
    ) -> Result<Self, DistrictsError> {
        let name_zh = name_zh.trim();
        let name_en = name_en.trim();
        let ok = |s: &str, max: usize| {
            let n = s.chars().count();
            n >= 1 && n <= max && !s.chars().any(char::is_control)
        };
        if !ok(name_zh, Self::MAX_NAME_ZH) {
            return Err(DistrictsError::InvalidNameZh);
        }
        if !ok(name_en, Self::MAX_NAME_EN) {
            return Err(DistrictsError::InvalidNameEn);
        }
        if !(lat.is_finite()
            && lon.is_finite()
            && (-90.0..=90.0).contains(&lat)
            && (-180.0..=180.0).contains(&lon))
        {
            return Err(DistrictsError::InvalidCoordinates);
        }
        if tile.is_some() && code.level() != Level::Province {
            return Err(DistrictsError::InvalidTile);
        }
        Ok(Self {
            code,
            name_zh: name_zh.to_owned(),
            name_en: name_en.to_owned(),
            lat,
            lon,
            tile,
        })
    }

    pub fn level(&self) -> Level {
        self.code.level()
    }

    pub fn parent(&self) -> Option<DistrictCode> {
        self.code.parent()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_error_messages_name_the_limits_the_model_keeps() {
        assert!(
            DistrictsError::InvalidNameZh
                .to_string()
                .contains(&format!("1 to {} ", District::MAX_NAME_ZH))
        );
        assert!(
            DistrictsError::InvalidNameEn
                .to_string()
                .contains(&format!("1 to {} ", District::MAX_NAME_EN))
        );
        let size = TilePosition::SIZE;
        assert!(
            DistrictsError::InvalidTile
                .to_string()
                .contains(&format!("{size}×{size}"))
        );
    }

    fn code(raw: &str) -> DistrictCode {
        DistrictCode::parse(raw).unwrap()
    }

    #[test]
    fn a_province_spans_its_cities_and_counties_and_a_city_its_counties() {
        let sichuan = code("510000");
        let chengdu = code("510100");
        assert_eq!(sichuan.span(), ("510000".into(), "519999".into()));
        assert_eq!(chengdu.span(), ("510100".into(), "510199".into()));
        assert_eq!(code("510104").span(), ("510104".into(), "510104".into()));
        for within in ["510000", "510100", "510104", "513400"] {
            assert!(sichuan.contains(within), "{within}");
        }
        assert!(!sichuan.contains("500000") && !sichuan.contains("520000"));
        assert!(chengdu.contains("510104") && !chengdu.contains("510700"));
        assert!(
            !chengdu.contains("510000"),
            "a city does not hold its province"
        );
    }

    #[test]
    fn a_codes_shape_gives_its_level_and_parent() {
        assert_eq!(code("510000").level(), Level::Province);
        assert_eq!(code("510000").parent(), None);
        assert_eq!(code("510100").level(), Level::City);
        assert_eq!(code("510100").parent(), Some(code("510000")));
        assert_eq!(code("510104").level(), Level::County);
        assert_eq!(code("510104").parent(), Some(code("510100")));
        assert_eq!(code(" 110101 ").as_str(), "110101");
    }

    #[test]
    fn only_six_digits_of_a_real_region_are_codes() {
        for bad in [
            "",
            "11000",
            "1100000",
            "11000a",
            "100000",
            "830000",
            "000000",
            "110001",
            "１１００００",
        ] {
            assert_eq!(
                DistrictCode::parse(bad),
                Err(DistrictsError::InvalidCode),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn fields_keep_their_rules() {
        let ok = District::new(
            code("510000"),
            " 四川省 ",
            "Sichuan",
            30.57,
            104.07,
            Some(TilePosition::new(2, 4).unwrap()),
        )
        .unwrap();
        assert_eq!(ok.name_zh, "四川省");
        assert_eq!(
            District::new(code("510000"), "", "Sichuan", 0.0, 0.0, None),
            Err(DistrictsError::InvalidNameZh)
        );
        assert_eq!(
            District::new(code("510000"), &"字".repeat(41), "x", 0.0, 0.0, None),
            Err(DistrictsError::InvalidNameZh)
        );
        assert_eq!(
            District::new(code("510000"), "川", " ", 0.0, 0.0, None),
            Err(DistrictsError::InvalidNameEn)
        );
        for (lat, lon) in [
            (91.0, 0.0),
            (0.0, -181.0),
            (f64::NAN, 0.0),
            (0.0, f64::INFINITY),
        ] {
            assert_eq!(
                District::new(code("510000"), "川", "S", lat, lon, None),
                Err(DistrictsError::InvalidCoordinates)
            );
        }
        assert_eq!(
            District::new(
                code("510100"),
                "成都市",
                "Chengdu",
                30.57,
                104.07,
                Some(TilePosition::new(0, 0).unwrap())
            ),
            Err(DistrictsError::InvalidTile)
        );
        assert_eq!(TilePosition::new(16, 0), Err(DistrictsError::InvalidTile));
        for l in Level::ALL {
            assert_eq!(Level::parse(l.as_str()), Some(l));
        }
    }
}
