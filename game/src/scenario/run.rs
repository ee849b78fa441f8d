//! Running a scenario: the setup built into a [`Game`], each step's move applied, the
//! questions it raises answered from the step's answers (strictly: an unanswered question
//! or an answer that is not legal fails and lists the legal answers), then the step's
//! expectations checked.

use std::fmt::Write as _;
use std::sync::Arc;

use vm::runtime::{RequestKind, Value};

use super::expect::{check_expectation, phase_name};
use super::format::{Answer, ScenarioFile, SetupSpec, Side, SlotSpec, StepSpec};
use super::{Mismatch, StepLog};
use crate::engine::Game;
use crate::moves::{Choice, Move};
use crate::set::{CardKind, CardSet, DefIdx};
use crate::setup::{AdvanceError, PlayerSetup, Setup, SlotSetup};
use crate::state::{CardRef, Phase, RING_SLOTS, RuleVal, START_HP, Seat, Zone};

/// Questions one step may raise before it is stopped as a loop.
const MAX_QUESTIONS_PER_STEP: usize = 64;
/// Cards in the deck a player gets when the setup leaves the deck out.
const FILLER_DECK: usize = 10;

/// Where the game is: whose turn, which turn and phase, in scenario words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Position {
    turn: u32,
    active: Seat,
    phase: Phase,
}

impl Position {
    fn of(game: &Game) -> Position {
        let state = game.state();
        Position { turn: state.turn, active: state.active, phase: state.phase }
    }
}

impl std::fmt::Display for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (side, phase) = (Side::of(self.active).name(), phase_name(self.phase));
        write!(f, "turn {}, active = {side:?}, phase = {phase:?}", self.turn)
    }
}

/// The game's log entries from `start` on, as text.
fn log_since(game: &Game, start: usize) -> Vec<String> {
    game.log().since(start).iter().map(|entry| entry.to_string()).collect()
}

/// Runs the steps of `file` on `set`; the first step that goes wrong ends the run (its
/// every mismatch is reported). The setup's log and each step's, as far as the run went,
/// are pushed on `log`.
pub fn run_steps(file: &ScenarioFile, set: &Arc<CardSet>, log: &mut Vec<StepLog>) -> Result<(), Vec<Mismatch>> {
    let setup = build_setup(&file.setup, set).map_err(|what| vec![Mismatch::at_setup(what)])?;
    let mut game = Game::from_setup(Arc::clone(set), &setup)
        .map_err(|error| vec![Mismatch::at_setup(format!("the engine refused the setup: {error}"))])?;
    log.push(StepLog { step: None, step_text: String::new(), lines: log_since(&game, 0) });
    // Where the setup put the game: a setup phase with a procedure runs on from there.
    let mut before = Position { turn: setup.turn, active: setup.active, phase: setup.phase };
    for (index, step) in file.steps.iter().enumerate() {
        let at = |what: String| Mismatch::at_step(index, step, what);
        let log_start = game.log().len();
        let mut answers = step.answers.iter();
        let taken = take_step(&mut game, step, &mut answers);
        let new_log = log_since(&game, log_start);
        log.push(StepLog { step: Some(index), step_text: step.describe(), lines: new_log.clone() });
        taken.map_err(|what| vec![at(what)])?;
        let leftover: Vec<String> = answers.map(ToString::to_string).collect();
        if !leftover.is_empty() {
            return Err(vec![at(format!(
                "answers not asked for: {} (no question was pending; strict mode){}",
                leftover.join(", "),
                triggered_hint(set, step)
            ))]);
        }
        let mut mismatches = Vec::new();
        for (key, value) in &step.expect {
            if let Some(mut mismatch) = check_expectation(&game, key, value) {
                mismatch.step = Some(index);
                mismatch.step_text = step.describe();
                mismatches.push(mismatch);
            }
        }
        for wanted in &step.log {
            let needle = wanted.to_lowercase();
            if !new_log.iter().any(|line| line.to_lowercase().contains(&needle)) {
                let mut mismatch = at(format!("log entry containing {wanted:?}"));
                mismatch.expected = Some(format!("a log entry containing {wanted:?}"));
                mismatch.actual = Some(if new_log.is_empty() { "(no log entry)".into() } else { new_log.join("\n") });
                mismatches.push(mismatch);
            }
        }
        for unwanted in &step.log_lacks {
            let needle = unwanted.to_lowercase();
            let found: Vec<&str> =
                new_log.iter().filter(|line| line.to_lowercase().contains(&needle)).map(String::as_str).collect();
            if !found.is_empty() {
                let mut mismatch = at(format!("no log entry containing {unwanted:?}"));
                mismatch.expected = Some(format!("no log entry containing {unwanted:?}"));
                mismatch.actual = Some(found.join("\n"));
                mismatches.push(mismatch);
            }
        }
        let after = Position::of(&game);
        if !mismatches.is_empty() {
            // A move can go further than its words say (`pass` past an Attack phase with
            // nobody to attack): say where it went.
            if after != before {
                let began = if index == 0 { "the setup says" } else { "the step began at" };
                mismatches[0].reached = Some(format!("{after} ({began} {before})"));
            }
            return Err(mismatches);
        }
        before = after;
    }
    Ok(())
}

