//! The 34 provincial-level divisions of China that the migrations ship (GB/T 2260 codes; the
//! coordinates are each one's seat; `col`/`row` place it on the tile map, roughly where it lies:
//! columns west → east, rows north → south).

use crate::model::{District, DistrictCode, TilePosition};

/// `(code, name zh, name en, seat latitude, seat longitude, tile column, tile row)`.
pub const PROVINCES: [(&str, &str, &str, f64, f64, u8, u8); 34] = [
    ("110000", "北京市", "Beijing", 39.9042, 116.4074, 5, 2),
    ("120000", "天津市", "Tianjin", 39.3434, 117.3616, 5, 3),
    ("130000", "河北省", "Hebei", 38.0428, 114.5149, 4, 3),
    ("140000", "山西省", "Shanxi", 37.8706, 112.5489, 4, 2),
    (
        "150000",
        "内蒙古自治区",
        "Inner Mongolia",
        40.8426,
        111.7492,
        4,
        1,
    ),
    ("210000", "辽宁省", "Liaoning", 41.8057, 123.4315, 6, 2),
    ("220000", "吉林省", "Jilin", 43.8171, 125.3235, 6, 1),
    (
        "230000",
        "黑龙江省",
        "Heilongjiang",
        45.8038,
        126.5350,
        7,
        0,
    ),
    ("310000", "上海市", "Shanghai", 31.2304, 121.4737, 7, 5),
    ("320000", "江苏省", "Jiangsu", 32.0603, 118.7969, 6, 5),
    ("330000", "浙江省", "Zhejiang", 30.2741, 120.1551, 6, 6),
    ("340000", "安徽省", "Anhui", 31.8206, 117.2272, 5, 5),
    ("350000", "福建省", "Fujian", 26.0745, 119.2965, 5, 7),
    ("360000", "江西省", "Jiangxi", 28.6820, 115.8579, 5, 6),
    ("370000", "山东省", "Shandong", 36.6512, 117.1201, 5, 4),
    ("410000", "河南省", "Henan", 34.7466, 113.6254, 4, 4),
    ("420000", "湖北省", "Hubei", 30.5928, 114.3055, 4, 5),
    ("430000", "湖南省", "Hunan", 28.2282, 112.9388, 4, 6),
    ("440000", "广东省", "Guangdong", 23.1291, 113.2644, 4, 7),
    (
        "450000",
        "广西壮族自治区",
        "Guangxi",
        22.8170,
        108.3665,
        3,
        6,
    ),
    ("460000", "海南省", "Hainan", 20.0440, 110.1999, 3, 8),
    ("500000", "重庆市", "Chongqing", 29.5630, 106.5516, 3, 4),
    ("510000", "四川省", "Sichuan", 30.5728, 104.0668, 2, 4),
    ("520000", "贵州省", "Guizhou", 26.6470, 106.6302, 3, 5),
    ("530000", "云南省", "Yunnan", 25.0389, 102.7183, 2, 5),
    ("540000", "西藏自治区", "Xizang", 29.6520, 91.1721, 1, 4),
    ("610000", "陕西省", "Shaanxi", 34.3416, 108.9398, 3, 3),
    ("620000", "甘肃省", "Gansu", 36.0611, 103.8343, 2, 2),
    ("630000", "青海省", "Qinghai", 36.6171, 101.7782, 2, 3),
    (
        "640000",
        "宁夏回族自治区",
        "Ningxia",
        38.4872,
        106.2309,
        3,
        2,
    ),
    (
        "650000",
        "新疆维吾尔自治区",
        "Xinjiang",
        43.8256,
        87.6168,
        1,
        2,
    ),
    ("710000", "台湾省", "Taiwan", 25.0330, 121.5654, 6, 7),
    (
        "810000",
        "香港特别行政区",
        "Hong Kong",
        22.3193,
        114.1694,
        5,
        8,
    ),
    ("820000", "澳门特别行政区", "Macao", 22.1987, 113.5439, 4, 8),
];

/// [`PROVINCES`] as districts.
///
/// # Errors
/// Never for the table above (its test parses every row); a row broken by an edit fails there.
pub fn provinces() -> Result<Vec<District>, crate::DistrictsError> {
    PROVINCES
        .iter()
        .map(|&(code, zh, en, lat, lon, col, row)| {
            District::new(
                DistrictCode::parse(code)?,
                zh,
                en,
                lat,
                lon,
                Some(TilePosition::new(col, row)?),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Level;
    use std::collections::HashSet;

    #[test]
    fn every_province_parses_once_with_its_own_tile() {
        let all = provinces().unwrap();
        assert_eq!(all.len(), 34);
        assert!(all.iter().all(|d| d.level() == Level::Province));
        let codes: HashSet<&str> = all.iter().map(|d| d.code.as_str()).collect();
        assert_eq!(codes.len(), 34, "codes repeat");
        let tiles: HashSet<(u8, u8)> = all
            .iter()
            .map(|d| d.tile.map(|t| (t.col, t.row)).unwrap())
            .collect();
        assert_eq!(tiles.len(), 34, "two provinces share a tile");
        let names: HashSet<&str> = all.iter().map(|d| d.name_en.as_str()).collect();
        assert_eq!(names.len(), 34);
    }

    #[test]
    fn seats_lie_in_china_and_tiles_follow_the_map_roughly() {
        let all = provinces().unwrap();
        for d in &all {
            assert!(
                (18.0..=54.0).contains(&d.lat) && (73.0..=135.0).contains(&d.lon),
                "{}",
                d.name_en
            );
        }
        let at = |en: &str| all.iter().find(|d| d.name_en == en).unwrap().clone();
        // West of / north of, as on a map: the tile order agrees with the seats' order for
        // pairs far enough apart to be unambiguous.
        for (west, east) in [
            ("Xinjiang", "Gansu"),
            ("Sichuan", "Chongqing"),
            ("Hubei", "Anhui"),
            ("Jiangsu", "Shanghai"),
            ("Fujian", "Taiwan"),
        ] {
            let (w, e) = (at(west), at(east));
            assert!(
                w.lon < e.lon && w.tile.unwrap().col < e.tile.unwrap().col,
                "{west} / {east}"
            );
        }
        for (north, south) in [
            ("Heilongjiang", "Jilin"),
            ("Beijing", "Tianjin"),
            ("Hubei", "Hunan"),
            ("Guangdong", "Macao"),
            ("Guangxi", "Hainan"),
        ] {
            let (n, s) = (at(north), at(south));
            assert!(
                n.lat > s.lat && n.tile.unwrap().row < s.tile.unwrap().row,
                "{north} / {south}"
            );
        }
    }
}
