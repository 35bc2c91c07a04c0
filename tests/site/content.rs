//! Content validation: the embedded content passes, and each kind of mistake an editor can make
//! fails with the file and line that needs fixing.

use custody_site::embedded::content_files;

use crate::common::{errors_after, replace};

#[test]
fn the_embedded_content_is_valid() {
    assert_eq!(errors_after(|_| {}), Vec::<String>::new());
}

#[test]
fn an_unknown_validity_check_fails_with_its_line() {
    let routes = &content_files()["routes.toml"];
    let line = routes[..routes.find("check = \"faq-id\"").unwrap()]
        .matches('\n')
        .count()
        + 1;
    let errors = errors_after(|f| {
        replace(
            f,
            "routes.toml",
            "check = \"faq-id\"",
            "check = \"faq-slug\"",
        )
    });
    let expected = format!(
        "content/routes.toml:{line}: route `faq-entry` names an unknown validity check (route middleware) \
         `faq-slug`; known checks: faq-id, announcement-id"
    );
    assert!(errors.contains(&expected), "{errors:?}");
}

#[test]
fn a_page_shown_per_id_needs_its_own_validity_check() {
    let errors = errors_after(|f| {
        replace(
            f,
            "routes.toml",
            "check = \"faq-id\"",
            "check = \"announcement-id\"",
        )
    });
    assert!(
        errors.iter().any(|e| e.contains(
            "route `faq-entry` shows one page per id: it must end in `{id}` and name the validity check `faq-id`"
        )),
        "{errors:?}"
    );
}

#[test]
fn unknown_keys_fail_with_file_and_line() {
    let errors =
        errors_after(|f| replace(f, "en/site.toml", "tagline =", "taglne = \"x\"\ntagline ="));
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("content/en/site.toml:") && e.contains("taglne")),
        "{errors:?}"
    );
}

#[test]
fn a_missing_translation_fails_the_parity_check() {
    let errors = errors_after(|f| {
        let zh = f.get_mut("zh/pages.toml").unwrap();
        let start = zh.find("lead =").unwrap();
        let end = start + zh[start..].find('\n').unwrap() + 1;
        zh.replace_range(start..end, "");
    });
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("content/zh/pages.toml") && e.contains("is missing")),
        "{errors:?}"
    );
}

#[test]
fn ids_must_match_across_languages_and_be_unique() {
    let renamed =
        errors_after(|f| replace(f, "zh/faq.toml", "id = \"security\"", "id = \"safety\""));
    assert!(
        renamed
            .iter()
            .any(|e| e.contains("ids and dates are shared")),
        "{renamed:?}"
    );
    let twice =
        errors_after(|f| replace(f, "routes.toml", "id = \"clients\"", "id = \"services\""));
    assert!(
        twice
            .iter()
            .any(|e| e.contains("page id `services` is used twice")),
        "{twice:?}"
    );
}

#[test]
fn an_illustration_shown_twice_on_the_site_fails_naming_both_places() {
    let errors = errors_after(|f| {
        replace(
            f,
            "en/marketing/entities.toml",
            "illustration = \"asset-list\"",
            "illustration = \"policy\"",
        )
    });
    assert!(
        errors.iter().any(|e| e.starts_with("content/en/marketing/")
            && e.contains("the illustration `policy` is shown twice on the site")
            && e.contains("en/marketing/entities.toml")
            && e.contains("en/marketing/services.toml")),
        "{errors:?}"
    );
}

#[test]
fn brand_sections_stay_on_the_brand_kit_page_which_shows_no_other_kind() {
    let errors = errors_after(|f| {
        let before_cta = |section: &str| format!("{section}\n\n[[section]]\nkind = \"cta\"");
        replace(
            f,
            "en/marketing/brand-kit.toml",
            "kind = \"cta\"",
            &before_cta("kind = \"licences\"\nid = \"licence-cards\"\nheading = \"Licences\""),
        );
        replace(
            f,
            "en/marketing/services.toml",
            "kind = \"cta\"",
            &before_cta(
                "kind = \"brand-download\"\nid = \"kit\"\nheading = \"Brand kit\"\nbody = \"Logos.\"\nlink = \"Download\"",
            ),
        );
    });
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("content/en/marketing/brand-kit.toml:")
                && e.contains(
                    "the brand kit page shows only brand sections and call-to-action bands"
                )),
        "{errors:?}"
    );
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("content/en/marketing/services.toml:")
                && e.contains("brand sections are shown on the brand kit page only")),
        "{errors:?}"
    );
}

