//! The tokens copy writes instead of typing a value that is data elsewhere: [`copy`] resolves
//! every token of a language's copy, [`fees`] the fee amounts, [`figures`] the company figures.

pub mod copy;
pub mod fees;
pub mod figures;
