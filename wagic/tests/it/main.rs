//! Integration tests of the Wagic front end: Wagic's real card files compiled whole
//! (`card_files`).

mod card_files;
