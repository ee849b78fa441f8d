//! What kind of card a `[card]` block is, as its lowering needs to know before reading a
//! line: a spell, a planeswalker, an Aura, an Equipment, and what its `target=` and
//! `mana=` say of it.

use super::piece::Piece;
use super::{Unsupported, did_you_mean, spec};
use crate::catalogue;
use crate::reader::CardBlock;

/// The kind of a card, read from its `type=`, `subtype=`, `target=` and `mana=` fields.
pub(super) struct CardKind {
    /// An instant or a sorcery.
    pub spell: bool,
    /// A planeswalker: its activated abilities follow Wagic's rule of one a turn, at
    /// sorcery speed (`counter_cost.rs`).
    pub planeswalker: bool,
    /// An Aura (not a spell): its `target=` is what it enchants, and its lines apply to
    /// that permanent.
    pub aura: bool,
    /// An Equipment: its static effects apply to the creature it is attached to.
    pub equipment: bool,
    /// A spell whose `target=` is one card (no player): `targetcontroller` is its
    /// controller. `*` is any card of its zone (Wagic's `TargetZoneChooser`), a spell of
    /// `*|stack` too (`getPlayerFromTarget` of a spell is its controller).
    pub one_card_target: bool,
    /// Its mana cost has one `{X}`.
    pub has_x: bool,
    /// A spell whose `target=` is several cards (`<n>...`).
    pub targets_several: bool,
    /// A spell whose `target=` is in a zone of its controller's (`...|my...`).
    pub target_mine: bool,
    /// A spell whose `target=` is a player (`player`, `opponent`).
    pub targets_player: bool,
}

impl CardKind {
    /// The kind of the card of `block`.
    pub(super) fn of(block: &CardBlock<'_>) -> CardKind {
        let has_word = |key: &str, word: &str| {
            block.field(key).is_some_and(|field| {
                field.value.split_ascii_whitespace().any(|written| written.eq_ignore_ascii_case(word))
            })
        };
        let spell = block.field("type").is_some_and(|field| {
            let lower = field.value.to_ascii_lowercase();
            lower.contains("instant") || lower.contains("sorcery")
        });
        let target = block.field("target").map(|field| field.value);
        let target_spec = target.and_then(|target| spec::read(Piece::new(target, 0)).ok());
        CardKind {
            spell,
            planeswalker: has_word("type", "planeswalker"),
            aura: !spell && has_word("type", "enchantment") && has_word("subtype", "aura"),
            equipment: has_word("subtype", "equipment"),
            one_card_target: spell
                && target_spec.as_ref().is_some_and(|spec| {
                    matches!(spec.count, spec::Count::One)
                        && spec.types.iter().all(|word| {
                            !["player", "controller", "opponent", "this"]
                                .iter()
                                .any(|name| word.text.trim().eq_ignore_ascii_case(name))
                        })
                }),
            has_x: block
                .field("mana")
                .is_some_and(|field| field.value.to_ascii_lowercase().matches("{x}").count() == 1),
            targets_several: spell && target.is_some_and(|target| target.trim_start().starts_with('<')),
            target_mine: spell
                && target_spec.as_ref().is_some_and(|spec| {
                    spec.zone.is_some_and(|(prefix, _)| {
                        prefix.is_some_and(|prefix| catalogue::ZONE_PREFIXES[prefix].name == "my")
                    })
                }),
            targets_player: spell
                && target.is_some_and(|target| {
                    ["player", "opponent"].iter().any(|name| target.trim().eq_ignore_ascii_case(name))
                }),
        }
    }
}

/// Refuses a word of `type=` that is no card type or supertype: a misspelt type
/// (`Instnat`) would make a spell a permanent, its `target=` read as an Aura's, its
/// effects as ones on entering play. `base`: the block's start, spans' origin.
pub(super) fn check_type_words(block: &CardBlock<'_>, base: usize) -> Result<(), Unsupported> {
    if let Some(field) = block.field("type") {
        let value = Piece::new(field.value, (field.value_span.start as usize).saturating_sub(base));
        let unknown = field
            .value
            .split_ascii_whitespace()
            .find(|word| !catalogue::CARD_TYPES.iter().any(|card_type| card_type.name.eq_ignore_ascii_case(word)));
        if let Some(written) = unknown {
            // The word's offset in the value: it is a slice of it.
            let at = written.as_ptr() as usize - field.value.as_ptr() as usize;
            let word = value.slice(at, at + written.len());
            let known = catalogue::CARD_TYPES.iter().map(|spec| spec.name);
            let help = did_you_mean(word.text, known).unwrap_or_else(|| {
                "a card's types are `Creature`, `Instant`, `Sorcery`, `Enchantment`, `Artifact`, `Land`, \
                 `Planeswalker`, `Tribal` and the supertypes `Legendary`, `Basic`, `Snow`, `World`"
                    .into()
            });
            return Err(
                Unsupported::new(word, &format!("type `{}`", spec::leading_word(word.text))).with_help(Some(help))
            );
        }
    }
    Ok(())
}