/// Builds the engine's [`Setup`] from the scenario's, naming cards by number or name.
pub fn build_setup(spec: &SetupSpec, set: &CardSet) -> Result<Setup, String> {
    let phase = parse_phase(&spec.phase)?;
    let find = |name: &str| -> Result<DefIdx, String> {
        set.find(name.trim()).ok_or_else(|| format!("no card numbered or named {name:?} in the card set"))
    };
    let filler: Vec<DefIdx> = set
        .cards()
        .iter()
        .position(|card| card.kind == CardKind::Character && card.rules.is_none())
        .map(|i| vec![i; FILLER_DECK])
        .unwrap_or_default();
    let mut players = [PlayerSetup::default(), PlayerSetup::default()];
    for (seat, player) in [(0usize, &spec.you), (1, &spec.opp)] {
        let out = &mut players[seat];
        out.hp = player.hp.unwrap_or(START_HP);
        out.sp = player.sp.unwrap_or(0);
        out.hand = player.hand.iter().map(|c| find(c)).collect::<Result<_, _>>()?;
        out.deck = match &player.deck {
            Some(deck) => deck.iter().map(|c| find(c)).collect::<Result<_, _>>()?,
            None => filler.clone(),
        };
        out.discards = player.discards.iter().map(|c| find(c)).collect::<Result<_, _>>()?;
        out.removed = player.removed.iter().map(|c| find(c)).collect::<Result<_, _>>()?;
        out.chars_played = player.chars_played;
        out.backups_played = player.backups_played;
        out.rules = player.rules.iter().map(|(name, value)| (name.clone(), rule_val(*value))).collect();
        for (slot, place) in player.slots().into_iter().enumerate() {
            let Some(place) = place else { continue };
            let card = find(place.card())?;
            let mut slot_setup = SlotSetup::new(card);
            if let SlotSpec::Full(detail) = place {
                slot_setup.bp = detail.bp;
                slot_setup.fresh = detail.fresh;
                slot_setup.frozen = detail.frozen;
                slot_setup.attacking = detail.attacking;
                slot_setup.united = detail.united;
                slot_setup.activated = detail.activated;
                slot_setup.backups = detail.backups.iter().map(|c| find(c)).collect::<Result<_, _>>()?;
                slot_setup.blocking = match &detail.blocking {
                    Some(text) => Some(parse_slot(text)?),
                    None => None,
                };
            }
            out.ring[slot] = Some(slot_setup);
        }
    }
    let active = spec.active.seat();
    Ok(Setup {
        turn: spec.turn.max(1),
        active,
        // Odd turns are the first player's.
        first_player: if spec.turn % 2 == 1 { active } else { active.other() },
        phase,
        players,
        rules: spec.rules.iter().map(|(name, value)| (name.clone(), rule_val(*value))).collect(),
        seed: spec.seed,
        ..Setup::default()
    })
}

