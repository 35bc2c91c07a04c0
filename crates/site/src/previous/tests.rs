//! The builds directory end to end: the running build stored whole and read back as a previous
//! build, tampered indexes refused, retirements recorded and expired builds dropped.

use std::path::Path;
use std::sync::LazyLock;

use super::disk::{self, Stored};
use super::index::{self, INDEX, PACK, Packed};
use super::*;
use crate::render::encoded::Coding;

static SITE: LazyLock<ServedSite> = LazyLock::new(|| {
    ServedSite::from_embedded(crate::SiteSettings::default()).expect("the site builds")
});

fn config(dir: &Path) -> PreviousBuildsConfig {
    PreviousBuildsConfig {
        dir: Some(dir.to_path_buf()),
        ..PreviousBuildsConfig::default()
    }
}

/// The running build stored in `dir` under the id `id`, as an earlier binary would have left it.
fn store_as(dir: &Path, id: &str) -> Packed {
    let mut packed = index::pack(SITE.files(), SITE.build());
    packed.index.build = id.to_owned();
    assert_eq!(disk::store(dir, &packed).unwrap(), Stored::Written);
    packed
}

#[test]
fn a_stored_build_reads_back_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let packed = store_as(dir.path(), "0000aaaa0000aaaa");
    assert_eq!(disk::store(dir.path(), &packed).unwrap(), Stored::Kept);
    let previous = PreviousBuilds::open(&config(dir.path()), &SITE.build().build_id);
    assert_eq!(previous.count(), 1);
    let mut compared = 0;
    for (path, served) in SITE
        .files()
        .static_files
        .iter()
        .filter(|(p, _)| p.starts_with(PREFIX))
    {
        let file = previous.find(path).expect("every /_app/ file is stored");
        assert_eq!(file.content_type, served.content_type, "{path}");
        assert_eq!(file.disposition, served.disposition, "{path}");
        for coding in served.body.available() {
            assert_eq!(file.etags.of(coding), served.body.etag(coding), "{path}");
            assert_eq!(
                file.read(coding).unwrap(),
                served.body.body(coding),
                "{path}"
            );
            compared += 1;
        }
    }
    assert!(compared > 100, "{compared} bodies compared");
    assert!(previous.find("/_app/builds/latest.json").is_none());
    assert!(previous.find("/about").is_none());

    // A pack cut short is noticed and written again.
    let pack = dir.path().join("0000aaaa0000aaaa").join(PACK);
    let file = std::fs::OpenOptions::new().write(true).open(&pack).unwrap();
    file.set_len(packed.bytes() / 2).unwrap();
    assert_eq!(disk::store(dir.path(), &packed).unwrap(), Stored::Written);
    assert_eq!(std::fs::metadata(&pack).unwrap().len(), packed.bytes());
}

#[test]
fn files_and_directories_are_private() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let builds = dir.path().join("data/builds");
    store_as(&builds, "0000bbbb0000bbbb");
    let build = builds.join("0000bbbb0000bbbb");
    for (path, mode) in [
        (builds.clone(), 0o700),
        (build.clone(), 0o700),
        (build.join(INDEX), 0o600),
        (build.join(PACK), 0o600),
    ] {
        let actual = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(actual, mode, "{}", path.display());
    }
}

