//! The design tokens of `site.toml` as CSS custom properties: the one place the stylesheets take
//! the brand palette and the type scale from.

use std::fmt::Write;

use super::model::Site;

/// `:root { --color-{key}: #rrggbb; … --text-{key}: {rem}rem; … }`.
pub fn design_tokens_css(site: &Site) -> String {
    let mut css = String::from(":root {\n");
    for colour in &site.palette {
        let _ = writeln!(css, "  --color-{}: {};", colour.key, colour.hex);
    }
    for step in &site.type_step {
        let _ = writeln!(css, "  --text-{}: {}rem;", step.key, step.rem);
    }
    css.push_str("}\n");
    css
}
