//! The moves of a player with priority ([`Move`]): which the table offers them now,
//! and playing one (a land, a spell paid with the pool and the lands' mana, a
//! permanent's ability).

use std::collections::HashMap;

use vm::runtime::{CardId, PlayerId};

use super::given;
use super::stack::is_spell;
use super::{Flow, Game, MAX_QUESTIONS, Outcome, PlayerKind, stopped, who};
use crate::catalogue::CATALOGUE;
use crate::table::stack::Resolution;
use crate::table::{BATTLEFIELD, GRAVEYARD, HAND, P0, STACK, Step};
use crate::testfile::Mana;

/// A move of a player with priority.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Move {
    /// Plays a land from hand.
    PlayLand(CardId),
    /// Casts a spell from hand.
    Cast(CardId),
    /// Casts a spell from hand with its kicker paid (`kicker.rs`).
    CastKicked(CardId),
    /// Casts a spell from hand for its alternative cost (`alternative.rs`).
    CastAlternative(CardId),
    /// Casts a spell from hand with its buyback paid (`buyback.rs`).
    CastBuyback(CardId),
    /// Suspends a card from hand: its suspend cost paid, it is exiled with time counters
    /// (`suspend.rs`).
    Suspend(CardId),
    /// Casts a spell from its owner's graveyard for its flashback cost (`flashback.rs`).
    Flashback(CardId),
    /// Casts a spell from its owner's graveyard for its retrace mana, discarding `land`, a
    /// land card of its owner's hand (`retrace.rs`).
    Retrace { card: CardId, land: CardId },
    /// Casts a card from hand face down for its `facedown` cost (`morph.rs`).
    CastFaceDown(CardId),
    /// Turns a face-down permanent face up for its cost (`morph.rs`).
    TurnFaceUp(CardId),
    /// Activates ability `index` of a permanent; `tap_lands` when the pool alone cannot
    /// pay it and the lands' mana can; `x`, the X chosen for an `{X}` in its cost
    /// (`x_moves.rs`).
    Activate { card: CardId, index: usize, tap_lands: bool, x: Option<u16> },
}

/// How a spell is paid for as it is cast.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Paid {
    /// Its mana cost.
    Normal,
    /// Its mana cost and its kicker.
    Kicked,
    /// Its flashback cost, from its owner's graveyard.
    Flashback,
    /// Its retrace mana and the land card discarded, from its owner's graveyard.
    Retrace(CardId),
    /// Its alternative cost (`other=`).
    Alternative,
    /// Its buyback cost (`buyback=`: its mana cost and the buyback).
    Buyback,
    /// Nothing: cast from exile as the last time counter of suspend is removed.
    Suspended,
    /// Its madness cost, from exile, discarded (`madness.rs`).
    Madness,
    /// Nothing: cast from exile by another spell's cascade (`cascade.rs`).
    Cascade,
}

/// The plain costs a mana cost written in lower case (`{2}{u}{u}`) may be paid as,
/// without `{X}`, and whether it has `{X}`, as [`Game::printed_ways`] says.
pub(super) fn cost_ways(cost: &str) -> Option<(Vec<Mana>, bool)> {
    let has_x = cost.contains("{x}");
    if cost.matches("{x}").count() > 1 {
        return None;
    }
    let (mana, hybrids) = crate::runner::costs::read_cost(&cost.replace("{x}", ""))?;
    Some((crate::runner::costs::plain_ways(mana, &hybrids), has_x))
}

pub(super) fn is_type<T: AsRef<str>>(types: &[T], word: &str) -> bool {
    types.iter().any(|t| t.as_ref() == word)
}