#[test]
fn a_feature_list_takes_one_or_two_columns_and_cards_two_to_four() {
    let errors = errors_after(|f| {
        for lang in ["en", "zh"] {
            replace(
                f,
                &format!("{lang}/marketing/services.toml"),
                "layout = \"list\"\ncolumns = 2",
                "layout = \"list\"\ncolumns = 3",
            );
        }
        replace(
            f,
            "en/marketing/services.toml",
            "columns = 4",
            "columns = 1",
        );
    });
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("content/en/marketing/services.toml:")
                && e.contains("section `roles`: `columns` must be from 1 to 2 for this layout")),
        "{errors:?}"
    );
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("content/en/marketing/services.toml:")
                && e.contains("`columns` must be from 2 to 4 for this layout")),
        "{errors:?}"
    );
}

#[test]
fn a_client_case_needs_two_figures() {
    let errors = errors_after(|f| {
        for lang in ["en", "zh"] {
            replace(
                f,
                &format!("{lang}/marketing/clients.toml"),
                "[[section.item.metric]]\nvalue = \"500,000\"",
                "[[section.item.metric]]\nvalue = \"4\"\nlabel = \"weeks\"\n\n[[section.item.metric]]\nvalue = \"500,000\"",
            );
        }
    });
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("content/en/marketing/clients.toml:")
                && e.contains("a client case shows two figures")),
        "{errors:?}"
    );
}

#[test]
fn redirects_and_links_must_reach_real_pages() {
    let redirect = errors_after(|f| {
        replace(
            f,
            "redirects.toml",
            "to = \"/clients\"",
            "to = \"/customers\"",
        )
    });
    assert!(
        redirect
            .iter()
            .any(|e| e.contains("redirect target `/customers` is not a page")),
        "{redirect:?}"
    );
    let link = errors_after(|f| {
        replace(
            f,
            "en/faq.toml",
            "description = \"",
            "description = \"See [fees](/pricing#fees). ",
        )
    });
    assert!(
        link.iter()
            .any(|e| e.starts_with("content/en/faq.toml:") && e.contains("`/pricing#fees`")),
        "{link:?}"
    );
    let feature = errors_after(|f| {
        replace(
            f,
            "zh/site.toml",
            "path = \"/company-security-guide\"",
            "path = \"/security-guides\"",
        )
    });
    assert!(
        feature
            .iter()
            .any(|e| e.starts_with("content/zh/site.toml:")
                && e.contains("link `/security-guides` does not lead to a page")),
        "{feature:?}"
    );
}

#[test]
fn a_page_without_metadata_fails() {
    let errors = errors_after(|f| {
        let routes = f.get_mut("routes.toml").unwrap();
        routes.push_str("\n[[route]]\nid = \"careers\"\npath = \"/careers\"\n");
    });
    assert!(
        errors
            .iter()
            .any(|e| e.contains("page `careers` has no title")),
        "{errors:?}"
    );
}

#[test]
fn unexpected_files_are_reported() {
    let errors = errors_after(|f| {
        f.insert("en/team.toml".into(), "x = 1\n".into());
    });
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("content/en/team.toml") && e.contains("unexpected")),
        "{errors:?}"
    );
}

#[test]
fn an_unknown_key_in_a_section_fails_at_its_own_line() {
    let heading = "heading = \"Kestrel Custody in figures\"";
    let errors = errors_after(|f| {
        replace(
            f,
            "en/marketing/home.toml",
            heading,
            &format!("{heading}\nsubheadng = \"x\""),
        )
    });
    let text = &content_files()["en/marketing/home.toml"];
    let line = text[..text.find(heading).unwrap()].matches('\n').count() + 2;
    let expected = format!("content/en/marketing/home.toml:{line}: unknown field `subheadng`");
    assert!(
        errors.iter().any(|e| e.starts_with(&expected)),
        "{errors:?}"
    );
}
