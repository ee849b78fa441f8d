//! One `&&` part of a line's effect (`statement.rs` splits the line): the effect words,
//! then its target, player, `ueot` and criterion, or `if condition then effect`.

use compiler::ir::{Arg, Condition, Each, EachSource, Effect, Expr, Link, Statement, Target};
use vm::bytecode::{CommandIdx, RestrictionIdx};

use super::part_wrapper::{Wrapper, lords_equipment};
use super::piece::Piece;
use super::statement::{NO_EFFECT_HELP, is_activation_limit, is_label};
use super::statement_kind::{is_lasting, lasting_only, makes_token, targets_a_card};
use super::{ActivationLimit, Lowering, TargetController, Unsupported, dynamic, given, spec};
use crate::catalogue::Command;

impl<'i> Lowering<'i> {
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
