//! Emblems (Wagic's `emblem transforms((,newability[...],...))`, a `GenericAbilityMod` on
//! its rules card `ExtraRules`): a player's object of no zone, which no effect reaches and
//! nothing removes, whose abilities are a planeswalker's ultimate ("for the rest of the
//! game") or a spell's player effect "this turn". The front end compiles its abilities
//! (triggers and lords) as autos of the card that makes it, after the card's graveyard
//! abilities, never heard by the card itself (`front/emblem.rs`). The `emblem` command
//! asks for one ([`Board::make_emblem`]); as the board settles, the table makes it: a
//! card of the board in the zone [`COMMAND`] with the maker's name, controlled by its
//! player, put in the runtime's play with those autos alone
//! ([`vm::runtime::Hearing::Between`]), so that its triggers fire and its lords apply as
//! the player's own permanent's would, whatever becomes of the card that made it. One
//! made until end of turn leaves play at the turn's end, one until its player's next turn
//! as that turn begins.

use vm::bytecode::{CardIdx, ZoneIdx};
use vm::runtime::{CardId, Hearing, PlayerId};

use super::{Board, Card, Printed, Table, TableError, trap};

/// Where an emblem is: no zone of any player's, never listed, searched or moved from.
pub const COMMAND: ZoneIdx = ZoneIdx(u32::MAX - 1);

/// The most emblems in force at once (a game has a handful: more are not modelled).
pub const MAX_EMBLEMS: usize = 256;

/// How long an emblem lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EmblemLasts {
    /// For the rest of the game (`forever dontremove`).
    Forever,
    /// Until end of turn (`ueot`).
    EndOfTurn,
    /// Until its player's next turn begins (`uynt`).
    UntilYourNextTurn,
}

impl EmblemLasts {
    /// The duration of the `emblem` command's argument `lasts`.
    pub fn from_code(code: i32) -> Option<EmblemLasts> {
        match code {
            0 => Some(EmblemLasts::Forever),
            1 => Some(EmblemLasts::EndOfTurn),
            2 => Some(EmblemLasts::UntilYourNextTurn),
            _ => None,
        }
    }

    /// The `emblem` command's argument `lasts` for this duration.
    pub fn code(self) -> i32 {
        match self {
            EmblemLasts::Forever => 0,
            EmblemLasts::EndOfTurn => 1,
            EmblemLasts::UntilYourNextTurn => 2,
        }
    }
}

/// An emblem a card's effect asked for, made as the board settles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EmblemAsked {
    /// The card whose effect made it: its rules hold the emblem's abilities.
    pub source: CardId,
    /// Whose emblem it is.
    pub player: PlayerId,
    /// Its first auto among the source's emblem autos, and how many it has.
    pub first: u16,
    pub count: u16,
    pub lasts: EmblemLasts,
}

/// An emblem in force: its card on the board and how long it lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Emblem {
    pub card: CardId,
    pub lasts: EmblemLasts,
}

impl Board {
    /// Asks for an emblem of `player`'s with the emblem autos `first..first + count` of
    /// `source`'s rules, made as the board settles (`Table::make_emblems`).
    pub fn make_emblem(&mut self, source: CardId, player: PlayerId, first: u16, count: u16, lasts: EmblemLasts) {
        if self.emblems_asked.len() + self.emblems.len() < MAX_EMBLEMS {
            self.emblems_asked.push(EmblemAsked { source, player, first, count, lasts });
        } else {
            self.unmodelled = Some("more than 256 emblems in force at once");
        }
    }

    /// Whether `card` is an emblem in force.
    pub fn is_emblem_in_force(&self, card: CardId) -> bool {
        self.emblems.iter().any(|emblem| emblem.card == card)
    }
}

impl Table {
    /// Makes the emblems asked for since the board last settled: each a card in
    /// [`COMMAND`] in the runtime's play with its abilities.
    pub(super) fn make_emblems(&mut self) -> Result<(), TableError> {
        for asked in std::mem::take(&mut self.board.emblems_asked) {
            let rules = self.rules(asked.source)?;
            let start = self.library.graveyard_autos(rules) + usize::from(asked.first);
            let end = start + usize::from(asked.count);
            let name = self.board.get(asked.source).map(|c| c.printed.name.clone()).unwrap_or_default();
            let printed = Printed { name, types: vec!["emblem".to_string()], ..Printed::default() };
            let mut card = Card::new(printed, asked.player, COMMAND);
            card.made_by = Some(asked.source);
            let emblem = self.board.add_card(card);
            self.board.emblems.push(Emblem { card: emblem, lasts: asked.lasts });
            self.enter_emblem_play(emblem, rules, start, end)?;
        }
        Ok(())
    }

    fn enter_emblem_play(
        &mut self,
        emblem: CardId,
        rules: CardIdx,
        start: usize,
        end: usize,
    ) -> Result<(), TableError> {
        let hearing = Hearing::Between(start, end);
        self.runtime.enter_play_hearing(&mut self.board, emblem, rules, hearing).map_err(trap)
    }

    /// The emblems that last as long as `ends` says leave play (of `player` alone when
    /// given): the turn ended, or `player`'s turn began. Their cards stay on the board, out
    /// of play; the board keeps the emblems in force alone.
    pub(super) fn end_emblems(&mut self, ends: EmblemLasts, player: Option<PlayerId>) {
        let board = &self.board;
        let ending = |emblem: &Emblem| {
            let owner = board.get(emblem.card).map(|c| c.owner);
            emblem.lasts == ends && player.is_none_or(|player| owner == Some(player))
        };
        let ended: Vec<CardId> = board.emblems.iter().filter(|emblem| ending(emblem)).map(|e| e.card).collect();
        if ended.is_empty() {
            return;
        }
        self.board.emblems.retain(|emblem| !ended.contains(&emblem.card));
        for card in ended {
            self.runtime.leave_play(&mut self.board, card);
        }
    }
}
