//! Madness: `abilities=madness` with Wagic's one `autoexile=` line for it,
//! `restriction{discarded} pay({R}) name(...) activate name(...) castcard(normal)?name(...)
//! moveto(ownergraveyard)`. Wagic sends a card with madness discarded (any move from a hand
//! to a graveyard: `MTGGameZones.cpp`) to exile instead; there its `autoexile` line asks its
//! owner to pay the cost and cast it, or put it into the graveyard. Only that line is
//! compiled (checked here; the game reads its cost, `table/madness.rs`, `play/madness.rs`);
//! every other `autoexile=` line (suspend's triggers while exiled, All Hallow's Eve's
//! counters, Praetor's Counsel's lord) stays unsupported with its own diagnostic.

use super::piece::Piece;
use super::{Lowering, Unsupported};
use crate::reader::CardBlock;

/// The words of the madness line after its cost, in order: a `name(...)` stands for any
/// label, a blank for any run of blanks (none at all too).
const AFTER_COST: &[&str] = &[
    " ",
    "name(",
    " ",
    "activate",
    " ",
    "name(",
    " ",
    "castcard(normal)",
    " ",
    "?",
    " ",
    "name(",
    " ",
    "moveto(ownergraveyard)",
];

/// The madness cost an `autoexile=` line pays (`{R}` of `pay({R})`), as written, when the
/// line is Wagic's madness line; `None` for any other line.
pub fn madness_cost(line: &str) -> Option<&str> {
    let line = line.trim();
    let rest = strip_word(line, "restriction{discarded}")?.trim_start();
    let rest = strip_word(rest, "pay(")?;
    let end = rest.find(')')?;
    let (cost, mut rest) = (rest.get(..end)?, rest.get(end + 1..)?);
    for word in AFTER_COST {
        rest = match *word {
            " " => rest.trim_start(),
            "name(" => {
                let label = strip_word(rest, "name(")?;
                let end = label.find(')')?;
                if label.get(..end)?.contains('(') {
                    return None;
                }
                label.get(end + 1..)?
            }
            word => strip_word(rest, word)?,
        };
    }
    rest.is_empty().then_some(cost.trim())
}

/// Whether a card block's `abilities=` lines name `madness`.
pub(super) fn has_madness(block: &CardBlock<'_>) -> bool {
    block
        .fields
        .iter()
        .filter(|field| field.key.eq_ignore_ascii_case("abilities"))
        .any(|field| field.value.split(',').any(|word| word.trim().eq_ignore_ascii_case("madness")))
}

/// `text` after `word` when it starts with it, in any case.
fn strip_word<'t>(text: &'t str, word: &str) -> Option<&'t str> {
    let head = text.get(..word.len())?;
    head.eq_ignore_ascii_case(word).then(|| text.get(word.len()..)).flatten()
}

impl Lowering<'_> {
    /// Checks an `autoexile=` line: Wagic's madness line, on a card with `madness`, its
    /// cost mana only (paid from the pool and the lands as the card is cast from exile).
    pub(super) fn autoexile_line(&self, value: Piece<'_>, has_madness: bool) -> Result<(), Unsupported> {
        let value = value.trim();
        let Some(cost) = madness_cost(value.text) else {
            let lower = value.text.to_ascii_lowercase();
            let construct = if lower.contains("suspended") {
                "`autoexile` trigger of a suspended card (suspend's abilities while exiled)"
            } else {
                "`autoexile` line other than madness's (an ability while the card is exiled)"
            };
            return Err(Unsupported::new(value, construct));
        };
        if !has_madness {
            return Err(Unsupported::new(value, "`autoexile` madness line on a card without `abilities=madness`"));
        }
        let construct = "madness cost other than mana";
        let at = value.text.find(cost).unwrap_or(0);
        let cost = value.slice(at, at + cost.len());
        if cost.text.is_empty() || !cost.text.starts_with('{') || cost.text.to_ascii_lowercase().contains("{x}") {
            return Err(Unsupported::new(cost, construct));
        }
        self.mana_only(cost, construct)
    }
}

#[cfg(test)]
mod tests {
    use super::madness_cost;

    #[test]
    fn reads_the_cost_of_wagics_madness_line() {
        let line = "restriction{discarded} pay({2}{G}) name(pay 2G to cast) activate name(pay 2G to cast) \
                    castcard(normal)?name(put in graveyard) moveto(ownergraveyard)";
        assert_eq!(madness_cost(line), Some("{2}{G}"));
        assert_eq!(madness_cost(&line.replace("castcard(normal)?", "castcard(normal) ? ")), Some("{2}{G}"));
        assert_eq!(madness_cost(&line.replace("moveto(ownergraveyard)", "moveto(ownerhand)")), None);
        assert_eq!(madness_cost(&format!("{line} && draw:1")), None);
        assert_eq!(madness_cost("@movedto(*|opponentgraveyard) suspended:may counter(0/0,-1,Time)"), None);
    }
}
