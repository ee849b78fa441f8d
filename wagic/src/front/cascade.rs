//! Cascade: `autostack=if casted(this) then cascade:plibrarycount` (Wagic's `AACascade`,
//! run as the spell is put on the stack, when it was cast). "When you cast this spell,
//! exile cards from the top of your library until you exile a nonland card that costs
//! less. You may cast it without paying its mana cost. Put the exiled cards on the bottom
//! in a random order." The game plays it (`play/cascade.rs`); the line compiles to nothing
//! of the card's program. Any other `autostack=` line stays refused as a key.

/// Whether an `autostack=` line is cascade as Wagic's cards write it (any case, any
/// spaces between its words).
pub fn is_cascade(value: &str) -> bool {
    let words: Vec<String> = value.split_whitespace().map(str::to_ascii_lowercase).collect();
    words == ["if", "casted(this)", "then", "cascade:plibrarycount"]
}

#[cfg(test)]
mod tests {
    use super::is_cascade;

    #[test]
    fn only_wagics_cascade_line_is_cascade() {
        assert!(is_cascade("if casted(this) then cascade:plibrarycount"));
        assert!(is_cascade("  If Casted(this)  then Cascade:plibrarycount "));
        assert!(!is_cascade("cascade:plibrarycount"));
        assert!(!is_cascade("if casted(this) then cascade:3"));
        assert!(!is_cascade("if paid(alternative) then cascade:plibrarycount"));
    }
}