fn rule_val(value: super::format::RuleValue) -> RuleVal {
    match value {
        super::format::RuleValue::Bool(b) => RuleVal::Bool(b),
        super::format::RuleValue::Int(n) => RuleVal::Int(n),
    }
}

/// A phase by name (`main`, `counter-attack`...).
pub fn parse_phase(text: &str) -> Result<Phase, String> {
    Phase::parse(text.trim())
        .ok_or_else(|| format!("unknown phase {text:?} (activate, draw, main, attack, counter-attack, end, cleanup)"))
}

/// A slot `s0`…`s3`.
fn parse_slot(text: &str) -> Result<u8, String> {
    let text = text.trim();
    text.strip_prefix(['s', 'S'])
        .and_then(|n| n.parse::<u8>().ok())
        .filter(|&n| usize::from(n) < RING_SLOTS)
        .ok_or_else(|| format!("{text:?} is not a ring slot (s0, s1, s2 or s3)"))
}

/// A slot that may name its ring: `s1` (the ring of `own`), `you.s1`, `opp.s1`.
fn parse_ring_slot(text: &str, own: Seat) -> Result<(Seat, u8), String> {
    let text = text.trim();
    if let Some(rest) = text.strip_prefix("you.") {
        return Ok((Seat::FIRST, parse_slot(rest)?));
    }
    if let Some(rest) = text.strip_prefix("opp.") {
        return Ok((Seat::SECOND, parse_slot(rest)?));
    }
    Ok((own, parse_slot(text)?))
}

fn to_move(game: &Game) -> Seat {
    Seat::of(game.to_move())
}

/// Carries out one step: its move (or advance), then the questions it raises.
fn take_step<'a>(game: &mut Game, step: &StepSpec, answers: &mut std::slice::Iter<'a, Answer>) -> Result<(), String> {
    if let Some(phase) = &step.advance {
        let target = parse_phase(phase)?;
        // `Game::advance_to` stops at once when the game is already in the phase asked for;
        // "advance to main" from a Main phase means the next one, so first go to a phase
        // every turn has (Cleanup, or Activate when Cleanup is the target).
        let mut stops = vec![target];
        if game.state().phase == target {
            stops.insert(0, if target == Phase::Cleanup { Phase::Activate } else { Phase::Cleanup });
        }
        for phase in stops {
            advance(game, phase, answers)?;
        }
        return Ok(());
    }
    let mover = to_move(game);
    if let Some(by) = step.by
        && by.seat() != mover
        && game.pending().is_none()
    {
        return Err(format!(
            "`by = {:?}`, but it is {} move now (turn {}, phase {:?}); the legal moves are: {}",
            by.name(),
            possessive(Side::of(mover)),
            game.state().turn,
            phase_name(game.state().phase),
            describe_moves(game, &game.legal_moves(), mover)
        ));
    }
    if let Some(mv) = step_move(game, step, mover)? {
        let before = game.state().clone();
        let legal = game.legal_moves();
        let result = game.apply(mv);
        match (result, step.refused) {
            (Ok(_), true) => {
                return Err(format!(
                    "the move was accepted, but the scenario expects it to be refused; the legal moves were: {}",
                    describe_moves(game, &legal, mover)
                ));
            }
            (Err(_), true) => {
                if game.state() != &before {
                    return Err("the move was refused but the game changed".into());
                }
                return Ok(());
            }
            (Err(_), false) => {
                return Err(format!(
                    "the move {} was refused{}; the legal moves are: {}",
                    describe_moves(game, &[mv], mover),
                    why_refused(game, mv, mover),
                    describe_moves(game, &legal, mover)
                ));
            }
            (Ok(_), false) => {}
        }
    }
    for _ in 0..MAX_QUESTIONS_PER_STEP {
        if game.pending().is_none() {
            if step.refused_answer {
                return Err("`refused_answer`: no question was pending for the last answer".into());
            }
            return Ok(());
        }
        if step.refused_answer && answers.len() == 1 {
            return refuse_one(game, answers);
        }
        answer_one(game, answers)?;
    }
    Err("too many questions in one step (a loop?)".into())
}

