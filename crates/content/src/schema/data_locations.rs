//! Where data is kept, as data (`site.toml` `[[data_location]]`): the client records, their
//! disaster-recovery replica and the website's page-view analytics, each in named places. Copy
//! writes `{data.client-records}` ("Hong Kong and Singapore" / "香港和新加坡"), so that a statement
//! of data residency names every place the data is kept.

use serde::{Deserialize, Serialize};

use crate::Lang;

/// `site.toml` `[[data_location]]`: where one kind of data is kept.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DataLocation {
    /// The token's name: copy writes `{data.{id}}`.
    pub id: String,
    /// What is kept there, in English, as the claims register states it.
    pub what: String,
    /// The places, in the order copy names them.
    pub places: Vec<Place>,
}

/// A place data is kept in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Place {
    /// Hong Kong.
    HongKong,
    /// Singapore.
    Singapore,
    /// The European Union.
    EuropeanUnion,
}

impl Place {
    fn name(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Self::HongKong, Lang::En) => "Hong Kong",
            (Self::HongKong, Lang::Zh) => "香港",
            (Self::Singapore, Lang::En) => "Singapore",
            (Self::Singapore, Lang::Zh) => "新加坡",
            (Self::EuropeanUnion, Lang::En) => "the European Union",
            (Self::EuropeanUnion, Lang::Zh) => "欧盟",
        }
    }
}

/// Every data-location token of one language.
pub fn tokens(locations: &[DataLocation], lang: Lang) -> Vec<(String, String)> {
    locations
        .iter()
        .map(|location| {
            let names: Vec<&str> = location.places.iter().map(|p| p.name(lang)).collect();
            let text = match (names.as_slice(), lang) {
                ([], _) => String::new(),
                ([one], _) => (*one).to_owned(),
                ([rest @ .., last], Lang::En) => format!("{} and {last}", rest.join(", ")),
                ([rest @ .., last], Lang::Zh) => format!("{}和{last}", rest.join("、")),
            };
            (format!("data.{}", location.id), text)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_places_in_each_language() {
        let locations = [DataLocation {
            id: "client-records".into(),
            what: String::new(),
            places: vec![Place::HongKong, Place::Singapore],
        }];
        assert_eq!(
            tokens(&locations, Lang::En),
            [(
                "data.client-records".to_owned(),
                "Hong Kong and Singapore".to_owned()
            )]
        );
        assert_eq!(tokens(&locations, Lang::Zh)[0].1, "香港和新加坡");
    }
}
