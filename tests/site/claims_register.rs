//! `custody-site claims`, the claims register, run as the binary: every fact with its values in
//! both languages and the real pages and lines that cite it, as Markdown or CSV, for the embedded
//! content or a folder, whole or for the lines a diff changes.

use std::io::Write;
use std::process::{Command, Stdio};

use custody_site::embedded::content_files;

const BIN: &str = env!("CARGO_BIN_EXE_custody-site");

/// The binary's standard output for `args`; it must succeed.
fn claims(args: &[&str], stdin: &str) -> String {
    let mut child = Command::new(BIN)
        .arg("claims")
        .args(args)
        .env_remove("CUSTODY_SITE_CONFIG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("stdin takes the diff");
    let output = child.wait_with_output().expect("the binary exits");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// `{file}:{line}` of every line of a content file that holds `needle`.
fn lines_of(file: &str, needle: &str) -> Vec<String> {
    content_files()[file]
        .lines()
        .enumerate()
        .filter(|(_, line)| line.contains(needle) && !line.trim_start().starts_with('#'))
        .map(|(index, _)| format!("{file}:{}", index + 1))
        .collect()
}

#[test]
fn the_register_names_each_fact_its_values_and_every_line_that_cites_it() {
    let markdown = claims(&[], "");
    assert!(markdown.starts_with("# Claims register\n"), "{markdown}");
    for heading in [
        "## Channels (channels.toml)",
        "## Signing model (signing.toml)",
        "## What each entity offers (offerings.toml)",
        "## Fees and fee rules (fees.toml)",
        "## Frequencies and hours (commitments.toml)",
        "## Company figures (site.toml)",
        "## Insurance (insurance.toml)",
        "## Verifying holdings (holdings.toml)",
        "## Where each entity accepts clients from (jurisdictions.toml)",
        "## The client API (developers.toml)",
    ] {
        assert!(markdown.contains(heading), "{heading}");
    }
    let row = markdown
        .lines()
        .find(|line| line.starts_with("| `{channel.incidents.address}`"))
        .expect("a row for the incident channel's address");
    assert!(
        row.contains("| incidents@custody.example | incidents@custody.example |"),
        "{row}"
    );
    for file in [
        "en/faq.toml",
        "zh/faq.toml",
        "en/marketing/how-custody-works.toml",
    ] {
        let cited = lines_of(file, "{channel.incidents.address}");
        assert!(!cited.is_empty(), "{file} cites the address");
        for citation in cited {
            assert!(row.contains(&citation), "{citation}: {row}");
        }
    }
    assert!(
        row.contains("/zh/faq/reporting-a-security-incident"),
        "citations name their pages: {row}"
    );
}

#[test]
fn the_register_lists_the_particulars_a_buyer_compares_and_where_each_is_cited() {
    let markdown = claims(&[], "");
    for (token, files) in [
        (
            "{insurance.sublimit.cold}",
            ["en/faq.toml", "zh/marketing/how-custody-works.toml"],
        ),
        (
            "{staking.sg.slashing}",
            ["en/marketing/services.toml", "zh/faq.toml"],
        ),
        (
            "{attestation.as-of}",
            ["en/marketing/how-custody-works.toml", "zh/faq.toml"],
        ),
        (
            "{jurisdiction.eu.sg}",
            ["en/marketing/entities.toml", "zh/faq.toml"],
        ),
        (
            "{api.rate.read}",
            [
                "en/marketing/developers.toml",
                "zh/marketing/developers.toml",
            ],
        ),
    ] {
        let row = markdown
            .lines()
            .find(|line| line.starts_with(&format!("| `{token}`")))
            .unwrap_or_else(|| panic!("a row for {token}"));
        for file in files {
            let cited = lines_of(file, token);
            assert!(!cited.is_empty(), "{file} cites {token}");
            for citation in cited {
                assert!(row.contains(&citation), "{citation}: {row}");
            }
        }
    }
}

#[test]
fn the_csv_has_a_row_per_citation_and_the_diagram_cites_its_wallet() {
    let csv = claims(&["--format", "csv"], "");
    let mut rows = csv.lines();
    assert_eq!(
        rows.next(),
        Some("group,fact,about,english,chinese,language,file,line,page")
    );
    let home = lines_of("en/marketing/home.toml", "wallet = \"cold\"");
    let (file, line) = home[0].split_once(':').expect("file:line");
    let expected = format!(",3-of-5,3/5,en,{file},{line},/");
    assert!(
        csv.lines().any(
            |row| row.starts_with("Signing model,{signing.cold.threshold},")
                && row.ends_with(&expected)
        ),
        "{expected}"
    );
    let cited = lines_of(
        "zh/marketing/how-custody-works.toml",
        "{frequency.reconciliation}",
    );
    let (file, line) = cited[0].split_once(':').expect("file:line");
    assert!(csv.lines().any(|row| {
        row.starts_with("Frequencies and hours,{frequency.reconciliation},")
            && row.contains(",every business day,每个工作日,zh,")
            && row.contains(&format!(",{file},{line},/zh/how-custody-works"))
    }));
}

#[test]
fn a_diff_narrows_the_register_to_the_claims_it_touches() {
    let cited = lines_of("en/faq.toml", "{fee.api-connection.text}");
    let line = cited[0].split_once(':').expect("file:line").1;
    let diff = format!(
        "diff --git a/content/en/faq.toml b/content/en/faq.toml\n--- a/content/en/faq.toml\n+++ b/content/en/faq.toml\n@@ -{line} +{line} @@\n-old\n+new\n"
    );
    let touched = claims(&["--diff", "-"], &diff);
    assert!(
        touched.starts_with("# Claims touched by the change\n"),
        "{touched}"
    );
    assert!(touched.contains("`{fee.api-connection.text}`"), "{touched}");
    assert!(touched.contains(&format!("en/faq.toml:{line} /faq/api-access")));
    assert!(
        !touched.contains("`{channel.incidents.address}`"),
        "{touched}"
    );
    assert!(!touched.contains("## Channels"), "{touched}");
}

#[test]
fn a_content_folder_is_checked_first_and_then_registered() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    for (name, text) in content_files() {
        let path = dir.path().join(&name);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("folders");
        let text = if name == "channels.toml" {
            text.replace("incidents@custody.example", "desk@custody.example")
        } else {
            text
        };
        std::fs::write(path, text).expect("the file is written");
    }
    let folder = dir.path().to_str().expect("a UTF-8 path");
    let register = claims(&["--content", folder], "");
    assert!(register.contains("| desk@custody.example | desk@custody.example |"));

    let faq = dir.path().join("en/faq.toml");
    let text = std::fs::read_to_string(&faq).expect("the FAQ");
    std::fs::write(
        &faq,
        text.replace("{channel.incidents.address}", "{channel.incident.address}"),
    )
    .expect("the FAQ is written");
    let output = Command::new(BIN)
        .args(["claims", "--content", folder])
        .env_remove("CUSTODY_SITE_CONFIG")
        .output()
        .expect("the binary runs");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("content/en/faq.toml:")
            && stderr.contains("unknown channel `{channel.incident.address}`"),
        "{stderr}"
    );
}
