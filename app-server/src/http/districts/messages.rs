//! The sentences of administrative divisions and their import, in Chinese and English (a
//! [`Msg`] does not compile without both).

use crate::i18n::{Lang, Msg, Sentence};

#[allow(non_upper_case_globals)]
impl Msg {
    pub const InvalidDistrict: Msg = Msg(&Sentence {
        zh: "请检查行政区的填写",
        en: "Please check the district's fields",
    });
    pub const InvalidDistrictCode: Msg = Msg(&Sentence {
        zh: "行政区代码是 6 位数字（GB/T 2260），如 110000",
        en: "A district code is six digits (GB/T 2260), e.g. 110000",
    });
    pub const InvalidDistrictNameZh: Msg = Msg(&Sentence {
        zh: "中文名需要 1 到 40 个字",
        en: "A Chinese name has 1 to 40 characters",
    });
    pub const InvalidDistrictNameEn: Msg = Msg(&Sentence {
        zh: "英文名需要 1 到 80 个字符",
        en: "An English name has 1 to 80 characters",
    });
    pub const InvalidCoordinates: Msg = Msg(&Sentence {
        zh: "纬度须在 -90 到 90 之间，经度须在 -180 到 180 之间",
        en: "Latitude is between -90 and 90, longitude between -180 and 180",
    });
    pub const InvalidTile: Msg = Msg(&Sentence {
        zh: "只有省级行政区在瓦片地图上有位置，列和行都在 0 到 15 之间",
        en: "Only a province has a place on the tile map, column and row 0 to 15",
    });
    pub const MissingParentDistrict: Msg = Msg(&Sentence {
        zh: "上级行政区不存在",
        en: "Its parent district does not exist",
    });
    pub const DistrictExists: Msg = Msg(&Sentence {
        zh: "已有这个代码的行政区",
        en: "A district with this code exists already",
    });
    pub const DistrictFileType: Msg = Msg(&Sentence {
        zh: "请以 text/csv 或 application/json 上传文件",
        en: "Upload the file as text/csv or application/json",
    });
    pub const ImportFileEmpty: Msg = Msg(&Sentence {
        zh: "文件是空的",
        en: "The file is empty",
    });
    pub const ImportNotUtf8: Msg = Msg(&Sentence {
        zh: "文件不是 UTF-8 文本（在表格软件中请另存为“CSV UTF-8”）",
        en: "The file is not UTF-8 text (in a spreadsheet, save it as \"CSV UTF-8\")",
    });
    pub const ImportTooManyLines: Msg = Msg(&Sentence {
        zh: "一次最多导入 5000 行",
        en: "An import has at most 5000 lines",
    });
    pub const ImportMissingColumn: Msg = Msg(&Sentence {
        zh: "CSV 表头缺少必需的列（code、name_zh、name_en、lat、lon）",
        en: "The CSV header lacks a required column (code, name_zh, name_en, lat, lon)",
    });
    pub const ImportUnknownColumn: Msg = Msg(&Sentence {
        zh: "CSV 表头有未知或重复的列（可用：code、name_zh、name_en、lat、lon、tile_col、tile_row）",
        en: "The CSV header names an unknown or repeated column (known: code, name_zh, name_en, lat, lon, tile_col, tile_row)",
    });
    pub const ImportBadQuoting: Msg = Msg(&Sentence {
        zh: "CSV 有一行的引号不完整，或引号后还有文字",
        en: "A quoted CSV field is not closed, or text follows its closing quote",
    });
    pub const ImportFieldCount: Msg = Msg(&Sentence {
        zh: "CSV 有一行的字段数与表头不同",
        en: "A CSV line has another number of fields than the header",
    });
    pub const ImportNotJson: Msg = Msg(&Sentence {
        zh: "文件不是有效的 JSON",
        en: "The file is not valid JSON",
    });
    pub const ImportNotAnArray: Msg = Msg(&Sentence {
        zh: "JSON 文件应是行政区对象的数组",
        en: "The JSON file must be an array of district objects",
    });
    pub const ImportNotAnObject: Msg = Msg(&Sentence {
        zh: "JSON 数组中有一项不是对象",
        en: "An entry of the JSON array is not an object",
    });
    pub const ImportBadValue: Msg = Msg(&Sentence {
        zh: "JSON 中有一个值既不是字符串也不是数字",
        en: "A value in the JSON is neither a string nor a number",
    });
}

/// Why an import refused a line, in `lang` (with the parent's code or the earlier line).
pub fn district_refusal(why: &districts::import::Refusal, lang: Lang) -> String {
    use districts::DistrictsError as E;
    use districts::import::Refusal as R;
    let zh = lang == Lang::Zh;
    match why {
        R::Invalid(E::MissingParent(parent)) => {
            if zh {
                format!("上级行政区 {parent} 不存在，本文件中也没有被接受的一行添加它")
            } else {
                format!(
                    "Its parent {parent} does not exist, nor does an accepted line of this file add it"
                )
            }
        }
        R::Invalid(e) => district_error(e).text(lang).to_owned(),
        R::Duplicate { first_line } => {
            if zh {
                format!("与第 {first_line} 行的代码重复")
            } else {
                format!("The same code as line {first_line}")
            }
        }
        R::NotANumber => pick(
            zh,
            "纬度或经度不是数字",
            "Latitude or longitude is not a number",
        ),
    }
}

/// The sentence for a district's broken field rule (any other failure is no field's: the
/// general "not a valid district").
pub fn district_error(e: &districts::DistrictsError) -> Msg {
    use districts::DistrictsError as E;
    match e {
        E::InvalidCode => Msg::InvalidDistrictCode,
        E::InvalidNameZh => Msg::InvalidDistrictNameZh,
        E::InvalidNameEn => Msg::InvalidDistrictNameEn,
        E::InvalidCoordinates => Msg::InvalidCoordinates,
        E::InvalidTile => Msg::InvalidTile,
        E::MissingParent(_) => Msg::MissingParentDistrict,
        E::NotFound | E::AlreadyExists | E::TooManyRows { .. } | E::Unexpected(_) => {
            Msg::InvalidDistrict
        }
    }
}

fn pick(zh: bool, zh_text: &str, en_text: &str) -> String {
    if zh { zh_text } else { en_text }.to_owned()
}
