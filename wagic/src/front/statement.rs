//! The effect part of a line (after its cost or trigger): its prefixes (`may`,
//! `name(...)`, a wrapper `lord(...)`, `all(...)`, `target(...)`, `foreach(...)`,
//! `aslongas(...)`), split at `&&` into statements, each with its target, player,
//! duration, criterion and activation limits around the effect words (`links.rs`).

use compiler::ir::{Arg, Condition, Each, EachSource, Effect, Expr, Link, Statement, Target};
use vm::bytecode::{CommandIdx, RestrictionIdx};

use super::part_wrapper::{Wrapper, head_wrapper, lords_equipment};
use super::piece::Piece;
pub(super) use super::statement_kind::is_lasting;
use super::statement_kind::{discards_any_card, lasting_only, makes_token, names_a_target, targets_a_card};
use super::{
    ActivationLimit, Lowering, TargetController, Unsupported, dynamic, given, line_targets, part_wrapper, pay, spec,
    targeted_player,
};
use crate::catalogue::Command;

/// The help of an `auto=` line with no effect (`auto=`, `auto=may`).
const NO_EFFECT_HELP: &str = "write an effect (`damage:2 target(creature)`), or remove the line";

/// The words written after an effect that limit when its ability may be activated, and the
/// catalogue cost checking each.
const ACTIVATION_LIMITS: &[(&str, &str)] =
    &[("assorcery", "assorcery"), ("myturnonly", "myturnonly"), ("myupkeeponly", "myupkeeponly")];

/// Whether a word is an activation limit (`asSorcery`), which the statement takes as its
/// line's wherever it stands among the effect's words.
pub(super) fn is_activation_limit(word: &str) -> bool {
    ACTIVATION_LIMITS.iter().any(|(written, _)| written.eq_ignore_ascii_case(word))
}

/// Whether a word is a label `name(...)`, nothing written after its parenthesis.
fn is_label(word: Piece<'_>) -> bool {
    word.call("name").is_some_and(|(_, after)| after.text.is_empty())
}

/// The label `name(...)` among the words of a line's first `&&` part, after the words
/// before it (`ueot name(land becomes a plains) loseabilities`): Wagic takes the first
/// `name(...)` of the line as its label, wherever it stands.
fn label_among<'s>(rest: Piece<'s>) -> Option<Piece<'s>> {
    let first = rest.split_top("&&").first().copied()?;
    first.words().into_iter().find(|word| is_label(*word)).and_then(|word| word.call("name")).map(|(name, _)| name)
}

