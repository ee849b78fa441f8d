//! `transforms((types,part,part...))` (Wagic's `ATransformer`): a target permanent gains
//! card types and subtypes, gets new colours, a new base power and toughness, and keyword
//! abilities, for as long as the effect lasts (`forever`: until the card moves, whatever
//! ends the effect, its keyword abilities kept by the call: `forever.rs`; `uynt`: until the
//! controller's next turn begins, detain's). One call of the catalogue's `transforms`
//! command, then one grant per keyword ability, then the links of each `newability[effect]`
//! of one effect whose outcome is the same whatever its source (`moveTo(...)`,
//! `counter(...)`, a pump, `tap`..., or a player effect of a number such as `draw:1`, the
//! transformed card's controller's: [`Lowering::new_ability`]). Wagic's other parts
//! (`loseabilities` inside the list, the `remove...types` and `allsubtypes` words but a
//! `forever` change's `removetypes` alone: `forever.rs`) are refused, each by name
//! (`loseabilities` as an effect of its own compiles: `links.rs`).
//!
//! A permanent's line transforming the card itself into one with a triggered or activated
//! ability (`transforms((,newability[@each my upkeep:life:1]))`, maybe under
//! `this(test)`) gives the card that ability while the line holds: it is lowered as the
//! card's own ability ([`Lowering::own_new_ability`]). One-shot new abilities the card
//! gives itself (a permanent's line, maybe under `all(this)`, an `autohand=` line, an
//! untargeted spell's) are the card's own effects, in order, after the line's parts
//! before them (a looter's `newability[target(*|myhand) reject]`, Sibsig Icebreakers'
//! discards `ability$!...!$` given to each player, a cycled card's `newability[draw:1],
//! newability[may life:2]`: [`Lowering::own_one_shots`]).
//!
//! A triggered or activated new ability given to other cards (a target, `all(...)`) until
//! end of turn, or a triggered one by a lord, is compiled with the giving card and given
//! by an effect on each transformed card: [`Lowering::given_trigger`] (`givetrigger(n)`,
//! `table/given_triggers.rs`) and [`Lowering::given_activated`] (`giveability(n)`,
//! `table/given.rs`); `docs/wagic-play.md` has the design.

use compiler::ir::{Arg, ChainOperator, Effect, Expr, Link};
use vm::bytecode::{CommandIdx, Const, ZonePrefixIdx, ZoneRef};

use super::amount::amount_of;
use super::forever::{REMOVE_TYPES, removes_types};
use super::piece::Piece;
use super::statement::is_activation_limit;
use super::{Line, Lowering, Unsupported, ability_of, did_you_mean, given, pay, spec};
use crate::catalogue::{self, Command};

/// A new triggered ability the front end does not compile: a permanent's own alone compiles.
pub(super) const GIVEN_TRIGGER: &str = "transforms part `newability[@trigger:effect]` given to another card other than until end of turn, by a lord, an Aura, an Equipment or a continuous line";

/// A new triggered ability given to another card that the front end does not compile.
const GIVEN_TRIGGER_KIND: &str =
    "transforms part `newability[@trigger:effect]` given with `once`, a restriction, a limit or a trigger of its own";

/// Several `newability[choice ...]` giving the card itself the modes of a "choose one".
const CHOSEN_MODES: &str =
    "transforms parts `newability[choice ...]`: the modes of a \"choose one\" given to the card itself, each taken";

/// A `retarget` given to the card itself, whose printed text may have another player choose.
const RETARGET_ANY: &str =
    "transforms part `newability[target(...) retarget]` to any player's permanent, given to the card itself";

/// A new activated ability the front end does not compile: a permanent's own alone compiles.
pub(super) const GIVEN_ACTIVATED: &str = "transforms part `newability[{cost}:effect]` given to another card other than until end of turn, by a lord, an Aura, an Equipment or a continuous line";

/// A `newability[effect]` the front end does not compile as the transformed card's own, named
/// by the effect's first word (`newability[reduceto...]`, `newability[target...]`), so that
/// the cards left out group by what their new abilities do.
pub(super) fn refused_new_ability(at: Piece<'_>, inner: Piece<'_>) -> Unsupported {
    let lower = inner.text.trim().to_ascii_lowercase();
    let word: String = lower.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
    if word.is_empty() {
        return Unsupported::new(at, "transforms part `newability` other than one effect on the card");
    }
    if word == "rehook" {
        // Brass Squire's "attach target Equipment to target creature": the Equipment is the
        // line's target, the creature the new ability's, two targets of one effect.
        return Unsupported::new(
            at,
            "transforms part `newability[rehook ...]` attaching the target Equipment to a second target",
        );
    }
    Unsupported::new(at, &format!("transforms part `newability[{word}...]` other than one effect on the card"))
}

/// Whether a statement gives a permanent a triggered or activated ability
/// (`givetrigger(n)`, `giveability(n)`).
pub(super) fn gives_an_ability(statement: &compiler::ir::Statement<'_>) -> bool {
    statement.chain.iter().any(|link| {
        matches!(link.effect, Effect::Call { command, .. }
            if [Command::GiveTrigger, Command::GiveAbility].iter().any(|give| command == CommandIdx::new(give.index())))
    })
}

