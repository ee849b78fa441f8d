//! The questions a game puts to a seat played by a [`Seat`] (`seat.rs` lists them), each
//! choice of the play loop made into a plain list of labelled options, and the
//! [`SeatView`] it is asked with.

use vm::runtime::{CardId, Execution, PlayerId, RequestKind, Value};

use super::moves::{Move, is_type};
use super::seat::{
    CardAt, MAX_OPTIONS, OptionKind, Permanent, PlayerState, Question, QuestionKind, SeatView, StackEntry,
};
use super::{Game, Outcome, who};
use crate::catalogue::Command;
use crate::table::stack::Resolution;
use crate::table::{BATTLEFIELD, EXILE, GRAVEYARD, HAND, LIBRARY, P0, P1, STACK};

/// A question before it is put: each option with the card it is about.
struct Asked {
    kind: QuestionKind,
    prompt: String,
    /// The card the question is about.
    about: Option<CardId>,
    /// Each option: its label, the card it is about, its kind.
    options: Vec<(String, Option<CardId>, OptionKind)>,
}

/// The card a move plays, casts or activates, and the move's kind of option.
fn move_source(chosen: Move) -> (CardId, OptionKind) {
    match chosen {
        Move::PlayLand(card) => (card, OptionKind::PlayLand),
        Move::Cast(card) => (card, OptionKind::Cast),
        Move::CastKicked(card) => (card, OptionKind::CastKicked),
        Move::Flashback(card) | Move::Retrace { card, .. } => (card, OptionKind::Flashback),
        // A cast as any other, and a special action of the permanent's, as Wagic offers
        // them beside the card's other moves.
        Move::CastFaceDown(card) | Move::CastAlternative(card) | Move::CastBuyback(card) | Move::Suspend(card) => {
            (card, OptionKind::Cast)
        }
        Move::TurnFaceUp(card) => (card, OptionKind::Activate),
        Move::Activate { card, .. } => (card, OptionKind::Activate),
    }
}

/// A player's seat number (0 for `p0`).
fn seat_of(player: PlayerId) -> usize {
    usize::from(player != P0)
}

