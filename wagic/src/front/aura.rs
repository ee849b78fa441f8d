//! An Aura (`type=Enchantment`, `subtype=Aura`): its `target=spec` is the permanent it
//! enchants, chosen as it is cast and attached as it enters (the catalogue's `enchant`
//! command, the first of its entering effects), and its lines apply to that permanent, as
//! Wagic aims an Aura's abilities at `card->target`: an effect written without a target on
//! a permanent (a pump, a keyword ability, `tap`, a counter...) lands on the catalogue
//! variable `enchanted`, a static one as a continuous effect (none while unattached). A
//! player's effect without a target stays on the Aura's controller, and `moveto(...)` on
//! the Aura itself, as in Wagic (`parseMagicLine`: "auras don't move their own target").

use compiler::ir::{Condition, Effect, Expr, Link, Otherwise, Statement, Target};
use vm::bytecode::CommandIdx;

use super::piece::Piece;
use super::transforms::gives_an_ability;
use super::{Line, Lowering, Unsupported, spec, statement};
use crate::catalogue::{self, Command};

/// What a card's lines act on without a target: an Aura's the permanent it enchants, an
/// Equipment's (triggered) the creature it equips.
#[derive(Clone, Copy)]
enum Attached {
    Aura,
    Equipment,
}

/// What an effect without a target acts on, on an Aura.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Object {
    /// The enchanted permanent (Wagic's `card->target`).
    Enchanted,
    /// What it acts on on any permanent: the Aura's controller for a player's effect, the
    /// Aura for `moveto(...)`.
    Unchanged,
    /// Nothing: the count check of `aslongas`, which comes before the effect.
    Neutral,
    /// An object not modelled on an Aura (`damage` without a target, a `foreach` loop).
    Unmodelled,
}

/// The refusal of a `teach(spec)` on an Aura whose spec may not match the permanent it
/// enchants.
pub(super) const TAUGHT_ON_AURA: &str =
    "`teach(spec)` on an Aura whose spec may not match the permanent it enchants (only its `target=` type, or `*`)";

