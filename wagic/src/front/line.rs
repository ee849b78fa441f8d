//! One `auto=` line of a card split into its cost or trigger and its effect part
//! ([`Lowering::line`]), and the shapes a permanent's line may take around them: `lord`,
//! `aslongas` and `foreach` effects, an Equipment's lines (its conditions: `restrictions.rs`).

use super::*;
use compiler::ir::{Arg, Effect, Link, TypeAtom};

/// The restriction `@combat(attackedalone)` stands for: one creature attacks.
const ATTACKING_ALONE: &str = "type(creature[attacking]|battlefield)~equalto~1";

/// What one `auto=` line is.
pub(super) enum Line<'i> {
    /// No cost and no trigger: a spell's effect, or a permanent's effect on entering play.
    Plain(&'i [Statement<'i>]),
    /// `lord(spec) effect` on a permanent: the effect on every match when the lord enters,
    /// and on each match that enters later (`event`, with the statements retargeted to the
    /// entering card); the runtime ends both when the lord leaves play.
    Lord { statements: &'i [Statement<'i>], event: Event<'i>, entering: &'i [Statement<'i>] },
    /// `aslongas(spec) effect` or `foreach(spec) p/t` with a lasting effect on a permanent:
    /// a continuous effect (an auto on the catalogue's `continuous` event), which the
    /// runtime runs again after every change, so it holds while its condition does.
    Continuous(&'i [Statement<'i>]),
    /// `aslongas(spec) effect oneShot` on a permanent: the count checked once, as the
    /// permanent enters (Wagic resolves a `oneShot` `AAsLongAs` at once), its lasting
    /// effect then holding while the permanent stays.
    Once(&'i [Statement<'i>]),
    /// `{cost}:effect`.
    Activated { label: Option<&'i str>, costs: &'i [Cost<'i>], statements: &'i [Statement<'i>] },
    /// `@trigger:effect`; `restricted` when the trigger has a `restriction{...}`; `once`
    /// for `@next phase` (its auto costs `nextonce`: it runs once since the card entered).
    /// `events` are one event, or for an Aura's `@each targetcontroller` two (its
    /// controller's and its opponent's, each tested against the enchanted permanent's).
    Triggered { events: &'i [Event<'i>], statements: &'i [Statement<'i>], restricted: bool, once: bool },
}

