//! The fee schedules as pages show them: each schedule's rows in one language, every amount
//! filled in, for the fee tables of the entities page.

use crate::Lang;
use crate::schema::fees::{FeeSchedules, LocalFees, fill};
use crate::schema::section_items::FeeScheduleId;
use crate::view::section::{FeeTable, FeeTableRow};

/// A fee table ready to show: caption, header and cells with every amount filled in.
pub fn table(
    schedules: &FeeSchedules,
    wording: &LocalFees,
    schedule: FeeScheduleId,
    lang: Lang,
) -> FeeTable {
    let wording = wording.schedule(schedule);
    let rows: Vec<FeeTableRow> = schedules
        .rows(schedule)
        .iter()
        .filter_map(|row| {
            let cells = wording.row.get(&row.id)?;
            Some(FeeTableRow {
                id: row.id.clone(),
                item: fill(&cells.item, &row.values, lang),
                fee: fill(&cells.fee, &row.values, lang),
            })
        })
        .collect();
    FeeTable {
        caption: wording.caption.clone(),
        header: [wording.item.clone(), wording.fee.clone()],
        rows,
    }
}
