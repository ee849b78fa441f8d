//! Runs Wagic's behaviour tests ([`crate::testfile`]) on a [`Table`]: sets the board from
//! `[INIT]`, plays the `[DO]` moves as Wagic's `TestSuiteAI` plays them, and compares the
//! board with `[ASSERT]` as Wagic's `assertGame` does (the phase; each player's life,
//! poison, mana pool, and the cards of graveyard, library, hand, battlefield and exile,
//! by count and by name; `*` counts any card).
//!
//! The moves played: a card's name clicks it (a name or id no card has clicks nothing,
//! as Wagic's driver finds no card; `p1`, `p2` with nothing waiting for a target click a
//! player nothing reacts to). Only the acting player's cards take a click
//! (Wagic's `currentlyActing`: the player interrupting, else the defending player in the
//! blockers step, the active one otherwise); a click on the other player's does nothing.
//! The acting player plays a land
//! from their hand (one a turn, in a main phase); casts a spell from their hand, paying its
//! mana cost (changed by the cost changes in force, less affinity's discount) from the pool as Wagic pays it (at sorcery speed
//! unless it is an instant or has flash), the spell going on Wagic's stack, where `yes`,
//! `no` and `endinterruption` let the other player answer it and any other move lets it
//! resolve (see `stack.rs`); or clicks a permanent, as Wagic's `ActionLayer` does: what
//! reacts to the click (in the attackers step, the attack rule first; a land type's mana
//! ability, in Wagic's order Plains, Island, Swamp, Mountain, Forest; each of the card's
//! abilities whose cost a trial activation can pay, in its lines' order) is done when it is
//! one, opens Wagic's menu when several (the next move, `choice N`, picks entry `N` from 0;
//! the entry past the last is `Cancel`), and nothing happens when none does. A triggered or
//! entering ability's question waits for the moves ([`Table::held`]), as Wagic's menu of it
//! does: a `may` lists the ability then `Cancel` (none opens for a `may` whose target
//! surely has no legal one, Wagic's `validTargetsExist`; a click on its card, with no
//! ability of its own, leaves it open), a spell's `may` lines list as its modes (`choice
//! N` does the `N`th alone, its other lines run whatever is chosen), a targeted ability lists itself alone
//! (`choice 0`), then its target is clicked (also the only legal one, which the runtime
//! asks while the board settles, [`Table::ask_lone_in_triggers`]: a click on another card
//! is ignored, as Wagic ignores a card that is no legal target; an entering choice of the
//! opponent the runtime takes, Black Vise's, takes a click on that player). A `choice`
//! with no menu open does nothing, as Wagic's `doReactTo`, but after a click the model did
//! at once (Wagic's menu may list more: only `choice 0` after the attack or block rule,
//! Wagic's first entry, is played). Two legendary permanents of one name under one
//! controller open Wagic's legend rule menu, which cannot be left: `choice 0` keeps the
//! newest (the others go to their owner's graveyard), `choice 1` the others; a spell's targets are clicked first, as Wagic asks them as the spell is
//! cast. A spell whose target its `auto=` line names (not `target=`) opens the same menu of
//! its one ability before its target. While a spell or ability waits for a target (or a
//! cost with a spec, `{discard(...)}`, for its card), the next moves name it (a card, or
//! `p1`, `p2`); a target the runtime took as the only legal one is still named by the next
//! move, as Wagic asks for it, and the test is skipped when no move names it. A click on
//! a permanent Wagic refuses as the target is ignored (`targeting.rs`); a target with a
//! count takes a click per target (`counted.rs`); storm and lure: `storm.rs`, `lure.rs`.
//!
//! An Aura is cast as Wagic casts it: the next move names the permanent it enchants (it
//! resolves attached to it; a permanent its `target=` does not match skips the test). A
//! spell with `{X}` pays the rest of its cost, then all the mana left as X (Wagic's tests
//! give the pool, not X). A block that `cantbeblockedby(...)` forbids is a click Wagic
//! does not take. A permanent that changes controller (an Aura's `control`) counts as
//! entered this turn; summoning sickness stops an ability whose cost taps. Tests Wagic
//! keeps in `wontfix` or `bugs` are skipped ([`known_wagic_failure`]).
//!
//! `next` moves one phase on, `eot` to the next turn's untap step, `goto <phase>` to that
//! phase, as Wagic does: the untap step untaps the active player's permanents, the draw
//! step draws a card, each phase emits its `@each` event, the pools empty as each phase
//! ends, and the cleanup step ends `ueot` effects and damage and passes the turn. A click
//! declares an attacker, a second takes the attack back; as the attackers step ends,
//! `mustattack` creatures that can attack do, the attackers tap (vigilance aside), and a
//! lone attacker gets +1/+1 until end of turn per printed exalted. With no attacker, combat
//! goes from the attackers step to its end, as in Wagic; attackers fire `attacking` as
//! blockers begin. In the blockers step a click on a creature of the defending player moves
//! its block on to the next attacker it may block (evasion, protection...), then off, as
//! Wagic's block rule does for its test suite; `blocking` and `blocked` fire as the step
//! ends, when flanking shrinks blockers. Then Wagic's combat steps (see `combat.rs`), each
//! waiting for a `next` only where Wagic's does: the order step when an attacker has
//! several blockers (a click moves a blocker up its damage order), the first strike and
//! regular damage steps when an attacker is shown for its damage assignment (several
//! blockers, or trample) and when they dealt damage; the damage is assigned as Wagic's
//! combat screen assigns it by default (each blocker its toughness, 1 with deathtouch, the
//! rest to the first blocker or with trample to the player), first strike and double strike
//! damage first, from attackers and blockers alike.
//!
//! Anything else makes the test **skipped, with the reason**, never passed: blocks with
//! banding, rampage against several blockers, or while a card takes abilities away; a
//! `choice N` after a click the model did at once (but `choice 0` after an attack or a
//! block), two `may`s of one card that share their trigger (Wagic's one menu of them); two legendary permanents of one name under one
//! controller (the legend rule's menu); an interruption as `eot` or `goto` changes the phase or while
//! a target is awaited, a phase change while the stack holds a spell, a response above a spell or ability the model resolved as it was cast,
//! `human`, `ai`; a
//! card given by its Wagic id with no set files to map it ([`run_with_sets`] names such
//! cards by name: see `ids.rs`); a card that is not in the card files or does not compile;
//! a keyword ability outside [`MODELLED_ABILITIES`], printed or granted; a target Wagic
//! refuses (shroud, hexproof, protection) the runtime may have taken alone
//! (`targeting.rs`: a click on one is ignored, as Wagic ignores it); a move the model
//! cannot play (a spell it cannot pay for, a target with a count `counted.rs` does not
//! read, a creature that entered this turn acting, a card in a graveyard); a question the
//! moves do not answer; an `[ASSERT]` with no phase; a test of Wagic's `wontfix` or `bugs`
//! folders.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use vm::runtime::{CardId, Execution, PlayerId, RequestKind, Value};

