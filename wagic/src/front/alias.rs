//! `alias=N`: Wagic's engine runs the rule its C++ code keeps for the number N
//! (`AbilityFactory::addAbilities`, `TargetChooserFactory`, and a few numbers read
//! elsewhere), and a card with no lines of its own reads the lines of the card whose id
//! is N. The rules compiled are 1194 and 129767 (`aura.rs`), Fireball's 1291
//! (`dividedamage`), Soulblast's 130369 (`sacrificeforpower`) and the Elemental Blasts'
//! 1191 and 1312 (a permanent of the colour to its graveyard), the Beacons' and Zeniths'
//! 135262 (the spell shuffled into its library as it resolves), and on a creature
//! Kjeldoran Frostbeast's 2732 (at the end of combat, the creatures in combat with it are
//! destroyed) and Erg Raiders' 1159 (2 damage to its controller at their end step unless
//! it attacked), and on a permanent Fastbond's 1243 (any number of lands, 1 damage for
//! each beyond the first); an alias naming
//! no rule, on a card with lines of its own, only names the card (Lhurgoyf's 1111, Urza's
//! Mine's 4192, which `variable{urzatron}` reads): nothing to compile.
//!
//! Some of the engine's rules say no more than card code can: those are written here as
//! the lines that do what the cards printed with them say (`WRITTEN`), and a card with
//! such an alias is compiled, and printed for the table, as if they were its own lines
//! ([`written_out`]).

use compiler::ir::{
    Arg, Auto, BinaryOp, Condition, Effect, Event, Expr, Link, Otherwise, RuleTarget, Statement, Target,
};
use vm::bytecode::{
    CommandIdx, CompareOp, Const, EventIdx, EventPrefixIdx, EventSuffixIdx, FunctionIdx, ZoneIdx, ZonePrefixIdx,
    ZoneRef,
};

use super::card_kind::CardKind;
use super::piece::Piece;
use super::{Lowering, Unsupported, spec};
use crate::catalogue::{self, CATALOGUE, Command};
use crate::reader::{CardBlock, Field};

/// What a written rule needs the card to be, for its lines to say what its text does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RuleCard {
    /// An instant or sorcery with `target=player` and no `{X}`.
    PlayerSpell,
    /// An instant or sorcery with `target=player` and one `{X}` in its cost.
    PlayerXSpell,
    /// An instant or sorcery without `target=` (the rule gives it one).
    UntargetedSpell,
    /// A permanent other than an Aura.
    Permanent,
}

/// A rule of Wagic's engine written as card code, from the printed text of the cards that
/// carry its number.
struct WrittenRule {
    number: &'static str,
    card: RuleCard,
    /// The fields (`key`, `value`) put in place of `alias=`.
    lines: &'static [(&'static str, &'static str)],
}

/// The laces' rule (Wagic's `setColor(colour, 1)`, the card's other colours removed):
/// target permanent becomes the colour for as long as it stays on the battlefield. A
/// spell on the stack, which Wagic's laces may also target, cannot be here: nothing is
/// cast in answer to another spell (as for the Elemental Blasts).
const fn lace(number: &'static str, lines: &'static [(&'static str, &'static str)]) -> WrittenRule {
    WrittenRule { number, card: RuleCard::UntargetedSpell, lines }
}

/// The rules written as card code.
const WRITTEN: &[WrittenRule] = &[
    // Sudden Impact, Gaze of Adamaro: damage to target player equal to the number of
    // cards in that player's hand.
    WrittenRule {
        number: "129750",
        card: RuleCard::PlayerSpell,
        lines: &[("auto", "damage:type:*:targetedpersonshand")],
    },
    // Psychic Drain: target player puts the top X cards of their library into their
    // graveyard, and the spell's controller gains X life.
    WrittenRule {
        number: "89114",
        card: RuleCard::PlayerXSpell,
        lines: &[("auto", "deplete:X"), ("auto", "life:X controller")],
    },
    lace("1282", &[("target", "*|battlefield"), ("auto", "becomes(,red) forever")]), // Chaoslace
    lace("1152", &[("target", "*|battlefield"), ("auto", "becomes(,black) forever")]), // Deathlace
    lace("1257", &[("target", "*|battlefield"), ("auto", "becomes(,green) forever")]), // Lifelace
    lace("1358", &[("target", "*|battlefield"), ("auto", "becomes(,white) forever")]), // Purelace
    lace("1227", &[("target", "*|battlefield"), ("auto", "becomes(,blue) forever")]), // Thoughtlace
    // Mana Vault (the rest of it is its own lines): at the beginning of its controller's
    // draw step, if it is tapped, it deals 1 damage to them (Wagic's
    // `ARegularLifeModifierAura` of the draw phase, only if tapped).
    WrittenRule {
        number: "1124",
        card: RuleCard::Permanent,
        lines: &[("auto", "@each my draw:this(tapped) damage:1 controller")],
    },
];

