//! The JSON-LD of the documents: the Organization with its legal entities on every page,
//! breadcrumbs on the FAQ and announcement pages, a `NewsArticle` on each announcement.

use custody_content::{Lang, page_instances};
use serde_json::Value;

use crate::common::{PUBLIC, SITE, get};

/// The JSON-LD nodes of the page at `path`.
async fn nodes(path: &str) -> Vec<Value> {
    let html = get(path).await.text;
    let open = "<script type=\"application/ld+json\">";
    html.split(open)
        .skip(1)
        .map(|rest| {
            let json = &rest[..rest.find("</script>").unwrap()];
            serde_json::from_str(json).unwrap_or_else(|e| panic!("{path}: {e}: {json}"))
        })
        .collect()
}

fn of_type<'a>(nodes: &'a [Value], kind: &str) -> Vec<&'a Value> {
    nodes.iter().filter(|node| node["@type"] == kind).collect()
}

#[tokio::test]
async fn the_organization_names_its_legal_entities_with_addresses() {
    for lang in Lang::ALL {
        let nodes = nodes(&lang.localize("/")).await;
        let [organization] = of_type(&nodes, "Organization")[..] else {
            panic!("one Organization");
        };
        assert_eq!(organization["@id"], format!("{PUBLIC}/#organization"));
        let entities = organization["subOrganization"].as_array().unwrap();
        let countries: Vec<&str> = entities
            .iter()
            .map(|entity| entity["address"]["addressCountry"].as_str().unwrap())
            .collect();
        assert_eq!(countries, ["SG", "HK"], "{lang:?}");
        for (entity, data) in entities.iter().zip(&SITE.content().site.entity) {
            assert_eq!(entity["@type"], "Organization");
            assert_eq!(entity["identifier"], data.registration.as_str());
            let words = &SITE.content().locale(lang).site.entity[&data.id];
            assert_eq!(entity["legalName"], words.legal_name.as_str(), "{lang:?}");
            let address = &entity["address"];
            assert_eq!(address["@type"], "PostalAddress");
            assert_eq!(address["streetAddress"], words.street.as_str(), "{lang:?}");
            assert_eq!(address["addressLocality"], words.locality.as_str());
            assert_eq!(
                address["postalCode"].as_str(),
                data.postal_code.as_deref(),
                "{lang:?}"
            );
            let status = entity["description"].as_str().unwrap();
            assert!(!status.is_empty() && !status.contains('{'), "{status}");
        }
    }
}

#[tokio::test]
async fn faq_and_announcement_pages_carry_breadcrumbs_that_end_at_the_page() {
    let mut checked = 0;
    for instance in page_instances(SITE.content()) {
        let breadcrumbs =
            instance.page.starts_with("faq") || instance.page.starts_with("announcement");
        for lang in Lang::ALL {
            let path = lang.localize(&instance.path);
            let nodes = nodes(&path).await;
            let lists = of_type(&nodes, "BreadcrumbList");
            if !breadcrumbs {
                assert!(lists.is_empty(), "{path}");
                continue;
            }
            let [list] = lists[..] else {
                panic!("{path}: one BreadcrumbList");
            };
            let items = list["itemListElement"].as_array().unwrap();
            assert!(items.len() >= 2, "{path}");
            for (index, item) in items.iter().enumerate() {
                assert_eq!(item["@type"], "ListItem");
                assert_eq!(item["position"], index + 1, "{path}");
                assert!(
                    item["name"].as_str().is_some_and(|n| !n.is_empty()),
                    "{path}"
                );
            }
            assert_eq!(items[0]["item"], format!("{PUBLIC}{}", lang.localize("/")));
            assert_eq!(
                items.last().unwrap()["item"],
                format!("{PUBLIC}{path}"),
                "{path}"
            );
            checked += 1;
        }
    }
    assert!(checked > 20, "{checked}");
}

#[tokio::test]
async fn each_announcement_is_a_news_article_published_by_the_organization() {
    for lang in Lang::ALL {
        for item in &SITE.content().locale(lang).announcements.announcement {
            let path = lang.localize(&format!("/announcements/{}", item.id));
            let nodes = nodes(&path).await;
            let [article] = of_type(&nodes, "NewsArticle")[..] else {
                panic!("{path}: one NewsArticle");
            };
            assert_eq!(article["headline"], item.title.as_str());
            assert_eq!(article["datePublished"], item.date.to_string());
            assert_eq!(article["dateModified"], item.modified().to_string());
            assert_eq!(article["inLanguage"], lang.html_lang());
            assert_eq!(article["url"], format!("{PUBLIC}{path}"));
            assert_eq!(
                article["publisher"]["@id"],
                format!("{PUBLIC}/#organization")
            );
            let image = article["image"][0].as_str().unwrap();
            assert!(
                image.starts_with(&format!("{PUBLIC}/_app/share/")),
                "{image}"
            );
        }
        let list = nodes(&lang.localize("/announcements")).await;
        assert!(of_type(&list, "NewsArticle").is_empty());
    }
}
