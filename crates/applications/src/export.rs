//! The operator's view of the applications log: `custody-site submissions export` (CSV or JSON
//! lines) and `custody-site submissions status` (the live log, its archives and delivery).

use std::borrow::Cow;
use std::io::{self, Write};
use std::path::Path;

use jiff::Timestamp;
use jiff::civil::Date;
use jiff::tz::TimeZone;

use super::cursor::{Cursor, records_in};
use super::log_file::Lines;
use super::record::Record;
use super::{archives, delivery};

/// Output formats of the export.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Comma-separated values with a header row, for spreadsheets.
    Csv,
    /// The log's own JSON lines.
    Jsonl,
}

/// Columns of the CSV export, in order.
const COLUMNS: [&str; 19] = [
    "id",
    "receivedAt",
    "lang",
    "company",
    "country",
    "businessType",
    "website",
    "contactPerson",
    "areaCode",
    "callingCode",
    "phone",
    "phoneE164",
    "email",
    "consent",
    "request",
    "sourcePage",
    "userAgent",
    "clientIp",
    "idempotencyKey",
];

/// Writes every application received on or after `since` (a UTC day) to `out`; returns how
/// many were written. Lines that are not applications are reported on stderr and skipped.
pub fn export(
    log: &Path,
    format: Format,
    since: Option<Date>,
    out: &mut impl Write,
) -> anyhow::Result<usize> {
    let since = match since {
        Some(day) => Some(day.to_zoned(TimeZone::UTC)?.timestamp()),
        None => None,
    };
    let lines = open(log)?;
    let mut sink = match format {
        Format::Csv => {
            let mut csv = csv_writer(out);
            csv.write_record(COLUMNS)?;
            Sink::Csv(Box::new(csv))
        }
        Format::Jsonl => Sink::Jsonl(out),
    };
    let mut written = 0;
    for line in lines {
        let line = line?;
        let record = match line.record {
            Ok(record) => record,
            Err(error) => {
                eprintln!(
                    "line {}: not an application, skipped ({error})",
                    line.number
                );
                continue;
            }
        };
        let received = record.received_at.parse::<Timestamp>().ok();
        if since.is_some_and(|since| received.is_none_or(|at| at < since)) {
            continue;
        }
        match &mut sink {
            Sink::Csv(csv) => {
                csv.write_record(csv_row(&record).iter().map(|value| defused(value)))?;
            }
            Sink::Jsonl(out) => writeln!(out, "{}", serde_json::to_string(&record)?)?,
        }
        written += 1;
    }
    match sink {
        Sink::Csv(mut csv) => csv.flush()?,
        Sink::Jsonl(out) => out.flush()?,
    }
    Ok(written)
}

/// The state of the store and of webhook delivery.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    /// Applications in the live log.
    pub stored: u64,
    /// Archives beside the log, left by rotations.
    pub archives: u64,
    /// Applications in those archives.
    pub archived: u64,
    /// Lines of the live log that are not applications.
    pub unreadable: u64,
    /// Applications the webhook receiver accepted, across rotations.
    pub delivered: u64,
    /// Applications not yet delivered, in the live log and in archives.
    pub pending: u64,
    /// The webhook state file's contents.
    pub delivery: delivery::DeliveryState,
}

/// Counts the log and its archives and reads the delivery state. Pending are the applications
/// after the delivery position, in its file and every later one.
pub fn status(log: &Path) -> anyhow::Result<Status> {
    let delivery = delivery::load(log)?;
    let (mut stored, mut unreadable) = (0, 0);
    for line in open(log)? {
        let is_record = line?.record.is_ok();
        stored += u64::from(is_record);
        unreadable += u64::from(!is_record);
    }
    let archives = archives::list(log)?;
    let mut archived = 0;
    for archive in &archives {
        archived += records_in(&archive.path)?;
    }
    let pending = match Cursor::resume(log, delivery.file, delivery.offset)? {
        Some(cursor) => {
            let counts = cursor.count()?;
            let live = if cursor.on_live_log()? { 0 } else { stored };
            counts.after + counts.later_archives + live
        }
        None => stored,
    };
    Ok(Status {
        stored,
        archives: archives.len() as u64,
        archived,
        unreadable,
        delivered: delivery.delivered,
        pending,
        delivery,
    })
}

fn open(log: &Path) -> anyhow::Result<Lines> {
    Lines::open(log, 0).map_err(|error| match error.kind() {
        io::ErrorKind::NotFound => anyhow::anyhow!(
            "no applications log at {} (nothing has been submitted yet, or contact.log points elsewhere)",
            log.display()
        ),
        _ => anyhow::anyhow!("cannot read {}: {error}", log.display()),
    })
}

/// Where the export goes, in its format.
enum Sink<'a, W: Write> {
    Csv(Box<csv::Writer<&'a mut W>>),
    Jsonl(&'a mut W),
}

/// A CSV writer with one line per record, as the export has always written them.
fn csv_writer<W: Write>(out: W) -> csv::Writer<W> {
    csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(out)
}

/// The columns of one application, in the order of [`COLUMNS`].
fn csv_row(record: &Record) -> [String; 19] {
    let draft = &record.draft;
    let app = &draft.application;
    let optional = |value: &Option<String>| value.clone().unwrap_or_default();
    let consent = if app.consent { "yes" } else { "no" };
    [
        record.id.clone(),
        record.received_at.clone(),
        draft.lang.clone(),
        app.company.clone(),
        app.country.clone(),
        app.business_type.clone(),
        app.website.clone(),
        app.contact_person.clone(),
        app.area_code.clone(),
        app.calling_code.clone(),
        app.phone.clone(),
        app.phone_e164.clone(),
        app.email.clone(),
        consent.to_owned(),
        optional(&draft.request),
        optional(&draft.source_page),
        optional(&draft.user_agent),
        optional(&draft.client_ip),
        optional(&draft.idempotency_key),
    ]
}

/// A value a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab or carriage return
/// first) gets a leading apostrophe (OWASP's advice); the csv writer then quotes what needs it
/// (RFC 4180).
fn defused(value: &str) -> Cow<'_, [u8]> {
    if value.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        Cow::Owned(format!("'{value}").into_bytes())
    } else {
        Cow::Borrowed(value.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The CSV text of one row of `values`, as the export writes it.
    fn row(values: &[&str]) -> String {
        let mut out = Vec::new();
        let mut csv = csv_writer(&mut out);
        csv.write_record(values.iter().map(|value| defused(value)))
            .unwrap();
        drop(csv);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn csv_fields_are_quoted_and_defused() {
        assert_eq!(row(&["Acme", "Acme, Inc."]), "Acme,\"Acme, Inc.\"\n");
        assert_eq!(row(&["say \"hi\""]), "\"say \"\"hi\"\"\"\n");
        assert_eq!(row(&["=HYPERLINK(\"x\")"]), "\"'=HYPERLINK(\"\"x\"\")\"\n");
        assert_eq!(
            row(&["+6591234567", "@SUM(A1)", "-1"]),
            "'+6591234567,'@SUM(A1),'-1\n"
        );
        assert_eq!(row(&["two\nlines"]), "\"two\nlines\"\n");
    }

    #[test]
    fn every_field_of_the_form_is_a_column() {
        for field in super::super::field::Field::ALL {
            assert!(COLUMNS.contains(&field.name()), "{field:?}");
        }
    }
}