/// The effect part of a line: its label (`name(...)`), its statements, the spec of its
/// `lord(...)` when it is a lord, and whether it holds while a condition does (an
/// `aslongas(...)` or `foreach(...)` of a lasting effect).
pub(super) type EffectPart<'i, 's> = (Option<&'i str>, &'i [Statement<'i>], Option<Piece<'s>>, bool);

impl<'i> Lowering<'i> {
    /// Takes an activation limit written among a statement's words (`asSorcery`) as its
    /// line's.
    pub(super) fn note_activation_limit(&self, word: Piece<'_>) {
        let lower = word.text.to_ascii_lowercase();
        if let Some(&(_, cost)) = ACTIVATION_LIMITS.iter().find(|(written, _)| *written == lower) {
            self.activation_limits.borrow_mut().push(ActivationLimit::plain(cost, None, cost, word.span()));
        }
    }

    /// The effect part of a line: `[may] [name(...)] [wrapper(spec)] effect [&& effect]...`.
    pub(super) fn effect<'s>(&self, piece: Piece<'s>) -> Result<EffectPart<'i, 's>, Unsupported> {
        // Given to another player, it is one statement, lowered below.
        if let Some(given::Given::Controller(inner)) = given::whole_line_ability(piece)? {
            return self.effect(inner);
        }
        let mut rest = piece.trim();
        let mut may = false;
        let mut label = None;
        let mut wrapper = None;
        // The specs of `aslongas(...)` nested after the line's (`part_wrapper.rs`).
        let mut nested: Vec<Piece<'_>> = Vec::new();
        // `pay(cost)` or `pay[[cost]]` (`pay.rs`): the cost, written where Wagic finds it.
        let mut pay: Option<Piece<'_>> = None;
        loop {
            let words = rest.words();
            let Some(first) = words.first().copied() else { break };
            if first.text.eq_ignore_ascii_case("may") {
                may = true;
            } else if pay.is_none()
                && let Some(cost) = pay::cost_of(first)
            {
                pay = Some(cost);
            } else if first.text.eq_ignore_ascii_case("choice") && !may && label.is_none() && wrapper.is_none() {
                // Wagic's `choice` is a `may` that must be taken: alone (a trigger's, an
                // ability's, a given ability's), it is its effect. A card's several
                // `choice` lines are its modes (`choice.rs`), lowered apart.
            } else if let Some((name, after)) = first.call("name").filter(|(_, after)| after.text.is_empty()) {
                label = Some(&*self.arena.alloc_str(name.trim().text));
                let _ = after;
            } else if wrapper.is_none()
                && let Some(found) = head_wrapper(first)
            {
                wrapper = Some(found);
            } else if wrapper.is_none()
                && let Some((found, effect)) = part_wrapper::unspaced(first)?
            {
                // `aslongas(spec)shroud` (Drill-Skimmer), `foreach(spec):draw:1`: Wagic
                // reads the effect from the `)` on, as if a space were written.
                wrapper = Some(found);
                rest = rest.from(effect.start - rest.start).trim();
                continue;
            } else if let Some(Wrapper::AsLongAs(_)) = wrapper
                && let Some((args, effect)) = part_wrapper::nested_aslongas(rest, first)?
            {
                // `aslongas(spec)aslongas(spec) trample`: every count holds.
                nested.push(args);
                rest = rest.from(effect.start - rest.start).trim();
                continue;
            } else if let Some(Wrapper::AsLongAs(_)) = wrapper
                && self.aura
                && first.call("teach").is_some()
            {
                // A Runemark's `aslongas(spec):teach(creature) vigilance`: on an Aura whose
                // permanent the spec always matches, the line's effect (`aura.rs`).
                rest = super::aura::taught(rest, self.attached_type.as_deref(), super::aura::TAUGHT_ON_AURA)?;
                continue;
            } else {
                break;
            }
            rest = rest.from(first.text.len() + (first.start - rest.start)).trim();
        }
        if label.is_none()
            && let Some(name) = label_among(rest)
        {
            label = Some(&*self.arena.alloc_str(name.trim().text));
        }
        if rest.text.is_empty() {
            return Err(Unsupported::new(piece, "line without an effect").with_help(Some(NO_EFFECT_HELP.into())));
        }
        if let Some(Wrapper::Target(spec, _)) = wrapper
            && super::proliferate::is_proliferation(spec)
        {
            if may || pay.is_some() {
                return Err(Unsupported::new(piece, "`target(proliferation)` with `may` or `pay`"));
            }
            return Ok((label, self.proliferations(rest)?, None, false));
        }
        // Wagic reads `flipacoin ... flipend` whole, before it splits at `&&` (`flip.rs`).
        if let Some(flip) = self.flip_a_coin(rest)? {
            if may || wrapper.is_some() || pay.is_some() {
                return Err(Unsupported::new(piece, "`flipacoin` with `may`, `pay` or a target before it"));
            }
            return Ok((label, self.arena.alloc_slice_copy(&[flip]), None, false));
        }
        // Modes given to the controller (`ability$!choice A _ choice B!$ controller`): the
        // line's effect is the controller's choice of one, as it resolves.
        if let Some(given::Given::Modes { modes, at }) = given::whole_line_ability(rest)? {
            if may || pay.is_some() || wrapper.is_some() {
                return Err(Unsupported::new(
                    piece,
                    "`ability$!choice ... _ choice ...!$ controller` with `may`, `pay` or a target before it",
                ));
            }
            return Ok((label, self.given_modes(&modes, at, None)?, None, false));
        }
        // `pay(cost) donothing?effect`: the effect happens unless the cost is paid.
        let unless = match pay {
            Some(_) => {
                let (effect, unless) = pay::unless(rest)?;
                rest = effect;
                unless
            }
            None => false,
        };
        // `target(player) moveTo(exile) all(*|targetedpersonsgraveyard)` (Tormod's Crypt): the
        // player chosen is noted first (`targeted_player.rs`), and each part acts on its own
        // target or on that player.
        let mut noted_player = None;
        if !self.spell_targets_player
            && let Some(Wrapper::Target(spec_piece, "target")) = wrapper
            && targeted_player::targeted_zone(rest).is_some()
            && targeted_player::is_a_player(spec_piece)
        {
            noted_player = Some(self.note_line_player(spec_piece)?);
            wrapper = None;
        }
        let parts = rest.split_top("&&");
        // Wagic reads `if ... then` before it splits at `&&`: every later part is under the
        // condition too, which the parts' statements here would not be.
        let conditional = parts.first().is_some_and(|first| {
            let first = first.trim().text.to_ascii_lowercase();
            first.starts_with("if ") || first.starts_with("ifnot ")
        });
        if conditional && parts.len() > 1 {
            if !may && pay.is_none() && wrapper.is_none() && nested.is_empty() {
                return self.if_source_then_all(piece, rest, label);
            }
            return Err(Unsupported::new(piece, "`if ... then` with `&&`"));
        }
        // A last part giving the card itself one-shot abilities (`draw:1 &&
        // transforms((,newability[target(*|myhand) reject])) forever`, `all(this)
        // transforms((,newability[may tap target(*)],newability[may untap target(*)]))`):
        // Wagic resolves each at once, after the parts before, on its own targets; a `may`
        // before the line is asked once for them all, as for its other parts.
        let named_itself = matches!(wrapper, Some(Wrapper::Target(spec_piece, "all"))
            if parts.len() == 1 && spec_piece.trim().text.eq_ignore_ascii_case("this"));
        let on_itself = wrapper.is_none() || named_itself;
        // A last part after others under its own `all(this)` (Corpse Traders'
        // `target(opponent) donothing && all(this) transforms((,newability[notatarget(*|
        // targetedpersonshand) reject]))`) gives the card itself one-shot abilities whatever
        // the line's wrapper: Wagic resolves them at once, as if written as the line's last
        // parts (`&& notatarget(*|targetedpersonshand) reject`), on the player the line
        // chose. They take those parts' places, and a lasting one is refused below.
        let later_itself = |last: Piece<'s>| {
            let last = last.trim();
            let first = *last.words().first()?;
            super::transforms::is_all_this(first).then(|| last.from(first.start - last.start + first.text.len()).trim())
        };
        let mut spliced: Option<(usize, Piece<'s>)> = None;
        let (parts, own) = match parts.split_last() {
            Some((last, before)) if !before.is_empty() && later_itself(*last).is_some() => {
                match later_itself(*last).map(|rest| self.own_one_shots(rest, true)).transpose()?.flatten() {
                    Some(inners) => {
                        spliced = Some((before.len(), *last));
                        (before.iter().copied().chain(inners).collect(), Vec::new())
                    }
                    None => (parts, Vec::new()),
                }
            }
            Some((last, before)) if on_itself => match self.own_one_shots(*last, named_itself)? {
                Some(inners) => (before.to_vec(), inners),
                None => (parts, Vec::new()),
            },
            _ => (parts, Vec::new()),
        };
        // The first statement of the spliced parts, once the loop reaches them, and the
        // first statement of each.
        let mut spliced_from: Option<usize> = None;
        let mut spliced_parts: Vec<(usize, Piece<'s>)> = Vec::new();
        let mut statements: Vec<Statement<'i>> = Vec::with_capacity(parts.len());
        // The statements a line's one `dynamicability` part leaves after its choice.
        let mut dynamic_after: Vec<Statement<'i>> = Vec::new();
        let splittable = parts.len() == 1 && own.is_empty();
        // Which statements act on a target their part names, not the line's.
        let mut owns: Vec<bool> = Vec::with_capacity(parts.len());
        // Whether a part is a static `thisforeach(...)` effect (`statement`).
        self.counted_static.set(false);
        for (index, &part) in parts.iter().enumerate() {
            if spliced.is_some_and(|(first, _)| first <= index) {
                spliced_from.get_or_insert(statements.len());
                spliced_parts.push((statements.len(), part));
            }
            // `lord(elf) 3/3 && lord(elf) trample ueot`: a later part's own wrapper
            // (`part_wrapper.rs`), in place of the line's.
            let own_wrapper = match index {
                0 => None,
                _ => self.part_wrapper(part, wrapper)?,
            };
            if let Some((own, effect)) = own_wrapper {
                let statement = self.statement(effect, Some(own), None)?;
                self.note_part_lasting(&statement, part);
                statements.push(statement);
                owns.push(false);
                continue;
            }
            // `target(creature) tap && dynamicability<!powerstrike!>`: a dynamic part with
            // no target of its own acts on the target the part before chose (Wagic gives
            // every part of the line the one target).
            if let Some(previous) = statements.last_mut()
                && dynamic::find(part).is_some()
                && let Some(shared @ Target::Filter { filter, .. }) = previous.target
                && filter.qty.is_some()
                && !names_a_target(part)
            {
                let own = match wrapper {
                    Some(Wrapper::Target(..)) | None => None,
                    Some(_) => return Err(Unsupported::new(part, "`dynamicability` sharing a target in a loop")),
                };
                let statement = self.statement(part.trim(), own, Some(shared))?;
                if statement.condition.is_some() || statement.restriction.is_some() != previous.restriction.is_some() {
                    return Err(Unsupported::new(part, "`dynamicability` sharing a target with a timed effect"));
                }
                let mut chain = previous.chain.to_vec();
                for link in statement.chain {
                    chain.push(Link { operator: Some(compiler::ir::ChainOperator::Then), ..*link });
                }
                previous.chain = self.arena.alloc_slice_copy(&chain);
                continue;
            }
            // Wagic splits a line at `&&` before it reads `all(...)`: a later part naming a
            // target of its own (`all(this) 2/2 && all(this) fear && -2/-2 target(creature)`)
            // is lowered on it alone, not on the first part's `all(...)`.
            // So does a part naming a target of its own after the line's `target(...)`
            // (Banshee's `target(creature,player) damage:halfdownX && damage:halfupX
            // controller`): it acts on it, once per target of the line
            // (`line_targets.rs`).
            let owns_target = !statements.is_empty()
                && matches!(wrapper, Some(Wrapper::Target(_, "target")))
                && line_targets::names_its_own_target(part);
            let own = match wrapper {
                Some(Wrapper::Target(_, "all")) if !statements.is_empty() && names_a_target(part) => None,
                _ if owns_target => None,
                _ => wrapper,
            };
            // Modes given to the controller are a whole line's (above).
            if let Some(given::Given::Modes { at, .. }) = given::given_ability(part)? {
                return Err(Unsupported::new(at, "`ability$!choice ... _ choice ...!$ controller` as an `&&` part"));
            }
            // Given to another player, a spell of several lines (`draw:1 _ choice
            // target(*|myhand) reject`): a statement each, in turn, on that player.
            if let Some(given::Given::Player { effects, receiver, after, at, .. }) = given::given_ability(part)?
                && effects.len() > 1
            {
                for effect in effects {
                    statements.push(self.players_statement(effect, receiver, after, at, own, None, None)?);
                    owns.push(owns_target);
                }
                continue;
            }
            // `if ... then effect else effect`: its statement (Duress's: one per branch).
            if let Some(branches) = self.if_then_else(part.trim(), own)? {
                owns.extend(branches.iter().map(|_| owns_target));
                statements.extend(branches);
                continue;
            }
            // A part after the one choosing the line's `target(...)` acts on it (below), so
            // its `mytgt` stands for it.
            let chosen_before = statements.iter().any(
                |statement| matches!(statement.target, Some(Target::Filter { filter, .. }) if filter.qty.is_some()),
            );
            let outer = self.line_target_before.replace(chosen_before);
            // A line of one part may leave a `dynamicability`'s effect to statements after
            // the one choosing its target (`dynamic_choice.rs`): put after it below, once
            // the parts' targets are shared.
            self.dynamic_split.set(splittable);
            let statement = self.statement(part.trim(), own, None);
            self.dynamic_split.set(false);
            self.line_target_before.set(outer);
            dynamic_after.extend(self.dynamic_after.take());
            statements.push(statement?);
            owns.push(owns_target);
        }
        if let (Some((_, part)), Some(from)) = (spliced, spliced_from)
            && statements.get(from..).unwrap_or_default().iter().any(|statement| {
                statement.restriction.is_some() || statement.chain.iter().any(|link| is_lasting(&link.effect))
            })
        {
            return Err(Unsupported::new(
                part,
                "`all(this) transforms((,newability[...]))` after other parts giving the card a lasting ability",
            ));
        }
        // A spliced part acting on no target of its own would act on the line's (Divine
        // Congregation's `life:...` on the player it targets), where Wagic's new ability acts
        // on the card itself and its controller: only a given `ability$!...!$
        // targetedplayer` is meant for that player.
        for (at, &(first, part)) in spliced_parts.iter().enumerate() {
            let end = spliced_parts.get(at + 1).map_or(statements.len(), |&(next, _)| next);
            let untargeted =
                statements.get(first..end).unwrap_or_default().iter().any(|statement| statement.target.is_none());
            let to_that_player = part.text.trim().to_ascii_lowercase().ends_with("!$ targetedplayer");
            if untargeted && !to_that_player {
                return Err(Unsupported::new(
                    part,
                    "`all(this) transforms((,newability[effect]))` after a line's target, of an effect on no target of its own",
                ));
            }
        }
        let counted_static = self.counted_static.take() && !self.spell;
        self.nested_counts(&nested, &mut statements, rest)?;
        if let Some(note) = noted_player {
            let previous = self.arena.alloc(Expr::Var(spec::variable("prevtgt")));
            for statement in statements.iter_mut().filter(|statement| statement.target.is_none()) {
                statement.target = Some(Target::Expr { value: previous, optional: false });
            }
            statements.insert(0, note);
            owns.insert(0, false);
        } else if !self.spell_targets_player
            && let Some(word) = targeted_player::targeted_zone(piece)
        {
            return Err(targeted_player::unnoted(word));
        }
        // Wagic chooses a `target(...)` once for the whole line, and a part without a target
        // of its own acts on it (`damage:2 && -flying target(creature)`): the first part
        // chooses it, each later one acts on the targets of the part before it.
        let chooses = |statement: &Statement<'_>| matches!(statement.target, Some(Target::Filter { filter, .. }) if filter.qty.is_some());
        let wrapped = statements.len() > 1 && matches!(wrapper, Some(Wrapper::Target(_, "target")));
        let shared = statements.len() > 1
            && statements.iter().any(chooses)
            && statements.iter().any(|statement| statement.target.is_none());
        if wrapped || shared {
            self.share_target(piece, &mut statements, &owns, wrapped)?;
        }
        if owns.iter().any(|&owned| owned) {
            if let Some(Wrapper::Target(spec_piece, _)) = wrapper
                && discards_any_card(spec_piece, parts.first().copied())
            {
                return Err(Unsupported::new(
                    spec_piece,
                    "a count of cards of any type discarded (`target(<anyamount>*|myhand) reject`: the printed texts count a type)",
                ));
            }
            self.once_per_target(piece, &mut statements)?;
        }
        statements.extend(dynamic_after);
        for inner in own {
            let (_, mut own_statements, lord, continuous) = self.effect(inner)?;
            // An instant's or sorcery's new pump or keyword ability lasts until end of turn
            // (Wagic's `parseMagicLine` makes it a `PTInstant`, an
            // `AInstantBasicAbilityModifierUntilEOT`, by the type of the card that has it):
            // Death Pulse's cycled `may -1/-1 target(creature)`.
            let pump_or_keyword = |link: &Link<'_>| match link.effect {
                Effect::Grant(_) | Effect::Revoke(_) => true,
                Effect::Call { command, .. } => command == CommandIdx::new(Command::Pump.index()),
                _ => false,
            };
            if self.spell
                && own_statements.iter().all(|statement| {
                    statement.chain.iter().all(|link| !is_lasting(&link.effect) || pump_or_keyword(link))
                })
            {
                own_statements = self.until_end_of_turn(own_statements);
            }
            // A lasting effect the new ability times itself (`haste ueot`) ends as the
            // card's own would; one timed by the transformation is not taken here.
            let untimed_lasting = own_statements.iter().any(|statement| {
                statement.restriction.is_none() && statement.chain.iter().any(|link| is_lasting(&link.effect))
            });
            // One `may` before the line asks once for every part (below): a part asking
            // its own question as well is not taken.
            let asks_again = may && own_statements.iter().any(|statement| statement.condition.is_some());
            if lord.is_some() || continuous || untimed_lasting || asks_again {
                return Err(super::transforms::refused_new_ability(inner, inner));
            }
            statements.extend_from_slice(own_statements);
        }
        if let Some(cost) = pay {
            if may || !matches!(wrapper, None | Some(Wrapper::Target(_, "all" | "target"))) {
                return Err(Unsupported::new(piece, "`pay` with `may` or of a lasting effect"));
            }
            self.paid(cost, unless, &mut statements)?;
        }
        if may && statements.len() > 1 {
            // Wagic reads `may` before it splits at `&&`: one question for every part, so a
            // refusal skips them all (a `may` skips its own statement only).
            let Some(first) = statements.first_mut().filter(|first| first.condition.is_none()) else {
                return Err(Unsupported::new(piece, "`may` with `&&` whose first part has a condition"));
            };
            first.condition = Some(Condition::MayOrStop(None));
        } else if may && let Some(first) = statements.first_mut() {
            first.condition = match first.condition {
                // A payment given to another player (`may ability$!pay[[{4}]]
                // donothing?draw:1 opponent!$ opponent`, "you may draw unless that player
                // pays"): the `may` is asked once it was not paid.
                Some(Condition::Guarded { guard, may: None, stops }) if pay::is_payment(guard) => {
                    Some(Condition::Guarded { guard, may: Some(None), stops })
                }
                _ => Some(Condition::May(None)),
            };
        }
        let lord = match wrapper {
            Some(Wrapper::Target(spec_piece, "lord")) if !may => Some(spec_piece),
            _ => None,
        };
        let continuous = !may
            && (counted_static
                || matches!(wrapper, Some(Wrapper::AsLongAs(_) | Wrapper::Foreach(_) | Wrapper::This(_))))
            && statements.iter().any(|statement| statement.chain.iter().any(|link| is_lasting(&link.effect)));
        if let Some(Wrapper::This(args)) = wrapper
            && !continuous
        {
            // Wagic's `AThis` of a one-shot effect (a trigger's, a spell's, an entering
            // one) does it once, when its test holds as it resolves: each statement's
            // condition (`statement`), a false one doing nothing. `may` would ask in its
            // place.
            if may {
                return Err(Unsupported::new(args, "`this(...)` with `may`"));
            }
            let flip = CommandIdx::new(Command::Flip.index());
            let flips = statements
                .iter()
                .flat_map(|statement| statement.chain)
                .any(|link| matches!(link.effect, Effect::Call { command, .. } if command == flip));
            if flips {
                self.this_flip.set(Some(args.span()));
            }
            for statement in &mut statements {
                let Some(Condition::If(test)) = statement.condition else {
                    return Err(Unsupported::new(args, "`this(...)` with `may`"));
                };
                *statement = self.only_if(test, Statement { condition: None, ..*statement }, args, "`this(...)`")?;
            }
        }
        for statement in &mut statements {
            *statement = self.targeted_zone_choice(*statement);
        }
        Ok((label, self.arena.alloc_slice_copy(&statements), lord, continuous))
    }

    /// One `&&` part: the effect words, then its target, player, `ueot` and criterion; or
    /// `if condition then effect`. `shared`: the target of the part before, which a
    /// `dynamicability` part without one acts on.
    pub(super) fn statement(
        &self,
        piece: Piece<'_>,
        wrapper: Option<Wrapper<'_>>,
        shared: Option<Target<'i>>,
    ) -> Result<Statement<'i>, Unsupported> {
        // Taken here, so that no statement lowered inside this one splits.
        let split = self.dynamic_split.replace(false);
        let trimmed = piece.trim();
        let conditional = match trimmed.strip_prefix("if ") {
            Some(rest) => Some((rest, false)),
            None => trimmed.strip_prefix("ifnot ").map(|rest| (rest, true)),
        };
        if let Some((rest, negated)) = conditional {
            if let Some(Wrapper::This(args)) = wrapper {
                return Err(Unsupported::new(args, "`this(...)` before `if`"));
            }
            return self.if_then(rest, wrapper, negated);
        }
        if super::emblem::is_emblem(trimmed) {
            if wrapper.is_some() || shared.is_some() {
                return Err(Unsupported::new(piece, "`emblem` with a target or a word around it"));
            }
            return self.emblem(trimmed);
        }
        if let Some(count) = trimmed.strip_prefix("bloodthirst:") {
            return self.bloodthirst(trimmed, count, wrapper);
        }
        if let Some(statement) = self.phase_alter(trimmed, wrapper.is_some() || shared.is_some()) {
            return statement;
        }
        let given = match given::given_ability(piece)? {
            Some(given::Given::Player { mut effects, receiver, after, at, unless_paid }) => {
                let (Some(effect), true) = (effects.pop(), effects.is_empty()) else {
                    // Several lines are several statements, lowered by `effect` for the line.
                    return Err(Unsupported::new(at, "`ability$!...!$` of several lines with a word around it"));
                };
                return self.players_statement(effect, receiver, after, at, wrapper, shared, unless_paid);
            }
            Some(given::Given::Controller(inner)) => Some(inner),
            Some(given::Given::Modes { at, .. }) => {
                // Lowered by `effect` for the line, a statement each.
                return Err(Unsupported::new(
                    at,
                    "`ability$!choice ... _ choice ...!$ controller` with a word around it",
                ));
            }
            None => None,
        };
        if let Some(inner) = given {
            // One `&&` part, or the line after `name(...)`: its effect alone, one statement.
            let inner = given::without_name(inner);
            if wrapper.is_some()
                || shared.is_some()
                || inner.split_top("&&").len() > 1
                || inner.starts_with_word("may ")
            {
                return Err(Unsupported::new(piece, "`ability$!...!$` with a word around it"));
            }
            return self.statement(inner, None, None);
        }
        let dynamic = dynamic::find(piece);
        let mut target: Option<Target<'i>> = None;
        let mut restriction = None;
        // `transforms(...) uynt`: the word, for a refusal anywhere else.
        let mut until_your_next_turn: Option<Piece<'_>> = None;
        let mut criterion: Option<(&'static str, i32, Piece<'_>)> = None;
        let mut effect_words: Vec<Piece<'_>> = Vec::new();
        // `lord(goblin) 1/1 other`: the source is left out of the targets.
        let mut other = false;
        // `p/t ueot nonstatic`: the pump counted again while it lasts (`counted_pump.rs`).
        let mut nonstatic: Option<Piece<'_>> = None;
        // `token(...) targetcontroller`: the tokens go to the targets' controllers.
        let mut target_controller = None;
        let mut player_word = false;
        // `moveTo(myBattlefield) and!(tap)!`: an effect run after the main one succeeded,
        // on the same target (Wagic's `andAbility`).
        let mut and_then: Option<Piece<'_>> = None;
        // `thisforeach(counter{...}) effect`: the effect once per counter (`thisforeach.rs`).
        let mut repeat: Option<(Expr<'i>, Piece<'_>)> = None;
        // `all(this) foreach(spec) 1/0 ueot`, `&& foreach(spec) draw:1`: a `foreach(...)`
        // after the line's target or in a later `&&` part, counting for this part alone
        // (Wagic splits a line at `&&` before it reads `foreach(...)`).
        let mut foreach_word: Option<Piece<'_>> = None;
        let mut set_target = |new: Target<'i>, at: Piece<'_>| -> Result<(), Unsupported> {
            if target.replace(new).is_some() {
                return Err(Unsupported::new(at, "more than one target in an effect"));
            }
            Ok(())
        };
        // The spec of the target clause, for a `newability[...]` naming zones by whose.
        let mut target_spec: Option<Piece<'_>> = None;
        if let Some(Wrapper::Target(spec_piece, kind)) = wrapper {
            set_target(self.target_clause(spec_piece, kind)?, spec_piece)?;
            target_spec = Some(spec_piece);
        }
        if let Some(shared) = shared {
            set_target(shared, piece)?;
        }
        // Wagic erases the first `name(...)` of each part before it reads the part
        // (`parseMagicLine`): a label after a word (`ueot name(...) loseabilities`).
        let mut named = false;
        for word in piece.words() {
            let lower = word.text.to_ascii_lowercase();
            if !named && is_label(word) {
                named = true;
                continue;
            }
            if let Some(found) = &dynamic
                && found.range.contains(&(word.start - piece.start))
            {
                // The words of `dynamicability<!...!>`, lowered as one below.
                if word.start - piece.start + word.text.len() > found.range.end {
                    return Err(Unsupported::new(word, "text after `dynamicability<!...!>` without a blank"));
                }
                continue;
            }
            if let Some((args, after)) = word.call("target").or_else(|| word.call("notatarget"))
                && after.text.is_empty()
            {
                set_target(self.target_clause(args, "target")?, word)?;
                target_spec = Some(args);
            } else if let Some((args, after)) = word.call("all")
                && after.text.is_empty()
            {
                set_target(self.target_clause(args, "all")?, word)?;
                target_spec = Some(args);
            } else if let Some((args, after)) = word.call("lord")
                && after.text.is_empty()
                && matches!(wrapper, Some(Wrapper::AsLongAs(_) | Wrapper::This(_) | Wrapper::Foreach(_)))
            {
                // `aslongas(spec) lord(spec) effect` (Silver Seraph's threshold): a lasting
                // effect becomes a continuous one, run again after every change, so on every
                // current match, as a lord's; a one-shot one acts on every match once.
                // So does `foreach(spec) lord(spec) 1/1` (Kjeldoran War Cry's, Meishin's).
                set_target(self.target_clause(args, "all")?, word)?;
            } else if lower == "while" && matches!(wrapper, Some(Wrapper::AsLongAs(_))) {
                // `aslongas(spec) ... while <n`: Wagic holds the effect while the count does
                // (not one-shot); the permanent's line is refused unless it is a sacrifice
                // of the card itself (`front/sacrifice.rs`).
            } else if lower == "controller"
                || lower == "opponent"
                || (lower == "targetedplayer" && self.targeted_opponent)
            {
                // The catalogue's `me` and `opp` are the source's controller and opponent
                // (the host answers them), whoever's event runs the ability; `targetedplayer`
                // is the opponent on a card that targets none else (`targeted_player.rs`).
                let name = if lower == "controller" { "me" } else { "opp" };
                let value = self.arena.alloc(Expr::Var(spec::variable(name)));
                set_target(Target::Expr { value, optional: false }, word)?;
                player_word = true;
            } else if let Some((args, after)) = word.call("thisforeach")
                && after.text.is_empty()
                && repeat.is_none()
            {
                repeat = Some((self.this_foreach_count(args)?, word));
            } else if let Some((args, after)) = word.call("foreach")
                && after.text.is_empty()
                && matches!(wrapper, None | Some(Wrapper::Target(..) | Wrapper::AsLongAs(_)))
            {
                // After `aslongas(spec)` (Nantuko Blightcutter's threshold), a count in the
                // effect that holds while the condition does.
                if foreach_word.replace(args).is_some() {
                    return Err(Unsupported::new(word, "two `foreach(...)` in one effect"));
                }
            } else if lower == "targetcontroller" {
                target_controller = Some(word);
            } else if let Some(inner) = word.strip_prefix("and!(").filter(|_| lower.ends_with(")!"))
                && and_then.is_none()
            {
                and_then = Some(inner.slice(0, inner.text.len() - 2).trim());
            } else if lower == "other" {
                other = true;
            } else if lower == "nonstatic" {
                nonstatic = Some(word);
            } else if is_activation_limit(&lower) {
                self.note_activation_limit(word);
            } else if let Some(count) = lower.strip_prefix("limit:").and_then(|count| count.parse::<u32>().ok()) {
                // `limit:1`: at most once each turn.
                self.activation_limits.borrow_mut().push(ActivationLimit::plain(
                    "limit",
                    Some(count),
                    "limit",
                    word.span(),
                ));
            } else if let Some(inside) = word
                .strip_prefix("restriction{")
                .filter(|inside| inside.text.ends_with('}'))
                .map(|inside| inside.slice(0, inside.text.len() - 1))
            {
                let limits = self.activation_restriction(inside)?;
                self.activation_limits.borrow_mut().extend(limits);
            } else if lower == "oneshot" {
                // Wagic's activated and triggered abilities are one-shot already, and so is
                // a line of one-shot effects; of lasting effects, only an `aslongas(...)` one
                // is compiled (`Line::Once`).
                self.one_shot.set(true);
            } else if lower == "ueot" {
                restriction = Some((RestrictionIdx::new(0), None));
            } else if lower == "uynt" {
                // Checked below: a `transforms(...)`'s alone.
                restriction = Some((RestrictionIdx::new(super::UNTIL_YOUR_NEXT_TURN), None));
                until_your_next_turn = Some(word);
            } else if let Some(number) = lower.strip_prefix('>').or_else(|| lower.strip_prefix('<')) {
                let count: i32 =
                    number.parse().map_err(|_| Unsupported::new(word, "criterion with a computed value"))?;
                let name = if lower.starts_with('>') { "morethan" } else { "lessthan" };
                criterion = Some((name, count, word));
            } else {
                effect_words.push(word);
            }
        }
        if let Some(found) = &dynamic {
            // Wagic's `AADynamic`: the ability after `!>` (its stored ability), then the
            // dynamic effect.
            let outer_targeted = self.statement_targeted.replace(target.is_some());
            let outer_card_target = self.statement_card_target.replace(targets_a_card(target.as_ref()));
            let stored = match effect_words.as_slice() {
                [] => Ok(&[][..]),
                [first, .., last] | [first @ last] => self
                    .effect_links(piece.slice(first.start - piece.start, last.start - piece.start + last.text.len())),
            };
            self.statement_targeted.set(outer_targeted);
            self.statement_card_target.set(outer_card_target);
            let stored = stored?;
            let extra = wrapper.is_some_and(|wrapper| !matches!(wrapper, Wrapper::Target(..)))
                || and_then.is_some()
                || criterion.is_some()
                || target_controller.is_some()
                || player_word
                || other
                || repeat.is_some();
            if extra {
                return Err(Unsupported::new(piece, "`dynamicability` with a word around it not compiled"));
            }
            let (target, chain) = self.dynamic(piece, found, target, stored, split)?;
            for after in self.dynamic_after.borrow_mut().iter_mut() {
                after.restriction = restriction;
            }
            return Ok(Statement { condition: None, target, restriction, chain, otherwise: None, span: piece.span() });
        }
        let Some(first) = effect_words.first().copied() else {
            return Err(Unsupported::new(piece, "line without an effect").with_help(Some(NO_EFFECT_HELP.into())));
        };
        if let Some((_, word)) = repeat
            && effect_words.iter().any(|effect| ["lord", "teach"].iter().any(|name| effect.call(name).is_some()))
        {
            return Err(Unsupported::new(word, "`thisforeach(...)` of a `lord(...)` or `teach(...)`"));
        }
        if effect_words.len() == 1 && first.text.eq_ignore_ascii_case("equip") && target.is_none() {
            // Wagic's equip: a creature its controller controls, at sorcery speed.
            target = Some(self.target_clause(Piece::new("creature|mybattlefield", first.start), "target")?);
            self.activation_limits.borrow_mut().push(ActivationLimit::plain(
                "assorcery",
                None,
                "assorcery",
                first.span(),
            ));
        }
        let last = effect_words.last().copied().unwrap_or(first);
        let effect_piece = piece.slice(first.start - piece.start, last.start - piece.start + last.text.len());
        self.newability_relative.set(false);
        self.paid_new_ability.set(false);
        // `uynt` is no end of turn: a new ability given for so long is refused.
        let outer = self.until_end_of_turn.replace(restriction.is_some() && until_your_next_turn.is_none());
        let outer_targeted = self.statement_targeted.replace(target.is_some());
        let outer_card_target = self.statement_card_target.replace(targets_a_card(target.as_ref()));
        let outer_given = self.given_to_equipment.replace(self.given_to_equipment.get() || lords_equipment(wrapper));
        let links = self.effect_links(effect_piece);
        self.given_to_equipment.set(outer_given);
        self.statement_targeted.set(outer_targeted);
        self.statement_card_target.set(outer_card_target);
        self.until_end_of_turn.set(outer);
        let mut chain = match links {
            Ok(chain) => chain,
            // `tap target(creature) myTurnOnly`: name the word the effect does not take
            // (not `forever`, which `transforms(...)` and `becomes(...)` take: their error;
            // `(blink)` names its `return(...)` itself).
            Err(error) => match effect_words.as_slice() {
                // A prevention's own error names what its `to(...)` or `from(...)` lacks, and
                // `clone`'s what its `with(...)` holds.
                [first, second, ..]
                    if self.effect_links(*first).is_ok()
                        && !first.text.eq_ignore_ascii_case("clone")
                        && !super::prevent::names_its_own_error(*first, *second)
                        && !second.text.eq_ignore_ascii_case("forever")
                        && !super::blink::is_blink(&first.text.to_ascii_lowercase()) =>
                {
                    let word = spec::leading_word(second.text);
                    // `target:creature` for `target(creature)`.
                    let help = ["target", "notatarget", "all", "lord", "foreach", "aslongas"]
                        .contains(&word.as_str())
                        .then(|| format!("write the spec in parentheses: `{word}(creature)`"));
                    return Err(Unsupported::new(*second, &format!("word `{word}`")).with_help(help));
                }
                _ => return Err(error),
            },
        };
        if let Some(word) = until_your_next_turn {
            // Wagic reads `uynt` in `ATransformer` alone (`parseMagicLine`).
            let transforms = CommandIdx::new(Command::Transforms.index());
            let transforming = chain
                .first()
                .is_some_and(|link| matches!(link.effect, Effect::Call { command, .. } if command == transforms));
            if !transforming {
                return Err(Unsupported::new(word, "`uynt` other than after `transforms(...)`"));
            }
        }
        if let Some(inner) = and_then {
            let outer_targeted = self.statement_targeted.replace(target.is_some());
            let outer_card_target = self.statement_card_target.replace(targets_a_card(target.as_ref()));
            let then = self.effect_links(inner);
            self.statement_targeted.set(outer_targeted);
            self.statement_card_target.set(outer_card_target);
            let then = then?;
            if chain.len() != 1 || then.iter().any(|link| is_lasting(&link.effect)) {
                return Err(Unsupported::new(inner, "`and!(...)!` other than one effect after another"));
            }
            let mut links = chain.to_vec();
            for (index, link) in then.iter().enumerate() {
                let operator = if index == 0 { Some(compiler::ir::ChainOperator::AndThen) } else { link.operator };
                links.push(Link { operator, effect: link.effect });
            }
            chain = self.arena.alloc_slice_copy(&links);
        }
        if self.newability_relative.get() {
            chain = self.zones_of_the_transformed(piece, target.is_some(), target_spec, chain)?;
        }
        self.check_blink_zone(chain, target_spec)?;
        if self.paid_new_ability.take() {
            // The `pay` asks the first target's controller once: Wagic asks each
            // transformed card's (Cut the Tethers' `all(spirit)`), so one card only.
            let itself_or_triggers = target_spec.is_some_and(|spec| {
                let spec = spec.trim().text.to_ascii_lowercase();
                spec == "this" || spec.starts_with("trigger[")
            });
            let one_card = itself_or_triggers
                || match target {
                    None => !self.spell_targets_several,
                    Some(Target::Filter { filter, .. }) => filter.qty == Some(vm::bytecode::Qty::Exact(1)),
                    Some(Target::Expr { .. }) => false,
                };
            if !one_card {
                return Err(Unsupported::new(piece, "`newability[pay[[cost]] ...]` given to several cards"));
            }
        }
        if let Some(word) = nonstatic {
            let on_itself = target.is_none() && wrapper.is_none() && !self.aura && restriction.is_some();
            chain = self.live_pump(word, chain, on_itself)?;
        }
        if let Some((count, word)) = repeat {
            let lasting = chain.iter().any(|link| is_lasting(&link.effect));
            if lasting && restriction.is_none() {
                // A permanent's static effect (Rabid Wombat's `thisforeach(auras > 0) 2/2`)
                // holds as many times as it counts now: a continuous effect, counted again
                // after every change (`effect`). An activated or triggered ability's, or a
                // spell's, ends with the turn (its caller times it) and counts as it resolves.
                if !lasting_only(chain) {
                    return Err(Unsupported::new(word, "`thisforeach(...)` of a lasting and a one-shot effect"));
                }
                self.counted_static.set(true);
            }
            if wrapper.is_some_and(|wrapper| !matches!(wrapper, Wrapper::Target(..)))
                || nonstatic.is_some()
                || criterion.is_some()
                || and_then.is_some()
            {
                return Err(Unsupported::new(word, "`thisforeach(...)` with a word around it not compiled"));
            }
            chain = self.repeated(chain, count, word, "`thisforeach(...)`")?;
        }
        if let Some(spec_piece) = foreach_word {
            let lasting = chain.iter().any(|link| is_lasting(&link.effect));
            let held = matches!(wrapper, Some(Wrapper::AsLongAs(_)));
            if lasting && restriction.is_none() && !held {
                // A permanent's `lord(spec) foreach(spec) p/t`: a count followed as it changes.
                return Err(Unsupported::new(
                    spec_piece,
                    "`foreach(...)` after a target, of a lasting effect without `ueot`",
                ));
            }
            // After `aslongas(spec)`, a criterion is the condition's.
            if repeat.is_some() || nonstatic.is_some() || (criterion.is_some() && !held) || and_then.is_some() {
                return Err(Unsupported::new(
                    spec_piece,
                    "`foreach(...)` after a target with a word around it not compiled",
                ));
            }
        }
        let counted = foreach_word.or(match wrapper {
            Some(Wrapper::Foreach(spec_piece)) => Some(spec_piece),
            _ => None,
        });
        let held = matches!(wrapper, Some(Wrapper::AsLongAs(_)));
        if let (Some(_), Some((_, _, at)), false) = (counted, criterion, held) {
            // Wagic's `AForeach` with `>n` does its effect n fewer times (Ivory Tower).
            return Err(Unsupported::new(at, "criterion of `foreach(...)` (`>n`: n times fewer)"));
        }
        // `foreach(squirrel|battlefield) 1/1 other`: the source is left out of the count.
        let uncounted_source = other && target.is_none() && counted.is_some();
        if uncounted_source {
            other = false;
        }
        match counted {
            Some(spec_piece) if chain.iter().any(|link| is_lasting(&link.effect)) => {
                // A continuous auto runs again after every change, ending what its last run
                // recorded: `+1/+1 for each` is one pump of +1/+1 times the cards the spec
                // matches, counted at each run (one effect, however many cards match).
                let pump = CommandIdx::new(Command::Pump.index());
                let [Link { effect: Effect::Call { command, confirm, args: [power, toughness] }, operator }] = *chain
                else {
                    return Err(Unsupported::new(piece, "foreach of a lasting effect other than a pump"));
                };
                if command != pump {
                    return Err(Unsupported::new(piece, "foreach of a lasting effect other than a pump"));
                }
                let filter = self.count_filter(spec_piece, uncounted_source)?;
                let args = self.arena.alloc_slice_copy(&[*power, *toughness, Arg::Filter(filter)]);
                chain =
                    self.arena.alloc_slice_copy(&[Link { operator, effect: Effect::Call { command, confirm, args } }]);
            }
            Some(spec_piece) => {
                let filter = self.count_filter(spec_piece, uncounted_source)?;
                let each = self.arena.alloc(Each { source: EachSource::Filter(filter), slot: 0, body: chain });
                let command = CommandIdx::new(Command::Foreach.index());
                let link = Link { operator: None, effect: Effect::Each { command, confirm: false, each } };
                chain = self.arena.alloc_slice_copy(&[link]);
            }
            None => {}
        }
        if let Some(Wrapper::AsLongAs(spec_piece)) = wrapper {
            let (name, count, _) = criterion.take().unwrap_or(("morethan", 0, spec_piece));
            chain = self.counted_first(spec_piece, name, count, chain)?;
        }
        if let Some((_, _, at)) = criterion {
            return Err(Unsupported::new(at, "criterion outside `aslongas`"));
        }
        let condition = match wrapper {
            Some(Wrapper::This(args)) => Some(Condition::If(self.this_condition(args)?)),
            _ => None,
        };
        if makes_token(chain) {
            if target_controller.is_none() && !player_word {
                // Wagic gives the tokens to the source's controller unless a player word
                // says otherwise, even when the spell or the line has a target.
                if target.is_some() {
                    return Err(Unsupported::new(piece, "`token(...)` with a target"));
                }
                let value = self.arena.alloc(Expr::Var(spec::variable("me")));
                target = Some(Target::Expr { value, optional: false });
            }
        } else if let Some(word) = target_controller {
            let target_card = match self.target_controller {
                // The last known enchanted permanent: "its controller" once it has died
                // (Fate Foretold), as Wagic's `card->target` still is.
                TargetController::Enchanted => Expr::Var(spec::variable("lastattached")),
                TargetController::SpellTarget => Expr::Index(self.arena.alloc(Expr::Var(spec::variable("tgt"))), 0),
                TargetController::Refused => {
                    return Err(Unsupported::new(word, "word `targetcontroller`").with_help(Some(
                        "`targetcontroller` is compiled after `token(...)`, on an Aura and on a spell with a \
                         `target=` of one card only"
                            .into(),
                    )));
                }
            };
            if target.is_some() {
                return Err(Unsupported::new(word, "more than one target in an effect"));
            }
            let value = self.arena.alloc(Expr::Attr(self.arena.alloc(target_card), spec::attribute("controller")));
            target = Some(Target::Expr { value, optional: true });
        }
        if other {
            target = Some(self.leave_out_source(target, piece)?);
        }
        Ok(Statement { condition, target, restriction, chain, otherwise: None, span: piece.span() })
    }
}
