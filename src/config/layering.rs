//! Where the configuration comes from, in layers: built-in defaults, then a TOML file, then
//! `CUSTODY_SITE_*` environment variables, then command-line flags. Every key is optional.

use std::path::Path;

use anyhow::{Context, bail};
use toml::{Table, Value};

use super::renamed::{move_renamed_keys, renamed_env_suffix};
use super::types::{Config, LogFormat};

/// Prefix of every environment variable the site reads.
pub const ENV_PREFIX: &str = "CUSTODY_SITE_";

/// Variables with the prefix that are not configuration keys: the config file's path, the prebuilt
/// UI that `crates/site/build.rs` reads (often still set in the shell that runs the binary), and
/// the process handing its listeners over in an upgrade.
const NOT_KEYS: [&str; 3] = ["CONFIG", "UI_DIST", "HANDOVER_FROM"];

/// Values given on the command line; they win over the file and the environment.
#[derive(Debug, Clone, Default)]
pub struct Overrides {
    /// `--listen`
    pub listen: Option<String>,
    /// `--public-url`
    pub public_url: Option<String>,
    /// `--log-format`
    pub log_format: Option<LogFormat>,
}

impl Config {
    /// Loads defaults, then `file` (if any), then the environment, then `overrides`; validates.
    /// Returns the configuration and a warning for each key read under its old name
    /// (`renamed.rs`).
    pub fn load(file: Option<&Path>, overrides: &Overrides) -> anyhow::Result<(Self, Vec<String>)> {
        let mut table = defaults();
        let mut warnings = Vec::new();
        if let Some(path) = file {
            let mut from_file = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read config file {}", path.display()))?
                .parse::<Table>()
                .with_context(|| format!("config file {} is not valid TOML", path.display()))?;
            warnings.extend(move_renamed_keys(&mut from_file));
            deep_merge(&mut table, from_file);
        }
        warnings.extend(apply_env(&mut table, std::env::vars())?);
        if let Some(listen) = &overrides.listen {
            table.insert("listen".into(), Value::String(listen.clone()));
        }
        if let Some(url) = &overrides.public_url {
            table.insert("public_url".into(), Value::String(url.clone()));
        }
        if let Some(format) = overrides.log_format {
            let log = table
                .entry("log")
                .or_insert_with(|| Value::Table(Table::new()));
            if let Value::Table(log) = log {
                log.insert(
                    "format".into(),
                    Value::try_from(format).expect("a format serializes"),
                );
            }
        }
        let config: Config = table.try_into().context("invalid configuration")?;
        config.validate()?;
        Ok((config, warnings))
    }
}

/// Overlays `CUSTODY_SITE_*` variables on `table`, typed like the default of each key. A key's
/// variable is its path joined with `_` in upper case (`login.sg.test` → `CUSTODY_SITE_LOGIN_SG_TEST`).
/// `CUSTODY_SITE_CONFIG` names the file and `CUSTODY_SITE_UI_DIST` is for the build: neither is a key.
/// A moved key's old variable sets its new key; the warnings name each one read.
fn apply_env(
    table: &mut Table,
    vars: impl Iterator<Item = (String, String)>,
) -> anyhow::Result<Vec<String>> {
    let mut warnings = Vec::new();
    let defaults = defaults();
    let mut keys = Vec::new();
    leaf_keys(&defaults, &mut Vec::new(), &mut keys);
    for (name, raw) in vars {
        let Some(suffix) = name.strip_prefix(ENV_PREFIX) else {
            continue;
        };
        if NOT_KEYS.contains(&suffix) {
            continue;
        }
        let renamed = renamed_env_suffix(suffix);
        if let Some(new_suffix) = &renamed {
            warnings.push(format!(
                "environment variable {name} is now {ENV_PREFIX}{new_suffix}; it was read from its old name"
            ));
        }
        let suffix = renamed.as_deref().unwrap_or(suffix);
        let Some((path, default)) = keys
            .iter()
            .find(|(path, _)| path.join("_").eq_ignore_ascii_case(suffix))
        else {
            bail!("unknown environment variable {name}: no such configuration key");
        };
        let value = typed(default, &raw)
            .with_context(|| format!("{name}={raw:?} is not a valid {}", default.type_str()))?;
        let (field, sections) = path.split_last().expect("a key has a name");
        let mut target = &mut *table;
        for section in sections {
            let entry = target
                .entry(section.clone())
                .or_insert_with(|| Value::Table(Table::new()));
            let Value::Table(inner) = entry else {
                bail!("config key `{section}` must be a table")
            };
            target = inner;
        }
        target.insert(field.clone(), value);
    }
    Ok(warnings)
}

/// The default configuration as a TOML table: the base every layer is merged onto, so a layer
/// may set any single key of a nested table.
fn defaults() -> Table {
    Table::try_from(Config::default()).expect("the default config serializes")
}

/// Merges `over` into `base`: tables key by key, everything else replaced. Unknown keys are
/// kept so that deserializing reports them.
fn deep_merge(base: &mut Table, over: Table) {
    for (key, value) in over {
        match (base.get_mut(&key), value) {
            (Some(Value::Table(inner)), Value::Table(over_inner)) => deep_merge(inner, over_inner),
            (_, value) => {
                base.insert(key, value);
            }
        }
    }
}

