//! Activated abilities with `{X}` or `{X:white}` in their cost (`{X}{G}{T}:damage:X
//! target(creature[flying])`) as moves: one move per X its player can pay now, from 0 up
//! to all the mana their pool and untapped mana sources make beside the ability's other
//! mana (of X's colour for `{X:white}`), as a spell's X is paid from all the mana left.
//! The player picks X by picking the move (`activate Oracle of Nectars: {X}{T}:life:X with
//! X = 3`); the lands its whole cost needs are tapped, and its `{X}` cost pays exactly
//! that X (`builtins/x_cost.rs`, through [`crate::table::Board::x_chosen`]).

use vm::runtime::{CardId, PlayerId};

use super::Game;
use super::activate_mana::line_mana;
use super::moves::{Move, plan_payment};
use crate::testfile::Mana;

/// The most X offered: a pool made larger by effects offers no more moves than this.
pub const MOST_X: u16 = 40;

/// The X an activated line's cost has: `None` for none, `Some(None)` for `{X}` (any
/// colour), `Some(Some(colour))` for `{X:white}` and the like (a
/// [`crate::catalogue::MANA_COLOURS`] index).
pub(super) fn line_x(line: &str) -> Option<Option<usize>> {
    let mut rest = line.trim_start();
    // At most as many symbols as the line has characters: the loop is bounded by it.
    while let Some(inner) = rest.strip_prefix('{') {
        let close = inner.find('}')?;
        let symbol = inner[..close].trim().to_ascii_lowercase();
        if symbol == "x" {
            return Some(None);
        }
        if let Some(colour) = symbol.strip_prefix("x:") {
            let colours = ["white", "blue", "black", "red", "green"];
            return colours.iter().position(|name| *name == colour.trim()).map(Some);
        }
        rest = &inner[close + 1..];
    }
    None
}

/// `cost` with `x` more mana of `colour` (generic mana when `None`).
pub(super) fn with_x(mut cost: Mana, colour: Option<usize>, x: u16) -> Mana {
    let slot = colour.unwrap_or(5).min(5);
    cost[slot] = cost[slot].saturating_add(i32::from(x));
    cost
}

impl Game<'_> {
    /// The moves of `card`'s abilities `offered` (each with whether the lands must be
    /// tapped for it), controlled by `controller`: one move each, but one per X payable
    /// for an ability whose line has `{X}`, and none for such an ability whose other mana
    /// cannot be paid.
    pub(super) fn activation_moves(&self, card: CardId, controller: PlayerId, offered: &[(usize, bool)]) -> Vec<Move> {
        let mut moves = Vec::new();
        for &(index, tap_lands) in offered {
            let line = self.ability_text(card, index);
            let Some((line, colour)) = line.as_deref().and_then(|line| Some((line, line_x(line)?))) else {
                moves.push(Move::Activate { card, index, tap_lands, x: None });
                continue;
            };
            if let Some(most) = self.most_x(card, controller, line, colour) {
                moves.extend((0..=most).map(|x| Move::Activate { card, index, tap_lands: true, x: Some(x) }));
            }
        }
        moves
    }

    /// The most X `controller` can pay for `line`'s cost now (at most [`MOST_X`]), with
    /// their pool and untapped mana sources other than `card`; `None` when even X = 0
    /// cannot be paid.
    fn most_x(&self, card: CardId, controller: PlayerId, line: &str, colour: Option<usize>) -> Option<u16> {
        let ways = line_mana(line)?;
        let mut lands = self.mana_lands(controller);
        lands.retain(|(land, _)| *land != card);
        let pool = self.table.board.player(controller).mana;
        let pays = |x: u16| ways.iter().any(|way| plan_payment(pool, &lands, &with_x(*way, colour, x)).is_some());
        if !pays(0) {
            return None;
        }
        // Each X more needs one mana more: the pool's and the lands' mana bound it.
        let mut most = 0;
        while most < MOST_X && pays(most + 1) {
            most += 1;
        }
        Some(most)
    }
}
