//! A spell's or ability's target spec read from its compiled code, for what the trial
//! start of [`super::stack`] cannot tell: whether the targets an `auto=` line asks for
//! (`damage:2 target(<2>creature)`, the body's first `Target` filter, which a trial never
//! reaches) exist as it is cast or activated, enough of them and ones its source may
//! target (rule 601.2c, as Wagic's `TargetChooser::validTargetsExist` judges); and
//! whether a target chosen still matches its spec as the spell resolves (rule 608.2b: a
//! creature that stopped being one, `target(creature[tapped])` untapped since).
//!
//! Both read the filter's candidates on the board as it is now ([`Runtime::peek_filter`],
//! which runs no code); a filter that cannot be read so (a `::not` selector, a type or
//! zone the player chooses first) is not judged: the spell is castable and its targets
//! are taken as legal, as before.
//!
//! [`Runtime::peek_filter`]: vm::runtime::Runtime::peek_filter

use vm::bytecode::{CommandIdx, FilterIdx, Instr, Qty};

use crate::catalogue::Command;
use vm::runtime::{CardId, Env, Peek, PeekBuffers, PlayerId, Value};

use super::Game;

thread_local! {
    /// The buffers target specs are peeked at in, kept per thread so that offering moves
    /// allocates them once.
    static PEEK_BUFFERS: std::cell::RefCell<PeekBuffers> = std::cell::RefCell::new(PeekBuffers::default());
}

/// The filters a spell's or ability's first question of targets chooses from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct TargetSpec {
    /// The filters whose candidates are concatenated (a card's `target=`: one or more).
    filters: Vec<FilterIdx>,
    /// Whether they are the card's rule target (`target=`) rather than a line's.
    rule_target: bool,
    /// Whether nothing matched is no target, not a failure (`TargetOpt`).
    optional: bool,
}