/// Gives the step's last answer, which must be refused (the question stays pending).
fn refuse_one(game: &mut Game, answers: &mut std::slice::Iter<'_, Answer>) -> Result<(), String> {
    let Some(answer) = answers.next() else { return Ok(()) };
    let Some(exec) = game.pending() else { return Ok(()) };
    let chooser = Seat::of(exec.request().chooser);
    let candidates: Vec<Value> = exec.candidates().to_vec();
    let mut chosen: Vec<Choice> = Vec::new();
    let items: Vec<&Answer> = match answer {
        Answer::Many(list) => list.iter().collect(),
        single => vec![single],
    };
    for item in items {
        match resolve_answer(game, item, chooser, &candidates, &chosen) {
            Some(choice) => chosen.push(choice),
            // Not even a candidate: refused.
            None => return Ok(()),
        }
    }
    let before = game.state().clone();
    match game.answer_with(&chosen) {
        Err(_) if game.state() == &before => Ok(()),
        Err(_) => Err(format!("answer {answer} was refused but the game changed")),
        Ok(_) => Err(format!("answer {answer} was accepted, but the scenario expects it to be refused")),
    }
}

/// Moves the game on to `phase`, answering the questions asked on the way.
fn advance<'a>(game: &mut Game, phase: Phase, answers: &mut std::slice::Iter<'a, Answer>) -> Result<(), String> {
    for _ in 0..MAX_QUESTIONS_PER_STEP {
        match game.advance_to(phase) {
            Ok(()) | Err(AdvanceError::GameOver) => return Ok(()),
            Err(AdvanceError::Question) => answer_one(game, answers)?,
            Err(AdvanceError::NotReached) => return Err(format!("the game did not reach the {phase:?} phase")),
        }
    }
    Err("too many questions on the way (a loop?)".into())
}

/// The engine move a step names (`None` for a step that only checks).
fn step_move(game: &Game, step: &StepSpec, mover: Seat) -> Result<Option<Move>, String> {
    let state = game.state();
    if let Some(card) = &step.play {
        match step.from.as_deref().map(str::trim) {
            None | Some("hand") => {}
            Some("removed") => return play_removed(game, step, mover, card).map(Some),
            Some(other) => return Err(format!("`from = {other:?}`: cards are played from `hand` or `removed`")),
        }
        let hand = find_in_hand(game, mover, card)?;
        let def = state.def(state.players[usize::from(mover)].hand[usize::from(hand)]);
        let is_character = def.is_some_and(|d| d.kind == CardKind::Character);
        if let Some(target) = &step.backup {
            return Ok(Some(Move::Backup { hand, slot: parse_slot(target)? }));
        }
        if is_character {
            let slot = match &step.slot {
                Some(slot) => parse_slot(slot)?,
                None => {
                    state.players[usize::from(mover)].ring.iter().position(Option::is_none).map_or(0, |slot| slot as u8)
                }
            };
            return Ok(Some(Move::PlayCharacter { hand, slot }));
        }
        return Ok(Some(Move::PlayCard { hand }));
    }
    if let Some(slot) = &step.activate {
        return Ok(Some(Move::Activate { slot: parse_slot(slot)? }));
    }
    if let Some(slot) = &step.attack {
        return Ok(Some(Move::Attack { slot: parse_slot(slot)? }));
    }
    if let Some(slot) = &step.join {
        let leader = step.leader.as_deref().ok_or("`join` needs `leader`, the slot of the attacking character")?;
        return Ok(Some(Move::Join { slot: parse_slot(slot)?, leader: parse_slot(leader)? }));
    }
    if let Some(slot) = &step.block {
        let attacker =
            step.attacker.as_deref().ok_or("`block` needs `attacker`, the slot of the attacker it blocks")?;
        return Ok(Some(Move::Block { slot: parse_slot(slot)?, attacker: parse_slot(attacker)? }));
    }
    if step.pass {
        return Ok(Some(Move::Pass));
    }
    Ok(None)
}

