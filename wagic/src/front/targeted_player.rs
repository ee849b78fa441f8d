//! Wagic's player word `targetedplayer` (`@each targetedplayer upkeep`, `damage:n
//! targetedplayer`): the player the card last targeted (`MTGCardInstance::playerTarget`).
//! On a permanent whose only choices of a target are of `opponent` (Black Vise's "as it
//! enters, choose an opponent": `notatarget(opponent)`), that player is its controller's
//! opponent whatever was chosen, in a game of two: the word is `opponent` there, and refused
//! on any other card.

use crate::reader::CardBlock;

/// Whether the card's only targets (`target(...)`, `notatarget(...)` in its `auto=` lines)
/// are of `opponent`, one at least, on a card that is no instant or sorcery (whose
/// `target=` may name a player).
pub(super) fn targets_only_the_opponent(block: &CardBlock<'_>, is_spell: bool) -> bool {
    if is_spell || block.field("target").is_some() {
        return false;
    }
    let mut found = false;
    for field in block.fields.iter().filter(|field| field.key.eq_ignore_ascii_case("auto")) {
        let lower = field.value.to_ascii_lowercase();
        let mut rest = lower.as_str();
        // Bounded by the line: each step moves past one `target(`.
        while let Some(at) = rest.find("target(") {
            let after = &rest[at + "target(".len()..];
            let Some(close) = after.find(')') else { return false };
            if after[..close].trim() != "opponent" {
                return false;
            }
            found = true;
            rest = &after[close..];
        }
    }
    found
}