impl Game<'_> {
    /// The move `player` makes with priority among `moves`, or none (a pass): their
    /// [`super::Seat`]'s, or a random player takes each move and the pass as likely, a
    /// greedy one what [`Game::greedy_move`] finds.
    pub(super) fn pick_move(&mut self, player: PlayerId, moves: &[Move]) -> Result<Option<Move>, Outcome> {
        if self.seated(player) {
            return self.ask_move(player, moves);
        }
        self.decisions += 1;
        Ok(match self.players[usize::from(player != P0)] {
            PlayerKind::Random => self.random_move(moves),
            PlayerKind::Greedy => self.greedy_move(player, moves),
        })
    }

    /// The random player's move: each move or the pass alike, an ability with `{X}` one
    /// choice among them, then its X uniformly (its one move per X, up to 40, would
    /// otherwise crowd out every other move, the pass among them); `None` to pass.
    pub(super) fn random_move(&mut self, moves: &[Move]) -> Option<Move> {
        let same_ability = |a: &Move, b: &Move| match (a, b) {
            (
                Move::Activate { card, index, x: Some(_), .. },
                Move::Activate { card: other_card, index: other_index, x: Some(_), .. },
            ) => card == other_card && index == other_index,
            _ => false,
        };
        let firsts: Vec<usize> =
            (0..moves.len()).filter(|&at| at == 0 || !same_ability(&moves[at - 1], &moves[at])).collect();
        let start = *firsts.get(self.rng.below(firsts.len() + 1))?;
        let group = moves[start..].iter().take_while(|other| same_ability(&moves[start], other)).count();
        let at = if group > 1 { start + self.rng.below(group) } else { start };
        moves.get(at).copied()
    }

    /// Plays a move.
    pub(super) fn play_move(&mut self, chosen: Move) -> Flow {
        match chosen {
            Move::PlayLand(card) => self.play_land(card),
            Move::Cast(card) => self.cast(card, Paid::Normal),
            Move::CastKicked(card) => self.cast(card, Paid::Kicked),
            Move::CastAlternative(card) => self.cast(card, Paid::Alternative),
            Move::CastBuyback(card) => self.cast(card, Paid::Buyback),
            Move::Suspend(card) => self.suspend(card),
            Move::Flashback(card) => self.cast(card, Paid::Flashback),
            Move::Retrace { card, land } => self.cast(card, Paid::Retrace(land)),
            Move::CastFaceDown(card) => self.cast_face_down(card),
            Move::TurnFaceUp(card) => self.turn_face_up(card),
            Move::Activate { card, index, tap_lands, x } => {
                let flow = self.activate(card, index, tap_lands, x);
                // The X chosen is this activation's only.
                self.table.board.x_chosen = None;
                flow
            }
        }
    }

    /// Every move `player` can make now.
    pub(super) fn legal_moves(&mut self, player: PlayerId) -> Result<Vec<Move>, Outcome> {
        // Listing them changes nothing on the board (each trial is undone): the cards that
        // give abilities are found once.
        self.givers_listed = Some(self.table.any_giver().then(|| self.table.attached_givers()));
        let moves = self.list_moves(player);
        self.givers_listed = None;
        self.given_listed.get_mut().clear();
        moves
    }

    fn list_moves(&mut self, player: PlayerId) -> Result<Vec<Move>, Outcome> {
        let sorcery_speed = self.phase.is_main() && player == self.table.board.active && self.stack.is_empty();
        let mut moves = Vec::new();
        for card in self.table.board.zone(player, HAND) {
            let Some(c) = self.table.board.get(card) else { continue };
            if is_type(&c.printed.types, "land") {
                if sorcery_speed && self.lands_played == 0 {
                    moves.push(Move::PlayLand(card));
                }
            } else {
                if self.castable(card, sorcery_speed)? {
                    moves.push(Move::Cast(card));
                    if self.kicker_payable(card) {
                        moves.push(Move::CastKicked(card));
                    }
                    // Its buyback cost is its mana cost and more: castable so, castable.
                    if self.castable_for(card, sorcery_speed, self.buyback_cost(card))? {
                        moves.push(Move::CastBuyback(card));
                    }
                }
                if self.alternative_castable(card, sorcery_speed)? {
                    moves.push(Move::CastAlternative(card));
                }
                if self.suspendable(card, sorcery_speed) {
                    moves.push(Move::Suspend(card));
                }
            }
            if self.face_down_castable(card, sorcery_speed) {
                moves.push(Move::CastFaceDown(card));
            }
            let offered = self.off_battlefield_activations(card)?;
            moves.extend(self.activation_moves(card, player, &offered));
        }
        for card in self.flashback_cards(player) {
            if !self.cast_limited(card) && self.castable_for(card, sorcery_speed, self.flashback_cost(card))? {
                moves.push(Move::Flashback(card));
            }
        }
        moves.extend(self.retrace_moves(player, sorcery_speed)?);
        for card in self.face_up_turnable(player) {
            moves.push(Move::TurnFaceUp(card));
        }
        for card in self.table.board.zone(player, GRAVEYARD) {
            if self.table.board.get(card).is_some_and(|c| c.owner == player && !c.printed.graveyard_lines.is_empty()) {
                let offered = self.off_battlefield_activations(card)?;
                moves.extend(self.activation_moves(card, player, &offered));
            }
        }
        // Once for all its permanents: each one's trial counts the others' mana.
        let lands = self.lands_mana(player);
        for card in self.table.board.zone(player, BATTLEFIELD) {
            let offered = self.activations(card, &lands)?;
            moves.extend(self.activation_moves(card, player, &offered));
        }
        Ok(moves)
    }

    /// The mana colours each of `player`'s untapped mana sources gives: a land of a basic
    /// land type, or a permanent with plain mana abilities ([`Game::tap_mana_colours`]:
    /// Ancient Den, Llanowar Elves); a land with other abilities of its own uses them
    /// instead, as the runner's click does, unless it lost them.
    pub(super) fn mana_lands(&self, player: PlayerId) -> Vec<(CardId, Vec<usize>)> {
        let board = &self.table.board;
        board
            .zone(player, BATTLEFIELD)
            .into_iter()
            .filter(|card| board.get(*card).is_some_and(|c| !c.tapped) && !board.activations_forbidden(*card))
            .map(|card| {
                // A land that lost its abilities (Blood Moon's nonbasic Mountains) keeps the
                // mana ability of its basic land type (rule 305.7).
                if self.own_actions(card) != 0 && !board.lost_abilities(card) {
                    return (card, self.tap_mana_colours(card));
                }
                (card, board.basic_land_colours(card))
            })
            .filter(|(_, colours)| !colours.is_empty())
            .collect()
    }

    /// What `player`'s untapped mana sources ([`Game::mana_lands`]) add to their pool, each
    /// its first colour, for the trials of [`Game::activations`].
    fn lands_mana(&self, player: PlayerId) -> LandsMana {
        let sources: HashMap<CardId, usize> =
            self.mana_lands(player).into_iter().map(|(land, colours)| (land, colours[0])).collect();
        let mut total = [0; 6];
        for &colour in sources.values() {
            total[colour] += 1;
        }
        LandsMana { player, total, sources }
    }

    /// The colours a permanent's plain mana abilities give, one line a colour
    /// (`{T}:Add{W}`: Ancient Den; Birds of Paradise's five; `{T}:Add{C}` colourless):
    /// tapped for a spell's or ability's cost as a basic land is. None for a creature
    /// that is summoning sick, or other mana abilities (two mana, a cost beside the tap,
    /// an effect beside the mana), which stay moves of their own.
    fn tap_mana_colours(&self, card: CardId) -> Vec<usize> {
        let board = &self.table.board;
        let Some(c) = board.get(card) else { return Vec::new() };
        if board.has_type(card, "creature") && self.entered.contains(&card) && !board.has_ability(card, "haste") {
            return Vec::new();
        }
        let mut colours = Vec::new();
        for auto in &c.printed.autos {
            let line: String = auto.chars().filter(|ch| !ch.is_whitespace()).collect::<String>().to_ascii_lowercase();
            let Some(symbol) = line.strip_prefix("{t}:add{").and_then(|rest| rest.strip_suffix('}')) else { continue };
            let Some(colour) = ["w", "u", "b", "r", "g", "c"].iter().position(|written| *written == symbol) else {
                continue;
            };
            if !colours.contains(&colour) {
                colours.push(colour);
            }
        }
        colours
    }

    /// The abilities of a card on the battlefield (its actions less its `autohand` and
    /// graveyard ones); 0 for a token or a card with no rules.
    pub(super) fn own_actions(&self, card: CardId) -> usize {
        let Some(c) = self.table.board.get(card) else { return 0 };
        if !c.has_rules() {
            return 0;
        }
        let Ok(rules) = self.table.rules(card) else { return 0 };
        let program = &self.table.library().program;
        program.cards().get(rules.index()).map_or(0, |data| c.printed.action_ranges(data.actions.len()).own.len())
    }

    /// What casting a card costs: its mana cost changed by the cost changes in force and
    /// less affinity's discount ([`crate::table::Table::changed_cost`], as the runner pays it), without `{X}`, and whether it has `{X}`; a cost with hybrid symbols as
    /// [`Game::first_payable`] picks one of its ways.
    pub(super) fn spell_cost(&self, card: CardId) -> Option<(Mana, bool)> {
        let (mut ways, has_x) = self.printed_ways(card)?;
        for way in &mut ways {
            self.table.changed_cost(card, way);
        }
        Some((self.first_payable(card, &ways)?, has_x))
    }

    /// The plain costs a card's mana cost may be paid as, without `{X}` (one, or each way
    /// of paying its hybrid symbols: `{RG}` is `{R}` or `{G}`, `{2W}` two generic or `{W}`),
    /// and whether it has `{X}`; `None` for a cost the table does not pay (Phyrexian,
    /// several `{X}`, a sacrifice).
    pub(super) fn printed_ways(&self, card: CardId) -> Option<(Vec<Mana>, bool)> {
        let c = self.table.board.get(card)?;
        cost_ways(&c.printed.mana_cost.to_ascii_lowercase())
    }

    /// The first of a card's cost `ways` that its owner's pool and lands pay now, as a
    /// player paying a hybrid cost picks the colours they have; the first way when none
    /// does (the card cannot be cast).
    pub(super) fn first_payable(&self, card: CardId, ways: &[Mana]) -> Option<Mana> {
        if let [only] = ways {
            return Some(*only);
        }
        let owner = self.table.board.get(card)?.owner;
        let pool = self.table.board.player(owner).mana;
        let lands = self.mana_lands(owner);
        ways.iter().find(|way| plan_payment(pool, &lands, way).is_some()).or(ways.first()).copied()
    }

    /// Whether a card in a player's hand can be cast now: at sorcery speed (`sorcery_speed`:
    /// their own main phase), or an instant or with flash; its cost paid from the pool and
    /// the lands, and, for an instant or sorcery, its one effect payable now (its
    /// requisites hold, its targets exist); its `restriction=` allows it now.
    fn castable(&mut self, card: CardId, sorcery_speed: bool) -> Result<bool, Outcome> {
        let board = &self.table.board;
        let now = crate::restriction::CastTime { phase: self.phase, turn: self.turn };
        if self.cast_limited(card)
            || board
                .get(card)
                .is_some_and(|c| !crate::restriction::cast_allowed(board, &c.printed.cast_restriction, c.owner, now))
        {
            return Ok(false);
        }
        let cost = self.spell_cost(card);
        self.castable_for(card, sorcery_speed, cost)
    }

    /// Whether a `maxCast` limit keeps the card's owner from casting it now, in any way
    /// (Wagic's cast rules each ask the limits, suspend's too; a suspended card cast as its
    /// last time counter goes is cast by an ability, which does not).
    pub(super) fn cast_limited(&self, card: CardId) -> bool {
        let board = &self.table.board;
        board.get(card).is_some_and(|c| crate::cast_limit::refused(board, card, c.owner))
    }

    /// Whether a card can be cast now for `cost` (its mana cost or another), as
    /// [`Game::castable`] says.
    pub(super) fn castable_for(
        &mut self,
        card: CardId,
        sorcery_speed: bool,
        cost: Option<(Mana, bool)>,
    ) -> Result<bool, Outcome> {
        let Some((cost, _)) = cost else { return Ok(false) };
        let Some(c) = self.table.board.get(card) else { return Ok(false) };
        let (owner, types) = (c.owner, c.printed.types.clone());
        let Ok(rules) = self.table.rules(card) else { return Ok(false) };
        let data = &self.table.library().program.cards()[rules.index()];
        let flash = data.abilities.iter().any(|ability| CATALOGUE.abilities[ability.index()].name == "flash");
        if !(sorcery_speed || flash || is_type(&types, "instant")) {
            return Ok(false);
        }
        let pool = self.table.board.player(owner).mana;
        if plan_payment(pool, &self.mana_lands(owner), &cost).is_none() {
            return Ok(false);
        }
        // An Aura needs a permanent to enchant as it is cast (rule 303.4a).
        let target = &c.printed.target;
        if is_type(&types, "aura")
            && !target.is_empty()
            && crate::restriction::some_target(&self.table.board, target, owner) == Some(false)
        {
            return Ok(false);
        }
        if is_type(&types, "instant") || is_type(&types, "sorcery") {
            let actions = self.table.library().program.cards()[rules.index()].actions.len();
            let own = self.table.board.get(card).map_or(0, |c| c.printed.action_ranges(actions).own.len());
            if own != 1 {
                return Ok(false);
            }
            let payable = self.table.try_payable_actions(card, owner).map_err(stopped)?;
            return Ok(payable.contains(&0)
                && self.some_target_allowed(card, owner, 0)?
                && self.line_targets_exist(card, owner, 0));
        }
        Ok(true)
    }

    /// The abilities of a permanent of the active player that can be activated now, each
    /// with whether the lands must be tapped for it.
    fn activations(&mut self, card: CardId, lands: &LandsMana) -> Result<Vec<(usize, bool)>, Outcome> {
        let actions = self.own_actions(card);
        let given = self.given_to(card);
        if (actions == 0 || self.table.board.lost_abilities(card)) && given.is_empty()
            || self.table.board.activations_forbidden(card)
        {
            return Ok(Vec::new());
        }
        let board = &self.table.board;
        let Some(c) = board.get(card) else { return Ok(Vec::new()) };
        let controller = c.controller;
        let sick =
            board.has_type(card, "creature") && self.entered.contains(&card) && !board.has_ability(card, "haste");
        // The activated lines (`{cost}:effect`), one an action when they match up.
        let activated: Vec<String> = c
            .printed
            .autos
            .iter()
            .map(|auto| auto.trim_start().to_ascii_lowercase())
            .filter(|auto| auto.starts_with('{'))
            .collect();
        let taps =
            |line: &String| line.split(':').next().is_some_and(|cost| cost.contains("{t}") || cost.contains("{q}"));
        let tapping: Vec<bool> = if activated.len() == actions {
            activated.iter().map(taps).collect()
        } else {
            vec![activated.iter().any(taps); actions]
        };
        // An ability given to it taps it as its own line says.
        let taps_given = |game: &Self, index: usize| {
            game.given_text(card, index).is_none_or(|line| taps(&line.to_ascii_lowercase()))
        };
        if (sick || c.tapped) && self.all_abilities_tap(card, sick, actions, &activated, &tapping, &given) {
            return Ok(Vec::new());
        }
        let mut offered = Vec::new();
        for index in self.payable_abilities(card, controller).map_err(stopped)? {
            offered.push((index, false));
        }
        let computed;
        let lands = if lands.player == controller {
            lands
        } else {
            computed = self.lands_mana(controller);
            &computed
        };
        // Not the card itself: its own `{T}` may be what the ability costs.
        let pool = self.table.board.player(controller).mana;
        if let Some(more) = lands.added_to(pool, card) {
            // With the lands' mana in the pool (each land's first colour), a snow land's
            // snow mana, for the trial only.
            let seat = usize::from(controller.0 != 0);
            let snow = self.table.board.players[seat].snow;
            let mut more_snow: Mana = std::array::from_fn(|colour| self.table.board.snow_mana(controller, colour));
            for (&source, &colour) in &lands.sources {
                if source != card && self.table.board.has_type(source, "snow") {
                    more_snow[colour.min(5)] += 1;
                }
            }
            self.table.board.players[seat].mana = more;
            self.table.board.players[seat].snow = more_snow;
            let with_lands = self.payable_abilities(card, controller);
            self.table.board.players[seat].mana = pool;
            self.table.board.players[seat].snow = snow;
            for index in with_lands.map_err(stopped)? {
                if !offered.iter().any(|(offered, _)| *offered == index) {
                    offered.push((index, true));
                }
            }
        }
        let tapped_by = |game: &Self, index: usize| {
            if index >= given::GIVEN { taps_given(game, index) } else { tapping.get(index).copied().unwrap_or(true) }
        };
        offered.retain(|(index, _)| !(sick && tapped_by(self, *index)));
        // An ability whose line's targets are too few, or all refused, is no move.
        offered.retain(|(index, _)| self.line_targets_exist(card, controller, *index));
        // Equip targets a creature its controller controls: with none, it is no move.
        let equips = |index: &usize| {
            activated.len() == actions && activated.get(*index).is_some_and(|line| line.trim_end().ends_with(":equip"))
        };
        let creature = |card: &CardId| self.table.board.has_type(*card, "creature");
        // Looked for only when an equip is offered: this runs for each permanent.
        if offered.iter().any(|(index, _)| equips(index))
            && !self.table.board.zone(controller, BATTLEFIELD).iter().any(creature)
        {
            offered.retain(|(index, _)| !equips(index));
        }
        Ok(offered)
    }

    /// Whether every ability of `card` (its own `actions`, their `activated` lines and
    /// whether each taps it, as [`Game::activations`] reads them, and those `given` to it)
    /// is one it cannot activate now, tapped or summoning `sick`: each costs `{T}` (or,
    /// sick, `{Q}`, or is taken to tap it as `activations` takes it). Then its trials need
    /// not run: a board of tokens each tapped in turn for the mana a lord gives it offers
    /// none of them again.
    fn all_abilities_tap(
        &self,
        card: CardId,
        sick: bool,
        actions: usize,
        activated: &[String],
        tapping: &[bool],
        given: &[crate::table::GivenAbility],
    ) -> bool {
        let cost_taps = |line: &str| {
            let line = line.to_ascii_lowercase();
            line.split(':').next().is_some_and(|cost| cost.contains("{t}") || (sick && cost.contains("{q}")))
        };
        let own_offered = actions > 0 && !self.table.board.lost_abilities(card);
        let own_tap = !own_offered
            || if sick {
                tapping.iter().all(|taps| *taps)
            } else {
                activated.len() == actions && activated.iter().all(|line| cost_taps(line))
            };
        own_tap && given.iter().all(|ability| self.table.given_line(*ability).map_or(sick, cost_taps))
    }

    fn play_land(&mut self, card: CardId) -> Flow {
        let Some(owner) = self.table.board.get(card).map(|c| c.owner) else { return Ok(()) };
        self.lands_played += 1;
        let name = self.name(card);
        self.event(format!("{} plays {name}", who(owner)));
        self.table.board.place(card, owner, BATTLEFIELD, -1);
        self.entered.insert(card);
        self.settle()
    }

    /// Taps `player`'s lands for one mana each, of the colours given.
    pub(super) fn tap_for_mana(&mut self, player: PlayerId, taps: &[(CardId, usize)]) -> Flow {
        for &(land, colour) in taps {
            self.table.board.tap_for_mana(land, player, colour);
        }
        if !taps.is_empty() {
            let lands: Vec<String> = taps.iter().map(|(land, _)| self.name(*land)).collect();
            self.event(format!("{} taps {} for mana", who(player), lands.join(", ")));
        }
        self.settle()
    }

    /// Casts a spell: taps the lands its cost needs, pays it, and puts it on the stack
    /// ([`super::stack`]): an instant or sorcery with a target has it chosen now. Its
    /// cascade is [`Game::cast`]'s (`cascade.rs`).
    pub(super) fn cast_spell(&mut self, card: CardId, paid: Paid) -> Flow {
        let kicked = paid == Paid::Kicked;
        let cost = match paid {
            Paid::Normal => self.spell_cost(card),
            Paid::Kicked => self.kicked_cost(card),
            Paid::Flashback => self.flashback_cost(card),
            Paid::Retrace(land) if self.discardable_land(card, land) => self.retrace_cost(card),
            Paid::Retrace(_) => None,
            Paid::Alternative => self.alternative_cost(card),
            Paid::Buyback => self.buyback_cost(card),
            Paid::Suspended | Paid::Cascade => Some(([0; 6], false)),
            Paid::Madness => self.madness_cost(card),
        };
        let Some((cost, has_x)) = cost else { return Ok(()) };
        let Some(c) = self.table.board.get(card) else { return Ok(()) };
        let (owner, types) = (c.owner, c.printed.types.clone());
        // The modes of `choice` lines, and their targets, are chosen as the spell resolves
        // (Wagic's menu of them opens then).
        let targeted = !c.printed.target.trim().is_empty()
            || c.printed
                .autos
                .iter()
                .any(|auto| auto.to_ascii_lowercase().contains("target(") && !crate::front::is_mode_line(auto));
        let pool = self.table.board.player(owner).mana;
        let mut lands = self.mana_lands(owner);
        if has_x {
            // `{X}`: every land's mana, all of what is left is X.
            lands.iter_mut().for_each(|(_, colours)| colours.truncate(1));
        }
        let Some(mut taps) = plan_payment(pool, &lands, &cost) else { return Ok(()) };
        if has_x {
            taps = lands.iter().map(|(land, colours)| (*land, colours[0])).collect();
        }
        self.tap_for_mana(owner, &taps)?;
        let pool = &mut self.table.board.players[usize::from(owner.0 != 0)].mana;
        let before_payment = *pool;
        if !crate::runner::costs::pay(pool, &cost) {
            return Ok(());
        }
        let x = if has_x {
            let x = pool.iter().fold(0i32, |sum, mana| sum.saturating_add(*mana));
            *pool = [0; 6];
            self.table.board.x_paid = x;
            format!(" with X = {x}")
        } else {
            String::new()
        };
        let name = self.name(card);
        // Cast while its cascade resolves: no answer to another spell.
        let verb = if paid == Paid::Cascade { format!("{} casts", who(owner)) } else { self.cast_verb(owner) };
        let kicker = match paid {
            Paid::Normal => "",
            Paid::Kicked => " with its kicker",
            Paid::Flashback => " with flashback",
            Paid::Retrace(_) => " with retrace",
            Paid::Alternative => " for its alternative cost",
            Paid::Buyback => " with buyback",
            Paid::Suspended => " without paying its mana cost",
            Paid::Cascade => " without paying its mana cost (cascade)",
            Paid::Madness => " for its madness cost",
        };
        let alternative = if paid == Paid::Alternative { self.alternative_action(card) } else { None };
        if let Some(action) = alternative {
            // Its costs other than mana, once its mana is paid: a land tapped for the mana
            // may then be sacrificed or returned. Its player is asked which cards.
            let step = self.table.start_action(card, owner, action).map_err(stopped)?;
            if !self.drive(step)? {
                self.event(format!("{} cannot pay the alternative cost of {name}", who(owner)));
                return self.settle();
            }
        }
        if let Paid::Retrace(land) = paid {
            // Discarded as a cost, once the mana is paid.
            self.table.board.place(land, owner, GRAVEYARD, -1);
        }
        if paid == Paid::Flashback {
            // Exiled as it leaves the stack (`table/flashback.rs`).
            self.table.board.flashed_back.push(card);
        }
        if paid == Paid::Buyback {
            // Returned to its owner's hand as it resolves (`table/buyback.rs`).
            self.table.board.bought_back.push(card);
        }
        let line = self.log.len();
        self.event(format!("{verb} {name}{x}{kicker}"));
        self.cast[usize::from(owner != P0)].push(name.clone());
        // The stack item keeps whether it was kicked (`kicker.rs`).
        self.table.board.kicked = kicked.then_some(card);
        self.table.board.alternative = (paid == Paid::Alternative).then_some(card);
        let after_payment = self.table.board.players[usize::from(owner.0 != 0)].mana;
        self.table.board.place(card, owner, STACK, -1);
        self.table.board.note_spent(card, before_payment, after_payment);
        self.settle()?;
        if !is_spell(&types) {
            self.push(card, owner, false, Resolution::Permanent);
            return Ok(());
        }
        if !targeted {
            self.push(card, owner, false, Resolution::Effect);
            return Ok(());
        }
        let step = self.table.start(card, owner).map_err(stopped)?;
        let step = self.first_action(step, 0)?;
        let Some(done) = self.stack_targeted(card, owner, (false, 0), line, step)? else { return self.settle() };
        // A question other than its targets, or none taken: it ran as it was cast.
        self.event(format!("{name} resolves"));
        if !done {
            self.event(format!("{name} does nothing"));
        }
        if self.table.board.get(card).is_some_and(|c| c.zone == STACK) {
            let zone = self.table.board.resolved_zone(card);
            self.table.board.place(card, owner, zone, -1);
        }
        self.settle()
    }

    /// Casts a card whose last time counter of suspend was removed, without paying its
    /// mana cost, when it can be cast (a spell's target exists): a creature has haste.
    /// Else it stays in exile.
    pub(super) fn cast_suspended(&mut self, card: CardId) -> Flow {
        if !self.castable_for(card, true, Some(([0; 6], false)))? {
            self.event(format!("{} cannot be cast: it stays exiled", self.name(card)));
            return Ok(());
        }
        if self.table.board.get(card).is_some_and(|c| is_type(&c.printed.types, "creature")) {
            self.table.board.hasted.push(card);
        }
        self.cast(card, Paid::Suspended)
    }

    /// Activates ability `index` of a permanent (or an `autohand` one of a card in hand, a
    /// graveyard one of a card in its owner's graveyard: `hand.rs`): its costs are paid
    /// now, its `{X}` with `x` (`x_moves.rs`); with one target it is chosen now and the
    /// ability waits on the stack, else it runs at once.
    fn activate(&mut self, card: CardId, index: usize, tap_lands: bool, x: Option<u16>) -> Flow {
        let from_graveyard = self.used_from_graveyard(card, index);
        // A card in a graveyard is its owner's to use.
        let Some(controller) = self.table.board.get(card).map(|c| if from_graveyard { c.owner } else { c.controller })
        else {
            return Ok(());
        };
        if tap_lands {
            let taps = self.activation_taps(card, index, controller, x)?;
            self.tap_for_mana(controller, &taps)?;
        }
        let name = self.name(card);
        let mut ability = self.ability_text(card, index).unwrap_or_else(|| format!("ability {}", index + 1));
        if let Some(x) = x {
            ability.push_str(&format!(" with X = {x}"));
            self.table.board.x_chosen = Some(i32::from(x));
        }
        let line = self.log.len();
        let from = if from_graveyard { " from the graveyard" } else { "" };
        if self.stack.is_empty() {
            self.event(format!("{} activates {name}{from}: {ability}", who(controller)));
        } else {
            self.event(format!("{} responds with {name}'s ability{from}: {ability}", who(controller)));
        }
        let step = self.start_ability(card, index, controller)?;
        if matches!(step, Step::Unpaid | Step::Done(false)) {
            self.event(format!("{name}'s ability does nothing"));
            return self.settle();
        }
        if self.stack_targeted(card, controller, (true, index), line, step)? == Some(false) {
            self.event(format!("{name}'s ability does nothing"));
        }
        self.settle()
    }

    /// The `auto=` line of a permanent's ability `index`, when its activated lines
    /// (`{cost}:effect`) are its abilities one for one.
    pub(super) fn ability_text(&self, card: CardId, index: usize) -> Option<String> {
        if let Some(line) = self.off_battlefield_line_text(card, index) {
            return Some(line);
        }
        if index >= given::GIVEN {
            return self.given_text(card, index);
        }
        let c = self.table.board.get(card)?;
        let activated = c.printed.activated_lines();
        if activated.len() != self.own_actions(card) {
            return None;
        }
        activated.get(index).map(|line| line.to_string())
    }

    /// Answers a spell's or ability's questions until it ends; whether it ran to its end.
    pub(super) fn drive(&mut self, mut step: Step) -> Result<bool, Outcome> {
        for _ in 0..MAX_QUESTIONS {
            match step {
                Step::Done(done) => return Ok(done),
                Step::Unpaid => return Ok(false),
                Step::Asks(execution) => {
                    let answer = self.choose(&execution)?;
                    step = self.table.resume(execution, &answer).map_err(stopped)?;
                }
            }
        }
        if let Step::Asks(execution) = step {
            self.table.runtime.cancel(execution);
        }
        Err(Outcome::Stopped { reason: format!("a spell or ability asks more than {MAX_QUESTIONS} questions") })
    }
}