/// The move playing `name` from `player`'s removed pile.
fn play_removed(game: &Game, step: &StepSpec, player: Seat, name: &str) -> Result<Move, String> {
    let state = game.state();
    let removed = &state.players[usize::from(player)].removed;
    let pos = removed.iter().position(|&card| card_matches(game, card, name)).ok_or_else(|| {
        let names: Vec<String> = removed.iter().map(|&c| card_label(game, c)).collect();
        format!("{name:?} is not in {} removed pile [{}]", possessive(Side::of(player)), names.join(", "))
    })?;
    let is_character = state.def(removed[pos]).is_some_and(|d| d.kind == CardKind::Character);
    let slot = match (&step.slot, is_character) {
        (Some(slot), true) => parse_slot(slot)?,
        (None, true) => state.players[usize::from(player)].ring.iter().position(Option::is_none).map_or(0, |s| s as u8),
        (_, false) => 0,
    };
    let pos = u8::try_from(pos).map_err(|_| "the removed pile is too big to name a position in it".to_string())?;
    Ok(Move::PlayRemoved { pos, slot })
}

/// The hand position of the card `name` (`hand.2`, a number, a name) in `player`'s hand.
fn find_in_hand(game: &Game, player: Seat, name: &str) -> Result<u8, String> {
    let state = game.state();
    let hand = &state.players[usize::from(player)].hand;
    let index = match name.trim().strip_prefix("hand.").and_then(|n| n.parse::<usize>().ok()) {
        Some(index) if index < hand.len() => index,
        Some(index) => return Err(format!("hand.{index}: the hand holds {} cards", hand.len())),
        None => hand.iter().position(|&card| card_matches(game, card, name)).ok_or_else(|| {
            let names: Vec<String> = hand.iter().map(|&c| card_label(game, c)).collect();
            let mut message =
                format!("{name:?} is not in {} hand [{}]", possessive(Side::of(player)), names.join(", "));
            // A step moves for whoever must move: the card may be in the other hand.
            let other = Side::of(player.other());
            if state.players[usize::from(other.seat())].hand.iter().any(|&card| card_matches(game, card, name)) {
                let _ = write!(
                    message,
                    "; it is in {} hand, but it is {} move now (phase {:?})",
                    possessive(other),
                    possessive(Side::of(player)),
                    phase_name(state.phase)
                );
            }
            message
        })?,
    };
    // Moves name hand positions with a byte (the action space numbers the first few).
    u8::try_from(index).map_err(|_| format!("{name:?} is at hand position {index}, past the positions a move can name"))
}

/// For a step that played a character with a ■ ability, which runs only when activated:
/// `; Ryu (C121)'s ■ ability runs on `activate = "s0"`, not when it is played`.
fn triggered_hint(set: &CardSet, step: &StepSpec) -> String {
    let Some(def) = step.play.as_deref().and_then(|name| set.find(name.trim())).and_then(|idx| set.card(idx)) else {
        return String::new();
    };
    if def.kind != CardKind::Character || def.ability != Some(crate::set::AbilityType::Triggered) {
        return String::new();
    }
    let slot = step.slot.as_deref().unwrap_or("sN");
    format!("; {}'s ■ ability runs on `activate = {slot:?}`, not when it is played", def.name)
}

