//! What an application's id tells by itself: the store's ids are UUID v7, whose first 48 bits
//! are the millisecond it was made. Behind a balancer, the confirmation of a form posted without
//! scripts may be asked of another instance than the one that stored it; once the address's tag
//! has vouched for the id (`confirmation_key.rs`), an id written as the store writes one and made
//! within the idempotency window tells its receipt.

use std::time::Duration;

use jiff::{SignedDuration, Timestamp};
use uuid::{Uuid, Variant};

use super::idempotency::WINDOW;
use super::record::Receipt;

/// How far ahead of this instance's clock another instance's may be.
const CLOCK_SKEW: Duration = Duration::from_secs(60);

/// The receipt `id` tells of itself, at `now`: a UUID v7 in the store's form (lower-case,
/// hyphenated) made within the idempotency window (24 hours; a minute ahead for another
/// instance's clock), received at its own millisecond; `None` for anything else.
pub fn receipt_of_recent_id(id: &str, now: Timestamp) -> Option<Receipt> {
    let uuid = Uuid::try_parse(id).ok()?;
    let canonical = uuid.hyphenated().to_string() == id;
    if !canonical || uuid.get_version_num() != 7 || uuid.get_variant() != Variant::RFC4122 {
        return None;
    }
    let (seconds, nanoseconds) = uuid.get_timestamp()?.to_unix();
    let made = Timestamp::new(
        i64::try_from(seconds).ok()?,
        i32::try_from(nanoseconds).ok()?,
    )
    .ok()?;
    let age = now.duration_since(made);
    let ahead = SignedDuration::try_from(CLOCK_SKEW).ok()?;
    let window = SignedDuration::try_from(WINDOW).ok()?;
    (age >= -ahead && age < window).then(|| Receipt {
        id: id.to_owned(),
        received_at: format!("{made:.3}"),
        replayed: true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A UUID v7 made `seconds` before `now`.
    fn id_made(now: Timestamp, seconds: i64) -> String {
        let made = now - SignedDuration::from_secs(seconds);
        let seconds = u64::try_from(made.as_second()).unwrap();
        let timestamp = uuid::Timestamp::from_unix(uuid::NoContext, seconds, 0);
        Uuid::new_v7(timestamp).to_string()
    }

    #[test]
    fn a_recent_id_in_the_stores_form_tells_its_receipt() {
        let now = Timestamp::now();
        let id = id_made(now, 3_600);
        let receipt = receipt_of_recent_id(&id, now).expect("an hour old");
        assert_eq!(receipt.id, id);
        let received: Timestamp = receipt.received_at.parse().unwrap();
        assert_eq!(now.duration_since(received).as_secs() / 60, 60);
        assert!(receipt_of_recent_id(&id_made(now, -30), now).is_some());
        assert!(receipt_of_recent_id(&Uuid::now_v7().to_string(), Timestamp::now()).is_some());
    }

    #[test]
    fn anything_else_tells_nothing() {
        let now = Timestamp::now();
        let recent = id_made(now, 60);
        for id in [
            id_made(now, 24 * 3_600 + 1),
            id_made(now, -120),
            recent.to_uppercase(),
            recent.replace('-', ""),
            format!("{{{recent}}}"),
            format!("urn:uuid:{recent}"),
            "9b2f1c3e-5a4d-4e6f-8a7b-1c2d3e4f5a6b".to_owned(),
            Uuid::nil().to_string(),
            Uuid::max().to_string(),
            "0190a6f1-7c3e-7a2b-9d4e-1f2a3b4c5d6e".to_owned(),
            "<script>".to_owned(),
            String::new(),
        ] {
            assert_eq!(receipt_of_recent_id(&id, now), None, "{id}");
        }
    }
}