/// Wagic's words of the types part that change types otherwise than by adding them.
const TYPE_CHANGES: &[&str] =
    &["removealltypes", "removecreaturesubtypes", "removetypes", "removeallsubtypes", "allsubtypes", "chosentype"];

/// One change of a permanent as written (`transforms((types,part,...))`,
/// `becomes(types,p/t,part,...)`): what [`Lowering::transformation`] lowers.
#[derive(Clone, Copy)]
pub(super) struct Change<'p, 'i> {
    /// The construct's name, for the messages: `transforms` or `becomes`.
    pub construct: &'static str,
    /// The whole list, where a refusal of the list as a whole points.
    pub list: Piece<'p>,
    /// The types part (`Artifact Creature Dragon`), maybe empty.
    pub types: Option<Piece<'p>>,
    /// The parts after the types (colours, keyword abilities, `newability[...]`...).
    pub parts: &'p [Piece<'p>],
    /// A base power and toughness written apart from the parts (`becomes`'s `4/4`).
    pub base: (Option<Expr<'i>>, Option<Expr<'i>>),
    /// Wagic's `forever`: the changes last until the card moves.
    pub forever: bool,
}

/// Whether the text after `construct(...)` is `forever` (maybe beside an activation limit,
/// Unearth's `asSorcery`: the line's): anything else is refused.
pub(super) fn ends_forever(after: Piece<'_>, construct: &str) -> Result<bool, Unsupported> {
    let after = after.trim();
    let ends: Vec<Piece<'_>> = after.words().into_iter().filter(|word| !is_activation_limit(word.text)).collect();
    let forever = matches!(ends.as_slice(), [word] if word.text.eq_ignore_ascii_case("forever"));
    if !ends.is_empty() && !forever {
        return Err(Unsupported::new(after, &format!("text after `{construct}(...)`")));
    }
    Ok(forever)
}

