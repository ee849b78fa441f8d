//! The effect part of a line (after its cost or trigger): its prefixes (`may`,
//! `name(...)`, a wrapper `lord(...)`, `all(...)`, `target(...)`, `foreach(...)`,
//! `aslongas(...)`), split at `&&` into statements, each with its target, player,
//! duration, criterion and activation limits around the effect words (`links.rs`).

use compiler::ir::{Condition, Effect, Expr, Link, Statement, Target};
use vm::bytecode::CommandIdx;

use super::part_wrapper::{Wrapper, head_wrapper};
use super::piece::Piece;
pub(super) use super::statement_kind::is_lasting;
use super::statement_kind::{discards_any_card, names_a_target};
use super::{
    ActivationLimit, Lowering, Unsupported, dynamic, given, line_targets, part_wrapper, pay, spec, targeted_player,
};
use crate::catalogue::Command;

/// The help of an `auto=` line with no effect (`auto=`, `auto=may`).
pub(super) const NO_EFFECT_HELP: &str = "write an effect (`damage:2 target(creature)`), or remove the line";

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
pub(super) fn is_label(word: Piece<'_>) -> bool {
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
}