/// Which lands to tap, for which colour, so that `pool` and their mana pay `cost`: each
/// coloured part from the pool, then from the lands giving fewest colours; generic mana
/// from what the pool has left, then from any land left. `None` when they cannot.
pub(crate) fn plan_payment(pool: Mana, lands: &[(CardId, Vec<usize>)], cost: &Mana) -> Option<Vec<(CardId, usize)>> {
    let mut left = pool;
    let mut free: Vec<&(CardId, Vec<usize>)> = lands.iter().collect();
    free.sort_by_key(|(_, colours)| colours.len());
    let mut taps = Vec::new();
    for colour in 0..5 {
        let from_pool = left[colour].min(cost[colour]).max(0);
        left[colour] -= from_pool;
        for _ in 0..cost[colour].saturating_sub(from_pool) {
            let at = free.iter().position(|(_, colours)| colours.contains(&colour))?;
            taps.push((free.remove(at).0, colour));
        }
    }
    let in_pool = left.iter().fold(0i32, |sum, mana| sum.saturating_add((*mana).max(0)));
    for _ in 0..cost[5].saturating_sub(in_pool).max(0) {
        if free.is_empty() {
            return None;
        }
        let (land, colours) = free.remove(0);
        taps.push((*land, colours[0]));
    }
    Some(taps)
}