/// The likely reason a scenario's move is not legal, in scenario words: the phase it
/// belongs to, the SP a card costs, a character that is frozen or entered this turn
/// (`""` when none of these is the reason).
fn why_refused(game: &Game, mv: Move, mover: Seat) -> String {
    let state = game.state();
    let phase = phase_name(state.phase);
    let player = &state.players[usize::from(mover)];
    let slot_card = |slot: u8| player.ring.get(usize::from(slot)).copied().flatten();
    let in_phase = |wanted: Phase, what: &str| -> Option<String> {
        (state.phase != wanted).then(|| {
            let wanted = phase_name(wanted);
            format!(
                " ({what} in the {wanted} phase, and this is the {phase} phase: `phase = {wanted:?}` in the setup, \
                 or `advance = {wanted:?}` first)"
            )
        })
    };
    let character = |slot: u8| -> Option<String> {
        let card = slot_card(slot)?;
        let card_state = state.card(card)?;
        let name = card_label(game, card);
        if card_state.frozen {
            Some(format!(" ({name} in s{slot} is frozen)"))
        } else if card_state.fresh {
            Some(format!(" ({name} in s{slot} is fresh: it entered the ring this turn)"))
        } else {
            None
        }
    };
    let reason = match mv {
        Move::Attack { slot } => in_phase(Phase::Attack, "attacks are declared")
            .or_else(|| if slot_card(slot).is_none() { Some(format!(" (s{slot} is empty)")) } else { character(slot) }),
        Move::Join { slot, .. } => in_phase(Phase::Attack, "a united attack is joined").or_else(|| character(slot)),
        Move::Block { slot, .. } => {
            in_phase(Phase::CounterAttack, "counter-attacks are declared").or_else(|| character(slot))
        }
        Move::Activate { slot } => in_phase(Phase::Main, "abilities are activated").or_else(|| character(slot)),
        Move::PlayCard { hand } | Move::PlayCharacter { hand, .. } | Move::Backup { hand, .. } => {
            let def = player.hand.get(usize::from(hand)).and_then(|&card| state.def(card));
            match def {
                // In i64: a set's SP may be `i32::MIN`, which has no negation in i32.
                Some(def) if def.sp < 0 && i64::from(player.sp) < -i64::from(def.sp) => Some(format!(
                    " ({} costs {} SP and {} SP is {}: set `{}.sp` in the setup)",
                    def.name,
                    -i64::from(def.sp),
                    possessive(Side::of(mover)),
                    player.sp,
                    Side::of(mover).name()
                )),
                _ => None,
            }
        }
        _ => None,
    };
    reason.unwrap_or_default()
}

/// `your` or `opp's`.
fn possessive(side: Side) -> &'static str {
    match side {
        Side::You => "your",
        Side::Opp => "opp's",
    }
}

/// Whether `card` is the one named `name` (its number or its name, case-insensitive).
pub(crate) fn card_matches(game: &Game, card: CardRef, name: &str) -> bool {
    let name = name.trim();
    game.state().def(card).is_some_and(|def| {
        def.number.as_deref().is_some_and(|n| n.eq_ignore_ascii_case(name)) || def.name.eq_ignore_ascii_case(name)
    })
}

/// `Name (C013)`.
pub(crate) fn card_label(game: &Game, card: CardRef) -> String {
    match game.state().def(card) {
        Some(def) => match &def.number {
            Some(number) => format!("{} ({number})", def.name),
            None => def.name.clone(),
        },
        None => format!("card #{}", card.0),
    }
}

/// Where a card is, in scenario words: `you.s0`, `you.hand`, `opp.discards`...
pub(crate) fn card_place(game: &Game, card: CardRef) -> String {
    match game.state().locate_card(card) {
        Some((seat, zone)) => {
            let side = Side::of(seat).name();
            match zone {
                Zone::Ring(slot) => format!("{side}.s{slot}"),
                Zone::Hand => format!("{side}.hand"),
                Zone::Deck => format!("{side}.deck"),
                Zone::Discards => format!("{side}.discards"),
                Zone::Removed => format!("{side}.removed"),
                Zone::Table => format!("{side}.table"),
                Zone::Backup(_) => format!("{side}.backup"),
            }
        }
        None => "nowhere".into(),
    }
}

/// The named answers of a question about a position in a pile, `[(value, name); 2]`:
/// `moveTo(pile, ?)` asks 0 (top) or -1 (bottom), `prophecy` without a destination asks 0
/// (top) or 1 (bottom).
fn position_answers(game: &Game) -> Option<[(i32, &'static str); 2]> {
    let RequestKind::Command(cmd, tag) = game.pending()?.request().kind else { return None };
    let command = stdlib::CATALOGUE.commands.get(cmd.index())?;
    match (command.name, tag) {
        ("moveTo", 0) => Some([(0, "top"), (-1, "bottom")]),
        ("prophecy", 1) => Some([(0, "top"), (1, "bottom")]),
        _ => None,
    }
}

fn describe_request(kind: RequestKind) -> &'static str {
    match kind {
        RequestKind::Targets => "choose targets",
        RequestKind::TargetType => "choose a type",
        RequestKind::TargetZone => "choose whose zone (a player)",
        RequestKind::Action => "choose an action",
        RequestKind::May => "may (yes or no)",
        RequestKind::Confirm(_) => "do the optional command (yes or no)",
        RequestKind::Command(..) => "a command's choice",
        RequestKind::Cost(_) => "pay a cost",
        RequestKind::Function(_) => "a function's choice",
    }
}

