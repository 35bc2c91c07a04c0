//! The typed data pages are rendered from: what the prerender, hydration and client-side
//! navigation read. The UI's TypeScript types are generated from these structs
//! (`ui/src/lib/generated/`), so the two sides cannot drift apart. `pages/` fills them from the
//! content.

pub mod brand;
pub mod drawn_facts;
pub mod evidence;
pub mod intro;
pub mod marketing;
pub mod page;
pub mod section;
pub mod site_data;