use crate::catalogue::CATALOGUE;
use crate::sets::Sets;
use crate::table::{BATTLEFIELD, EXILE, GRAVEYARD, HAND, LIBRARY, Library, Missing, P0, P1, STACK, Step, Table};
use crate::testfile::{self, CardRef, Phase, State, TestFile, Zone};

pub use verdict::{Difference, Skip, Verdict, known_wagic_failure};

mod answers;
mod asserts;
mod cast;
mod clicks;
pub(crate) mod combat;
pub(crate) mod costs;
mod counted;
mod given;
mod held;
mod ids;
mod lure;
mod modelled;
mod morph;
mod phases;
mod stack;
mod storm;
mod targeting;
mod verdict;

pub use ids::NO_SETS;

use asserts::compare;
use clicks::{Entry as MenuEntry, Menu, choice_number};
use combat::{CombatWait, DamageStep};
use modelled::{check_modelled, legend_rule, legends_of_one_name, table_skip, unmodelled_ability};
use stack::{Entry, Resolution, Window};

/// The most `[DO]` moves played (Wagic's longest test has under 100).
pub const MAX_MOVES: usize = 10_000;

/// The most cards one test puts on the board.
pub const MAX_CARDS: usize = 10_000;

/// The most notes a failed test carries ([`Difference::notes`]).
const MAX_NOTES: usize = 10;

fn skip(reason: &'static str, detail: impl Into<String>) -> Skip {
    Skip { reason, detail: detail.into() }
}

fn at(line: u32, text: &str) -> String {
    format!("line {line}: `{text}`")
}

/// A card name the card files lack, with the name meant when one is close (`lightening
/// bolt: did you mean `Lightning Bolt`?`).
fn unknown_card(library: &Library, name: &str) -> String {
    let mut names: Vec<&str> = library.names().collect();
    // In one order, so that of two names as close the same is given.
    names.sort_unstable();
    match crate::front::did_you_mean(name, names) {
        Some(hint) => format!("{name}: {hint}"),
        None => name.to_string(),
    }
}