/// A candidate in words that are also a valid answer.
fn describe_candidate(game: &Game, value: Value, positions: Option<[(i32, &str); 2]>) -> String {
    let position = |n: i32| positions.iter().flatten().find(|&&(at, _)| at == n).map(|&(_, name)| name);
    match Choice::of(value) {
        Some(Choice::Int(n)) if position(n).is_some() => format!("{:?} ({n})", position(n).unwrap_or_default()),
        Some(Choice::Card(card)) => {
            let place = card_place(game, card);
            if place.contains(".s") {
                format!("{place:?} = {}", card_label(game, card))
            } else {
                let name = game.state().def(card).map(|d| d.number.clone().unwrap_or_else(|| d.name.clone()));
                format!("{:?} = {} in {place}", name.unwrap_or_default(), card_label(game, card))
            }
        }
        Some(Choice::Player(p)) => format!("{:?}", Side::of(p).name()),
        Some(Choice::Int(n)) => n.to_string(),
        Some(Choice::Bool(true)) => "\"yes\"".into(),
        Some(Choice::Bool(false)) => "\"no\"".into(),
        None => format!("{value:?}"),
    }
}

/// What action `index` of the pending execution's card does, for a question that asks
/// which: its `label`, else its line of source (`hp(+500) to(me)`), when the bundle has it.
fn action_words(game: &Game, index: i32) -> Option<String> {
    let exec = game.pending()?;
    let program = game.set().program();
    let action = program.card(exec.env().card)?.actions.get(usize::try_from(index).ok()?)?;
    if let Some(label) = action.label.and_then(|label| program.string(label)) {
        return Some(label.to_string());
    }
    let debug = program.debug()?;
    let line = debug.text(debug.rows(action.entry).first()?).trim();
    let effect = line.split_once('=').map_or(line, |(_, effect)| effect.trim());
    Some(effect.to_string())
}

fn legal_answers(game: &Game) -> String {
    match game.pending() {
        Some(exec) => {
            let request = exec.request();
            let positions = position_answers(game);
            let is_action = request.kind == RequestKind::Action;
            let list: Vec<String> = exec
                .candidates()
                .iter()
                .map(|&v| match (is_action, Choice::of(v)) {
                    (true, Some(Choice::Int(n))) => match action_words(game, n) {
                        Some(words) => format!("{n} = {words}"),
                        None => n.to_string(),
                    },
                    _ => describe_candidate(game, v, positions),
                })
                .collect();
            let count = if request.min == request.max {
                format!("exactly {}", request.min)
            } else {
                format!("{} to {}", request.min, request.max)
            };
            format!(
                "{} by {}, {count} of: {}",
                if positions.is_some() { "choose a position" } else { describe_request(request.kind) },
                Side::of(Seat::of(request.chooser)).name(),
                if list.is_empty() { "(no candidate)".to_string() } else { list.join(", ") }
            )
        }
        None => "no question is pending".into(),
    }
}

/// Answers the pending question with the next answer.
fn answer_one<'a>(game: &mut Game, answers: &mut std::slice::Iter<'a, Answer>) -> Result<(), String> {
    let Some(exec) = game.pending() else { return Ok(()) };
    let chooser = Seat::of(exec.request().chooser);
    let candidates: Vec<Value> = exec.candidates().to_vec();
    let Some(answer) = answers.next() else {
        return Err(format!("a question was not answered (strict mode): {}", legal_answers(game)));
    };
    let mut chosen: Vec<Choice> = Vec::new();
    let items: Vec<&Answer> = match answer {
        Answer::Many(list) => list.iter().collect(),
        single => vec![single],
    };
    for item in items {
        let choice = resolve_answer(game, item, chooser, &candidates, &chosen)
            .ok_or_else(|| format!("answer {item} is not legal: {}", legal_answers(game)))?;
        chosen.push(choice);
    }
    game.answer_with(&chosen)
        .map_err(|error| format!("answer {answer} was refused ({error}): {}", legal_answers(game)))?;
    Ok(())
}