impl Game<'_> {
    /// The spec of the first targets that action `action` of `card` asks for: its card's
    /// `target=` (unless the action runs alone: `Table::runs_alone`), else the first
    /// `target(...)` of the action's code (of its giver's, for an ability another card gives
    /// it: `given.rs`).
    pub(super) fn target_spec(&self, card: CardId, action: usize) -> Option<TargetSpec> {
        let (rules, action, alone) = match self.given(card, action) {
            Some(given) => (given.rules, given.action, false),
            None => {
                let rules = self.table.rules(card).ok()?;
                (rules, action, self.table.runs_alone(card, rules, action))
            }
        };
        let program = &self.table.library().program;
        let data = program.cards().get(rules.index())?;
        // An ability run alone (cycling) takes none of the card's `target=`.
        if let Some(target) = data.target.as_ref().filter(|_| !alone) {
            let (filters, optional) = (target.filters.clone(), target.optional);
            return Some(TargetSpec { filters, rule_target: true, optional });
        }
        let entry = program.entry(data.actions.get(action)?.entry)?;
        let offer = CommandIdx::new(Command::ChoiceOption.index());
        // The modes of `choice` lines come after the card's other lines: a `target(...)`
        // after the first is one mode's, chosen as the spell resolves (`front/choice.rs`).
        entry
            .instrs()
            .iter()
            .map_while(|instr| (!matches!(instr, Instr::Call { cmd, .. } if *cmd == offer)).then_some(instr))
            .find_map(|instr| match instr {
                Instr::Target { f, .. } => Some(TargetSpec { filters: vec![*f], rule_target: false, optional: false }),
                Instr::TargetOpt { f } => Some(TargetSpec { filters: vec![*f], rule_target: false, optional: true }),
                _ => None,
            })
    }

    /// Whether the target of casting `source` or activating its ability `action` can be
    /// only a player (`target=player`: Lava Spike).
    pub(super) fn aims_only_at_players(&self, source: CardId, action: usize) -> bool {
        let Some(spec) = self.target_spec(source, action) else { return false };
        let program = &self.table.library().program;
        let player = |term: &vm::bytecode::TypeTerm| {
            use vm::bytecode::TypeAtom;
            !term.negate && matches!(term.atom, TypeAtom::Player | TypeAtom::Players | TypeAtom::Me | TypeAtom::Opp)
        };
        !spec.filters.is_empty()
            && spec.filters.iter().all(|f| program.filter(*f).is_some_and(|filter| filter.types.iter().all(player)))
    }

    /// [`Game::target_spec`] of action `action` of `card`, cast or activated by
    /// `player`, when it is what the question of targets just asked chose from: its
    /// candidates now are those `asked` offered. Another (the code's first `target(...)`
    /// in a branch not taken) is no spec to check the targets by.
    pub(super) fn asked_spec(
        &self,
        card: CardId,
        player: PlayerId,
        action: usize,
        asked: &[Value],
    ) -> Option<TargetSpec> {
        let spec = self.target_spec(card, action)?;
        let candidates = self.peek_candidates(card, player, &spec)?;
        let same = candidates.len() == asked.len() && asked.iter().all(|value| candidates.contains(value));
        same.then_some(spec)
    }

    /// Whether action `action` of `card`, cast or activated by `player`, finds the targets
    /// its `auto=` line's first `target(...)` takes: as many as the least it takes
    /// (`<2>`: two; `<upto:2>`: none), each one its source may target. `true` for an
    /// action without such a line, or one whose filter cannot be peeked at.
    pub(super) fn line_targets_exist(&self, card: CardId, player: PlayerId, action: usize) -> bool {
        let Some(spec) = self.target_spec(card, action).filter(|spec| !spec.rule_target) else { return true };
        let program = &self.table.library().program;
        let least = spec.filters.first().and_then(|f| program.filter(*f)).map_or(0, |filter| match filter.qty {
            None | Some(Qty::All) => 1,
            Some(Qty::Exact(n)) => usize::from(n),
            Some(Qty::Range { min, .. }) => usize::from(min),
            // Never peeked at: its count is known as it resolves.
            Some(Qty::Random(_)) | Some(Qty::Computed { .. }) => 0,
        });
        if least == 0 || spec.optional {
            return true;
        }
        let Some(candidates) = self.peek_candidates(card, player, &spec) else { return true };
        let board = &self.table.board;
        let allowed = candidates.iter().filter(|value| !crate::table::stack::refused(board, card, player, **value));
        allowed.count() >= least
    }

    /// Whether `target`, chosen for `spec` of `card`'s spell or ability (controlled by
    /// `controller`), still matches it; `true` when the spec cannot be peeked at.
    pub(super) fn still_matches(&self, card: CardId, controller: PlayerId, spec: &TargetSpec, target: Value) -> bool {
        self.peek_candidates(card, controller, spec).is_none_or(|candidates| candidates.contains(&target))
    }

    /// The candidates of `spec` for `card` of `player` on the board now; `None` when a
    /// filter runs code, asks first, or keeps a random few.
    pub(super) fn peek_candidates(&self, card: CardId, player: PlayerId, spec: &TargetSpec) -> Option<Vec<Value>> {
        PEEK_BUFFERS.with_borrow_mut(|buffers| self.peek_into(card, player, spec, buffers))
    }

    /// [`Game::peek_candidates`] in `buffers`.
    fn peek_into(
        &self,
        card: CardId,
        player: PlayerId,
        spec: &TargetSpec,
        buffers: &mut PeekBuffers,
    ) -> Option<Vec<Value>> {
        let rules = self.table.rules(card).ok()?;
        let board = &self.table.board;
        let env = Env { me: player, controller: player, source: card, card: rules };
        let mut candidates = Vec::new();
        let program = &self.table.library().program;
        let targeted = crate::catalogue::position(crate::catalogue::ZONE_PREFIXES, "targeted");
        let names_the_targeted = |f: &FilterIdx| {
            program.filters().get(f.index()).is_some_and(|filter| filter.zone.prefix.map(|p| p.index()) == targeted)
        };
        if board.get(card).is_some_and(|c| c.player_target.is_none()) && spec.filters.iter().any(names_the_targeted) {
            // The player its spell targets is noted as it resolves: before, the zone is
            // not known (Duress's `notatarget(*|targetedpersonshand)` as it is cast).
            return None;
        }
        for f in &spec.filters {
            // The board's own zone listing, read without the `&mut` the host's takes.
            let zone_cards = |zone: vm::bytecode::ZoneRef, out: &mut Vec<Value>| {
                for player in board.zone_players(&env, zone) {
                    out.extend(board.zone(player, zone.zone).into_iter().map(Value::Card));
                }
            };
            let peek = self.table.runtime.peek_filter(board, &env, *f, spec.rule_target, zone_cards, buffers)?;
            match peek {
                Peek::Found { random: false, .. } => candidates.extend_from_slice(buffers.found()),
                _ => return None,
            }
        }
        Some(candidates)
    }
}