/// Runs one test on a fresh table of `library`, with no set files: a test that names a
/// card by Wagic id is skipped ([`NO_SETS`]).
pub fn run(library: &Arc<Library>, test: &TestFile) -> Verdict {
    run_with_sets(library, None, test)
}

/// Runs one test on a fresh table of `library`, each card it names by Wagic id named by
/// the card `sets` maps the id to.
pub fn run_with_sets(library: &Arc<Library>, sets: Option<&Sets>, test: &TestFile) -> Verdict {
    match ids::resolve(library, sets, test) {
        Ok(Some(resolved)) => run_resolved(library, &resolved.test, resolved.ids),
        Ok(None) => run_resolved(library, test, ids::Ids::default()),
        Err(skip) => Verdict::Skipped(skip),
    }
}

/// Runs a test that names every card by name; `ids` are the Wagic ids its cards and its
/// moves stand for ([`ids::Resolved`]), none when it names no card by id.
fn run_resolved(library: &Arc<Library>, test: &TestFile, mut ids: ids::Ids) -> Verdict {
    let expected_ids = std::mem::take(&mut ids.expected);
    match Run::new(library, test, ids).and_then(|mut run| {
        run.play()?;
        // Life triggers looping on as a life total decided the game (Sanguine Bond beside
        // Exquisite Blood): Wagic's state check ends the game there
        // (`Player::DeadLifeState` sets the loser) and its test driver stops on `didWin`
        // without `assertGame` (`TestSuite::ThreadProc`): nothing `[ASSERT]` says is
        // checked.
        if run.table.life_heard_no_more {
            return Err(skip(
                "life triggers looping until a life total ends the game, which ends Wagic's run before its `[ASSERT]`",
                "",
            ));
        }
        Ok(run)
    }) {
        Ok(run) => match compare(&run.table, run.phase, &test.expected)
            .or_else(|| ids::identity_difference(&run.table, &run.wagic_ids, &test.expected, &expected_ids))
        {
            Some(mut difference) => {
                difference.notes.extend(run.ignored_clicks.iter().cloned());
                Verdict::Failed(difference)
            }
            None => Verdict::Passed,
        },
        Err(skip) => Verdict::Skipped(skip),
    }
}

/// What waits for the next moves: a spell or ability asking for a target.
struct Pending {
    execution: Execution,
    /// The spell being cast (it goes to the graveyard or the battlefield when it
    /// resolves); none for an ability.
    spell: Option<CardId>,
    /// The targets its text names (`target=`, `target(...)`), and the questions answered.
    clicks: Clicks,
    /// The targets clicked so far of a target with a count (`counted.rs`).
    chosen: Vec<Value>,
}

/// The target clicks of one spell or ability: Wagic asks for each target its text names,
/// also when only one is legal, which the runtime takes without asking.
#[derive(Debug, Clone, Copy, Default)]
struct Clicks {
    /// Targets the text names.
    named: usize,
    /// Questions the moves answered.
    answered: usize,
    /// Wagic's menu of the spell's ability waits for `choice 0` before its first target:
    /// Wagic wraps an effect whose target its `auto=` line names (not `target=`) in a
    /// menu of that one ability.
    menu: bool,
    /// An activated ability that goes on Wagic's stack once done (no mana ability).
    stacked: bool,
    /// A permanent Wagic refuses as its target (`targeting.rs`) was on the battlefield as
    /// it chose its targets: one the runtime took without asking may be it.
    refusable: bool,
    /// Its one target has a count (`counted.rs`).
    counted: Option<counted::Counted>,
}