/// The card of `block` with its `alias=` replaced by the lines its rule is written as,
/// when the rules written as card code (`WRITTEN`) have the rule for a card of its kind;
/// each line's spans are the alias value's.
pub fn written_out<'s>(block: &CardBlock<'s>) -> Option<CardBlock<'s>> {
    let position = block.fields.iter().position(|field| field.is("alias"))?;
    let alias = &block.fields[position];
    let rule = WRITTEN.iter().find(|rule| rule.number == alias.value.trim())?;
    let kind = CardKind::of(block);
    let targets = block.field("target").is_some();
    let fits = match rule.card {
        RuleCard::PlayerSpell => kind.targets_player && !kind.has_x,
        RuleCard::PlayerXSpell => kind.targets_player && kind.has_x,
        RuleCard::UntargetedSpell => kind.spell && !targets,
        RuleCard::Permanent => !kind.spell && !kind.aura,
    };
    if !fits {
        return None;
    }
    let mut written = block.clone();
    let lines = rule.lines.iter().map(|&(key, value)| Field {
        key,
        key_span: alias.key_span,
        value,
        value_span: alias.value_span,
    });
    written.fields.splice(position..=position, lines);
    Some(written)
}

/// The alias numbers Wagic's engine has a rule for: the cases of `addAbilities`, those of
/// `TargetChooserFactory::createTargetChooser`, and the numbers its other code tests
/// (`countByAlias`, `hasAlias` aside from Urza's lands, a damage's, a zone move's and the
/// AI's).
const RULES: &[u32] = &[
    1092, 1095, 1102, 1103, 1113, 1114, 1117, 1124, 1139, 1140, 1142, 1143, 1152, 1156, 1159, 1167, 1176, 1191, 1194,
    1202, 1209, 1215, 1224, 1227, 1231, 1243, 1257, 1282, 1288, 1291, 1312, 1335, 1336, 1337, 1338, 1339, 1344, 1351,
    1358, 2732, 3410, 10544, 48132, 74534, 89092, 89114, 109736, 111057, 129698, 129750, 129767, 129774, 130369,
    130553, 135262, 185709, 401847,
];

/// The target spec of an Elemental Blast's alias, as a `target=` would write it: 1191
/// (Blue Elemental Blast, Hydroblast) takes a red permanent, 1312 (Red Elemental Blast,
/// Pyroblast) a blue one.
pub fn alias_target(value: &str) -> Option<String> {
    blast_colour(value).map(|colour| format!("*[{colour}]|battlefield"))
}

/// The colour of an Elemental Blast's alias.
pub(super) fn blast_colour(value: &str) -> Option<&'static str> {
    match value.trim() {
        "1191" => Some("red"),
        "1312" => Some("blue"),
        _ => None,
    }
}

/// The rule of the Beacons and Zeniths (Beacon of Destruction, Black Sun's Zenith): the
/// spell goes into its library, shuffled, as it resolves.
pub(super) const SHUFFLE_INTO_LIBRARY: &str = "135262";

/// Kjeldoran Frostbeast's rule: at the end of each combat, the creatures that blocked it or
/// that it blocked are destroyed.
pub(super) const COMBAT_END_DESTRUCTION: &str = "2732";

/// Erg Raiders' rule: at its controller's end step, 2 damage to that player unless it
/// attacked this turn or entered the battlefield this turn.
pub(super) const UNLESS_ATTACKED: &str = "1159";

/// Fastbond's rule: its controller may play any number of lands (the runner's to allow),
/// and each land after the first that enters under their control in a turn deals 1
/// damage to them.
pub const EXTRA_LANDS: &str = "1243";