/// Every non-table key of `table` with its path and default value.
fn leaf_keys<'a>(
    table: &'a Table,
    prefix: &mut Vec<String>,
    out: &mut Vec<(Vec<String>, &'a Value)>,
) {
    for (key, value) in table {
        prefix.push(key.clone());
        match value {
            Value::Table(inner) => leaf_keys(inner, prefix, out),
            leaf => out.push((prefix.clone(), leaf)),
        }
        prefix.pop();
    }
}

fn typed(default: &Value, raw: &str) -> anyhow::Result<Value> {
    Ok(match default {
        Value::String(_) => Value::String(raw.to_owned()),
        Value::Integer(_) => Value::Integer(raw.trim().parse()?),
        Value::Boolean(_) => Value::Boolean(raw.trim().parse()?),
        Value::Float(_) => Value::Float(raw.trim().parse()?),
        Value::Array(_) => Value::Array(
            raw.split(',')
                .map(str::trim)
                .filter(|item| !item.is_empty())
                .map(|item| Value::String(item.to_owned()))
                .collect(),
        ),
        other => bail!("cannot set a {} from the environment", other.type_str()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use custody_site::settings::Environment;

    fn env(pairs: &[(&str, &str)]) -> impl Iterator<Item = (String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect::<Vec<_>>()
            .into_iter()
    }

    #[test]
    fn environment_overrides_file_values_with_types() {
        let mut table = defaults();
        let file: Table = "listen = \"0.0.0.0:1\"\n[contact]\nrequest_timeout_secs = 5\n"
            .parse()
            .unwrap();
        deep_merge(&mut table, file);
        apply_env(
            &mut table,
            env(&[
                ("CUSTODY_SITE_LISTEN", "127.0.0.1:9"),
                ("CUSTODY_SITE_SERVER_SHUTDOWN_GRACE_SECS", "3"),
                ("OTHER", "x"),
            ]),
        )
        .unwrap();
        let config: Config = table.try_into().unwrap();
        assert_eq!(config.listen.to_string(), "127.0.0.1:9");
        assert_eq!(config.contact.request_timeout_secs, 5);
        assert_eq!(config.server.shutdown_grace_secs, 3);
    }

    #[test]
    fn nested_keys_and_enums_come_from_the_environment() {
        let mut table = defaults();
        apply_env(
            &mut table,
            env(&[
                (
                    "CUSTODY_SITE_LOGIN_HK_TEST",
                    "https://login.hk.example/test",
                ),
                ("CUSTODY_SITE_SITE_ENVIRONMENT", "test"),
                ("CUSTODY_SITE_IAM_BASE_URL", "https://iam.custody.example"),
            ]),
        )
        .unwrap();
        let config: Config = table.try_into().unwrap();
        assert_eq!(
            config.login.hk.test.as_str(),
            "https://login.hk.example/test"
        );
        assert_eq!(
            config.login.sg.test,
            Config::default().login.sg.test,
            "other entity keeps its default"
        );
        assert_eq!(config.site.environment, Environment::Test);
        assert_eq!(
            config
                .site_settings()
                .extra_connect_origins()
                .collect::<Vec<_>>(),
            ["https://iam.custody.example"]
        );
    }

    #[test]
    fn an_empty_value_is_none_and_a_bad_one_names_its_key() {
        let mut table = defaults();
        apply_env(
            &mut table,
            env(&[
                ("CUSTODY_SITE_METRICS_LISTEN", "127.0.0.1:9464"),
                ("CUSTODY_SITE_SERVER_PID_FILE", " "),
                ("CUSTODY_SITE_PREVIOUS_BUILDS_DIR", ""),
                ("CUSTODY_SITE_PUBLIC_URL", "https://custody.example/"),
            ]),
        )
        .unwrap();
        let config: Config = table.clone().try_into().unwrap();
        assert_eq!(config.metrics.listen, "127.0.0.1:9464".parse().ok());
        assert_eq!(config.server.pid_file, None);
        assert_eq!(config.previous_builds.dir, None);
        assert_eq!(config.public_url.as_str(), "https://custody.example");
        apply_env(&mut table, env(&[("CUSTODY_SITE_METRICS_LISTEN", "9464")])).unwrap();
        let error = table.try_into::<Config>().unwrap_err().to_string();
        assert!(
            error.contains("127.0.0.1:8080, not `9464`") && error.contains("metrics.listen"),
            "{error}"
        );
    }

    #[test]
    fn rejects_unknown_and_mistyped_variables() {
        let mut table = Table::new();
        assert!(apply_env(&mut table, env(&[("CUSTODY_SITE_LISTN", "x")])).is_err());
        assert!(
            apply_env(
                &mut table,
                env(&[("CUSTODY_SITE_CONTACT_REQUEST_TIMEOUT_SECS", "soon")])
            )
            .is_err()
        );
    }

    #[test]
    fn an_old_variable_sets_the_key_under_its_new_name_with_a_warning() {
        let mut table = defaults();
        let warnings = apply_env(
            &mut table,
            env(&[("CUSTODY_SITE_SERVER_REQUEST_TIMEOUT_SECS", "9")]),
        )
        .unwrap();
        let config: Config = table.try_into().unwrap();
        assert_eq!(config.contact.request_timeout_secs, 9);
        assert_eq!(warnings.len(), 1);
        assert!(
            warnings[0].contains("CUSTODY_SITE_CONTACT_REQUEST_TIMEOUT_SECS"),
            "{}",
            warnings[0]
        );
    }
}