/// The keyword abilities the table and the runner model (flash, haste, vigilance, first
/// and double strike, trample, defender, indestructible, deathtouch, wither, infect and
/// poison (`table/poison.rs`), lifelink,
/// mustattack, exalted, flanking, evasion as the block rule judges it...; banding skips a
/// block; persist, treason and the graveyard's replacements of `table/dies.rs`):
/// a card with any other (`phasing`, protection from other than a colour...) makes its test
/// skipped.
pub const MODELLED_ABILITIES: &[&str] = &[
    "flash",
    "haste",
    "indestructible",
    "deathtouch",
    "wither",
    "infect",
    "poisondamager",
    "poisontoxic",
    "poisontwotoxic",
    "poisonthreetoxic",
    "poisonshroud",
    "lifelink",
    "trample",
    "forestwalk",
    "islandwalk",
    "mountainwalk",
    "swampwalk",
    "plainswalk",
    "snowlandwalk",
    "nonbasiclandwalk",
    "legendarylandwalk",
    "desertlandwalk",
    "snowforestlandwalk",
    "snowplainslandwalk",
    "snowmountainlandwalk",
    "snowislandlandwalk",
    "snowswamplandwalk",
    "flying",
    "firststrike",
    "doublestrike",
    "fear",
    "intimidate",
    "reach",
    "vigilance",
    "defender",
    "banding",
    "unblockable",
    "shadow",
    "reachshadow",
    "horsemanship",
    "cloud",
    "cantattack",
    "cantblock",
    "canattack",
    "oneblocker",
    "flanking",
    "evadebigger",
    "doesnotuntap",
    "nomaxhand",
    "mustattack",
    "exalted",
    // A spell that can't be countered: `fizzle` leaves it on the stack.
    "nofizzle",
    "persist",
    "treason",
    "unearth",
    "cantregen",
    "exiledeath",
    "librarydeath",
    "mygraveexiler",
    "oppgraveexiler",
    "shroud",
    "opponentshroud",
    "lure",
    "vigor",
    "tokenizer",
    "storm",
];

struct Run<'t> {
    test: &'t TestFile,
    /// The moves that clicked nothing (no card of their name on the board), as notes.
    ignored_clicks: Vec<String>,
    /// The Wagic id of each card `[INIT]` set, when the test names cards by id: Wagic finds
    /// a card by the id a move stands for.
    wagic_ids: HashMap<CardId, i32>,
    /// The Wagic id each move stands for ([`ids::Ids::moves`]); empty when the
    /// test names no card by id.
    move_ids: Vec<Option<i32>>,
    /// The id the move being played stands for.
    move_id: Option<i32>,
    table: Table,
    phase: Phase,
    /// Lands the first player played this turn.
    lands_played: u32,
    /// Permanents that came under their controller's control this turn (summoning sick).
    entered: HashSet<CardId>,
    /// Target clicks still owed by the last spell or ability: targets the runtime took
    /// without asking (the only legal one), which the next moves name as Wagic asks them.
    owed_clicks: usize,
    /// The menu of the last spell's ability is still owed a `choice 0` (its target was
    /// the only legal one, which the runtime took).
    owed_menu: bool,
    /// The attackers declared this combat.
    declared: Vec<CardId>,
    /// What Wagic's combat waits in for the next `next` (its order step, a damage step).
    combat_wait: CombatWait,
    /// The attackers blocked this combat (Wagic's `blocked`): one whose blockers left
    /// deals no damage.
    blocked: Vec<CardId>,
    /// The blockers, in the order their blocks were declared (each attacker's damage
    /// assignment order, as Wagic's order step changes it).
    block_order: Vec<CardId>,
    /// An Aura cast and paid for, on the stack, waiting for the move that names the
    /// permanent it enchants.
    enchanting: Option<CardId>,
    /// An instant or sorcery with one `target=` cast and paid for, waiting for the move
    /// that names its target before it goes on the stack.
    targeting: Option<CardId>,
    /// Wagic's menu of what the last click does, open for the next move.
    menu: Option<Menu>,
    /// The menu of the ability waiting in [`Table::held`] was answered (its `choice`).
    held_menu_chosen: bool,
    /// The targets the held ability's `may` line names, and those the moves answered.
    held_clicks: Clicks,
    /// The targets clicked so far of a held ability's target with a count (`held.rs`).
    held_chosen: Vec<Value>,
    /// Target clicks an answered triggered ability still owes: the runtime took its only
    /// legal target without asking; Wagic asks it, and ignores a click on another card.
    auto_owed: Option<AutoOwed>,
    /// A spell resolving from Wagic's stack whose paid new ability (Mana Leak's `pay`)
    /// waits in [`Table::held`] for its payer's `choice`: it leaves the stack once answered.
    held_resolution: Option<CardId>,
    /// Wagic's stack and its interrupt window.
    stack: stack::Stack,
    /// The last move changed the phase (Wagic's `NextGamePhase` on its stack).
    after_phase_change: bool,
    /// A spell waits for more targets than are legal (`counted.rs`): never cast, it
    /// waits until the test ends.
    stalled: bool,
    /// The spells cast this turn, by either player (storm counts them).
    spells_cast: u32,
    /// The turn of the test, from 1 (a card's `restriction=turn:n`).
    turn: u32,
    /// What the last move's click did at once, its only entry (no menu opened).
    done_at_once: Option<MenuEntry>,
    /// The permanents whose entering choice of an opponent a player's click answered
    /// (`clicks.rs`).
    opponents_chosen: HashSet<CardId>,
    /// The spell whose `may` lines Wagic's menu listed as modes: the entry chosen, and the
    /// next `may` the runtime asks (`answers.rs`).
    mode: Option<Mode>,
}

