//! The design tokens of `site.toml` as CSS custom properties: the one place the stylesheets take
//! the brand palette and the type scale from.

use std::fmt::Write;

use crate::schema::model::SiteFacts;

/// Window widths, in rem, between which a fluid step of the type scale grows.
const FLUID_FROM: f64 = 20.0;
const FLUID_TO: f64 = 80.0;

/// `:root { --color-{key}: #rrggbb; … --text-{key}: {rem}rem; … }`; a fluid step is a `clamp()`
/// from its phone size to its size, growing linearly with the window between 20rem and 80rem.
pub fn design_tokens_css(site: &SiteFacts) -> String {
    let mut css = String::from(":root {\n");
    for colour in &site.palette {
        let _ = writeln!(css, "  --color-{}: {};", colour.key, colour.hex);
    }
    for step in &site.type_step {
        let _ = writeln!(
            css,
            "  --text-{}: {};",
            step.key,
            size(step.rem, step.phone_rem)
        );
    }
    css.push_str("}\n");
    css
}

/// The CSS size of a type step: `{rem}rem`, or for a fluid one
/// `clamp({phone}rem, {intercept}rem + {slope}vw, {rem}rem)`.
fn size(rem: f64, phone_rem: Option<f64>) -> String {
    let Some(phone) = phone_rem else {
        return format!("{rem}rem");
    };
    let per_rem_of_window = (rem - phone) / (FLUID_TO - FLUID_FROM);
    let slope_vw = round(per_rem_of_window * 100.0);
    let intercept = round(phone - per_rem_of_window * FLUID_FROM);
    format!("clamp({phone}rem, {intercept}rem + {slope_vw}vw, {rem}rem)")
}

/// `value` to four decimals, as CSS needs no more.
fn round(value: f64) -> f64 {
    (value * 10_000.0).round() / 10_000.0
}

#[cfg(test)]
mod tests {
    use super::size;

    #[test]
    fn a_fixed_step_is_its_size_and_a_fluid_one_meets_both_ends() {
        assert_eq!(size(1.125, None), "1.125rem");
        // 2.25rem at 20rem (16px root: 320px) and 3.75rem at 80rem (1280px).
        let fluid = size(3.75, Some(2.25));
        assert_eq!(fluid, "clamp(2.25rem, 1.75rem + 2.5vw, 3.75rem)");
        let at = |window_rem: f64| 1.75 + 2.5 * window_rem / 100.0;
        assert!((at(20.0) - 2.25).abs() < 1e-9);
        assert!((at(80.0) - 3.75).abs() < 1e-9);
    }
}