impl<'i> Lowering<'i> {
    /// An Aura's `target=spec`: one statement choosing a permanent the spec matches and
    /// attaching the Aura to it. A spec for players, with a count, or outside the
    /// battlefield is refused (an Aura enchanting a player or a card in a graveyard).
    pub(super) fn enchant(&self, value: Piece<'_>) -> Result<&'i [Statement<'i>], Unsupported> {
        let spec = spec::read(value)?;
        if !matches!(spec.count, spec::Count::One) {
            return Err(Unsupported::new(value, "Aura `target=` with a count"));
        }
        let players = ["player", "controller", "opponent", "this"];
        if let Some(word) =
            spec.types.iter().find(|word| players.iter().any(|name| word.text.eq_ignore_ascii_case(name)))
        {
            return Err(Unsupported::new(*word, "Aura enchanting a player or itself"));
        }
        let battlefield = catalogue::ZONES.iter().position(|zone| zone.name == "battlefield").unwrap_or(0);
        if spec.zone.is_some_and(|(_, zone)| zone != battlefield) {
            return Err(Unsupported::new(value, "Aura enchanting a card outside the battlefield"));
        }
        let filter = self.specs.filter(&spec, false)?;
        let command = CommandIdx::new(Command::Enchant.index());
        let chain = self
            .arena
            .alloc_slice_copy(&[Link { operator: None, effect: Effect::Call { command, confirm: false, args: &[] } }]);
        let statement = Statement {
            condition: None,
            target: Some(Target::Filter { filter, optional: false }),
            restriction: None,
            chain,
            otherwise: None,
            span: value.span(),
        };
        Ok(self.arena.alloc_slice_copy(&[statement]))
    }

    /// One `auto=` line of an Aura: its statements without a target aimed at the enchanted
    /// permanent; a static effect (every statement lasting, no target, no `may`) becomes a
    /// continuous effect on it, so it follows the attachment and ends when the Aura is
    /// attached to nothing. A lord's statements have their own target and are kept.
    pub(super) fn aura_line(&self, value: Piece<'_>) -> Result<Line<'i>, Unsupported> {
        // An ability given by a static line lasts while the Aura is attached (and, under
        // `teach(spec)`, while the permanent matches): the continuous effect on the
        // enchanted permanent gives it anew after every change.
        let before = self.lasting_given.take();
        let line = self.aura_line_lowered(value)?;
        let given_here = self.lasting_given.take();
        let given_while_attached = matches!(line, Line::Continuous(_));
        if let Line::Continuous(statements) = line
            && statements.iter().any(|statement| statement.restriction.is_some() && gives_an_ability(statement))
        {
            // Given anew after every change, it would outlive its turn.
            return Err(Unsupported::new(value.trim(), "Aura's static line giving an ability until end of turn"));
        }
        self.lasting_given.set(before.or(given_here.filter(|_| !given_while_attached)));
        Ok(line)
    }

    /// [`Lowering::aura_line`] before its given abilities are checked.
    fn aura_line_lowered(&self, value: Piece<'_>) -> Result<Line<'i>, Unsupported> {
        // `teach(spec) effect` (Wagic's `ATeach`): the effect on the enchanted permanent
        // when the spec matches it, which `teach(land)` on an Aura of lands always does.
        let written = value.trim();
        let value = match taught(value, self.attached_type.as_deref(), TAUGHT_ON_AURA) {
            Ok(value) => value,
            // A spec the enchanted permanent may not match (`teach(creature[white]) 1/1`).
            Err(refusal) => return self.conditionally_taught(written).ok_or(refusal)?,
        };
        if value.text.len() != written.text.len() && value.text.trim_start().starts_with(['{', '@']) {
            // Wagic's `ATeach` gives the ability to the enchanted creature: `this` is the
            // creature, `my` its controller's. As the Aura's own trigger it would be
            // neither. (An activated one is the creature's: `bearer.rs`.)
            return Err(Unsupported::new(written, "`teach(spec)` of a triggered ability"));
        }
        // A taught line's `thisforeach(...)` counts on the enchanted permanent.
        let taught_line = value.text.len() != written.text.len();
        let outer = self.foreach_subject.replace(if taught_line { Some("enchanted") } else { None });
        let line = self.line(value);
        self.foreach_subject.set(outer);
        Ok(match line? {
            Line::Plain(statements) => {
                let is_static = statements.iter().all(|statement| {
                    statement.target.is_none()
                        && statement.condition.is_none()
                        && statement.chain.iter().all(|link| statement::is_lasting(&link.effect))
                });
                let statements = self.on_attached(statements, value, Attached::Aura)?;
                if is_static { Line::Continuous(statements) } else { Line::Plain(statements) }
            }
            Line::Continuous(statements) => Line::Continuous(self.on_attached(statements, value, Attached::Aura)?),
            Line::Once(statements) => Line::Once(self.on_attached(statements, value, Attached::Aura)?),
            lord @ Line::Lord { .. } => lord,
            Line::Activated { label, costs, statements } => {
                Line::Activated { label, costs, statements: self.on_attached(statements, value, Attached::Aura)? }
            }
            Line::Triggered { events, statements, restricted, once } => Line::Triggered {
                events,
                statements: self.on_attached(statements, value, Attached::Aura)?,
                restricted,
                once,
            },
        })
    }

    /// `teach(spec) effect` on an Aura where the enchanted permanent may not match the spec
    /// (Serra's Boon's `teach(creature[white]) 1/2`, Hobble's `teach(creature[black])
    /// cantblock`): a static effect on the enchanted permanent, in force while it matches
    /// (a continuous effect, which the runtime runs again after every event, under a test
    /// of the spec). `None` for a line that is no `teach(...)` or an Aura with no type of
    /// permanent it enchants; refused for any effect but a static one.
    fn conditionally_taught(&self, written: Piece<'_>) -> Option<Result<Line<'i>, Unsupported>> {
        self.attached_type.as_ref()?;
        let first = *written.words().first()?;
        let (spec_piece, _) = first.call("teach")?;
        let effect = written.from(first.text.len()).trim();
        Some(self.taught_while_matching(written, spec_piece, effect))
    }

    /// [`Lowering::conditionally_taught`] of `teach(spec_piece) effect`.
    fn taught_while_matching(
        &self,
        written: Piece<'_>,
        spec_piece: Piece<'_>,
        effect: Piece<'_>,
    ) -> Result<Line<'i>, Unsupported> {
        let refused = || {
            Unsupported::new(
                written,
                "`teach(spec)` on an Aura whose spec may not match the permanent it enchants, of other than a static effect",
            )
        };
        if effect.text.is_empty() || effect.text.starts_with(['{', '@']) {
            return Err(refused());
        }
        let Line::Plain(statements) = self.line(effect)? else { return Err(refused()) };
        let is_static = statements.iter().all(|statement| {
            statement.target.is_none()
                && statement.condition.is_none()
                && statement.otherwise.is_none()
                && statement.chain.iter().all(|link| statement::is_lasting(&link.effect))
        });
        if !is_static {
            return Err(refused());
        }
        let statements = self.on_attached(statements, effect, Attached::Aura)?;
        let read = spec::read(spec_piece)?;
        let enchanted = Expr::Var(spec::variable("enchanted"));
        let Some(test) = self.specs.predicate(&read, enchanted, "inzone")? else {
            return Ok(Line::Continuous(statements));
        };
        let mut tested = Vec::with_capacity(statements.len());
        for statement in statements {
            // An empty `else`: an enchanted permanent the spec does not match is no failure.
            let nothing = Statement { condition: None, chain: &[], otherwise: None, ..*statement };
            let otherwise = self.arena.alloc(Otherwise { elif: None, body: nothing });
            tested.push(Statement { condition: Some(Condition::If(test)), otherwise: Some(otherwise), ..*statement });
        }
        Ok(Line::Continuous(self.arena.alloc_slice_copy(&tested)))
    }

    /// `alias=1194` on an Aura: the catalogue's `control` of the enchanted permanent.
    pub(super) fn control_enchanted(&self, value: Piece<'_>) -> &'i [Statement<'i>] {
        let enchanted = self.arena.alloc(Expr::Var(spec::variable("enchanted")));
        let command = CommandIdx::new(Command::Control.index());
        let chain = self
            .arena
            .alloc_slice_copy(&[Link { operator: None, effect: Effect::Call { command, confirm: false, args: &[] } }]);
        self.arena.alloc_slice_copy(&[Statement {
            condition: None,
            target: Some(Target::Expr { value: enchanted, optional: true }),
            restriction: None,
            chain,
            otherwise: None,
            span: value.span(),
        }])
    }

    /// `alias=129767` on an instant or sorcery: the catalogue's `control` of the spell's
    /// target (a statement without a target of its own acts on the card's `target=`).
    pub(super) fn control_target(&self, value: Piece<'_>) -> &'i [Statement<'i>] {
        let command = CommandIdx::new(Command::Control.index());
        let chain = self
            .arena
            .alloc_slice_copy(&[Link { operator: None, effect: Effect::Call { command, confirm: false, args: &[] } }]);
        self.arena.alloc_slice_copy(&[Statement {
            condition: None,
            target: None,
            restriction: None,
            chain,
            otherwise: None,
            span: value.span(),
        }])
    }

    /// An `autograveyard=` line (Wagic runs it while the card is in a graveyard) that is
    /// the card's own move from the battlefield into a graveyard,
    /// `@movedto(this|graveyard) from(battlefield)` (`graveyard.rs`),
    /// which the runtime shows the card as it leaves play, as an `auto=` trigger. Its
    /// statements without a target must act on the card's controller or move the card
    /// itself (Rancor's `moveTo(ownerhand)`): an Aura in a graveyard enchants nothing.
    pub(super) fn graveyard_line(
        &self,
        value: Piece<'_>,
    ) -> Result<(&'i [compiler::ir::Event<'i>], &'i [Statement<'i>]), Unsupported> {
        let written: String = value.text.split_ascii_whitespace().collect::<Vec<_>>().join(" ").to_ascii_lowercase();
        let Line::Triggered { events, statements, restricted: false, once: false } = self.line(value)? else {
            return Err(Unsupported::new(value, "`autograveyard` trigger with a restriction"));
        };
        if self.turn_limited.get() {
            return Err(Unsupported::new(value, "`autograveyard` trigger with `turnlimited`"));
        }
        for statement in statements {
            let unchanged = statement
                .chain
                .iter()
                .all(|link| matches!(object_of(&link.effect), Object::Unchanged | Object::Neutral));
            if statement.target.is_none() && !unchanged || written.contains("sacrifice") {
                return Err(Unsupported::new(value, "`autograveyard` effect without a target on a permanent"));
            }
        }
        Ok((events, statements))
    }

    /// An Equipment's triggered line (`@combat(attacking) source(mytgt):counter(1/1,1)`):
    /// Wagic's `AEquip` adds the Equipment's abilities as it attaches, aimed at the
    /// equipped creature (its `mytgt`, `trigger.rs`), so a statement without a target that
    /// acts on a permanent acts on the equipped creature, as an Aura's does.
    pub(super) fn equipment_trigger(&self, value: Piece<'_>) -> Result<Line<'i>, Unsupported> {
        match self.line(value)? {
            Line::Triggered { events, statements, restricted, once } => Ok(Line::Triggered {
                events,
                statements: self.on_attached(statements, value, Attached::Equipment)?,
                restricted,
                once,
            }),
            _ => Err(Unsupported::new(value, "equipment line other than `{cost}:equip` or a static effect")),
        }
    }

    /// The statements, each without a target aimed at the permanent the card is attached
    /// to (`enchanted`, `equipped`) when its effects act on a permanent; refused when its
    /// effects mix objects or act on one not modelled.
    fn on_attached(
        &self,
        statements: &'i [Statement<'i>],
        value: Piece<'_>,
        attached: Attached,
    ) -> Result<&'i [Statement<'i>], Unsupported> {
        let (variable, kind) = match attached {
            Attached::Aura => ("enchanted", "an Aura"),
            Attached::Equipment => ("equipped", "an Equipment"),
        };
        let enchanted = self.arena.alloc(Expr::Var(spec::variable(variable)));
        let mut aimed = Vec::with_capacity(statements.len());
        for statement in statements {
            if statement.target.is_some() {
                aimed.push(*statement);
                continue;
            }
            // `sacrifice` is a `moveto` to the graveyard, which Wagic aims at the enchanted
            // permanent where it aims `moveto(...)` at the Aura: not told apart here.
            let written = value.text.to_ascii_lowercase();
            if written.contains("sacrifice") {
                return Err(Unsupported::new(value, &format!("`sacrifice` without a target on {kind}")));
            }
            let mut objects =
                statement.chain.iter().map(|link| object_of(&link.effect)).filter(|object| *object != Object::Neutral);
            let target = match objects.next() {
                None | Some(Object::Unchanged) if objects.all(|other| other == Object::Unchanged) => None,
                Some(Object::Enchanted) if objects.all(|other| other == Object::Enchanted) => {
                    Some(Target::Expr { value: enchanted, optional: true })
                }
                _ => {
                    let construct = match attached {
                        Attached::Aura => "Aura effect without a target on an object not modelled",
                        Attached::Equipment => "Equipment effect without a target on an object not modelled",
                    };
                    return Err(Unsupported::new(value, construct));
                }
            };
            aimed.push(Statement { target, ..*statement });
        }
        Ok(self.arena.alloc_slice_copy(&aimed))
    }
}

/// What an effect without a target acts on, on an Aura.
fn object_of(effect: &Effect<'_>) -> Object {
    let command = match *effect {
        Effect::Grant(_) | Effect::Revoke(_) => return Object::Enchanted,
        Effect::Each { .. } => return Object::Unmodelled,
        Effect::Call { command, .. } => command,
    };
    let is = |wanted: Command| command == CommandIdx::new(wanted.index());
    let on_permanent = [
        Command::Pump,
        Command::CantBeBlockedBy,
        Command::CantBeBlockerOf,
        Command::CantBeTargetOf,
        Command::ProtectionFrom,
        Command::PreventDamage,
        Command::SpiritLink,
        Command::Tap,
        Command::Untap,
        Command::Frozen,
        Command::RemoveFromCombat,
        Command::Counter,
        Command::Prevent,
        Command::Regenerate,
        Command::Destroy,
        Command::Bury,
        Command::Transforms,
        Command::LoseAbilities,
        Command::LoseSubtypesOf,
        Command::GiveTrigger,
        Command::GiveAbility,
    ];
    let on_player = [
        Command::Life,
        Command::AlterPoison,
        Command::LifeSet,
        Command::Draw,
        Command::Discard,
        Command::DiscardChosen,
        Command::Deplete,
        Command::Add,
        Command::Shuffle,
    ];
    if is(Command::AsLongAs) {
        Object::Neutral
    } else if on_permanent.into_iter().any(is) {
        Object::Enchanted
    } else if on_player.into_iter().any(is) || is(Command::MoveTo) {
        Object::Unchanged
    } else {
        Object::Unmodelled
    }
}

/// The effect of a line written `teach(spec) effect`, or the line itself without
/// `teach(...)`. Wagic's `ATeach` on an Aura or an Equipment gives the effect to the
/// permanent it is attached to when `teach`'s spec matches it: compiled where the spec
/// matches every permanent the card may be attached to (`attached_to`, [`attached_type`]),
/// so that the effect always applies: a spec of that one type word, or `*`. Any other
/// spec, or `teach` elsewhere, is refused as `construct`.
pub(super) fn taught<'v>(
    value: Piece<'v>,
    attached_to: Option<&str>,
    construct: &str,
) -> Result<Piece<'v>, Unsupported> {
    let value = value.trim();
    let Some(first) = value.words().first().copied() else { return Ok(value) };
    let Some((spec_piece, _)) = first.call("teach") else { return Ok(value) };
    let spec = spec_piece.trim().text;
    let always = attached_to.is_some_and(|kind| spec == "*" || spec.eq_ignore_ascii_case(kind));
    if !always {
        return Err(Unsupported::new(value, construct));
    }
    let effect = value.from(first.text.len()).trim();
    if effect.text.is_empty() {
        return Err(Unsupported::new(value, "line without an effect"));
    }
    Ok(effect)
}

/// The one type every permanent an Aura's `target=spec` may enchant has (`creature`,
/// `land`, `artifact`), or `*` for a spec of any permanent: the spec's type words are all
/// that word, or all `*`, whatever its `[...]` terms and its battlefield zone say. `None`
/// for a spec of several types (`creature,player`), a count or another zone.
pub(super) fn attached_type(target: &str) -> Option<String> {
    let spec = spec::read(Piece::new(target, 0)).ok()?;
    let battlefield = catalogue::ZONES.iter().position(|zone| zone.name == "battlefield");
    if !matches!(spec.count, spec::Count::One)
        || spec.other
        || spec.zone.is_some_and(|(_, zone)| Some(zone) != battlefield)
    {
        return None;
    }
    let first = spec.types.first()?.text.trim().to_ascii_lowercase();
    let one = spec.types.iter().all(|word| word.text.trim().eq_ignore_ascii_case(&first));
    let permanent =
        first == "*" || ["creature", "land", "artifact", "enchantment", "planeswalker"].contains(&first.as_str());
    (one && permanent).then_some(first)
}
