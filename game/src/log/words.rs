//! The words of a log entry kept as data ([`Phrase`], [`Resolution`], [`Chosen`]) and
//! [`Words`], which writes them out when the log is read.

use serde::{Deserialize, Serialize};

use stdlib::CATALOGUE;
use vm::runtime::{Completion, Failure};

use super::{CardName, Text, card_name, text_of};
use crate::set::CardSet;
use crate::state::{CardRef, Outcome, Seat};

/// A text of an entry kept as ids and numbers and written out only when the log is read
/// (issue 30: formatting it as the game ran cost ~35k instructions a random game), or, for
/// the rarer texts, a [`Text`] of the log's buffer. [`Words`] writes it out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phrase {
    /// A text written when the entry was noted.
    Text(Text),
    /// A player's pile: `p1.discards` (`zone`: index in `CATALOGUE.zones`).
    Pile {
        /// The pile's owner.
        player: Seat,
        /// The zone.
        zone: u32,
    },
    /// A player's counter: `p0.hp` (`attribute`: index in `CATALOGUE.attributes`).
    PlayerCounter {
        /// The player.
        player: Seat,
        /// The counter.
        attribute: u32,
    },
    /// A character's BP: `Ryu.bp`.
    CardBp(CardName),
    /// `Ryu freezes` or `Ryu unfreezes`.
    Freeze {
        /// The card.
        name: CardName,
        /// Frozen or thawed.
        on: bool,
    },
    /// `card #12 transforms into Ken`.
    Transform {
        /// The card.
        card: CardRef,
        /// What it became.
        into: CardName,
    },
    /// `Ryu is revealed to p1`, or `... to everyone` without a viewer.
    Reveal {
        /// The card.
        name: CardName,
        /// The runtime's id of the player it is shown to.
        viewer: Option<u32>,
    },
    /// `p0's deck is shown to p1` (runtime player ids; `zone`: index in `CATALOGUE.zones`).
    ShowPile {
        /// The pile's owner.
        owner: u32,
        /// The zone.
        zone: u32,
        /// Who sees it.
        viewer: u32,
    },
    /// `p0 shuffles` (a runtime player id).
    Shuffle(u32),
    /// `Ryu's combat damage is cancelled`.
    CombatCancelled(CardName),
    /// Damage dealt by combat: `combat`.
    Combat,
    /// Piercing damage: `piercing`.
    Piercing,
    /// How the game ended, as [`Outcome`] prints (empty when it has none).
    Outcome(Option<Outcome>),
    /// How an activation or auto ended, as the runtime's value prints:
    /// `Failure(CostNotPaid)`.
    Resolution(Resolution),
    /// The values a player chose, `, ` between them: a range of the log's [`Chosen`]s.
    Answer {
        /// The first.
        start: u32,
        /// Past the last.
        end: u32,
    },
}

/// How an activation or auto ended: the runtime's [`Completion`], as the log keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Resolution {
    /// [`Completion::Success`].
    Success,
    /// [`Completion::Failure`]: [`Failure::RequisitesNotMet`].
    RequisitesNotMet,
    /// [`Failure::RuleTargetNotFound`].
    RuleTargetNotFound,
    /// [`Failure::CostNotPaid`].
    CostNotPaid,
    /// [`Failure::NoTargets`].
    NoTargets,
    /// [`Failure::NoEffect`].
    NoEffect,
    /// [`Failure::NoAction`].
    NoAction,
    /// [`Completion::Answer`].
    Answer(bool),
}

impl From<Completion> for Resolution {
    fn from(completion: Completion) -> Resolution {
        match completion {
            Completion::Success => Resolution::Success,
            Completion::Failure(Failure::RequisitesNotMet) => Resolution::RequisitesNotMet,
            Completion::Failure(Failure::RuleTargetNotFound) => Resolution::RuleTargetNotFound,
            Completion::Failure(Failure::CostNotPaid) => Resolution::CostNotPaid,
            Completion::Failure(Failure::NoTargets) => Resolution::NoTargets,
            Completion::Failure(Failure::NoEffect) => Resolution::NoEffect,
            Completion::Failure(Failure::NoAction) => Resolution::NoAction,
            Completion::Answer(answer) => Resolution::Answer(answer),
        }
    }
}