impl<'i> Lowering<'i> {
    pub(super) fn line(&self, value: Piece<'_>) -> Result<Line<'i>, Unsupported> {
        self.activation_limits.borrow_mut().clear();
        self.one_shot.set(false);
        self.x_entering.set(false);
        self.x_used.set(false);
        self.damage_trigger.set(false);
        self.life_trigger.set(None);
        self.stored_cost.set(false);
        self.combat_foe.set(None);
        self.trigger_from.set(None);
        self.this_flip.set(None);
        self.fog_seen.take();
        self.part_lasting.set(None);
        let line = self.line_parts(value)?;
        let label = match &line {
            Line::Activated { label, .. } => *label,
            _ => None,
        };
        self.check_fog(self.spell || matches!(line, Line::Activated { .. } | Line::Triggered { .. }), label)?;
        if let (Line::Plain(_) | Line::Once(_), Some(span)) = (&line, self.this_flip.get()) {
            // Wagic's `AThis` runs its one-shot effect whenever its test holds: a state
            // trigger (Garruk Relentless transforms once he has two or fewer loyalty
            // counters), not an entering effect.
            return Err(Unsupported {
                span,
                construct: "`this(...)` of `flip(...)` on a permanent's own line (a state trigger)".into(),
                help: None,
            });
        }
        let limits = std::mem::take(&mut *self.activation_limits.borrow_mut());
        match (line, limits.first()) {
            (line, None) => Ok(line),
            (Line::Activated { label, costs, statements }, Some(_)) => {
                // The limits first: checked before a cost that asks its player a question
                // (`{S(spec)}`), which legality takes as payable without looking further
                // (Mind Slash's `asSorcery` was offered in an upkeep, then did nothing).
                let mut limited: Vec<Cost<'i>> = limits
                    .iter()
                    .map(|limit| {
                        let index = CATALOGUE.costs.iter().position(|spec| spec.name == limit.cost).unwrap_or(0);
                        Cost { cost: CostIdx::new(index), count: limit.count, filter: limit.filter }
                    })
                    .collect();
                limited.extend_from_slice(costs);
                Ok(Line::Activated { label, costs: self.arena.alloc_slice_copy(&limited), statements })
            }
            (_, Some(limit)) => Err(Unsupported {
                span: limit.span,
                construct: format!("`{}` outside an activated ability", limit.written),
                help: None,
            }),
        }
    }

    pub(super) fn line_parts(&self, value: Piece<'_>) -> Result<Line<'i>, Unsupported> {
        let value = value.trim();
        if !value.balanced()
            && let Some((at, construct, help)) = brackets::refusal(value.text)
        {
            // A shape Wagic reads otherwise than printed.
            let construct = format!("unbalanced brackets: {construct}");
            return Err(Unsupported::new(value.slice(at, at + 1), &construct).with_help(Some(help.into())));
        }
        if !value.balanced()
            && let Some((at, problem)) = value.first_unbalanced()
        {
            let help = match problem {
                piece::Unbalanced::Unclosed(close) => {
                    format!("this `{}` is never closed: add `{}`", value.text.as_bytes()[at] as char, close as char)
                }
                piece::Unbalanced::Stray(open) => match open {
                    Some(open) => format!("this `{}` closes a `{}`", value.text.as_bytes()[at] as char, open as char),
                    None => format!("this `{}` closes nothing", value.text.as_bytes()[at] as char),
                },
            };
            return Err(Unsupported::new(value.slice(at, at + 1), "unbalanced brackets").with_help(Some(help)));
        }
        // `maxlevel:n` (Wagic's `AAWhatsMax`) tells Wagic's AI how far to level the card
        // up; it changes nothing of the game.
        if value.text.get(..9).is_some_and(|word| word.eq_ignore_ascii_case("maxlevel:"))
            && value.text[9..].trim().parse::<u32>().is_ok()
        {
            return Ok(Line::Plain(&[]));
        }
        if let Some((args, after)) = value.call("rampage")
            && after.text.is_empty()
        {
            return self.rampage(value, args);
        }
        if evolve::is_evolve(value) {
            return self.evolve(value);
        }
        if let Some(line) = self.own_new_ability(value)? {
            return Ok(line);
        }
        if let Some(given) = lord_given::lord_given(value) {
            return self.lord_given_line(value, given);
        }
        if let Some(line) = self.counted_activation(value)? {
            return Ok(line);
        }
        if value.text.starts_with('@') {
            let colon = value.find_top(b':').ok_or_else(|| {
                Unsupported::new(value, "trigger without `:`")
                    .with_help(Some("write `:` between the trigger and the effect (`@each my upkeep:draw:1`)".into()))
            })?;
            let (trigger, restriction) = split_restriction(value.slice(0, colon).trim());
            card_events::refuse_library_restriction(trigger, restriction)?;
            self.turn_limited.set(false);
            self.attacked_alone.set(false);
            self.once.set(false);
            let events = self.trigger(trigger)?;
            let damaged = CATALOGUE.event_index("damaged").map(EventIdx::new);
            self.damage_trigger.set(events.iter().any(|event| Some(event.event) == damaged));
            self.combat_foe.set(combat_foe(events));
            let source = [("targeted", "targetsource"), ("vampired", "vampire")].into_iter().find(|(name, _)| {
                let index = CATALOGUE.event_index(name).map(EventIdx::new);
                events.iter().any(|event| Some(event.event) == index)
            });
            self.trigger_from.set(source.map(|(_, variable)| variable));
            let (_, mut statements, _, _) = self.effect(value.from(colon + 1))?;
            if let Some(restriction) = restriction {
                // An Aura's `this` is the Aura (Mark of the Oni's `sacrifice all(this)`), never
                // in combat: Errantry's `all(this) removefromcombat` would do nothing, where
                // its printed text removes the enchanted creature.
                let effect = value.from(colon + 1).text.to_ascii_lowercase();
                if self.aura && effect.contains("removefromcombat") {
                    return Err(Unsupported::new(
                        restriction,
                        "trigger restriction on an Aura with `removefromcombat`",
                    ));
                }
                statements = self.restricted(restriction, statements)?;
            }
            if self.attacked_alone.get() {
                // The attackers are all declared when `attacking` fires, and stay so until
                // its triggers resolve: one attacking creature is the trigger's own.
                let alone = Piece::new(ATTACKING_ALONE, trigger.start);
                statements = self.restricted(alone, statements)?;
            }
            let statements = self.until_end_of_turn(statements);
            self.static_only(statements, value)?;
            let next =
                trigger.from(1).trim().words().first().is_some_and(|word| word.text.eq_ignore_ascii_case("next"));
            let once = next || self.once.get();
            let restricted = restriction.is_some() || self.attacked_alone.get();
            return Ok(Line::Triggered { events, statements, restricted, once });
        }
        if value.text.starts_with('{') {
            let colon = value.find_top(b':').ok_or_else(|| {
                Unsupported::new(value, "cost without `:`")
                    .with_help(Some("write `:` between the cost and the effect (`{T}:add{G}`)".into()))
            })?;
            let (costs, x_cost) = self.activated_costs(value.slice(0, colon).trim())?;
            let sacrificed = dynamic::reads_sacrificed_source(value.slice(0, colon), value.from(colon + 1))?;
            // `X` in the effect is the X its cost paid (`builtins/x_cost.rs`).
            self.x_cost.set(x_cost);
            let outer_sacrificed = self.sacrificed_source.replace(sacrificed);
            let outer_activated = self.activated_line.replace(true);
            let effect = self.effect(value.from(colon + 1));
            self.activated_line.set(outer_activated);
            self.sacrificed_source.set(outer_sacrificed);
            self.x_cost.set(false);
            let (label, mut statements, _, _) = effect?;
            if value.slice(0, colon).text.to_ascii_uppercase().contains("{T}") {
                statements = self.untapped_source_as_targets_are_chosen(statements);
                statements = self.tapping_for_mana(statements);
            }
            self.static_only(statements, value)?;
            return Ok(Line::Activated { label, costs, statements: self.until_end_of_turn(statements) });
        }
        if phaseaction::is_phase_action(value) {
            return self.phase_action(value);
        }
        self.x_entering.set(self.x_permanent);
        let (_, statements, lord, continuous) = self.effect(value)?;
        self.x_entering.set(false);
        if let Some(span) = self.part_lasting.get().filter(|_| !self.spell) {
            // Applied once as the permanent enters, it would not follow its spec or count.
            let construct = "`lord(...)`, `foreach(...)` or `aslongas(...)` of a lasting effect in a later `&&` part of a permanent's own line";
            return Err(Unsupported { span, construct: construct.into(), help: None });
        }
        let x_read = self.x_used.get() && self.x_permanent;
        if x_read && (self.one_shot.get() || continuous || lord.is_some()) {
            // Read again later, the X paid would be another spell's.
            return Err(Unsupported::new(value, "`X` in a lasting effect of a permanent"));
        }
        if self.one_shot.get() && statements.first().is_some_and(starts_with_a_count) {
            return Ok(Line::Once(statements));
        }
        // A spell's `fog from(mytgt) oneshot` (Fend Off): Wagic's `fog` is one-shot already
        // (`preventDamageForceOneShot`), and so is a spell's every line.
        let fog_of_a_spell = self.spell && self.fog_seen.get().at.is_some();
        // On a line of one-shot effects (a Harbinger's `moveTo(library)
        // target(goblin|mylibrary) oneshot`) it changes nothing: Wagic resolves such a line
        // once, as the permanent enters or the spell resolves.
        let all_one_shot = lord.is_none()
            && !continuous
            && statements
                .iter()
                .all(|statement| statement.chain.iter().all(|link| !statement::is_lasting(&link.effect)));
        if self.one_shot.get() && !fog_of_a_spell && !all_one_shot {
            // Wagic would apply the lasting effect once, to what matches then, for good.
            return Err(Unsupported::new(value, "`oneshot` of a lasting effect outside `aslongas(...)`"));
        }
        if !self.spell {
            sacrifice::refuse_sacrifice_instead(value)?;
        }
        // `cantbeblockedby(spec)` holds for the creatures the spec matches now: continuous,
        // counted again after every change (a lord's too: its statements target its spec).
        // So does a lord whose spec a permanent matches for a while (`creature[attacking]`):
        // Wagic's lords follow their matches, which entering alone does not.
        let lord_of_a_state = lord.is_some_and(|spec| {
            let spec = spec.text.to_ascii_lowercase();
            ["attacking", "blocking", "blocked", "tapped"].iter().any(|state| spec.contains(state))
        });
        if continuous
            || lord_of_a_state
            || statements.iter().any(|statement| statement.chain.iter().any(is_unblockable))
        {
            self.static_only(statements, value)?;
            if !self.spell {
                // A permanent's ability given by a continuous line (`aslongas(spec)
                // transforms((,newability[...])) >n`, Treacherous Werewolf's threshold)
                // lasts while the line holds: the auto gives it anew after every change.
                if statements
                    .iter()
                    .any(|statement| statement.restriction.is_some() && transforms::gives_an_ability(statement))
                {
                    return Err(Unsupported::new(value, "continuous line giving an ability until end of turn"));
                }
                self.lasting_given.set(None);
            }
            return Ok(Line::Continuous(statements));
        }
        match lord {
            // A lord of lasting effects holds for the permanents its spec matches now, as
            // Wagic's `ALord` checks again: a creature that stops matching (Turn to Frog
            // makes it blue under Crusade's `lord(creature[white])`) loses the effect.
            Some(spec_piece)
                if statements.iter().all(|statement| {
                    statement.restriction.is_none()
                        && statement.condition.is_none()
                        && statement.chain.iter().all(|link| statement::is_lasting(&link.effect))
                }) =>
            {
                // What a lord may not be (outside the battlefield) is refused all the same.
                self.lord_entering(spec_piece, statements)?;
                // A triggered or activated ability it gives lasts while each permanent
                // matches (`transforms.rs`): the continuous auto gives it anew after every
                // change.
                self.lasting_given.set(None);
                Ok(Line::Continuous(statements))
            }
            Some(spec_piece) if statements.iter().all(|statement| statement.restriction.is_none()) => {
                let (event, entering) = self.lord_entering(spec_piece, statements)?;
                Ok(Line::Lord { statements, event, entering })
            }
            _ => Ok(Line::Plain(statements)),
        }
    }

    /// One `auto=` line of an Equipment: `{cost}:equip` or `{cost}:rehook target(...)` (not
    /// continuous: the caller lowers it as an activated ability), or a static effect without a target (`2/0`, `trample`),
    /// which becomes a continuous effect on the equipped creature (none while unattached:
    /// the catalogue's `equipped` is then nil). Any other line is refused: Wagic aims an
    /// equipment's abilities at the equipped creature, which is not modelled.
    pub(super) fn equipment_line(&self, value: Piece<'_>) -> Result<(&'i [Statement<'i>], bool), Unsupported> {
        let refused = || Unsupported::new(value, "equipment line other than `{cost}:equip` or a static effect");
        // An Equipment attaches to creatures only: `teach(creature) 1/1` is `1/1`. (An
        // activated ability taught is the creature's: `bearer.rs`.)
        let construct = "`teach(...)` on an Equipment other than `teach(creature)` of a static effect";
        let taught = aura::taught(value, Some("creature"), construct)?;
        let is_taught = taught.text.len() != value.trim().text.len();
        let value = taught;
        // A taught line's `thisforeach(...)` counts on the equipped creature.
        let outer = self.foreach_subject.replace(if is_taught { Some("equipped") } else { None });
        // An ability given by a static line lasts while the Equipment is attached: the
        // continuous effect on the equipped creature gives it anew after every change.
        let before = self.lasting_given.take();
        let line = self.line(value);
        self.foreach_subject.set(outer);
        let line = line?;
        let given_here = self.lasting_given.take();
        let given_while_attached = matches!(line, Line::Plain(_));
        self.lasting_given.set(before.or(given_here.filter(|_| !given_while_attached)));
        let taught_shape = match &line {
            Line::Plain(_) => true,
            Line::Continuous(statements) => statements.iter().all(pumps_only),
            _ => false,
        };
        if is_taught && !taught_shape {
            return Err(Unsupported::new(value, construct));
        }
        if value.trim().text.to_ascii_lowercase().starts_with("aslongas(parents)") {
            // Grifter's Blade's and Piston Sledge's attaching as it enters, unattached: no
            // spec `parents` is compiled.
            return Err(Unsupported::new(value, "`aslongas(parents)` on an Equipment (attaching it as it enters)"));
        }
        match line {
            Line::Activated { statements, .. } if statements.iter().all(is_equip) => Ok((statements, false)),
            Line::Plain(statements) => Ok((self.on_equipped(statements).ok_or_else(refused)?, true)),
            // A pump counted again after every change (`thisforeach(gear) 1/0`,
            // `foreach(swamp|mybattlefield) 1/1`). Other continuous lines (a prevention
            // `to(this)`, which would be the Equipment's) stay refused.
            Line::Continuous(statements) if statements.iter().all(pumps_only) => {
                Ok((self.on_equipped(statements).ok_or_else(refused)?, true))
            }
            _ => Err(refused()),
        }
    }

    /// A static effect's statements (lasting, without a target or a condition) aimed at
    /// the equipped creature; `None` for another.
    fn on_equipped(&self, statements: &'i [Statement<'i>]) -> Option<&'i [Statement<'i>]> {
        let equipped = self.arena.alloc(Expr::Var(spec::variable("equipped")));
        let mut on_equipped = Vec::with_capacity(statements.len());
        for statement in statements {
            let lasting = statement.chain.iter().all(|link| statement::is_lasting(&link.effect));
            if statement.target.is_some() || statement.condition.is_some() || !lasting {
                return None;
            }
            let target = Some(Target::Expr { value: equipped, optional: true });
            on_equipped.push(Statement { target, ..*statement });
        }
        Some(self.arena.alloc_slice_copy(&on_equipped))
    }

    /// Wagic chooses an ability's targets before its costs are paid, so the source of an
    /// ability that costs `{T}` is still untapped then: a target spec that requires a
    /// tapped card never matches it (Royal Assassin's `target(creature[tapped])`). The
    /// runtime chooses a statement's target as the body runs, after the costs, so such a
    /// spec leaves the source out.
    /// A mana ability whose cost taps its source: its first `add` says so (the command's
    /// `tapped`), which `tappedformana` hears (Wagic's `WEventCardTappedForMana`, sent as
    /// a tapping `AManaProducer` is activated).
    fn tapping_for_mana(&self, statements: &'i [Statement<'i>]) -> &'i [Statement<'i>] {
        let add = CommandIdx::new(catalogue::Command::Add.index());
        let mut marked = false;
        let changed: Vec<Statement<'i>> = statements
            .iter()
            .map(|statement| {
                let chain: Vec<Link<'i>> = statement
                    .chain
                    .iter()
                    .map(|link| match link.effect {
                        Effect::Call { command, confirm, args } if command == add && args.len() == 2 && !marked => {
                            marked = true;
                            let mut args = args.to_vec();
                            args.push(Arg::Value(Expr::Bool(true)));
                            let args = self.arena.alloc_slice_copy(&args);
                            Link { effect: Effect::Call { command, confirm, args }, ..*link }
                        }
                        _ => *link,
                    })
                    .collect();
                Statement { chain: self.arena.alloc_slice_copy(&chain), ..*statement }
            })
            .collect();
        if !marked {
            return statements;
        }
        self.arena.alloc_slice_copy(&changed)
    }

    fn untapped_source_as_targets_are_chosen(&self, statements: &'i [Statement<'i>]) -> &'i [Statement<'i>] {
        let tapped = catalogue::position(catalogue::FILTERS, "tapped").map(vm::bytecode::FilterKeywordIdx::new);
        let requires_tapped = |filter: &compiler::ir::Filter<'_>| {
            !filter.terms.is_empty()
                && filter.terms.iter().all(|group| {
                    group.iter().any(|term| {
                        !term.negated
                            && matches!(term.kind, vm::bytecode::TermKind::Keyword(keyword) if Some(keyword) == tapped)
                    })
                })
        };
        let changed: Vec<Statement<'i>> = statements
            .iter()
            .map(|statement| match statement.target {
                Some(Target::Filter { filter, optional }) if requires_tapped(filter) => {
                    let types: Vec<compiler::ir::TypeTerm<'i>> = filter
                        .types
                        .iter()
                        .map(|term| compiler::ir::TypeTerm { exclude_source: true, ..*term })
                        .collect();
                    let filter = self
                        .arena
                        .alloc(compiler::ir::Filter { types: self.arena.alloc_slice_copy(&types), ..*filter });
                    Statement { target: Some(Target::Filter { filter, optional }), ..*statement }
                }
                _ => *statement,
            })
            .collect();
        self.arena.alloc_slice_copy(&changed)
    }

    /// Wagic's rule for how long an effect lasts when no `ueot` is written: an activated
    /// or triggered ability's effect (and a spell's) ends with the turn.
    pub(super) fn until_end_of_turn(&self, statements: &'i [Statement<'i>]) -> &'i [Statement<'i>] {
        let ueot = Some((RestrictionIdx::new(0), None));
        let timed: Vec<Statement<'i>> = statements
            .iter()
            .map(|statement| Statement { restriction: statement.restriction.or(ueot), ..*statement })
            .collect();
        self.arena.alloc_slice_copy(&timed)
    }

    /// The entering half of a lord: `movedto` of a card matching the spec onto the
    /// battlefield, and the lord's statements aimed at that card.
    pub(super) fn lord_entering(
        &self,
        spec_piece: Piece<'_>,
        statements: &'i [Statement<'i>],
    ) -> Result<(Event<'i>, &'i [Statement<'i>]), Unsupported> {
        let mut spec = spec::read(spec_piece)?;
        let battlefield = catalogue::ZONES.iter().position(|zone| zone.name == "battlefield").unwrap_or(0);
        match spec.zone {
            None => spec.zone = Some((None, battlefield)),
            Some((_, zone)) if zone != battlefield => {
                return Err(Unsupported::new(spec_piece, "lord outside the battlefield"));
            }
            Some(_) => {}
        }
        let trigger = Expr::Var(spec::variable("trigger"));
        let condition = self.specs.predicate(&spec, trigger, "inzone")?;
        let event = Event {
            event: EventIdx::new(CATALOGUE.event_index("movedto").unwrap_or(0)),
            prefix: None,
            suffix: catalogue::position(catalogue::EVENT_SUFFIXES, "any").map(EventSuffixIdx::new),
            condition: condition.map(|condition| &*self.arena.alloc(condition)),
            span: spec_piece.span(),
        };
        let value = self.arena.alloc(trigger);
        let entering: Vec<Statement<'i>> = statements
            .iter()
            .map(|statement| Statement { target: Some(Target::Expr { value, optional: false }), ..*statement })
            .collect();
        Ok((event, self.arena.alloc_slice_copy(&entering)))
    }

    /// Refuses `cantbeblockedby(spec)`, `cantbeblockerof(spec)`, `cantbetargetof(spec)`,
    /// `protection from(spec)` and `preventalldamage` where they would not be continuous (an instant's or
    /// sorcery's line, an activated or triggered ability, a `may`): their matches would be
    /// counted once. One whose specs match the same objects all along holds once too
    /// ([`matches_fixed_objects`]).
    fn static_only(&self, statements: &[Statement<'_>], value: Piece<'_>) -> Result<(), Unsupported> {
        let counted = |link: &Link<'_>| is_unblockable(link) && !matches_fixed_objects(link);
        let unblockable = statements.iter().any(|statement| statement.chain.iter().any(counted));
        let once = value.text.trim_start().starts_with(['@', '{'])
            || self.spell
            || statements.iter().any(|statement| statement.condition.is_some());
        // `phasealter(remove,...)` holds while the permanent is on the battlefield: a
        // trigger's or a condition's would last the turn, or once.
        let skip_steps = CommandIdx::new(catalogue::Command::SkipSteps.index());
        let skips = |link: &Link<'_>| matches!(link.effect, Effect::Call { command, .. } if command == skip_steps);
        if once && statements.iter().any(|statement| statement.chain.iter().any(skips)) {
            return Err(Unsupported::new(value, "`phasealter(remove,...)` outside a permanent's static line"));
        }
        if unblockable && once {
            let word = statements
                .iter()
                .find_map(|statement| statement.chain.iter().find_map(counted_effect))
                .unwrap_or("`cantbeblockedby`");
            return Err(Unsupported::new(value, &format!("{word} outside a permanent's static line")));
        }
        Ok(())
    }

    /// The event of a continuous effect's auto: the catalogue's `continuous` role.
    pub(super) fn continuous_event(&self, at: Piece<'_>) -> Event<'i> {
        let name = CATALOGUE.roles.continuous.unwrap_or_default();
        let event = EventIdx::new(CATALOGUE.event_index(name).unwrap_or(0));
        Event { event, prefix: None, suffix: None, condition: None, span: at.span() }
    }
}

/// A trigger (`@each my upkeep restriction{...}`) split into the trigger and the inside of
/// its last word when that word is `restriction{...}`.
fn split_restriction(trigger: Piece<'_>) -> (Piece<'_>, Option<Piece<'_>>) {
    let words = trigger.words();
    let Some(&last) = words.last() else { return (trigger, None) };
    let lower = last.text.to_ascii_lowercase();
    if words.len() < 2 || !lower.starts_with("restriction{") || !lower.ends_with('}') {
        return (trigger, None);
    }
    let inside = last.slice("restriction{".len(), last.text.len() - 1);
    (trigger.slice(0, last.start - trigger.start).trim(), Some(inside))
}

/// The effects that hold for the cards their specs match, counted again only by a
/// continuous auto, each with the words naming it.
const COUNTED: [(catalogue::Command, &str); 5] = [
    (catalogue::Command::CantBeBlockedBy, "`cantbeblockedby`"),
    (catalogue::Command::CantBeBlockerOf, "`cantbeblockerof`"),
    (catalogue::Command::CantBeTargetOf, "`cantbetargetof`"),
    (catalogue::Command::ProtectionFrom, "`protection from(...)`"),
    (catalogue::Command::PreventDamage, "`preventalldamage`"),
];

/// The words of the [`COUNTED`] effect a link is, if it is one.
fn counted_effect(link: &Link<'_>) -> Option<&'static str> {
    let Effect::Call { command, .. } = link.effect else { return None };
    COUNTED.iter().find(|(counted, _)| CommandIdx::new(counted.index()) == command).map(|(_, words)| *words)
}

/// Whether a link is a counted effect whose specs match the same objects all along, so
/// that it holds as a one-shot effect too: a `preventalldamage` whose `to(...)` and
/// `from(...)` are the statement's targets or players (Rune of Protection's
/// `to(controller) from(mytgt)`), or `cantbeblockerof(this)` (Duct Crawler's target cannot
/// block it).
fn matches_fixed_objects(link: &Link<'_>) -> bool {
    let Effect::Call { command, args, .. } = link.effect else { return false };
    let is = |wanted: catalogue::Command| command == CommandIdx::new(wanted.index());
    let fixed: fn(&TypeAtom<'_>) -> bool = if is(catalogue::Command::PreventDamage) {
        |atom| matches!(atom, TypeAtom::Me | TypeAtom::Opp | TypeAtom::Player | TypeAtom::Players)
    } else if is(catalogue::Command::CantBeBlockerOf) {
        |atom| matches!(atom, TypeAtom::This)
    } else {
        return false;
    };
    // A prevention's other arguments (its kind) are no spec.
    let names_fixed_objects = |arg: &Arg<'_>| match arg {
        Arg::Filter(filter) => {
            !filter.types.is_empty() && filter.types.iter().all(|term| !term.negate && fixed(&term.atom))
        }
        _ => true,
    };
    args.iter().all(names_fixed_objects)
}

/// Whether a link is `cantbeblockedby(spec)`, `cantbeblockerof(spec)`,
/// `cantbetargetof(spec)`, `protection from(spec)` or `preventalldamage`: an effect that
/// holds for the cards its spec matches.
pub(super) fn is_unblockable(link: &Link<'_>) -> bool {
    counted_effect(link).is_some()
}

/// What `trigger[from]` is on a line of these events (the lowering's `combat_foe`): on
/// `blocking` and `blocked` events only, their `combatfoe`; on `blocking` or `blocked`
/// beside `attacking` or `notblocked` (whose `trigger[from]` is the attacker itself, as
/// Wagic's `WEventCardAttacked` gives its card for either side), not one thing.
fn combat_foe(events: &[Event<'_>]) -> Option<bool> {
    let kind = |name: &str| CATALOGUE.event_index(name).map(EventIdx::new);
    let (blocking, blocked) = (kind("blocking"), kind("blocked"));
    let foe = |event: &Event<'_>| Some(event.event) == blocking || Some(event.event) == blocked;
    if !events.iter().any(foe) {
        return None;
    }
    Some(events.iter().all(foe))
}

/// Whether a statement's every effect is a pump (the catalogue's `pump`).
fn pumps_only(statement: &Statement<'_>) -> bool {
    let pump = CommandIdx::new(catalogue::Command::Pump.index());
    statement.chain.iter().all(|link| matches!(link.effect, Effect::Call { command, .. } if command == pump))
}
