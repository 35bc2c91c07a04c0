//! How the site writes in each language: numbers, dates and money in prose, the words the rules
//! recognise in copy, a text in each language of the facts files, the markup of long-form text and the spacing of Chinese around a value.

pub mod bilingual;
pub mod cjk_spacing;
pub mod markup;
pub mod numbers;
pub mod prose;
pub mod words;