impl<'i> Lowering<'i> {
    /// `args` is what `transforms(...)` holds: `(types,part,...)`, in its own parentheses.
    pub(super) fn transforms(&self, args: Piece<'_>, after: Piece<'_>) -> Result<&'i [Link<'i>], Unsupported> {
        let forever = ends_forever(after, "transforms")?;
        let inner = args.trim();
        let Some((list, rest)) = inner.call("") else {
            return Err(Unsupported::new(inner, "`transforms` without its double parentheses")
                .with_help(Some("write `transforms((types,colours,abilities))`".into())));
        };
        if !rest.text.trim().is_empty() {
            return Err(Unsupported::new(rest, "text after `transforms((...))`"));
        }
        let parts = list.split_top(",");
        let (types, rest) = match parts.split_first() {
            Some((types, rest)) => (Some(*types), rest),
            None => (None, &[][..]),
        };
        let change = Change { construct: "transforms", list, types, parts: rest, base: (None, None), forever };
        self.transformation(&change)
    }

    /// The links of one change of a permanent (`transforms((...))`, `becomes(...)`, both
    /// Wagic's `ATransformer`): one call of the catalogue's `transforms` command, then one
    /// grant per keyword ability, then the links of each `newability[effect]`.
    pub(super) fn transformation(&self, change: &Change<'_, 'i>) -> Result<&'i [Link<'i>], Unsupported> {
        let Change { construct, list, types: types_part, parts, base, forever } = *change;
        let mut types: Vec<&'static str> = Vec::new();
        let remove_types = types_part.is_some_and(|first| removes_types(first, forever));
        if let Some(first) = types_part.filter(|_| !remove_types) {
            for word in first.trim().words() {
                let lower = word.text.to_ascii_lowercase();
                if lower == "removetypes" {
                    return Err(Unsupported::new(word, REMOVE_TYPES));
                }
                if TYPE_CHANGES.contains(&lower.as_str()) {
                    return Err(Unsupported::new(word, &format!("{construct} part `{lower}`")));
                }
                let Some(known) = catalogue::type_word_index(&lower).and_then(catalogue::type_word) else {
                    let names =
                        catalogue::CARD_TYPES.iter().map(|spec| spec.name).chain(catalogue::SUBTYPES.iter().copied());
                    return Err(Unsupported::new(word, &format!("{construct} type `{}`", spec::quoted(&lower)))
                        .with_help(did_you_mean(&lower, names)));
                };
                if !types.contains(&known) {
                    types.push(known);
                }
            }
        }
        let mut colours: Vec<&'static str> = Vec::new();
        let mut add_colours = false;
        let (mut power, mut toughness) = base;
        let mut grants = Vec::new();
        // The effects of `newability[...]` parts, run on each target after the changes.
        let mut new_abilities: Vec<Link<'i>> = Vec::new();
        for part in parts {
            let part = part.trim();
            let lower = part.text.to_ascii_lowercase();
            if lower.is_empty() {
                continue;
            }
            let set = |name: &str| -> Result<Option<Expr<'i>>, Unsupported> {
                let Some(value) = lower.strip_prefix(name).and_then(|rest| rest.strip_prefix('=')) else {
                    return Ok(None);
                };
                amount_of(value).map(|value| Some(Expr::Int(value))).ok_or_else(|| {
                    Unsupported::new(part, &format!("{construct} `{name}` of `{}`", spec::leading_word(value)))
                })
            };
            // `becomes(...)`'s list holds types, a base power and toughness, keyword
            // abilities and colours alone (Wagic's `ATransformer` gets no new abilities).
            let transforms = construct == "transforms";
            if let Some(value) = set("setpower")?.filter(|_| transforms) {
                power = Some(value);
            } else if let Some(value) = set("settoughness")?.filter(|_| transforms) {
                toughness = Some(value);
            } else if let Some(named) = lower.strip_prefix("newcolors[").and_then(|rest| rest.strip_suffix(']')) {
                add_colours = true;
                for word in named.split([' ', ',']).filter(|word| !word.is_empty()) {
                    let colour = catalogue::COLOUR_NAMES.iter().find(|name| **name == word).ok_or_else(|| {
                        Unsupported::new(part, &format!("{construct} colour `{}`", spec::quoted(word)))
                    })?;
                    colours.push(colour);
                }
            } else if let Some(colour) = catalogue::COLOUR_NAMES.iter().find(|name| **name == lower) {
                colours.push(colour);
            } else if let Some(ability) = ability_of(&lower) {
                grants.push(Link { operator: Some(ChainOperator::Then), effect: Effect::Grant(ability) });
            } else if let Some(inner) = part.strip_prefix("newability[").filter(|_| lower.ends_with(']') && transforms)
            {
                let inner = inner.slice(0, inner.text.len() - 1).trim();
                let links = if inner.text.starts_with('@') {
                    self.given_trigger(part, inner)?
                } else if inner.text.starts_with('{') {
                    self.given_activated(part, inner)?
                } else {
                    self.new_ability(part, inner)?
                };
                // Each new ability runs whatever the one before did; within one, a paid
                // effect (`pay && effect`) keeps its own operator.
                new_abilities.extend(links.iter().enumerate().map(|(index, link)| {
                    let operator = match link.operator {
                        Some(ChainOperator::AndThen) if index > 0 => ChainOperator::AndThen,
                        _ => ChainOperator::Then,
                    };
                    Link { operator: Some(operator), ..*link }
                }));
            } else {
                let word = spec::leading_word(&lower);
                return Err(Unsupported::new(part, &format!("{construct} part `{word}`")));
            }
        }
        let text = |text: &str| Arg::Value(Expr::Str(self.arena.alloc_str(text)));
        let mut call_args =
            vec![text(&types.join(" ")), text(&colours.join(" ")), Arg::Value(Expr::Int(i32::from(add_colours)))];
        match (power, toughness) {
            (None, None) if !forever => {}
            (power, toughness) => {
                // An absent one is nil: the card keeps its own.
                let value = |set: Option<Expr<'i>>| Arg::Value(set.unwrap_or(Expr::Nil));
                call_args.extend([value(power), value(toughness)]);
            }
        }
        if forever {
            let keywords = self.forever_keywords(list, construct, &mut grants, &mut new_abilities)?;
            call_args.push(Arg::Value(Expr::Int(1)));
            if !keywords.is_empty() || remove_types {
                call_args.push(text(&keywords.join(" ")));
            }
            if remove_types {
                call_args.push(Arg::Value(Expr::Int(1)));
            }
        }
        let call = Link {
            operator: None,
            effect: Effect::Call {
                command: CommandIdx::new(Command::Transforms.index()),
                confirm: false,
                args: self.arena.alloc_slice_copy(&call_args),
            },
        };
        let mut links = vec![call];
        links.extend(grants);
        links.extend(new_abilities);
        Ok(self.arena.alloc_slice_copy(&links))
    }

    /// A permanent's line `[this(test)] transforms((,newability[ability])) [forever]` whose
    /// one new ability is triggered (`@trigger:effect`) or activated (`{cost}:effect`):
    /// Wagic's `ATransformer` on the card itself parses the ability as the card's own and
    /// adds it to the game while the line holds: while the card is on the battlefield and,
    /// under `this(test)` (Wagic's `AThis`, which adds the transformer while its test holds
    /// and removes it when the test stops holding), while the test holds. So it is the
    /// card's own trigger, whose event also checks the test as it fires, or activated
    /// ability. `None` for any other line (an instant's or sorcery's, an Aura's, whose
    /// transformed card is its target, or one with another part), lowered as before.
    pub(super) fn own_new_ability(&self, value: Piece<'_>) -> Result<Option<Line<'i>>, Unsupported> {
        if self.spell || self.aura {
            return Ok(None);
        }
        let words = value.trim().words();
        let (test, rest) = match words.split_first() {
            Some((first, rest)) => match first.call("this") {
                Some((args, after)) if after.text.is_empty() => (Some(args), rest),
                _ => (None, words.as_slice()),
            },
            None => return Ok(None),
        };
        let transforms = match rest {
            [word] => *word,
            [word, last] if last.text.eq_ignore_ascii_case("forever") => *word,
            _ => return Ok(None),
        };
        let Some((_, inner)) = untyped_new_ability(transforms) else { return Ok(None) };
        if !inner.text.starts_with(['@', '{']) {
            return Ok(None);
        }
        match (self.line_parts(inner)?, test) {
            (line @ (Line::Triggered { .. } | Line::Activated { .. }), None) => Ok(Some(line)),
            (Line::Triggered { events, statements, restricted, once }, Some(args)) => {
                let test = self.this_condition(args)?;
                let events: Vec<compiler::ir::Event<'i>> = events
                    .iter()
                    .map(|event| {
                        let condition = match event.condition {
                            Some(condition) => Expr::And(condition, self.arena.alloc(test)),
                            None => test,
                        };
                        compiler::ir::Event { condition: Some(&*self.arena.alloc(condition)), ..*event }
                    })
                    .collect();
                let events = self.arena.alloc_slice_copy(&events);
                Ok(Some(Line::Triggered { events, statements, restricted, once }))
            }
            (_, Some(args)) => Err(Unsupported::new(args, "`this(...)` around a new activated ability")),
            _ => Err(refused_new_ability(inner, inner)),
        }
    }

    /// A part `newability[@trigger:effect]` of a `transforms(...) ueot` on other cards
    /// than the card itself (a target, `all(...)`), or of a lord's `transforms(...)`:
    /// Wagic's `ATransformer` adds the triggered ability to the game with each transformed
    /// card as its source, until the end of the turn (`ALord`: while the card matches). It is lowered as a permanent's own trigger, with `this` the card
    /// that has it ([`Lowering::for_bearer`]), kept among the card's given triggers (hook
    /// autos, which the card itself never hears: `lower_card`), and given by the link
    /// `givetrigger(n)` on the statement's targets (`table/given_triggers.rs`).
    fn given_trigger(&self, part: Piece<'_>, inner: Piece<'_>) -> Result<&'i [Link<'i>], Unsupported> {
        if !self.until_end_of_turn.get() && self.lasting_given.get().is_none() {
            // Only a lord's line, or an Aura's or an Equipment's static one, may give it
            // for longer: `line.rs` and `aura.rs` take this then.
            self.lasting_given.set(Some((part.span(), GIVEN_TRIGGER)));
        }
        let bearer = self.for_bearer();
        let Line::Triggered { events, statements, restricted: false, once: false } = bearer.line(inner)? else {
            return Err(Unsupported::new(part, GIVEN_TRIGGER_KIND));
        };
        if !bearer.given_triggers.borrow().is_empty()
            || bearer.turn_limited.get()
            || bearer.once.get()
            || !bearer.live_pumps.borrow().is_empty()
        {
            return Err(Unsupported::new(part, GIVEN_TRIGGER_KIND));
        }
        let mut given = self.given_triggers.borrow_mut();
        let number = i32::try_from(given.len()).unwrap_or(i32::MAX);
        given.push(compiler::ir::Auto { hook: true, events, costs: &[], statements });
        let args = self.arena.alloc_slice_copy(&[Arg::Value(Expr::Int(number))]);
        let command = CommandIdx::new(Command::GiveTrigger.index());
        let give = Link { operator: None, effect: Effect::Call { command, confirm: false, args } };
        Ok(self.arena.alloc_slice_copy(&[give]))
    }

    /// A part `newability[{cost}:effect]` of a `transforms(...) ueot` on other cards than
    /// the card itself (a target, `all(...)`), or on the card beside other parts: Wagic's
    /// `ATransformer` adds the activated ability to the game with each transformed card as
    /// its source, until the end of the turn. It is lowered as a taught ability is
    /// (`bearer.rs`: `this`, `{T}`, `{S}` are the card that has it), kept among the card's
    /// given actions (after its taught ones, the last numbered 0: `lower_card`,
    /// [`effect_given_activations`]), and given by the link `giveability(n)` on the
    /// statement's targets (`table/given.rs`).
    fn given_activated(&self, part: Piece<'_>, inner: Piece<'_>) -> Result<&'i [Link<'i>], Unsupported> {
        if !self.until_end_of_turn.get() && self.lasting_given.get().is_none() {
            // As a given trigger: a lord's, an Aura's or an Equipment's static line alone.
            self.lasting_given.set(Some((part.span(), GIVEN_ACTIVATED)));
        }
        let action = self.given_activation(part, inner)?;
        let mut given = self.given_actions.borrow_mut();
        let number = i32::try_from(given.len()).unwrap_or(i32::MAX);
        given.push((action, inner.text.trim().to_string()));
        let args = self.arena.alloc_slice_copy(&[Arg::Value(Expr::Int(number))]);
        let command = CommandIdx::new(Command::GiveAbility.index());
        let give = Link { operator: None, effect: Effect::Call { command, confirm: false, args } };
        Ok(self.arena.alloc_slice_copy(&[give]))
    }

    /// The effects of a part `transforms((,newability[effect],newability[effect]...))
    /// [forever|ueot|oneshot]` giving the card itself (no target) one-shot effects that
    /// [`Lowering::new_ability`] does not all take (one choosing its own target: a looter's
    /// `target(*|myhand) reject`; a `may`; a discard given to a player by `ability$!...!$`):
    /// Wagic's `ATransformer` parses each as the card's own ability and resolves it at
    /// once, in the order written, so they are the card's own effects. The card itself is
    /// a permanent's, an `autohand=` line's (the card in hand) or an untargeted spell's
    /// (Wagic's default target of a card effect is its source). `None` for any other part,
    /// and where the transformed card is another (an Aura's, an Equipment's, a targeted
    /// spell's).
    ///
    /// `named_itself` is a part written after others under its own `all(this)` (Corpse
    /// Traders' `target(opponent) donothing && all(this) transforms((,newability[...]))`);
    /// a trailing `all(this)` (Lore Broker's `transforms((...)) all(this)`) names the card
    /// itself too. Either is the card whatever the line targets: its effects follow the
    /// parts before, as if written after them (`&& notatarget(*|targetedpersonshand)
    /// reject`). Activation limits after the list (Rix Maadi's `asSorcery`) are the line's.
    pub(super) fn own_one_shots<'s>(
        &self,
        part: Piece<'s>,
        named_itself: bool,
    ) -> Result<Option<Vec<Piece<'s>>>, Unsupported> {
        let words = part.trim().words();
        let Some((&transforms, after)) = words.split_first() else { return Ok(None) };
        // Each of the words after the list at most once, in any order.
        let mut itself = named_itself;
        let mut ended = false;
        let mut limits = Vec::new();
        for word in after {
            let lower = word.text.to_ascii_lowercase();
            if !ended && ["forever", "ueot", "oneshot"].contains(&lower.as_str()) {
                ended = true;
            } else if is_activation_limit(&lower)
                && !limits.iter().any(|limit: &Piece<'_>| limit.text.eq_ignore_ascii_case(&lower))
            {
                limits.push(*word);
            } else if !itself && is_all_this(*word) {
                itself = true;
            } else {
                return Ok(None);
            }
        }
        let on_itself = itself
            || self.in_hand_line.get()
            || if self.spell { self.spell_untargeted } else { !self.aura && !self.equipment };
        if !on_itself {
            return Ok(None);
        }
        let Some(parts) = untyped_new_abilities(transforms) else { return Ok(None) };
        if parts.iter().any(|(_, inner)| inner.text.starts_with(['@', '{'])) {
            return Ok(None);
        }
        // What the line compiles as a transformation with new abilities stays so.
        if parts.iter().all(|&(part, inner)| self.new_ability(part, inner).is_ok()) {
            return Ok(None);
        }
        // Blizzard Specter's `newability[choice ...],newability[choice ...]` are the modes of
        // a "choose one": each would be taken, one after the other (Wagic's `choice` is a
        // `may` that must be taken).
        let modes = parts
            .iter()
            .filter(|(_, inner)| inner.words().first().is_some_and(|word| word.text.eq_ignore_ascii_case("choice")));
        if modes.count() > 1 {
            return Err(Unsupported::new(part, CHOSEN_MODES));
        }
        // Kudzu's `target(land) retarget`: the printed text has the destroyed land's
        // controller choose the land, where the card's own ability has its controller choose.
        if let Some(&(part, _)) = parts.iter().find(|(_, inner)| {
            let lower = inner.text.to_ascii_lowercase();
            lower.contains("retarget") && !lower.contains("|my")
        }) {
            return Err(Unsupported::new(part, RETARGET_ANY));
        }
        for limit in limits {
            self.note_activation_limit(limit);
        }
        Ok(Some(parts.into_iter().map(|(_, inner)| inner).collect()))
    }

    /// `newability[effect]` (Wagic's `ATransformer` parses the effect as the transformed
    /// card's own ability and, one-shot, resolves it at once; lasting, keeps it while the
    /// transformation lasts): the effect's links, on the same targets. Compiled for one
    /// effect of the commands below, whose outcome is the same whichever card is its source
    /// (no damage, whose source counts), or a player effect of a whole number (`draw:1`,
    /// `life:2`: the transformed card's controller's, as Wagic's `getPlayerFromTarget`
    /// reads the card), also given to it by `ability$!...!$ controller` (a discard of its own
    /// hand, its `discardchosen:n`); a keyword ability of several words (`first strike`); any of
    /// these timed `ueot` in a `transforms(...) ueot`, which it ends with; in such a one, a loss
    /// of abilities or land subtypes or a `becomes(...)`; a prevention of the damage dealt
    /// by or to the transformed card (`preventalldamage from(this)`). A zone named by
    /// whose it is (`mybattlefield`) is the transformed card's controller's, checked by the
    /// statement (`statement.rs`).
    fn new_ability(&self, part: Piece<'_>, inner: Piece<'_>) -> Result<&'i [Link<'i>], Unsupported> {
        // A triggered or activated ability is compiled as a permanent's own, alone
        // (`own_new_ability`): given to another card, the card would have to hold it.
        let refused = || {
            if inner.text.starts_with('@') {
                Unsupported::new(part, GIVEN_TRIGGER)
            } else if inner.text.starts_with('{') {
                Unsupported::new(part, GIVEN_ACTIVATED)
            } else {
                refused_new_ability(part, inner)
            }
        };
        // `ability$!name(discard) target(*|myhand) reject!$ controller`: the transformed
        // card's controller (the new ability's source's) discards, its `discardchosen:n` below.
        if let Ok(Some(given::Given::Controller(effect))) = given::whole_line_ability(inner)
            && let Some(discard) = given::players_discard(given::without_name(effect))
        {
            return self.new_ability(part, discard);
        }
        let words = inner.words();
        if let [.., last] = words.as_slice()
            && words.len() > 1
            && last.text.eq_ignore_ascii_case("ueot")
            && self.until_end_of_turn.get()
        {
            // `newability[haste ueot]` in a `transforms(...) ueot`: the new ability ends
            // when the transformation does, at the end of the turn.
            let effect = inner.slice(0, last.start - inner.start).trim();
            return self.new_ability(part, effect);
        }
        if let Some(ability) = ability_of(&inner.text.to_ascii_lowercase()) {
            // A keyword ability of several words (`first strike`).
            let grant = Link { operator: None, effect: Effect::Grant(ability) };
            return Ok(self.arena.alloc_slice_copy(&[grant]));
        }
        if inner.text.get(..5).is_some_and(|head| head.eq_ignore_ascii_case("type:")) {
            // Tears of Rage's only (`type:spec:zone/type:spec:zone`): +X/+X, where its
            // printed text gives +X/+0.
            return Err(Unsupported::new(part, "`newability[...]` of a pump counted by `type:`"));
        }
        if inner.text.get(..12).is_some_and(|head| head.eq_ignore_ascii_case("phaseaction[")) {
            // Wagic's phase action of the new ability: the transformed card is its source.
            return self.phase_action_links(inner, true);
        }
        if let Some(first) = inner.words().first()
            && let Some(cost) = pay::cost_of(*first)
        {
            return self.paid_new_ability(part, inner, *first, cost);
        }
        // `preventalldamage from(this)` (Burrenton Forge-Tender's chosen source): `this`
        // is the transformed card, the statement's target (`prevent.rs`), checked below.
        let prevention =
            inner.words().first().is_some_and(|word| word.text.to_ascii_lowercase().starts_with("preventall"));
        if inner.text.is_empty() || (inner.words().len() != 1 && !prevention) {
            return Err(refused());
        }
        let links = self.effect_links(inner).map_err(|_| refused())?;
        let same_whatever_source = [
            Command::MoveTo,
            Command::Counter,
            Command::Pump,
            Command::Tap,
            Command::Untap,
            Command::Frozen,
            Command::RemoveFromCombat,
            Command::BottomOfLibrary,
            Command::Destroy,
            Command::Bury,
            Command::Regenerate,
            Command::Fizzle,
        ];
        // A player effect of a whole number acts on the transformed card's controller, as
        // the command does on a card target's (not a count: its zones are the source's).
        let of_the_cards_controller = [
            Command::Draw,
            Command::Life,
            Command::AlterPoison,
            Command::LifeSet,
            Command::Discard,
            Command::DiscardChosen,
            Command::Deplete,
        ];
        // A change of the card's abilities or types that the transformation times `ueot`
        // (Jinx's `newability[loseabilities],newability[losesubtypesof(land)]`,
        // Terraformer's `newability[becomes(plains)]`): it ends with the transformation.
        let timed_changes = [Command::LoseAbilities, Command::LoseSubtypesOf, Command::Transforms];
        for link in links {
            match link.effect {
                Effect::Grant(_) | Effect::Revoke(_) => {}
                Effect::Call { command, .. }
                    if self.until_end_of_turn.get()
                        && timed_changes.iter().any(|known| command == CommandIdx::new(known.index())) => {}
                // Its `kind` alone: `to` and `from` are the targets (`this`, `mytgt`) or any.
                Effect::Call { command, args, .. }
                    if command == CommandIdx::new(Command::PreventDamage.index())
                        && args.iter().all(|arg| matches!(arg, Arg::Value(Expr::Int(_)))) => {}
                Effect::Call { command, .. }
                    if same_whatever_source.iter().any(|known| command == CommandIdx::new(known.index())) => {}
                Effect::Call { command, args, .. }
                    if of_the_cards_controller.iter().any(|known| command == CommandIdx::new(known.index()))
                        && args.iter().all(|arg| matches!(arg, Arg::Value(Expr::Int(_)))) => {}
                _ => return Err(refused()),
            }
        }
        let lower = inner.text.to_ascii_lowercase();
        if let Some(zone) = lower.strip_prefix("moveto(")
            && (zone.starts_with("my") || zone.starts_with("opponent"))
        {
            self.newability_relative.set(true);
        }
        Ok(links)
    }

    /// `newability[pay[[cost]] [name(...)] donothing?effect]` (Mana Leak's "counter target
    /// spell unless its controller pays {3}"): Wagic's `ATransformer` makes the paid
    /// ability the transformed card's own, so its `GenericPaidAbility` asks that card's
    /// controller whether to pay, and the effect (one of [`Lowering::new_ability`]'s, on
    /// the card: `fizzle` counters the spell) happens unless they do. The catalogue's
    /// `pay` with `payer` 1 asks the controller of the target, `&&` the effect.
    fn paid_new_ability(
        &self,
        part: Piece<'_>,
        inner: Piece<'_>,
        pay_word: Piece<'_>,
        cost: Piece<'_>,
    ) -> Result<&'i [Link<'i>], Unsupported> {
        const PAID: &str = "transforms part `newability[pay[[cost]] ...]` other than `donothing?effect`";
        let rest = inner.from(pay_word.text.len() + (pay_word.start - inner.start)).trim();
        let (effect, unless) = pay::unless(rest).map_err(|_| Unsupported::new(part, PAID))?;
        if !unless {
            return Err(Unsupported::new(part, PAID));
        }
        let cost = cost.trim();
        // Syncopate's `{value:storedx}`: the X paid for the spell.
        let x = (cost.text.eq_ignore_ascii_case("{value:storedx}") && self.x_allowed())
            .then(|| Expr::Var(spec::variable("x")));
        if x.is_none() && crate::builtins::read_pay_cost(cost.text).is_none() {
            return Err(Unsupported::new(cost, &format!("`pay` cost `{}`", cost.text)).with_help(Some(
                "the `pay` costs compiled are mana (`{2}{W}`, hybrids `{WB}`) and life (`{L:2}`, `{L}`)".into(),
            )));
        }
        let links = self.new_ability(part, effect)?;
        let [effect_link] = links else {
            return Err(Unsupported::new(part, PAID));
        };
        let command = CommandIdx::new(Command::Pay.index());
        let mut args = vec![
            Arg::Value(Expr::Str(self.arena.alloc_str(if x.is_some() { "{X}" } else { cost.text }))),
            Arg::Value(Expr::Int(1)),
            Arg::Value(Expr::Int(1)),
        ];
        args.extend(x.map(Arg::Value));
        let args = self.arena.alloc_slice_copy(&args);
        self.paid_new_ability.set(true);
        let pay = Link { operator: None, effect: Effect::Call { command, confirm: false, args } };
        let effect = Link { operator: Some(ChainOperator::AndThen), ..*effect_link };
        Ok(self.arena.alloc_slice_copy(&[pay, effect]))
    }

    /// A `transforms(...)` statement's links whose `newability[...]` names a zone by whose
    /// it is (`moveTo(opponentbattlefield)`): Wagic reads it from the transformed card's
    /// controller. That is the source's controller on the permanent itself (no target,
    /// `all(this)`) and on a spell's target among its controller's cards; its opponent on a
    /// target spec of the opponent's zone (`creature|opponentbattlefield`), where `my` and
    /// `opponent` swap. Any other target (maybe either player's) is refused.
    pub(super) fn zones_of_the_transformed(
        &self,
        piece: Piece<'_>,
        has_target: bool,
        target_spec: Option<Piece<'_>>,
        chain: &'i [Link<'i>],
    ) -> Result<&'i [Link<'i>], Unsupported> {
        let refused = || {
            Unsupported::new(
                piece,
                "`newability[...]` naming a zone by whose it is, on a card maybe not its controller's",
            )
        };
        if !has_target {
            return if (self.spell && !self.spell_target_mine) || self.aura { Err(refused()) } else { Ok(chain) };
        }
        let spec = target_spec.and_then(|spec| spec::read(spec).ok()).ok_or_else(refused)?;
        if spec.types.len() == 1 && spec.types.iter().all(|word| word.text.trim().eq_ignore_ascii_case("this")) {
            return Ok(chain);
        }
        let prefix = spec.zone.and_then(|(prefix, _)| prefix).map(|prefix| catalogue::ZONE_PREFIXES[prefix].name);
        match prefix {
            Some("my") => Ok(chain),
            Some("opp") => {
                let (my, opp) = (
                    catalogue::position(catalogue::ZONE_PREFIXES, "my"),
                    catalogue::position(catalogue::ZONE_PREFIXES, "opp"),
                );
                let swap = |zone: ZoneRef| {
                    let prefix = zone.prefix.map(|prefix| prefix.index());
                    let swapped = if prefix == my {
                        opp
                    } else if prefix == opp {
                        my
                    } else {
                        prefix
                    };
                    ZoneRef { prefix: swapped.map(ZonePrefixIdx::new), ..zone }
                };
                let links: Vec<Link<'i>> = chain
                    .iter()
                    .map(|link| match link.effect {
                        Effect::Call { command, confirm, args }
                            if command == CommandIdx::new(Command::MoveTo.index()) =>
                        {
                            let args: Vec<Arg<'i>> = args
                                .iter()
                                .map(|arg| match *arg {
                                    Arg::Const(Const::Pile(zone)) => Arg::Const(Const::Pile(swap(zone))),
                                    other => other,
                                })
                                .collect();
                            let args = self.arena.alloc_slice_copy(&args);
                            Link { effect: Effect::Call { command, confirm, args }, ..*link }
                        }
                        _ => *link,
                    })
                    .collect();
                Ok(self.arena.alloc_slice_copy(&links))
            }
            _ => Err(refused()),
        }
    }
}