/// The mana a player's untapped mana sources add, each its first colour
/// ([`Game::mana_lands`]), found once for the trials of all their permanents' abilities.
pub(super) struct LandsMana {
    player: PlayerId,
    /// Each colour's count over all the sources.
    total: Mana,
    /// Each source's first colour.
    sources: HashMap<CardId, usize>,
}

impl LandsMana {
    /// `pool` with the mana of every source but `card` added; `None` when there is none.
    fn added_to(&self, pool: Mana, card: CardId) -> Option<Mana> {
        let own = self.sources.get(&card);
        if self.sources.len() == usize::from(own.is_some()) {
            return None;
        }
        let mut more = pool;
        for (colour, slot) in more.iter_mut().enumerate() {
            let count = self.total[colour] - i32::from(own == Some(&colour));
            *slot = slot.saturating_add(count);
        }
        Some(more)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_payment_taps_the_lands_a_cost_needs_and_no_more() {
        let (forest, island, dual) = (CardId(1), CardId(2), CardId(3));
        let lands = vec![(dual, vec![1, 4]), (forest, vec![4]), (island, vec![1])];
        // {1}{G}: the Forest pays {G} (the dual is kept), then the dual the generic.
        let taps = plan_payment([0; 6], &lands, &[0, 0, 0, 0, 1, 1]).expect("payable");
        assert_eq!(taps, vec![(forest, 4), (island, 1)]);
        // {U} already in the pool: no land for it.
        let taps = plan_payment([0, 1, 0, 0, 0, 0], &lands, &[0, 1, 0, 0, 0, 0]).expect("payable");
        assert!(taps.is_empty());
        // {R}: no land gives it.
        assert_eq!(plan_payment([0; 6], &lands, &[0, 0, 0, 1, 0, 0]), None);
        // {4}: three lands are not enough.
        assert_eq!(plan_payment([0; 6], &lands, &[0, 0, 0, 0, 0, 4]), None);
    }
}
