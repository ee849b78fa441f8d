//! A tiny catalogue declared for the tests, a second one with another hash, and a small
//! bundle built against the first through the public builder API.

use vm::bytecode::*;
use vm::catalogue::*;

const fn named(name: &'static str) -> NamedSpec {
    NamedSpec { name, doc: "" }
}

const fn param(name: &'static str, kind: ArgKind, optional: bool) -> ParamSpec {
    ParamSpec { name, kind, optional }
}

const fn command(name: &'static str, params: &'static [ParamSpec]) -> CommandSpec {
    CommandSpec { name, params, default_target: DefaultTarget::Source, doc: "", fails_when: "never", timed: false }
}

const COMMANDS: &[CommandSpec] = &[
    command("damage", &[param("amount", ArgKind::Expr, false)]),
    command("draw", &[param("count", ArgKind::Expr, true)]),
    command("moveTo", &[param("pile", ArgKind::Pile, false), param("position", ArgKind::Position, true)]),
    command(
        "pileView",
        &[
            param("pile", ArgKind::Pile, false),
            param("state", ArgKind::Keyword(&[named("collapsed"), named("pile"), named("expanded")]), false),
        ],
    ),
    command("shuffle", &[param("pile", ArgKind::Pile, true)]),
];

/// The catalogue of the tests.
pub static TEST: Catalogue = Catalogue {
    name: "test",
    commands: COMMANDS,
    costs: &[
        CostSpec { name: "F", arg: CostArg::None, doc: "" },
        CostSpec { name: "D", arg: CostArg::OptionalCountOrFilter, doc: "" },
        CostSpec { name: "S", arg: CostArg::OptionalFilter, doc: "" },
    ],
    filters: &[named("frozen"), named("attack")],
    comparable_filters: &[named("bp")],
    ranking_filters: &[RankingSpec { name: "bp", words: &[named("lowest"), named("highest")], doc: "" }],
    zones: &[
        ZoneSpec { name: "arena", is_pile: false, doc: "" },
        ZoneSpec { name: "ring", is_pile: false, doc: "" },
        ZoneSpec { name: "hand", is_pile: true, doc: "" },
        ZoneSpec { name: "deck", is_pile: true, doc: "" },
    ],
    zone_prefixes: &[named("my"), named("opp"), named("ctrl")],
    card_types: &[named("character"), named("action"), named("reaction")],
    subtypes: &["warrior"],
    events: &[
        EventSpec { name: "endPhase", is_hook: false, has_object: false, doc: "" },
        EventSpec { name: "attacks", is_hook: false, has_object: true, doc: "" },
        EventSpec { name: "canBlock", is_hook: true, has_object: true, doc: "" },
    ],
    event_prefixes: &[named("my"), named("opp")],
    event_suffixes: &[named("this"), named("once")],
    abilities: &[named("unblockable"), named("pierce")],
    rule_switches: &[named("backup_limit")],
    selectors: &[named("not")],
    restrictions: &[named("ueot"), named("uynt")],
    restriction_prefixes: &[named("my"), named("opp")],
    variables: &[named("me"), named("this"), named("discarded")],
    attributes: &[named("hp"), named("size")],
    functions: &[
        FunctionSpec { name: "flipCoin", min_args: 0, max_args: 0, doc: "" },
        FunctionSpec { name: "abs", min_args: 1, max_args: 1, doc: "" },
    ],
    roles: Roles::NONE,
};

/// The same catalogue with one command more: same name, another hash.
pub static OTHER: Catalogue = Catalogue {
    commands: &[
        command("damage", &[param("amount", ArgKind::Expr, false)]),
        command("draw", &[param("count", ArgKind::Expr, true)]),
        command("moveTo", &[param("pile", ArgKind::Pile, false), param("position", ArgKind::Position, true)]),
        command("pileView", &[param("pile", ArgKind::Pile, false)]),
        command("shuffle", &[param("pile", ArgKind::Pile, true)]),
        command("freeze", &[]),
    ],
    ..TEST
};

pub const DAMAGE: CommandIdx = CommandIdx(0);
pub const DRAW: CommandIdx = CommandIdx(1);
pub const MOVE_TO: CommandIdx = CommandIdx(2);

/// Where `part` is on line `line` (1-based) of `ryu.rules`, as the compiler would say.
fn at(line: usize, part: &str) -> SourceLocation<'static> {
    let line_start: usize = RYU.lines().take(line - 1).map(|text| text.len() + 1).sum();
    let text = RYU.lines().nth(line - 1).expect("the line exists");
    let column = text.find(part).expect("the part is on the line");
    SourceLocation {
        line: line as u32,
        line_start: line_start as u32,
        span_start: (line_start + column) as u32,
        span_end: (line_start + column + part.len()) as u32,
        text,
    }
}