impl From<Resolution> for Completion {
    fn from(resolution: Resolution) -> Completion {
        match resolution {
            Resolution::Success => Completion::Success,
            Resolution::RequisitesNotMet => Completion::Failure(Failure::RequisitesNotMet),
            Resolution::RuleTargetNotFound => Completion::Failure(Failure::RuleTargetNotFound),
            Resolution::CostNotPaid => Completion::Failure(Failure::CostNotPaid),
            Resolution::NoTargets => Completion::Failure(Failure::NoTargets),
            Resolution::NoEffect => Completion::Failure(Failure::NoEffect),
            Resolution::NoAction => Completion::Failure(Failure::NoAction),
            Resolution::Answer(answer) => Completion::Answer(answer),
        }
    }
}

/// A value a player chose in answer to a card's question, as it was then.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Chosen {
    /// A card, written as its printed number and name, and its ring slot if it had one:
    /// `C012 Ryu (p0.s2)`.
    Card {
        /// Its name (and number).
        name: CardName,
        /// Its ring slot.
        slot: Option<(Seat, u8)>,
    },
    /// A player: `p1`.
    Player(Seat),
    /// A number.
    Int(i32),
    /// `yes` or `no`.
    Bool(bool),
}

/// A [`Phrase`] as a reader sees it: it prints (`Display`) and serialises (a JSON string)
/// as the text the log always had, written out with the names of the card set.
#[derive(Clone, Copy)]
pub struct Words<'a> {
    pub(super) phrase: Phrase,
    pub(super) texts: &'a str,
    pub(super) choices: &'a [Chosen],
    pub(super) set: Option<&'a CardSet>,
}

impl std::fmt::Display for Words<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = |name| card_name(self.set, name);
        let zone = |zone: u32| CATALOGUE.zones.get(zone as usize).map_or("?", |z| z.name);
        match self.phrase {
            Phrase::Text(text) => f.write_str(text_of(self.texts, text)),
            Phrase::Pile { player, zone: z } => write!(f, "p{player}.{}", zone(z)),
            Phrase::PlayerCounter { player, attribute } => {
                let counter = CATALOGUE.attributes.get(attribute as usize).map_or("", |a| a.name);
                write!(f, "p{player}.{counter}")
            }
            Phrase::CardBp(card) => write!(f, "{}.bp", name(card)),
            Phrase::Freeze { name: card, on } => {
                write!(f, "{} {}", name(card), if on { "freezes" } else { "unfreezes" })
            }
            Phrase::Transform { card, into } => write!(f, "card #{} transforms into {}", card.0, name(into)),
            Phrase::Reveal { name: card, viewer: Some(viewer) } => {
                write!(f, "{} is revealed to p{viewer}", name(card))
            }
            Phrase::Reveal { name: card, viewer: None } => write!(f, "{} is revealed to everyone", name(card)),
            Phrase::ShowPile { owner, zone: z, viewer } => write!(f, "p{owner}'s {} is shown to p{viewer}", zone(z)),
            Phrase::Shuffle(player) => write!(f, "p{player} shuffles"),
            Phrase::CombatCancelled(card) => write!(f, "{}'s combat damage is cancelled", name(card)),
            Phrase::Combat => f.write_str("combat"),
            Phrase::Piercing => f.write_str("piercing"),
            Phrase::Outcome(Some(outcome)) => write!(f, "{outcome}"),
            Phrase::Outcome(None) => Ok(()),
            // As the runtime's value prints, which is what the log always had.
            Phrase::Resolution(resolution) => write!(f, "{:?}", Completion::from(resolution)),
            Phrase::Answer { start, end } => {
                let choices = self.choices.get(start as usize..end as usize).unwrap_or_default();
                for (i, chosen) in choices.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    match *chosen {
                        Chosen::Card { name, slot } => {
                            let def = name.0.and_then(|def| self.set?.card(def as usize));
                            let number = def.and_then(|def| def.number.as_deref()).unwrap_or("#");
                            write!(f, "{number} {}", def.map_or("?", |def| def.name.as_str()))?;
                            if let Some((player, slot)) = slot {
                                write!(f, " (p{player}.s{slot})")?;
                            }
                        }
                        Chosen::Player(player) => write!(f, "p{player}")?,
                        Chosen::Int(n) => write!(f, "{n}")?,
                        Chosen::Bool(yes) => f.write_str(if yes { "yes" } else { "no" })?,
                    }
                }
                Ok(())
            }
        }
    }
}

impl std::fmt::Debug for Words<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&self.to_string(), f)
    }
}

/// Two texts are equal when they read the same.
impl PartialEq for Words<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.to_string() == other.to_string()
    }
}

impl Eq for Words<'_> {}

impl Serialize for Words<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}