/// Whether a word is `all(this)`, the card itself.
pub(super) fn is_all_this(word: Piece<'_>) -> bool {
    word.call("all").is_some_and(|(args, rest)| rest.text.is_empty() && args.trim().text.eq_ignore_ascii_case("this"))
}

/// `transforms((,newability[effect]))` with no type before the comma and nothing after:
/// its part `newability[effect]` and the effect.
fn untyped_new_ability(transforms: Piece<'_>) -> Option<(Piece<'_>, Piece<'_>)> {
    match untyped_new_abilities(transforms)?.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// `transforms((,newability[effect],newability[effect]...))` with no type before the
/// first comma, only `newability[...]` parts after it and nothing after them: each part
/// and its effect.
pub(super) fn untyped_new_abilities(transforms: Piece<'_>) -> Option<Vec<(Piece<'_>, Piece<'_>)>> {
    let (args, _) = transforms.call("transforms").filter(|(_, after)| after.text.is_empty())?;
    let (list, rest) = args.trim().call("")?;
    let parts = list.split_top(",");
    let (types, abilities) = parts.split_first()?;
    if !types.text.trim().is_empty() || !rest.text.trim().is_empty() || abilities.is_empty() {
        return None;
    }
    abilities
        .iter()
        .map(|part| {
            let part = part.trim();
            let inner = part.strip_prefix("newability[").filter(|_| part.text.ends_with(']'))?;
            Some((part, inner.slice(0, inner.text.len() - 1).trim()))
        })
        .collect()
}

/// Whether `value`, a permanent's line, is `[this(test)] transforms((,newability[ability]))
/// [forever]` of one triggered or activated ability: the card's own ability
/// ([`Lowering::own_new_ability`]).
fn own_shaped(value: Piece<'_>) -> bool {
    let words = value.trim().words();
    let rest = match words.split_first() {
        Some((first, rest)) if first.call("this").is_some_and(|(_, after)| after.text.is_empty()) => rest,
        Some(_) => words.as_slice(),
        None => return false,
    };
    let transforms = match rest {
        [word] => *word,
        [word, last] if last.text.eq_ignore_ascii_case("forever") => *word,
        _ => return false,
    };
    untyped_new_ability(transforms).is_some_and(|(_, inner)| inner.text.starts_with(['@', '{']))
}

/// The activated abilities (`{cost}:effect`, as written) a card's `auto=` lines give
/// other cards, or the card itself beside other parts, by `transforms((,newability[...]))`
/// (`Lowering::given_activated`), in the order written: every `newability[{...}]` of a
/// line neither taught (`teach(...)`) nor the permanent's own new ability. The front end
/// refuses a card whose lowering gives other ones, so the two always agree.
pub fn effect_given_activations(block: &crate::reader::CardBlock<'_>) -> Vec<String> {
    let spell = block.field("type").is_some_and(|field| {
        let lower = field.value.to_ascii_lowercase();
        lower.contains("instant") || lower.contains("sorcery")
    });
    let mut given = Vec::new();
    for field in block.fields.iter().filter(|field| field.is("auto")) {
        let value = Piece::new(field.value, 0);
        if super::is_taught_activation(field.value) || (!spell && own_shaped(value)) {
            continue;
        }
        if let Some(lord) = super::lord_given::lord_given(value) {
            // A lord's (`lord_given.rs`): the one ability, without its `other`.
            given.push(lord.ability.text.trim().to_string());
            continue;
        }
        let lower = field.value.to_ascii_lowercase();
        let mut from = 0;
        while let Some(at) = lower.get(from..).and_then(|rest| rest.find("newability[{")) {
            let start = from + at + "newability[".len();
            let mut depth = 1usize;
            let mut end = None;
            for (offset, byte) in lower.bytes().enumerate().skip(start) {
                match byte {
                    b'[' => depth += 1,
                    b']' => {
                        depth -= 1;
                        if depth == 0 {
                            end = Some(offset);
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let Some(end) = end else { break };
            given.extend(field.value.get(start..end).map(|inner| inner.trim().to_string()));
            from = end;
        }
    }
    given
}