/// The source of the small bundle's card, `ryu.rules`.
pub const RYU: &str = "\
target? = <1>character[frozen]@oppRing
action = {F}{D(2)}: damage(300) to(character@oppRing); [[may 'Draw?']] draw(1) && moveTo(ctrlDeck)
auto = ~oppEndPhase:once~ [[if me.hp < 1000]] +unblockable ueot
";

/// A small bundle: one card with a rule target, an action with costs and two statements,
/// and an auto with a condition, restriction and grant; debug info unless `strip`.
pub fn small_bundle(strip: bool) -> Vec<u8> {
    let mut bundle = BundleBuilder::new(&TEST);
    bundle.set_strip(strip);

    let character = || Filter {
        qty: None,
        types: vec![TypeTerm {
            exclude_source: false,
            negate: false,
            plural: false,
            atom: TypeAtom::CardType(CardTypeIdx(0)),
        }],
        type_op: TypeOp::Choice,
        pick: None,
        terms: vec![],
        zone: ZoneRef { prefix: Some(ZonePrefixIdx(1)), zone: ZoneIdx(1) },
        selector: None,
    };
    // <1>character[frozen]@oppRing
    let opp_ring = bundle.add_filter(Filter {
        qty: Some(Qty::Exact(1)),
        terms: vec![vec![Term { negated: false, kind: TermKind::Keyword(FilterKeywordIdx(0)) }]],
        ..character()
    });
    let character_at_opp_ring = bundle.add_filter(character());
    let ctrl_deck = bundle.add_const(Const::Pile(ZoneRef { prefix: Some(ZonePrefixIdx(2)), zone: ZoneIdx(3) }));
    let question = bundle.intern("Draw?");

    // action = {F}{D(2)}: damage(300) to(character@oppRing); [[may 'Draw?']] ...
    let mut code = CodeBuilder::new();
    let done = code.new_label();
    let end_chain = code.new_label();
    let no_targets = code.new_label();
    code.set_location(at(2, "damage(300) to(character@oppRing)"));
    code.emit(Instr::Target { f: character_at_opp_ring, exit: no_targets });
    code.emit(Instr::LoadInt { a: Reg(0), imm: 300 });
    code.emit(Instr::Call { cmd: DAMAGE, base: Reg(0), argc: 1 });
    code.emit(Instr::EndStatement {});
    code.set_location(at(2, "[[may 'Draw?']] draw(1) && moveTo(ctrlDeck)"));
    code.emit(Instr::May { question: Some(question), skip: done });
    code.emit(Instr::LoadInt { a: Reg(0), imm: 1 });
    code.emit(Instr::Call { cmd: DRAW, base: Reg(0), argc: 1 });
    code.emit(Instr::JumpIfFailed { target: end_chain });
    code.emit(Instr::LoadConst { a: Reg(0), k: ctrl_deck });
    code.emit(Instr::Call { cmd: MOVE_TO, base: Reg(0), argc: 1 });
    code.bind(end_chain);
    code.emit(Instr::EndStatement {});
    code.bind(done);
    code.emit(Instr::Return {});
    code.bind(no_targets);
    code.emit(Instr::Fail { reason: FailReason::NoTargets });
    let action = bundle.add_entry(code);

    // auto = ~oppEndPhase:once~ [[if me.hp < 1000]] +unblockable ueot
    let mut code = CodeBuilder::new();
    let skip = code.new_label();
    code.set_location(at(3, "[[if me.hp < 1000]] +unblockable ueot"));
    code.emit(Instr::LoadVar { a: Reg(0), var: VariableIdx(0) });
    code.emit(Instr::GetAttr { a: Reg(0), b: Reg(0), attr: AttributeIdx(0) });
    code.emit(Instr::LoadInt { a: Reg(1), imm: 1000 });
    code.emit(Instr::Lt { a: Reg(0), b: Reg(0), c: Reg(1) });
    code.emit(Instr::JumpIfNot { a: Reg(0), target: skip });
    code.emit(Instr::Restrict { restriction: RestrictionIdx(0), prefix: None });
    code.emit(Instr::Grant { ability: AbilityIdx(0) });
    code.bind(skip);
    code.emit(Instr::EndStatement {});
    code.emit(Instr::Return {});
    let auto = bundle.add_entry(code);

    let mut card = Card::new(bundle.intern("ryu"));
    card.target = Some(RuleTarget { optional: true, filters: vec![opp_ring] });
    card.actions.push(Action {
        label: Some(bundle.intern("Hadoken")),
        costs: vec![
            Cost { cost: CostIdx(0), count: None, filter: None },
            Cost { cost: CostIdx(1), count: Some(2), filter: None },
        ],
        entry: action,
    });
    card.autos.push(Auto {
        costs: Vec::new(),
        hook: false,
        events: vec![EventRef {
            event: EventIdx(0),
            prefix: Some(EventPrefixIdx(1)),
            suffix: Some(EventSuffixIdx(1)),
            condition: None,
        }],
        entry: auto,
    });
    bundle.add_card(card, "ryu.rules");
    bundle.finish().expect("the small bundle builds")
}