/// Whether `value` is a number naming no rule of Wagic's engine.
pub(super) fn is_marker(value: &str) -> bool {
    value.trim().parse::<u32>().is_ok_and(|number| number != 0 && !RULES.contains(&number))
}

/// Whether the card has lines of its own on the battlefield (`auto=`, `anyzone=`): Wagic
/// reads the aliased card's lines only for a card without.
pub(super) fn has_own_text(block: &CardBlock<'_>) -> bool {
    block.fields.iter().any(|field| field.key.eq_ignore_ascii_case("auto") || field.key.eq_ignore_ascii_case("anyzone"))
}

impl<'i> Lowering<'i> {
    /// An Elemental Blast's alias on a spell without `target=`: its target, a permanent of
    /// the colour (Wagic's `SpellOrPermanentTargetChooser`), and the move of it to its
    /// owner's graveyard (`putInGraveyard`: no destruction, no regeneration).
    pub(super) fn blast(&self, at: Piece<'_>) -> Result<(RuleTarget<'i>, Statement<'i>), Unsupported> {
        let written = alias_target(at.text).unwrap_or_default();
        let spec = spec::read(Piece::new(&written, at.start))?;
        let filter = self.specs.filter(&spec, false)?;
        let target = RuleTarget { optional: false, filters: self.arena.alloc_slice_copy(&[filter]) };
        let owner = catalogue::position(catalogue::ZONE_PREFIXES, "owner").map(ZonePrefixIdx::new);
        let graveyard = catalogue::ZONES.iter().position(|zone| zone.name == "graveyard").unwrap_or(0);
        let pile = Arg::Const(Const::Pile(ZoneRef { prefix: owner, zone: ZoneIdx::new(graveyard) }));
        Ok((target, self.alias_rule(at, Command::MoveTo, &[pile])))
    }