/// A spell's `may` lines chosen from as modes: the runtime asks each in turn.
#[derive(Debug, Clone, Copy)]
struct Mode {
    /// The entry chosen (the `may` lines' count: `Cancel`).
    chosen: usize,
    /// The `may` the runtime asks next.
    next: usize,
}

/// What a triggered ability whose target the runtime took still owes the moves.
struct AutoOwed {
    /// Clicks still owed.
    clicks: usize,
    /// The cards moved as it resolved: the target taken is among them.
    taken: Vec<CardId>,
}

impl<'t> Run<'t> {
    /// Checks that the test needs only what the table models, and sets the board.
    fn new(
        library: &Arc<Library>,
        test: &'t TestFile,
        ids::Ids { init: init_ids, moves: move_ids, .. }: ids::Ids,
    ) -> Result<Run<'t>, Skip> {
        check_modelled(library, test, !move_ids.is_empty())?;
        let phase = test.init.phase.unwrap_or(Phase::FirstMain);
        let mut table = Table::with_library(Arc::clone(library));
        table.board.active = P0;
        table.board.main_phase = phase.is_main();
        table.board.upkeep = phase == Phase::Upkeep;
        let mut entered = HashSet::new();
        let sick_from_start = test.switches.iter().any(|(_, switch)| switch == "summoningsickness");
        let mut init_ids = init_ids.into_iter();
        let mut wagic_ids = HashMap::new();
        for (index, player) in test.init.players.iter().enumerate() {
            let id = if index == 0 { P0 } else { P1 };
            // Wagic's order: graveyard, library, hand, battlefield, exile.
            for zone in Zone::ALL {
                for card in player.cards(zone) {
                    let wagic_id = init_ids.next().flatten();
                    let CardRef::Name(name) = card else { continue };
                    // A library is listed bottom to top: each card goes on top.
                    let position = if zone == Zone::Library { 0 } else { -1 };
                    let placed = table
                        .add_card(name, id, zone_of(zone), position)
                        .map_err(|error| skip("the board cannot be set", error.to_string()))?;
                    if zone == Zone::Battlefield && sick_from_start {
                        entered.insert(placed);
                    }
                    if let Some(wagic_id) = wagic_id {
                        wagic_ids.insert(placed, wagic_id);
                    }
                }
            }
            let board_player = &mut table.board.players[index];
            board_player.life = player.life.unwrap_or(20);
            board_player.poison = player.poison.unwrap_or(0);
            board_player.mana = player.mana.unwrap_or([0; 6]);
        }
        table.try_settle().map_err(|error| skip("the board cannot be set", error.to_string()))?;
        // A test that begins in the draw step begins with its draw: Wagic's standard draw
        // goes on the stack as the step is first seen, resolving before the step ends
        // (Underworld Dreams' test, whose draw its trigger hears).
        if phase == Phase::Draw {
            crate::host::WagicHost::draw(&mut table.board, P0, 1);
            table.try_settle().map_err(|error| skip("the board cannot be set", error.to_string()))?;
        }
        unmodelled_ability(&table)?;
        // From now on a triggered ability's question waits for the moves, as in Wagic.
        table.hold_questions = true;
        // Wagic asks a triggered ability's target also when one is legal.
        table.ask_lone_in_triggers = true;
        table.answer_alike_choices = true;
        Ok(Run {
            test,
            ignored_clicks: Vec::new(),
            wagic_ids,
            move_ids,
            move_id: None,
            table,
            phase,
            lands_played: 0,
            entered,
            owed_clicks: 0,
            owed_menu: false,
            declared: Vec::new(),
            combat_wait: CombatWait::None,
            blocked: Vec::new(),
            block_order: Vec::new(),
            enchanting: None,
            targeting: None,
            menu: None,
            held_menu_chosen: false,
            held_clicks: Clicks::default(),
            held_chosen: Vec::new(),
            auto_owed: None,
            held_resolution: None,
            stack: stack::Stack::default(),
            after_phase_change: false,
            stalled: false,
            spells_cast: 0,
            turn: 1,
            done_at_once: None,
            opponents_chosen: HashSet::new(),
            mode: None,
        })
    }

    fn play(&mut self) -> Result<(), Skip> {
        let mut pending: Option<Pending> = None;
        for (index, step) in self.test.moves.iter().enumerate() {
            self.move_id = self.move_ids.get(index).copied().flatten();
            let previous_at_once = self.done_at_once.take();
            let word = step.text.split_whitespace().next().unwrap_or("");
            if word != "choice" {
                // Wagic's legend rule menu cannot be left: the next move answers it.
                legend_rule(&self.table)?;
            }
            if self.stalled {
                // Wagic's chooser of the stalled spell takes each click (none completes it).
                if matches!(word, "next" | "eot" | "goto") {
                    return Err(skip("a phase change while a target is awaited", at(step.line, &step.text)));
                }
                continue;
            }
            let phase_changed =
                std::mem::replace(&mut self.after_phase_change, matches!(word, "next" | "eot" | "goto"));
            let awaiting = pending.is_some()
                || self.owed_clicks > 0
                || self.spell_target_awaited()
                || self.menu.is_some()
                || self.auto_owed.is_some()
                || self.owed_menu;
            if matches!(word, "yes" | "no" | "endinterruption") {
                if awaiting || self.table.held.is_some() {
                    return Err(skip("an interruption while a target or a menu is awaited", at(step.line, &step.text)));
                }
                if phase_changed && self.stack.is_empty() {
                    return Err(skip(
                        "an interruption as the phase changes (Wagic's `NextGamePhase` on its stack)",
                        at(step.line, &step.text),
                    ));
                }
            }
            if !awaiting && let Window::Consumed = self.window(word, step.line, &step.text)? {
                continue;
            }
            let target_first = pending.is_some() || self.owed_clicks > 0 || self.targeting.is_some();
            if self.table.held.is_some() && target_first && word == "choice" {
                return Err(skip("a triggered ability waits beside a spell's target", at(step.line, &step.text)));
            }
            self.decline_untargetable_mays(step.line, &step.text)?;
            // A spell's targets are chosen as it is cast, before the triggered abilities
            // its casting fires ask anything.
            if self.table.held.is_some() && !target_first {
                self.answer_held(step.line, &step.text)?;
                if self.table.held.is_none()
                    && let Some(card) = self.held_resolution.take()
                {
                    self.resolve_spell(card);
                    self.end_kicker(card);
                    self.table.try_settle().map_err(|error| table_skip(error, step.line, &step.text))?;
                }
                if self.table.held.is_none() {
                    // The entering effects of a permanent cast kicked or for its
                    // alternative cost that waited for this answer have all run.
                    self.table.board.kicked = None;
                    self.table.board.alternative = None;
                }
                unmodelled_ability(&self.table)?;
                continue;
            }
            if let Some(mut owed) = self.auto_owed.take() {
                if matches!(word, "next" | "eot" | "goto") {
                    return Err(skip("a phase change while a target is awaited", at(step.line, &step.text)));
                }
                if word == "choice" {
                    // Wagic waits for the target, with no menu open: `choice` does nothing.
                    self.auto_owed = Some(owed);
                    continue;
                }
                let Some(named) = self.named(&step.text) else {
                    return Err(skip("a move names no card on the board", at(step.line, &step.text)));
                };
                // The taken target's click; Wagic ignores a click on any other card (the
                // target was the only legal one).
                if matches!(named, Value::Card(card) if owed.taken.contains(&card)) {
                    owed.clicks -= 1;
                }
                if owed.clicks > 0 {
                    self.auto_owed = Some(owed);
                }
                continue;
            }
            if let Some(menu) = self.menu.take() {
                pending = self.choose(menu, step.line, &step.text)?;
                unmodelled_ability(&self.table)?;
                continue;
            }
            let spell_menu = match pending.as_mut() {
                Some(waiting) => &mut waiting.clicks.menu,
                None => &mut self.owed_menu,
            };
            if std::mem::take(spell_menu) {
                if let Some(waiting) = pending.take_if(|waiting| waiting.execution.request().kind == RequestKind::May) {
                    pending = self.choose_mode(waiting, step.line, &step.text)?;
                    continue;
                }
                match choice_number(&step.text) {
                    Some(0) => continue,
                    Some(_) => return Err(skip("a `choice` past the end of Wagic's menu", at(step.line, &step.text))),
                    None => {
                        return Err(skip(
                            "a move other than `choice` while Wagic's menu is open",
                            at(step.line, &step.text),
                        ));
                    }
                }
            }
            if word == "next"
                && let Some(waiting) = pending.take_if(|waiting| {
                    waiting.clicks.counted.is_some_and(|plan| plan.ends_with_next()) && !waiting.chosen.is_empty()
                })
            {
                // Wagic's `next` ends an `anyamount` choice, and leaves the phase as it is.
                pending = self.finish_counted(waiting, step.line, &step.text)?;
                continue;
            }
            if matches!(word, "next" | "eot" | "goto") {
                if pending.is_some() || self.owed_clicks > 0 || self.spell_target_awaited() {
                    return Err(skip("a phase change while a target is awaited", at(step.line, &step.text)));
                }
                if !self.stack.is_empty() {
                    // Wagic's `userRequestNextGamePhase` does nothing while the stack holds
                    // something (and `eot`, `goto` wait for it).
                    return Err(skip("a phase change while the stack holds a spell", at(step.line, &step.text)));
                }
                let next_word = self.test.moves.get(index + 1).and_then(|next| next.text.split_whitespace().next());
                if word == "next" && matches!(next_word, Some("yes" | "no")) && self.combat_wait == CombatWait::None {
                    // Wagic puts the phase change on its stack, and the next move answers it.
                    self.stack.push_phase(self.acting_unless_interrupting(), step.line, &step.text)?;
                    continue;
                }
                self.change_phase(step.line, &step.text)?;
                continue;
            }
            if word == "choice" {
                if pending.is_some() || self.owed_clicks > 0 || self.spell_target_awaited() {
                    // Wagic waits for a target, with no menu open: `choice` does nothing.
                    continue;
                }
                self.choice_without_menu(previous_at_once, step.line, &step.text)?;
                continue;
            }
            if self.owed_clicks > 0 && pending.is_none() {
                // The only legal target, which the runtime took: the move must name
                // something on the board (Wagic would ignore any other click).
                if self.named(&step.text).is_none() {
                    return Err(skip("a move names no card on the board", at(step.line, &step.text)));
                }
                self.owed_clicks -= 1;
                continue;
            }
            if let Some(spell) = self.targeting.take() {
                // The spell goes on the stack with its target chosen.
                let Some(target) = self.named(&step.text) else {
                    return Err(skip("a move names no card on the board", at(step.line, &step.text)));
                };
                let controller = self.table.board.get(spell).map_or(P0, |c| c.controller);
                if targeting::refused(&self.table.board, spell, controller, target) {
                    // Wagic's target chooser ignores the click: the target is still awaited.
                    self.targeting = Some(spell);
                    continue;
                }
                let resolution =
                    Resolution::Chosen { target, at: target.as_card().and_then(|card| self.place_of(card)) };
                self.stack.push(Entry::Spell(spell, resolution), step.line, &step.text)?;
                self.note_targets(spell, &[target], step.line, &step.text)?;
                continue;
            }
            if let Some(aura) = self.enchanting.take() {
                // The Aura goes on the stack with the permanent it enchants chosen.
                let Some(Value::Card(target)) = self.named(&step.text) else {
                    return Err(skip("a move names no permanent for an Aura", at(step.line, &step.text)));
                };
                let controller = self.table.board.get(aura).map_or(P0, |c| c.controller);
                if targeting::refused(&self.table.board, aura, controller, Value::Card(target)) {
                    // Wagic ignores the click: the Aura still waits for its permanent.
                    self.enchanting = Some(aura);
                    continue;
                }
                let resolution = Resolution::Aura { target, at: self.place_of(target) };
                self.stack.push(Entry::Spell(aura, resolution), step.line, &step.text)?;
                self.note_targets(aura, &[Value::Card(target)], step.line, &step.text)?;
                continue;
            }
            let controllers = self.battlefield_controllers();
            pending = match pending.take() {
                Some(waiting) => self.answer(waiting, step.line, &step.text)?,
                None => self.click(step.line, &step.text)?,
            };
            self.note_control_changes(&controllers);
            // An ability granted for a while (`aslongas(...) mustattack`) counts too.
            unmodelled_ability(&self.table)?;
        }
        let last = self.test.moves.last().map_or((0, ""), |step| (step.line, step.text.as_str()));
        self.decline_untargetable_mays(last.0, last.1)?;
        let awaiting = pending.is_some() || self.owed_clicks > 0 || self.spell_target_awaited() || self.menu.is_some();
        // A stalled spell's chooser still waits (`counted.rs`): nothing resolves.
        if !awaiting && self.auto_owed.is_none() && !self.stalled {
            // The end of the moves: Wagic's driver declines for whoever it asks.
            let last = self.test.moves.last().map_or(0, |step| step.line);
            self.window("", last, "(the end of the moves)")?;
        }
        self.decline_untargetable_mays(last.0, last.1)?;
        unmodelled_ability(&self.table)?;
        legend_rule(&self.table)?;
        // A target Wagic still waits for (also one the runtime took as the only legal
        // one): in Wagic the spell or ability never happened.
        if self.table.held.is_some() || self.auto_owed.is_some() {
            return Err(skip("a question the moves leave unanswered", "a triggered ability waits"));
        }
        if pending.is_some() || self.owed_clicks > 0 || self.spell_target_awaited() {
            return Err(skip("a question the moves leave unanswered", "a spell or ability waits for a target"));
        }
        Ok(())
    }

    /// Whether a spell cast waits for the move naming its target (an Aura's permanent, an
    /// instant's or sorcery's one target).
    fn spell_target_awaited(&self) -> bool {
        self.enchanting.is_some() || self.targeting.is_some()
    }

    /// Each permanent's controller and place in its zone (which a move changes), by card
    /// number (`None` off the battlefield).
    fn battlefield_controllers(&self) -> Vec<Option<(PlayerId, i64)>> {
        let board = &self.table.board;
        board.cards.iter().map(|c| (c.zone == BATTLEFIELD).then_some((c.controller, c.order))).collect()
    }

    /// A permanent that stayed on the battlefield under another controller (an Aura's
    /// `control`) came under that controller's control this turn: summoning sick, as
    /// Wagic's `changeController` makes it a new object. So is one that left and came back
    /// (persist).
    fn note_control_changes(&mut self, before: &[Option<(PlayerId, i64)>]) {
        for (index, c) in self.table.board.cards.iter().enumerate() {
            let was = before.get(index).copied().flatten();
            if c.zone == BATTLEFIELD && was.is_some_and(|was| was != (c.controller, c.order)) {
                self.entered.insert(CardId(index as u32));
            }
        }
    }

    /// A player or a card named by a move: `p1`/`p2` as Wagic reads them (anywhere in the
    /// line), else the first card in Wagic's search order with the Wagic id the move stands
    /// for (`Rules::getCardByMTGId`; none when no card has it), else, for a move standing
    /// for no id (a token's name, a test naming no card by id), the first of that name (a
    /// face-down card's is its face's: Wagic's tests name it so).
    fn named(&self, text: &str) -> Option<Value> {
        if text.contains("p1") {
            return Some(Value::Player(P0));
        }
        if text.contains("p2") {
            return Some(Value::Player(P1));
        }
        // Wagic's `getActionByMTGId`: a spell on the stack first.
        for card in self.stack.spells() {
            let matches = match self.move_id {
                Some(id) => ids::wagic_id(&self.table, &self.wagic_ids, card) == Some(id),
                None => self.table.board.face(card).is_some_and(|face| face.name.to_lowercase() == text),
            };
            if matches {
                return Some(Value::Card(card));
            }
        }
        let is_named = |card: CardId| match self.move_id {
            Some(id) => ids::wagic_id(&self.table, &self.wagic_ids, card) == Some(id),
            None => self.table.board.face(card).is_some_and(|face| face.name.to_lowercase() == text),
        };
        // `TestSuiteAI::getCard`: each player's library, hand, battlefield, graveyard,
        // exile, in order.
        for player in [P0, P1] {
            for zone in [LIBRARY, HAND, BATTLEFIELD, GRAVEYARD, EXILE] {
                for card in self.table.board.zone(player, zone) {
                    if is_named(card) {
                        return Some(Value::Card(card));
                    }
                }
            }
        }
        None
    }
}

/// Whether a card is an Aura the front end compiled as one: an Enchantment Aura with a
/// `target=`.
fn is_aura(types: &[String], target: &str) -> bool {
    is_type(types, "enchantment") && is_type(types, "aura") && !target.trim().is_empty()
}

/// The other player.
fn opponent(player: PlayerId) -> PlayerId {
    if player == P0 { P1 } else { P0 }
}

fn is_type<T: AsRef<str>>(types: &[T], word: &str) -> bool {
    types.iter().any(|t| t.as_ref() == word)
}

fn zone_of(zone: Zone) -> vm::bytecode::ZoneIdx {
    match zone {
        Zone::Graveyard => GRAVEYARD,
        Zone::Library => LIBRARY,
        Zone::Hand => HAND,
        Zone::Battlefield => BATTLEFIELD,
        Zone::Exile => EXILE,
    }
}