/// The candidate an answer names, if it names one not chosen yet.
fn resolve_answer(
    game: &Game,
    answer: &Answer,
    chooser: Seat,
    candidates: &[Value],
    chosen: &[Choice],
) -> Option<Choice> {
    let offered: Vec<Choice> =
        candidates.iter().filter_map(|&v| Choice::of(v)).filter(|c| !chosen.contains(c)).collect();
    let find = |wanted: &dyn Fn(&Choice) -> bool| offered.iter().copied().find(|c| wanted(c));
    match answer {
        Answer::Bool(b) => find(&|c| *c == Choice::Bool(*b)),
        Answer::Int(n) => find(&|c| matches!(c, Choice::Int(m) if i64::from(*m) == *n)),
        Answer::Many(_) => None,
        Answer::Text(text) => {
            let lower = text.trim().to_ascii_lowercase();
            match lower.as_str() {
                "yes" | "true" => return find(&|c| *c == Choice::Bool(true)),
                "no" | "false" => return find(&|c| *c == Choice::Bool(false)),
                "you" => return find(&|c| *c == Choice::Player(Seat::FIRST)),
                "opp" => return find(&|c| *c == Choice::Player(Seat::SECOND)),
                "me" => return find(&|c| *c == Choice::Player(chooser)),
                "top" | "bottom" => {
                    let (at, _) = position_answers(game)?.into_iter().find(|&(_, name)| name == lower)?;
                    return find(&|c| *c == Choice::Int(at));
                }
                _ => {}
            }
            if let Ok((seat, slot)) = parse_ring_slot(&lower, chooser) {
                let card = game.state().players[usize::from(seat)].ring[usize::from(slot)]?;
                return find(&|c| *c == Choice::Card(card));
            }
            find(&|c| matches!(c, Choice::Card(card) if card_matches(game, *card, text)))
        }
    }
}

/// The legal moves in scenario words.
fn describe_moves(game: &Game, moves: &[Move], mover: Seat) -> String {
    let state = game.state();
    let hand_card = |hand: u8| {
        state.players[usize::from(mover)]
            .hand
            .get(usize::from(hand))
            .and_then(|&c| state.def(c))
            .map(|d| d.number.clone().unwrap_or_else(|| d.name.clone()))
            .unwrap_or_else(|| format!("hand.{hand}"))
    };
    let list: Vec<String> = moves
        .iter()
        .map(|mv| match *mv {
            Move::PlayCharacter { hand, slot } => format!("{{ play = {:?}, slot = \"s{slot}\" }}", hand_card(hand)),
            Move::PlayCard { hand } => format!("{{ play = {:?} }}", hand_card(hand)),
            Move::Backup { hand, slot } => format!("{{ play = {:?}, backup = \"s{slot}\" }}", hand_card(hand)),
            Move::Activate { slot } => format!("{{ activate = \"s{slot}\" }}"),
            Move::Attack { slot } => format!("{{ attack = \"s{slot}\" }}"),
            Move::Join { slot, leader } => format!("{{ join = \"s{slot}\", leader = \"s{leader}\" }}"),
            Move::Block { slot, attacker } => format!("{{ block = \"s{slot}\", attacker = \"s{attacker}\" }}"),
            Move::PlayRemoved { pos, slot } => {
                let card = state.players[usize::from(mover)]
                    .removed
                    .get(usize::from(pos))
                    .and_then(|&c| state.def(c))
                    .map(|d| d.number.clone().unwrap_or_else(|| d.name.clone()))
                    .unwrap_or_else(|| format!("removed.{pos}"));
                format!("{{ play = {card:?}, from = \"removed\", slot = \"s{slot}\" }}")
            }
            Move::Pass => "{ pass = true }".into(),
            ref other => format!("{other:?}"),
        })
        .collect();
    list.join(", ")
}