    /// The Beacons' and Zeniths' rule (135262), after the spell's own effects as Wagic runs
    /// the alias after the card's lines: the spell card moves from the stack into its
    /// controller's library (`putInZone(card, from, controller's library)`, which the
    /// runner then leaves there), and that library is shuffled.
    pub(super) fn shuffle_into_library(&self, at: Piece<'_>) -> [Statement<'i>; 2] {
        let my = catalogue::position(catalogue::ZONE_PREFIXES, "my").map(ZonePrefixIdx::new);
        let library = catalogue::ZONES.iter().position(|zone| zone.name == "library").unwrap_or(0);
        let pile = Arg::Const(Const::Pile(ZoneRef { prefix: my, zone: ZoneIdx::new(library) }));
        let on = |variable: &str, statement: Statement<'i>| {
            let value = self.arena.alloc(Expr::Var(spec::variable(variable)));
            Statement { target: Some(Target::Expr { value, optional: false }), ..statement }
        };
        [
            on("this", self.alias_rule(at, Command::MoveTo, &[pile])),
            on("me", self.alias_rule(at, Command::Shuffle, &[])),
        ]
    }

    /// Kjeldoran Frostbeast's rule (2732, Wagic's `AKjeldoranFrostbeast`): an auto on
    /// every end of combat step, either player's, destroying the creatures in combat with
    /// the card (`destroycombatopponents` on the card itself, which checks it is in play).
    pub(super) fn combat_end_destruction(&self, at: Piece<'_>) -> Auto<'i> {
        let event = Event {
            event: EventIdx::new(CATALOGUE.event_index("combatends").unwrap_or(0)),
            prefix: catalogue::position(catalogue::EVENT_PREFIXES, "any").map(EventPrefixIdx::new),
            suffix: None,
            condition: None,
            span: at.span(),
        };
        let statement = self.alias_rule(at, Command::DestroyCombatOpponents, &[]);
        Auto {
            hook: false,
            events: self.arena.alloc_slice_copy(&[event]),
            costs: &[],
            statements: self.arena.alloc_slice_copy(&[statement]),
        }
    }

    /// Erg Raiders' rule (1159, Wagic's `AErgRaiders`): at its controller's end step, 2
    /// damage from the card to that player, unless the card attacked this turn or is
    /// `fresh` (entered this turn: Wagic's rule also starts as if it had attacked, until
    /// its controller's next untap step).
    pub(super) fn unless_attacked(&self, at: Piece<'_>) -> Auto<'i> {
        let event = Event {
            event: EventIdx::new(CATALOGUE.event_index("endofturn").unwrap_or(0)),
            prefix: catalogue::position(catalogue::EVENT_PREFIXES, "my").map(EventPrefixIdx::new),
            suffix: None,
            condition: None,
            span: at.span(),
        };
        let this = self.arena.alloc_slice_copy(&[Expr::Var(spec::variable("this"))]);
        let test = |name: &str| {
            let index = CATALOGUE.functions.iter().position(|function| function.name == name).unwrap_or(0);
            &*self.arena.alloc(Expr::Not(self.arena.alloc(Expr::Call(FunctionIdx::new(index), this))))
        };
        let condition = Expr::And(test("attacked"), test("fresh"));
        let me = self.arena.alloc(Expr::Var(spec::variable("me")));
        let damage = self.alias_rule(at, Command::Damage, &[Arg::Value(Expr::Int(2))]);
        let nothing = Statement { chain: &[], ..damage };
        let statement = Statement {
            condition: Some(Condition::If(condition)),
            target: Some(Target::Expr { value: me, optional: false }),
            otherwise: Some(self.arena.alloc(Otherwise { elif: None, body: nothing })),
            ..damage
        };
        Auto {
            hook: false,
            events: self.arena.alloc_slice_copy(&[event]),
            costs: &[],
            statements: self.arena.alloc_slice_copy(&[statement]),
        }
    }

    /// Fastbond's rule (1243, Wagic's `AFastbond`): as a land enters the battlefield under
    /// the card's controller's control, 1 damage from the card to that player when more than
    /// one land entered so this turn (Wagic counts the lands seen this turn; the lands
    /// before the card entered fire nothing). The lands beyond one a turn it allows are
    /// the runner's rule.
    pub(super) fn extra_lands(&self, at: Piece<'_>) -> Result<Auto<'i>, Unsupported> {
        let written = "land|mybattlefield";
        let spec = spec::read(Piece::new(written, at.start))?;
        let trigger = Expr::Var(spec::variable("trigger"));
        let entering = self.specs.predicate(&spec, trigger, "inzone")?;
        let me = self.arena.alloc_slice_copy(&[Expr::Var(spec::variable("me"))]);
        let count = CATALOGUE.functions.iter().position(|function| function.name == "landsentered").unwrap_or(0);
        let lands = self.arena.alloc(Expr::Call(FunctionIdx::new(count), me));
        let more_than_one = Expr::Binary(BinaryOp::Compare(CompareOp::Gt), lands, self.arena.alloc(Expr::Int(1)));
        let condition = match entering {
            Some(entering) => Expr::And(self.arena.alloc(entering), self.arena.alloc(more_than_one)),
            None => more_than_one,
        };
        let event = Event {
            event: EventIdx::new(CATALOGUE.event_index("movedto").unwrap_or(0)),
            prefix: None,
            suffix: catalogue::position(catalogue::EVENT_SUFFIXES, "any").map(EventSuffixIdx::new),
            condition: Some(self.arena.alloc(condition)),
            span: at.span(),
        };
        let damage = self.alias_rule(at, Command::Damage, &[Arg::Value(Expr::Int(1))]);
        let value = self.arena.alloc(Expr::Var(spec::variable("me")));
        let statement = Statement { target: Some(Target::Expr { value, optional: false }), ..damage };
        Ok(Auto {
            hook: false,
            events: self.arena.alloc_slice_copy(&[event]),
            costs: &[],
            statements: self.arena.alloc_slice_copy(&[statement]),
        })
    }

    /// A spell's alias rule compiled as one call of `command` with `args`, on the spell's
    /// targets (`target=`): Fireball's `dividedamage` of the X paid, Soulblast's
    /// `sacrificeforpower`.
    pub(super) fn alias_rule(&self, at: Piece<'_>, command: Command, args: &[Arg<'i>]) -> Statement<'i> {
        let effect = Effect::Call {
            command: CommandIdx::new(command.index()),
            confirm: false,
            args: self.arena.alloc_slice_copy(args),
        };
        Statement {
            condition: None,
            target: None,
            restriction: None,
            chain: self.arena.alloc_slice_copy(&[Link { operator: None, effect }]),
            otherwise: None,
            span: at.span(),
        }
    }
}
