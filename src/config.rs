//! Configuration: built-in defaults, then a TOML file, then `CUSTODY_SITE_*` environment
//! variables, then command-line flags. Every key is optional.

use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use anyhow::{Context, bail};
use serde::{Deserialize, Serialize};
use toml::{Table, Value};

/// Prefix of every environment variable the site reads.
pub const ENV_PREFIX: &str = "CUSTODY_SITE_";

/// The whole configuration. Environment names: top-level keys as `CUSTODY_SITE_<KEY>`, keys of a
/// section as `CUSTODY_SITE_<SECTION>_<KEY>` (upper case).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// Socket address to listen on. Default `127.0.0.1:8080`. Env `CUSTODY_SITE_LISTEN`.
    pub listen: String,
    /// Public base URL of the site, used for canonical links, hreflang, the sitemap and HSTS
    /// (sent only when it is `https`). No trailing slash. Default `http://127.0.0.1:8080`.
    /// Env `CUSTODY_SITE_PUBLIC_URL`.
    pub public_url: String,
    /// HTTP server limits.
    pub server: ServerConfig,
}

/// `[server]`: timeouts and shutdown.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ServerConfig {
    /// Seconds a client may take to send the request headers. Default `10`.
    pub header_read_timeout_secs: u64,
    /// Seconds a request may take from headers to response. Default `30`.
    pub request_timeout_secs: u64,
    /// Seconds in-flight requests get to finish after SIGTERM or SIGINT. Default `10`.
    pub shutdown_grace_secs: u64,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            listen: "127.0.0.1:8080".into(),
            public_url: "http://127.0.0.1:8080".into(),
            server: ServerConfig::default(),
        }
    }
}

impl Default for ServerConfig {
    fn default() -> Self {
        Self {
            header_read_timeout_secs: 10,
            request_timeout_secs: 30,
            shutdown_grace_secs: 10,
        }
    }
}

/// Values given on the command line; they win over the file and the environment.
#[derive(Debug, Clone, Default)]
pub struct Overrides {
    /// `--listen`
    pub listen: Option<String>,
    /// `--public-url`
    pub public_url: Option<String>,
}

impl Config {
    /// Loads defaults, then `file` (if any), then the environment, then `overrides`; validates.
    pub fn load(file: Option<&Path>, overrides: &Overrides) -> anyhow::Result<Self> {
        let mut table = match file {
            Some(path) => std::fs::read_to_string(path)
                .with_context(|| format!("cannot read config file {}", path.display()))?
                .parse::<Table>()
                .with_context(|| format!("config file {} is not valid TOML", path.display()))?,
            None => Table::new(),
        };
        apply_env(&mut table, std::env::vars())?;
        if let Some(listen) = &overrides.listen {
            table.insert("listen".into(), Value::String(listen.clone()));
        }
        if let Some(url) = &overrides.public_url {
            table.insert("public_url".into(), Value::String(url.clone()));
        }
        let mut config: Config = table.try_into().context("invalid configuration")?;
        config.public_url = config.public_url.trim_end_matches('/').to_owned();
        config.validate()?;
        Ok(config)
    }

    /// Checks values the types cannot.
    pub fn validate(&self) -> anyhow::Result<()> {
        self.listen_addr()?;
        let Some(rest) = self
            .public_url
            .strip_prefix("https://")
            .or_else(|| self.public_url.strip_prefix("http://"))
        else {
            bail!(
                "public_url must start with http:// or https://, not `{}`",
                self.public_url
            );
        };
        if rest.is_empty() || rest.contains(['/', '?', '#', ' ', '"', '<', '>']) {
            bail!(
                "public_url must be a scheme and host (and port), without a path: `{}`",
                self.public_url
            );
        }
        Ok(())
    }

    /// The address to listen on.
    pub fn listen_addr(&self) -> anyhow::Result<SocketAddr> {
        self.listen.parse().with_context(|| {
            format!(
                "listen must be an address like 127.0.0.1:8080, not `{}`",
                self.listen
            )
        })
    }

    /// Whether the public URL is HTTPS (HSTS is sent only then).
    pub fn is_https(&self) -> bool {
        self.public_url.starts_with("https://")
    }