#[test]
fn a_tampered_index_is_never_served() {
    let dir = tempfile::tempdir().unwrap();
    let id = "0000cccc0000cccc";
    let packed = store_as(dir.path(), id);
    let build = dir.path().join(id);
    let tampers: [fn(&mut index::Index); 7] = [
        |index| index.format = 2,
        |index| index.build = "0000dddd0000dddd".into(),
        |index| {
            let (_, entry) = index.files.pop_first().unwrap();
            index.files.insert("/_app/../../etc/passwd".into(), entry);
        },
        |index| {
            let entry = index.files.values_mut().next().unwrap();
            entry.codings.insert("identity".into(), [u64::MAX - 1, 2]);
        },
        |index| {
            let entry = index.files.values_mut().next().unwrap();
            entry.codings.insert("deflate".into(), [0, 1]);
        },
        |index| {
            let entry = index.files.values_mut().next().unwrap();
            entry.etag = "W/\"weak\"".into();
        },
        |index| {
            let entry = index.files.values_mut().next().unwrap();
            entry.content_type = "text/plain\r\nx-injected: 1".into();
        },
    ];
    for (n, tamper) in tampers.iter().enumerate() {
        let mut index = packed.index.clone();
        tamper(&mut index);
        std::fs::write(build.join(INDEX), serde_json::to_vec(&index).unwrap()).unwrap();
        let previous = PreviousBuilds::open(&config(dir.path()), &SITE.build().build_id);
        assert_eq!(previous.count(), 0, "tamper {n} was served");
    }
    std::fs::write(build.join(INDEX), b"{ not json").unwrap();
    let previous = PreviousBuilds::open(&config(dir.path()), &SITE.build().build_id);
    assert_eq!(previous.count(), 0);
}

#[test]
fn builds_are_retired_when_first_seen_and_dropped_when_their_time_is_up() {
    let dir = tempfile::tempdir().unwrap();
    let builds = ["0000eeee0000eeee", "0000ffff0000ffff", "0000111100001111"];
    for id in builds {
        store_as(dir.path(), id);
    }
    let now = disk::unix_now();
    let keep_secs = 3600;
    disk::retire(&dir.path().join(builds[1]), now - keep_secs - 1).unwrap();
    disk::retire(&dir.path().join(builds[2]), now - keep_secs + 100).unwrap();
    let settings = PreviousBuildsConfig {
        keep_hours: 1,
        ..config(dir.path())
    };
    let previous = PreviousBuilds::open(&settings, &SITE.build().build_id);
    assert_eq!(previous.count(), 2, "the expired build is not served");
    previous.settle(&SITE);
    let retired = disk::retirement(&dir.path().join(builds[0])).expect("the new build is retired");
    assert!(
        (now..=now + 60).contains(&retired),
        "{retired} against {now}"
    );
    assert!(
        !dir.path().join(builds[1]).exists(),
        "the expired build is deleted"
    );
    assert!(dir.path().join(&SITE.build().build_id).join(INDEX).exists());

    // When the last build's time is up it is no longer served, nor kept.
    assert_eq!(
        previous.drop_expired(now + 99, keep_secs),
        Vec::<String>::new()
    );
    assert_eq!(previous.drop_expired(now + 100, keep_secs), [builds[2]]);
    assert_eq!(previous.count(), 1);
    let first = SITE
        .files()
        .static_files
        .keys()
        .find(|p| p.starts_with(PREFIX))
        .unwrap();
    assert_eq!(previous.find(first).unwrap().build.as_ref(), builds[0]);
    assert_eq!(
        previous.find(first).unwrap().codings().last(),
        Some(Coding::Identity)
    );
}

#[test]
fn the_running_build_is_never_retired_and_a_rollback_unretires_it() {
    let dir = tempfile::tempdir().unwrap();
    let own = SITE.build().build_id.clone();
    let packed = index::pack(SITE.files(), SITE.build());
    disk::store(dir.path(), &packed).unwrap();
    disk::retire(&dir.path().join(&own), 1).unwrap();
    let previous = PreviousBuilds::open(&config(dir.path()), &own);
    assert_eq!(previous.count(), 0);
    previous.settle(&SITE);
    assert_eq!(disk::retirement(&dir.path().join(&own)), None);
    assert!(dir.path().join(&own).join(PACK).exists());
}

#[test]
fn off_touches_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let builds = dir.path().join("builds");
    let off = PreviousBuildsConfig {
        keep_hours: 0,
        ..config(&builds)
    };
    let previous = PreviousBuilds::open(&off, &SITE.build().build_id);
    previous.settle(&SITE);
    assert!(!builds.exists());
}