impl Game<'_> {
    /// Whether `player`'s choices are put to a [`super::Seat`].
    pub(super) fn seated(&self, player: PlayerId) -> bool {
        self.seats[seat_of(player)].is_some()
    }

    /// Puts a question to `player`'s seat: the index (in `asked.options`) of the option it
    /// takes. Options that are the same choice (the same label, for two copies of a card
    /// in a hand or a graveyard) are shown once; one option left is taken unasked; more
    /// than [`MAX_OPTIONS`] are put in pages (`seat.rs`). A seat that gives up or answers
    /// out of range stops the game.
    fn ask(&mut self, player: PlayerId, asked: Asked) -> Result<usize, Outcome> {
        let mut shown: Vec<usize> = Vec::with_capacity(asked.options.len());
        for (index, (label, card, _)) in asked.options.iter().enumerate() {
            let interchangeable = card.is_some_and(|card| self.interchangeable(card));
            let same = |at: &usize| {
                let (other, card, _) = &asked.options[*at];
                other == label && card.is_some_and(|c| self.interchangeable(c))
            };
            if !(interchangeable && shown.iter().any(same)) {
                shown.push(index);
            }
        }
        if shown.is_empty() {
            let reason = format!("{} was asked a question with no option: {}", who(player), asked.prompt);
            return Err(Outcome::Stopped { reason });
        }
        // Each page but the last ends with `more options`: the pages are as many as the
        // options (bounded), and each is asked at most once.
        let mut start = 0;
        loop {
            let rest = shown.get(start..).unwrap_or_default();
            let more = rest.len() > MAX_OPTIONS;
            let page = if more { &rest[..MAX_OPTIONS - 1] } else { rest };
            let prompt = if start > 0 || more {
                format!("{} (options {} to {} of {})", asked.prompt, start + 1, start + page.len(), shown.len())
            } else {
                asked.prompt.clone()
            };
            match self.ask_page(player, &asked, page, more, prompt)? {
                Some(index) => return Ok(index),
                None => start += page.len(),
            }
        }
    }

    /// Puts one page of a question (`page`: indices in `asked.options`, followed by `more
    /// options` when `more`) to `player`'s seat: the index taken, `None` for `more options`.
    fn ask_page(
        &mut self,
        player: PlayerId,
        asked: &Asked,
        page: &[usize],
        more: bool,
        prompt: String,
    ) -> Result<Option<usize>, Outcome> {
        if let ([only], false) = (page, more) {
            return Ok(Some(*only));
        }
        self.decisions += 1;
        if let Some(observer) = &mut self.observer {
            observer(self.log.get(self.observed..).unwrap_or_default());
            self.observed = self.log.len();
        }
        let view = self.view(player);
        let at = |card: Option<CardId>| card.and_then(|card| self.card_at(player, card));
        let mut question = Question {
            kind: asked.kind,
            prompt,
            about: at(asked.about),
            cards: page.iter().map(|index| at(asked.options[*index].1)).collect(),
            options: page.iter().map(|index| asked.options[*index].0.clone()).collect(),
            kinds: page.iter().map(|index| asked.options[*index].2).collect(),
        };
        if more {
            question.cards.push(None);
            question.options.push("more options".to_string());
            question.kinds.push(OptionKind::More);
        }
        // The seat is lent out while it decides, so that it may be shown the board.
        let Some(seat) = self.seats[seat_of(player)].take() else {
            return Err(Outcome::Stopped { reason: format!("{} has no seat to ask", who(player)) });
        };
        let views = |seat: usize| self.view(if seat == 0 { P0 } else { P1 });
        let answer = seat.decide_seeing(&view, &question, &views);
        self.seats[seat_of(player)] = Some(seat);
        let count = question.options.len();
        match answer {
            Some(index) if index < page.len() => Ok(Some(page[index])),
            Some(index) if index < count => Ok(None),
            Some(index) => Err(Outcome::Stopped {
                reason: format!(
                    "{}'s seat answered {index} to a question of {count} options (0 to {}): {}",
                    who(player),
                    count - 1,
                    question.prompt
                ),
            }),
            None => Err(Outcome::Stopped { reason: format!("{}'s seat gave up at: {}", who(player), question.prompt) }),
        }
    }

    /// Whether a card is one of interchangeable copies: in a hand or a graveyard, where
    /// two cards of a name differ in nothing a choice could tell apart.
    fn interchangeable(&self, card: CardId) -> bool {
        self.table.board.get(card).is_some_and(|c| c.zone == HAND || c.zone == GRAVEYARD)
    }

    /// Where `viewer` sees a card in its [`SeatView`]; `None` for one it does not see (in
    /// a library, in the other hand).
    fn card_at(&self, viewer: PlayerId, card: CardId) -> Option<CardAt> {
        let board = &self.table.board;
        let c = board.get(card)?;
        let index_in = |cards: Vec<CardId>| cards.iter().position(|other| *other == card);
        match c.zone {
            HAND if c.owner == viewer => index_in(board.zone(viewer, HAND)).map(CardAt::Hand),
            BATTLEFIELD => {
                let both: Vec<CardId> = [P0, P1].into_iter().flat_map(|side| board.zone(side, BATTLEFIELD)).collect();
                index_in(both).map(CardAt::Battlefield)
            }
            GRAVEYARD => index_in(board.zone(c.owner, GRAVEYARD))
                .map(|index| CardAt::Graveyard { owner: seat_of(c.owner), index }),
            EXILE => index_in(board.zone(c.owner, EXILE)).map(|index| CardAt::Exile { owner: seat_of(c.owner), index }),
            STACK => self.stack.iter().position(|item| item.card == card && !item.ability).map(CardAt::Stack),
            _ => None,
        }
    }

    /// What `player` may see of the game now.
    pub(super) fn view(&self, player: PlayerId) -> SeatView {
        let board = &self.table.board;
        let names = |owner: PlayerId, zone| -> Vec<String> {
            board.zone(owner, zone).into_iter().map(|card| self.name(card)).collect()
        };
        let state = |seat: PlayerId| {
            let p = board.player(seat);
            PlayerState {
                life: p.life,
                poison: p.poison,
                mana: p.mana,
                hand: board.zone(seat, HAND).len(),
                library: board.zone(seat, LIBRARY).len(),
            }
        };
        let permanents: Vec<CardId> = [P0, P1].into_iter().flat_map(|side| board.zone(side, BATTLEFIELD)).collect();
        let battlefield = permanents
            .iter()
            .filter_map(|&card| {
                let c = board.get(card)?;
                let types: Vec<String> = board.types(card).into_iter().map(str::to_string).collect();
                let creature = is_type(&types, "creature");
                Some(Permanent {
                    name: self.name(card),
                    face_down_card: c
                        .face_down
                        .as_ref()
                        .filter(|_| c.controller == player)
                        .map(|printed| printed.name.clone()),
                    owner: seat_of(c.owner),
                    controller: seat_of(c.controller),
                    tapped: c.tapped,
                    power_toughness: creature.then(|| (board.power(card), board.toughness(card))),
                    damage: c.damage,
                    counters: c.counters,
                    named_counters: c.named.iter().map(|(kind, count)| (kind.to_string(), count)).collect(),
                    summoning_sick: self.entered.contains(&card),
                    attacking: c.attacking,
                    blocking: c.blocking.and_then(|attacker| permanents.iter().position(|other| *other == attacker)),
                    token: c.token,
                    types,
                })
            })
            .collect();
        let stack = self
            .stack
            .iter()
            .map(|item| {
                let targets: Vec<Value> = match &item.resolution {
                    Resolution::Targeted { targets, .. } => targets.iter().map(|(target, _)| *target).collect(),
                    Resolution::Chosen { target, .. } => vec![*target],
                    Resolution::Aura { target, .. } => vec![Value::Card(*target)],
                    Resolution::Permanent | Resolution::Effect => Vec::new(),
                };
                StackEntry {
                    name: self.item_name(item.card, item.ability),
                    card: self.name(item.card),
                    controller: seat_of(item.controller),
                    ability: item.ability,
                    targets: targets.into_iter().map(|target| self.card_label(target)).collect(),
                }
            })
            .collect();
        SeatView {
            seat: seat_of(player),
            turn: self.turn,
            phase: self.phase,
            active: seat_of(board.active),
            players: [state(P0), state(P1)],
            hand: names(player, HAND),
            battlefield,
            graveyards: [names(P0, GRAVEYARD), names(P1, GRAVEYARD)],
            exile: [names(P0, EXILE), names(P1, EXILE)],
            stack,
        }
    }

    /// A card or player as an option names it: `Grizzly Bears (p1)` on the battlefield,
    /// `Forest (p0's hand)` elsewhere, `p0`.
    fn card_label(&self, value: Value) -> String {
        let Value::Card(card) = value else { return self.shown(value) };
        let Some(c) = self.table.board.get(card) else { return self.shown(value) };
        let zone = match c.zone {
            BATTLEFIELD => return format!("{} ({})", self.name(card), who(c.controller)),
            HAND => "hand",
            GRAVEYARD => "graveyard",
            LIBRARY => "library",
            EXILE => "exile",
            STACK => return format!("{} (stack)", self.name(card)),
            _ => return c.printed.name.clone(),
        };
        format!("{} ({}'s {zone})", c.printed.name, who(c.owner))
    }

    /// The label of a move with priority.
    pub(super) fn move_label(&self, chosen: Move) -> String {
        match chosen {
            Move::PlayLand(card) => format!("play {}", self.name(card)),
            Move::Cast(card) => format!("cast {}", self.name(card)),
            Move::CastKicked(card) => format!("cast {} with its kicker", self.name(card)),
            Move::Flashback(card) => format!("cast {} with flashback", self.name(card)),
            Move::Retrace { card, land } => {
                format!("cast {} with retrace, discarding {}", self.name(card), self.name(land))
            }
            Move::CastAlternative(card) => format!("cast {} for its alternative cost", self.name(card)),
            Move::CastBuyback(card) => format!("cast {} with buyback", self.name(card)),
            Move::Suspend(card) => format!("suspend {}", self.name(card)),
            Move::CastFaceDown(card) => format!("cast {} face down", self.name(card)),
            // Only its controller is asked: the label names the card they may look at.
            Move::TurnFaceUp(card) => {
                let face = self.table.board.face(card);
                let (name, cost) =
                    face.map_or_else(Default::default, |face| (face.name.clone(), face.face_up_cost.clone()));
                format!("turn {name} face up for {cost}")
            }
            Move::Activate { card, index, x, .. } => {
                let ability = self.ability_text(card, index).unwrap_or_else(|| format!("ability {}", index + 1));
                let from = if self.used_from_graveyard(card, index) { " from the graveyard" } else { "" };
                let x = x.map_or(String::new(), |x| format!(" with X = {x}"));
                format!("activate {}{from}: {ability}{x}", self.name(card))
            }
        }
    }

    /// `player`'s move with priority among `moves` (each labelled, then `pass`).
    pub(super) fn ask_move(&mut self, player: PlayerId, moves: &[Move]) -> Result<Option<Move>, Outcome> {
        let mut options: Vec<(String, Option<CardId>, OptionKind)> = moves
            .iter()
            .map(|chosen| {
                let (card, kind) = move_source(*chosen);
                (self.move_label(*chosen), Some(card), kind)
            })
            .collect();
        options.push(("pass".to_string(), None, OptionKind::Pass));
        let prompt = format!("{} has priority ({}, turn {})", who(player), self.phase.name(), self.turn);
        let index = self.ask(player, Asked { kind: QuestionKind::Priority, prompt, about: None, options })?;
        Ok(moves.get(index).copied())
    }

    /// The answer of a seat to a spell's or ability's question: its candidates (those the
    /// built-in players choose among) taken one pick at a time, with `done` once the
    /// fewest it takes are chosen, until the most are.
    pub(super) fn ask_effect(&mut self, execution: &Execution) -> Result<Vec<Value>, Outcome> {
        let request = execution.request();
        let mut candidates = self.candidates(execution);
        if matches!(request.kind, RequestKind::May | RequestKind::Confirm(_)) && candidates.is_empty() {
            candidates = vec![Value::Bool(true), Value::Bool(false)];
        }
        let most = usize::from(request.max).min(candidates.len());
        let least = usize::from(request.min).min(most);
        let source = execution.env().source;
        let what = match request.kind {
            RequestKind::Targets => "choose a target",
            RequestKind::TargetType => "choose what kind of target",
            RequestKind::TargetZone => "choose whose cards",
            RequestKind::Action => "choose an ability",
            RequestKind::May | RequestKind::Confirm(_) => "do it?",
            RequestKind::Cost(_) => "choose how to pay",
            RequestKind::Command(command, _) if command.index() == Command::Chosen.index() => "choose one",
            RequestKind::Command(command, _) if command.index() == Command::ChooseColor.index() => "choose a colour",
            RequestKind::Command(command, _) if command.index() == Command::DiscardChosen.index() => "discard",
            RequestKind::Command(command, _) if command.index() == Command::MoveChosen.index() => "choose your cards",
            RequestKind::Command(command, tag) if command.index() == Command::Proliferate.index() => {
                if tag == crate::builtins::proliferate::KIND {
                    "choose the kind of counter"
                } else {
                    "proliferate: choose permanents and players"
                }
            }
            // Wagic's `AADamager` menu: the opponent, or one of their planeswalkers.
            RequestKind::Command(command, _) if command.index() == Command::Damage.index() => {
                "deal the damage to the player or a planeswalker"
            }
            RequestKind::Command(..) | RequestKind::Function(_) => "choose",
        };
        let mut chosen = Vec::new();
        for _ in 0..most {
            if least.saturating_sub(chosen.len()) >= candidates.len() {
                // Every candidate left must be taken.
                chosen.append(&mut candidates);
                break;
            }
            let mut options: Vec<(String, Option<CardId>, OptionKind)> = candidates
                .iter()
                .map(|value| {
                    let kind = match *value {
                        Value::Card(_) => OptionKind::Card,
                        Value::Player(chosen) => OptionKind::Player { mine: chosen == request.chooser },
                        Value::Bool(true) => OptionKind::Yes,
                        Value::Bool(false) => OptionKind::No,
                        _ => OptionKind::Other,
                    };
                    let label = match value {
                        Value::List(option) => self.counter_kind_label(execution.list(*option)),
                        _ => None,
                    };
                    let label = label.unwrap_or_else(|| self.candidate_label(request.kind, source, *value));
                    (label, value.as_card(), kind)
                })
                .collect();
            if chosen.len() >= least {
                options.push(("done".to_string(), None, OptionKind::Done));
            }
            let prompt = match self.pay_prompt(execution) {
                Some(prompt) => prompt,
                None => format!("{}: {what} ({least} to {most}, {} chosen)", self.name(source), chosen.len()),
            };
            let asked = Asked { kind: QuestionKind::Effect, prompt, about: Some(source), options };
            let index = self.ask(request.chooser, asked)?;
            if index >= candidates.len() {
                break;
            }
            chosen.push(candidates.remove(index));
        }
        Ok(chosen)
    }

    /// The question of the catalogue's `pay`: `Crystal Rod: pay {1}?` (its cost is the
    /// request's question).
    fn pay_prompt(&self, execution: &Execution) -> Option<String> {
        let request = execution.request();
        if !super::greedy::is_pay(request.kind) {
            return None;
        }
        let cost = request.question.and_then(|question| self.table.library().program.string(question))?;
        Some(format!("{}: pay {cost}?", self.name(execution.env().source)))
    }

    /// How an option of a spell's or ability's question reads.
    fn candidate_label(&self, kind: RequestKind, source: CardId, value: Value) -> String {
        match (kind, value) {
            (_, Value::Bool(yes)) => if yes { "yes" } else { "no" }.to_string(),
            (RequestKind::Targets, Value::Card(_) | Value::Player(_)) => format!("target {}", self.card_label(value)),
            (RequestKind::TargetZone, Value::Player(player)) => format!("{}'s cards", who(player)),
            (RequestKind::Action, Value::Int(index)) => {
                let index = usize::try_from(index).unwrap_or(0);
                self.ability_text(source, index).unwrap_or_else(|| format!("ability {}", index + 1))
            }
            (RequestKind::TargetType, Value::Int(index)) => format!("kind {}", index.saturating_add(1)),
            (RequestKind::Command(command, _), Value::Int(index))
                if command.index() == Command::ChooseColor.index() =>
            {
                crate::catalogue::colour_name(value).map_or_else(|| index.to_string(), str::to_string)
            }
            (RequestKind::Command(command, _), Value::Int(index)) if command.index() == Command::ChooseType.index() => {
                crate::catalogue::creature_type_name(value).map_or_else(|| index.to_string(), str::to_string)
            }
            (_, Value::Str(_)) => format!("choose: {}", self.shown(value)),
            (_, Value::Int(number)) => number.to_string(),
            _ => self.card_label(value),
        }
    }

    /// Whether `attacker` of `player`'s attacks.
    pub(super) fn ask_attack(&mut self, player: PlayerId, attacker: CardId) -> Result<bool, Outcome> {
        let name = self.name(attacker);
        let options = vec![
            (format!("attack with {name}"), None, OptionKind::Attack),
            (format!("hold back {name}"), None, OptionKind::HoldBack),
        ];
        let prompt = format!("{}: attack with {name}?", who(player));
        let asked = Asked { kind: QuestionKind::Attack, prompt, about: Some(attacker), options };
        Ok(self.ask(player, asked)? == 0)
    }

    /// Which of `attackers` `blocker` blocks, or none.
    pub(super) fn ask_block(
        &mut self,
        defender: PlayerId,
        blocker: CardId,
        attackers: &[CardId],
    ) -> Result<Option<CardId>, Outcome> {
        let name = self.name(blocker);
        let mut options: Vec<(String, Option<CardId>, OptionKind)> = attackers
            .iter()
            .map(|attacker| (format!("block {} with {name}", self.name(*attacker)), Some(*attacker), OptionKind::Block))
            .collect();
        options.push((format!("no block with {name}"), None, OptionKind::NoBlock));
        let prompt = format!("{}: block with {name}?", who(defender));
        let index = self.ask(defender, Asked { kind: QuestionKind::Block, prompt, about: Some(blocker), options })?;
        Ok(attackers.get(index).copied())
    }

    /// Which card of `hand` (more than `limit`, their hand size) `player` discards: its
    /// index.
    pub(super) fn ask_discard(&mut self, player: PlayerId, hand: &[CardId], limit: usize) -> Result<usize, Outcome> {
        let options = hand
            .iter()
            .map(|card| (format!("discard {}", self.name(*card)), Some(*card), OptionKind::Discard))
            .collect();
        let prompt = format!("{}: discard down to {limit} ({} in hand)", who(player), hand.len());
        self.ask(player, Asked { kind: QuestionKind::Discard, prompt, about: None, options })
    }

    /// Whether `player` keeps the new one of their legendary permanents named as `new`.
    pub(super) fn ask_legend(&mut self, player: PlayerId, new: CardId) -> Result<bool, Outcome> {
        let name = self.name(new);
        let options = vec![
            (format!("keep the new {name}"), None, OptionKind::KeepNew),
            (format!("keep the old {name}"), None, OptionKind::KeepOld),
        ];
        let prompt = format!("{}: the legend rule, two of {name}", who(player));
        Ok(self.ask(player, Asked { kind: QuestionKind::Legend, prompt, about: Some(new), options })? == 0)
    }

    /// Whether `player` casts `card`, a card of theirs discarded with madness (exiled), for
    /// its madness cost; else it goes to their graveyard.
    pub(super) fn ask_madness(&mut self, player: PlayerId, card: CardId) -> Result<bool, Outcome> {
        let name = self.name(card);
        let cost = self.table.board.get(card).map_or(String::new(), |c| c.printed.madness.clone());
        let options = vec![
            (format!("cast {name} for its madness cost {cost}"), Some(card), OptionKind::Cast),
            (format!("put {name} into the graveyard"), None, OptionKind::No),
        ];
        let prompt = format!("{}: madness, {name} was discarded", who(player));
        Ok(self.ask(player, Asked { kind: QuestionKind::Effect, prompt, about: Some(card), options })? == 0)
    }

    /// Whether `player` casts `card`, which their spell's cascade exiled, without paying
    /// its mana cost (`cascade.rs`).
    pub(super) fn ask_cascade(&mut self, player: PlayerId, card: CardId) -> Result<bool, Outcome> {
        let name = self.name(card);
        let options = vec![
            (format!("cast {name} without paying its mana cost"), Some(card), OptionKind::Cast),
            (format!("put {name} on the bottom of the library"), None, OptionKind::No),
        ];
        let prompt = format!("{}: cascade exiled {name}", who(player));
        Ok(self.ask(player, Asked { kind: QuestionKind::Effect, prompt, about: Some(card), options })? == 0)
    }

    /// Whether `player` keeps their hand of `cards` cards (`lands` of them lands).
    pub(super) fn ask_keep(&mut self, player: PlayerId, cards: usize, lands: usize) -> Result<bool, Outcome> {
        let options =
            vec![("keep".to_string(), None, OptionKind::Keep), ("mulligan".to_string(), None, OptionKind::Mulligan)];
        let prompt =
            format!("{}: keep {cards} cards ({lands} lands) or mulligan to {}?", who(player), cards.saturating_sub(1));
        Ok(self.ask(player, Asked { kind: QuestionKind::Mulligan, prompt, about: None, options })? == 0)
    }
}
