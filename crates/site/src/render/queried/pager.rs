//! The pagination of a served list, filled from its templates: which page numbers it shows
//! (`pageWindow` of `ui/src/components/pageWindow.ts`) and the address of each.

use std::borrow::Cow;

use super::templates::{Fill, PagerTemplates, escape};

/// How many page links pagination shows at most, counting the gaps (`WINDOW_SLOTS`).
const WINDOW_SLOTS: usize = 7;

/// The page numbers pagination shows, `None` for a gap: every page when there are few, otherwise
/// the first, the last and those around the current page.
pub fn page_window(page: usize, page_count: usize) -> Vec<Option<usize>> {
    if page_count <= WINDOW_SLOTS {
        return (1..=page_count).map(Some).collect();
    }
    let edge = WINDOW_SLOTS - 2;
    if page < edge {
        (1..=edge)
            .map(Some)
            .chain([None, Some(page_count)])
            .collect()
    } else if page > page_count - edge + 1 {
        [Some(1), None]
            .into_iter()
            .chain((page_count - edge + 1..=page_count).map(Some))
            .collect()
    } else {
        vec![
            Some(1),
            None,
            Some(page - 1),
            Some(page),
            Some(page + 1),
            None,
            Some(page_count),
        ]
    }
}

/// `n` with its thousands grouped by commas, as `Intl.NumberFormat` writes a count in English
/// and in Chinese (a plural message's `#`).
pub fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// A pagination: page `page` of `page_count`, `total` records, page `n` at `href(n)`.
pub struct Pager<'a, H: Fn(usize) -> String> {
    /// The templates.
    pub templates: &'a PagerTemplates,
    /// The page shown.
    pub page: usize,
    /// How many pages there are.
    pub page_count: usize,
    /// How many records there are.
    pub total: usize,
    /// The address of a page.
    pub href: H,
}

impl<H: Fn(usize) -> String> Pager<'_, H> {
    /// Writes the pagination.
    pub fn write(&self, out: &mut String) {
        let mut values = PagerValues {
            pager: self,
            item: None,
        };
        let frame = match self.page_count {
            0 | 1 => &self.templates.single,
            _ => &self.templates.multi,
        };
        frame.fill(out, &mut values);
    }
}

/// The values of a pagination's templates, and of the page number being written.
struct PagerValues<'p, 'a, H: Fn(usize) -> String> {
    pager: &'p Pager<'a, H>,
    item: Option<usize>,
}

impl<H: Fn(usize) -> String> Fill for PagerValues<'_, '_, H> {
    fn hole(&mut self, name: &str, out: &mut String) {
        let pager = self.pager;
        match (name, self.item) {
            ("n", Some(n)) => out.push_str(&n.to_string()),
            ("href", Some(n)) => escape(&(pager.href)(n), out),
            ("total", _) => out.push_str(&grouped(pager.total)),
            ("page", _) => out.push_str(&pager.page.to_string()),
            ("pageCount", _) => out.push_str(&pager.page_count.to_string()),
            ("items", _) => {
                for slot in page_window(pager.page, pager.page_count) {
                    let template = match slot {
                        None => &pager.templates.gap,
                        Some(n) if n == pager.page => &pager.templates.current,
                        Some(_) => &pager.templates.number,
                    };
                    let mut item = PagerValues { pager, item: slot };
                    template.fill(out, &mut item);
                }
            }
            _ => {}
        }
    }

    fn choose(&mut self, name: &str) -> Cow<'static, str> {
        let pager = self.pager;
        let (option, item) = match name {
            "count" if pager.total == 1 => ("one", None),
            "count" => ("other", None),
            "prev" if pager.page > 1 => ("link", Some(pager.page - 1)),
            "next" if pager.page < pager.page_count => ("link", Some(pager.page + 1)),
            _ => ("disabled", None),
        };
        self.item = item;
        Cow::Borrowed(option)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_keeps_its_width_wherever_the_page_is() {
        assert_eq!(page_window(2, 3), [Some(1), Some(2), Some(3)]);
        assert_eq!(
            page_window(3, 20),
            [Some(1), Some(2), Some(3), Some(4), Some(5), None, Some(20)]
        );
        assert_eq!(
            page_window(10, 20),
            [Some(1), None, Some(9), Some(10), Some(11), None, Some(20)]
        );
        assert_eq!(
            page_window(17, 20),
            [
                Some(1),
                None,
                Some(16),
                Some(17),
                Some(18),
                Some(19),
                Some(20)
            ]
        );
    }

    #[test]
    fn counts_are_grouped_by_thousands() {
        assert_eq!(grouped(7), "7");
        assert_eq!(grouped(470), "470");
        assert_eq!(grouped(4_700), "4,700");
        assert_eq!(grouped(90_000_090), "90,000,090");
    }
}
