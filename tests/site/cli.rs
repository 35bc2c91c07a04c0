//! The binary's command line: `check`, configuration errors, and SIGTERM.

use std::io::{Read, Write};
use std::process::Command;
use std::time::Duration;

use crate::activation::{signal, spawn_logged, wait_exit};

const BIN: &str = env!("CARGO_BIN_EXE_custody-site");

fn run(args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    let mut command = Command::new(BIN);
    command.args(args).env_remove("CUSTODY_SITE_CONFIG");
    for (key, value) in env {
        command.env(key, value);
    }
    command.output().expect("the binary runs")
}

#[test]
fn check_validates_config_and_content() {
    let output = run(&["check"], &[]);
    assert!(output.status.success());
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("configuration and content are valid"),
        "{stdout}"
    );
}

#[test]
fn bad_configuration_fails_with_a_clear_message() {
    let bad_url = run(&["check", "--public-url", "ftp://custody.example"], &[]);
    assert!(!bad_url.status.success());
    assert!(
        String::from_utf8_lossy(&bad_url.stderr)
            .contains("public_url must start with http:// or https://")
    );

    let typo = run(&["check"], &[("CUSTODY_SITE_SERVER_REQUEST_TIMEOUT", "5")]);
    assert!(!typo.status.success());
    assert!(
        String::from_utf8_lossy(&typo.stderr)
            .contains("unknown environment variable CUSTODY_SITE_SERVER_REQUEST_TIMEOUT")
    );

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("site.toml");
    std::fs::write(&file, "listen = \"127.0.0.1:8080\"\nlistn = 1\n").unwrap();
    let unknown_key = run(&["check", "--config", file.to_str().unwrap()], &[]);
    assert!(!unknown_key.status.success());
    assert!(String::from_utf8_lossy(&unknown_key.stderr).contains("listn"));
}

#[test]
fn serve_answers_and_exits_cleanly_on_sigterm() {
    // The binary binds the address itself here: port 0, the one it got read from its log.
    let (mut child, mut log) = spawn_logged(
        Command::new(BIN)
            .args(["--listen", "127.0.0.1:0"])
            .env_remove("CUSTODY_SITE_CONFIG")
            .env("RUST_LOG", "info"),
    );
    let listening = log.wait_for("listening on http://", Duration::from_secs(20));
    let addr = listening
        .split("listening on http://")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap();
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    signal(child.id(), "-TERM");
    let status = wait_exit(&mut child, Duration::from_secs(10));
    assert!(status.success(), "{status}");
}

#[test]
fn the_configuration_reference_is_current_and_loads() {
    let output = run(&["config", "--print-default"], &[]);
    assert!(output.status.success());
    let printed = String::from_utf8(output.stdout).unwrap();
    let committed =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/config.toml")).unwrap();
    assert_eq!(
        printed, committed,
        "docs/config.toml is out of date: custody-site config --print-default > docs/config.toml"
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("site.toml");
    std::fs::write(&file, &printed).unwrap();
    let check = run(&["check", "--config", file.to_str().unwrap()], &[]);
    assert!(
        check.status.success(),
        "the printed defaults are a valid configuration: {}",
        String::from_utf8_lossy(&check.stderr)
    );
}

/// A copy of the repository's content in a temporary folder, edited by `edits` of
/// `(file, text, replacement)`; each text must occur in its file.
fn content_copy(edits: &[(&str, &str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    copy_tree(&source, dir.path());
    for (file, text, replacement) in edits {
        let path = dir.path().join(file);
        let before = std::fs::read_to_string(&path).unwrap();
        assert!(before.contains(text), "{file} has no `{text}`");
        std::fs::write(&path, before.replacen(text, replacement, 1)).unwrap();
    }
    dir
}

fn copy_tree(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// The one-based line of `needle` in `file` of the content folder `dir`.
fn line_in(dir: &tempfile::TempDir, file: &str, needle: &str) -> usize {
    let text = std::fs::read_to_string(dir.path().join(file)).unwrap();
    text[..text.find(needle).expect("the needle is in the file")]
        .matches('\n')
        .count()
        + 1
}

#[test]
fn check_of_a_content_folder_lists_every_problem_with_file_and_line() {
    let valid = content_copy(&[]);
    let ok = run(&["check", "--content", valid.path().to_str().unwrap()], &[]);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    assert!(String::from_utf8_lossy(&ok.stdout).contains("is valid"));

    // Problems found while reading the files: all of them in one run.
    let unreadable = content_copy(&[
        (
            "en/site.toml",
            "tagline =",
            "taglne = \"Regulated custody\"\ntagline =",
        ),
        (
            "zh/pages.toml",
            "lead = \"只需与我们建立",
            "summary = \"只需与我们建立",
        ),
        ("en/faq.toml", "our licences,", "our {licences},"),
    ]);
    let output = run(
        &["check", "--content", unreadable.path().to_str().unwrap()],
        &[],
    );
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    for (file, needle, words) in [
        ("en/site.toml", "taglne", "taglne"),
        ("zh/pages.toml", "summary = \"只需与我们建立", "summary"),
        ("en/faq.toml", "{licences}", "{licences}"),
    ] {
        let at = format!("content/{file}:{}:", line_in(&unreadable, file, needle));
        assert!(
            stderr
                .lines()
                .any(|line| line.starts_with(&at) && line.contains(words)),
            "no `{at} … {words}` in:\n{stderr}"
        );
    }
    assert!(stderr.contains("content problem(s)"), "{stderr}");

    // Problems of content that reads well: broken links, invalid addresses, ids that differ
    // between the languages, all in one run.
    let address = "0xdAC17F958D2ee523a2206206994597C13D831ec7";
    let invalid = content_copy(&[
        (
            "en/faq.toml",
            "description = \"Questions about who we are",
            "description = \"See [fees](/pricing#fees). Questions about who we are",
        ),
        ("assets/sg.toml", address, &address.to_ascii_lowercase()),
        ("zh/faq.toml", "id = \"security\"", "id = \"safety\""),
    ]);
    let output = run(
        &["check", "--content", invalid.path().to_str().unwrap()],
        &[],
    );
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    for (file, needle, words) in [
        ("en/faq.toml", "/pricing#fees", "`/pricing#fees`"),
        (
            "assets/sg.toml",
            &address.to_ascii_lowercase(),
            "EIP-55 checksum",
        ),
    ] {
        let at = format!("content/{file}:{}:", line_in(&invalid, file, needle));
        assert!(
            stderr
                .lines()
                .any(|line| line.starts_with(&at) && line.contains(words)),
            "no `{at} … {words}` in:\n{stderr}"
        );
    }
    assert!(
        stderr
            .lines()
            .any(|line| line.starts_with("content/zh/faq.toml")
                && line.contains("ids and dates are shared")),
        "{stderr}"
    );
}
