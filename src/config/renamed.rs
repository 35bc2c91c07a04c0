//! Keys that moved to another section: a file or environment written for an older release
//! still loads, each value taking its key's new place, and the binary warns with the new name.

use toml::{Table, Value};

/// A key that moved: its old path and its new one, section first.
struct Renamed {
    old: [&'static str; 2],
    new: [&'static str; 2],
}

/// Every moved key. The contact deadline was `[server]`'s until the site library stopped
/// depending on the edge; only the contact intake ever read it.
const RENAMED: [Renamed; 1] = [Renamed {
    old: ["server", "request_timeout_secs"],
    new: ["contact", "request_timeout_secs"],
}];

/// Moves every old key present in `layer` (one layer: a file, or the environment's keys as a
/// table) to its new place, unless the layer sets the new key too, in which case the new key wins.
/// Returns one warning per old key found.
pub fn move_renamed_keys(layer: &mut Table) -> Vec<String> {
    let mut warnings = Vec::new();
    for key in &RENAMED {
        let [old_section, old_field] = key.old;
        let [new_section, new_field] = key.new;
        let Some(Value::Table(section)) = layer.get_mut(old_section) else {
            continue;
        };
        let Some(value) = section.remove(old_field) else {
            continue;
        };
        if section.is_empty() {
            layer.remove(old_section);
        }
        let target = layer
            .entry(new_section)
            .or_insert_with(|| Value::Table(Table::new()));
        if let Value::Table(target) = target {
            target.entry(new_field).or_insert(value);
        }
        warnings.push(format!(
            "config key `{old_section}.{old_field}` is now `{new_section}.{new_field}` \
             (env {}); it was read from its old name",
            env_name(&key.new)
        ));
    }
    warnings
}

/// The environment variable of a moved key's old name, mapped to its new name's suffix
/// (`SERVER_REQUEST_TIMEOUT_SECS` → `CONTACT_REQUEST_TIMEOUT_SECS`).
pub fn renamed_env_suffix(suffix: &str) -> Option<String> {
    RENAMED.iter().find_map(|key| {
        key.old
            .join("_")
            .eq_ignore_ascii_case(suffix)
            .then(|| key.new.join("_").to_uppercase())
    })
}

fn env_name(path: &[&str; 2]) -> String {
    format!("{}{}", super::ENV_PREFIX, path.join("_").to_uppercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_old_key_moves_to_its_new_section_with_a_warning() {
        let mut layer: Table = "[server]\nrequest_timeout_secs = 12\n".parse().unwrap();
        let warnings = move_renamed_keys(&mut layer);
        assert_eq!(
            layer.to_string().trim(),
            "[contact]\nrequest_timeout_secs = 12"
        );
        assert_eq!(warnings.len(), 1);
        assert!(warnings[0].contains("`contact.request_timeout_secs`"));
        assert!(warnings[0].contains("CUSTODY_SITE_CONTACT_REQUEST_TIMEOUT_SECS"));
    }

    #[test]
    fn the_new_key_wins_when_a_layer_sets_both() {
        let mut layer: Table = "[server]\nrequest_timeout_secs = 12\nshutdown_grace_secs = 3\n\
                                [contact]\nrequest_timeout_secs = 7\n"
            .parse()
            .unwrap();
        move_renamed_keys(&mut layer);
        assert_eq!(
            layer["contact"]["request_timeout_secs"].as_integer(),
            Some(7)
        );
        assert_eq!(layer["server"]["shutdown_grace_secs"].as_integer(), Some(3));
        assert!(layer["server"].get("request_timeout_secs").is_none());
    }

    #[test]
    fn an_old_variable_names_its_new_key() {
        assert_eq!(
            renamed_env_suffix("SERVER_REQUEST_TIMEOUT_SECS").as_deref(),
            Some("CONTACT_REQUEST_TIMEOUT_SECS")
        );
        assert_eq!(renamed_env_suffix("SERVER_SHUTDOWN_GRACE_SECS"), None);
    }
}