    /// Origins besides this site that pages may connect to (none yet).
    pub fn extra_connect_origins(&self) -> impl Iterator<Item = String> {
        std::iter::empty()
    }

    /// How long a client may take to send request headers.
    pub fn header_read_timeout(&self) -> Duration {
        Duration::from_secs(self.server.header_read_timeout_secs)
    }

    /// How long one request may take.
    pub fn request_timeout(&self) -> Duration {
        Duration::from_secs(self.server.request_timeout_secs)
    }

    /// How long shutdown waits for in-flight requests.
    pub fn shutdown_grace(&self) -> Duration {
        Duration::from_secs(self.server.shutdown_grace_secs)
    }
}

/// Overlays `CUSTODY_SITE_*` variables on `table`, typed like the default of each key.
/// `CUSTODY_SITE_CONFIG` names the file and is not a key.
fn apply_env(
    table: &mut Table,
    vars: impl Iterator<Item = (String, String)>,
) -> anyhow::Result<()> {
    let defaults = Table::try_from(Config::default()).expect("the default config serializes");
    for (name, raw) in vars {
        let Some(key) = name.strip_prefix(ENV_PREFIX) else {
            continue;
        };
        if key == "CONFIG" {
            continue;
        }
        let key = key.to_ascii_lowercase();
        let Some((section, field, default)) = locate(&defaults, &key) else {
            bail!("unknown environment variable {name}: no such configuration key");
        };
        let value = typed(default, &raw)
            .with_context(|| format!("{name}={raw:?} is not a valid {}", default.type_str()))?;
        match section {
            None => {
                table.insert(field, value);
            }
            Some(section) => {
                let entry = table
                    .entry(section.clone())
                    .or_insert_with(|| Value::Table(Table::new()));
                let Value::Table(section_table) = entry else {
                    bail!("config key `{section}` must be a table")
                };
                section_table.insert(field, value);
            }
        }
    }
    Ok(())
}

/// Finds the config key an environment suffix names: `listen` or `server_request_timeout_secs`.
fn locate<'a>(defaults: &'a Table, key: &str) -> Option<(Option<String>, String, &'a Value)> {
    if let Some(value) = defaults.get(key).filter(|v| !v.is_table()) {
        return Some((None, key.to_owned(), value));
    }
    defaults.iter().find_map(|(section, value)| {
        let fields = value.as_table()?;
        let field = key.strip_prefix(section.as_str())?.strip_prefix('_')?;
        fields
            .get(field)
            .map(|default| (Some(section.clone()), field.to_owned(), default))
    })
}

fn typed(default: &Value, raw: &str) -> anyhow::Result<Value> {
    Ok(match default {
        Value::String(_) => Value::String(raw.to_owned()),
        Value::Integer(_) => Value::Integer(raw.trim().parse()?),
        Value::Boolean(_) => Value::Boolean(raw.trim().parse()?),
        Value::Float(_) => Value::Float(raw.trim().parse()?),
        other => bail!("cannot set a {} from the environment", other.type_str()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> impl Iterator<Item = (String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect::<Vec<_>>()
            .into_iter()
    }

    #[test]
    fn environment_overrides_file_values_with_types() {
        let mut table: Table = "listen = \"0.0.0.0:1\"\n[server]\nrequest_timeout_secs = 5\n"
            .parse()
            .unwrap();
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
        assert_eq!(config.listen, "127.0.0.1:9");
        assert_eq!(config.server.request_timeout_secs, 5);
        assert_eq!(config.server.shutdown_grace_secs, 3);
    }

    #[test]
    fn rejects_unknown_and_mistyped_variables() {
        let mut table = Table::new();
        assert!(apply_env(&mut table, env(&[("CUSTODY_SITE_LISTN", "x")])).is_err());
        assert!(
            apply_env(
                &mut table,
                env(&[("CUSTODY_SITE_SERVER_REQUEST_TIMEOUT_SECS", "soon")])
            )
            .is_err()
        );
    }

    #[test]
    fn validates_public_url() {
        let config = Config {
            public_url: "https://custody.example/path".into(),
            ..Config::default()
        };
        assert!(config.validate().is_err());
        let config = Config {
            public_url: "https://custody.example".into(),
            ..Config::default()
        };
        assert!(config.validate().is_ok());
        assert!(config.is_https());
    }
}
