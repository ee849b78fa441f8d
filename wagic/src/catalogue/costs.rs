//! The cost symbols of the Wagic catalogue: what may stand in an activated ability's
//! `{...}` block (`{T}`, mana, hybrid mana, `{S(spec)}`...) and the activation limits written after its
//! effect (`asSorcery`, `limit:n`), then the costs the front end gives an auto of its own
//! (`upcost`, `nextonce`, `turnonce`).

use vm::catalogue::{CostArg, CostSpec};

/// The cost symbols of an activated ability's `{...}` block.
pub const COSTS: &[CostSpec] = &[
    CostSpec {
        name: "T",
        arg: CostArg::OptionalFilter,
        doc: "`{T}`: tap this permanent (it must be untapped); `{T(spec)}`: tap an untapped permanent the spec matches.",
    },
    CostSpec { name: "W", arg: CostArg::OptionalCountOrFilter, doc: "`{W}`: pay white mana (the count is how many)." },
    CostSpec { name: "U", arg: CostArg::OptionalCountOrFilter, doc: "`{U}`: pay blue mana." },
    CostSpec { name: "B", arg: CostArg::OptionalCountOrFilter, doc: "`{B}`: pay black mana." },
    CostSpec { name: "R", arg: CostArg::OptionalCountOrFilter, doc: "`{R}`: pay red mana." },
    CostSpec { name: "G", arg: CostArg::OptionalCountOrFilter, doc: "`{G}`: pay green mana." },
    CostSpec { name: "generic", arg: CostArg::OptionalCountOrFilter, doc: "`{3}`: pay that much mana of any colour." },
    // Hybrid symbols, each paid one way or the other (Wagic's `ManaCost` hybrids); the
    // front end reads `{GR}` as `{RG}`.
    CostSpec { name: "WU", arg: CostArg::None, doc: "`{WU}`: pay white or blue mana." },
    CostSpec { name: "WB", arg: CostArg::None, doc: "`{WB}`: pay white or black mana." },
    CostSpec { name: "UB", arg: CostArg::None, doc: "`{UB}`: pay blue or black mana." },
    CostSpec { name: "UR", arg: CostArg::None, doc: "`{UR}`: pay blue or red mana." },
    CostSpec { name: "BR", arg: CostArg::None, doc: "`{BR}`: pay black or red mana." },
    CostSpec { name: "BG", arg: CostArg::None, doc: "`{BG}`: pay black or green mana." },
    CostSpec { name: "RG", arg: CostArg::None, doc: "`{RG}`: pay red or green mana." },
    CostSpec { name: "RW", arg: CostArg::None, doc: "`{RW}`: pay red or white mana." },
    CostSpec { name: "GW", arg: CostArg::None, doc: "`{GW}`: pay green or white mana." },
    CostSpec { name: "GU", arg: CostArg::None, doc: "`{GU}`: pay green or blue mana." },
    CostSpec { name: "2W", arg: CostArg::None, doc: "`{2W}`: pay two mana of any colour, or white mana." },
    CostSpec { name: "2U", arg: CostArg::None, doc: "`{2U}`: pay two mana of any colour, or blue mana." },
    CostSpec { name: "2B", arg: CostArg::None, doc: "`{2B}`: pay two mana of any colour, or black mana." },
    CostSpec { name: "2R", arg: CostArg::None, doc: "`{2R}`: pay two mana of any colour, or red mana." },
    CostSpec { name: "2G", arg: CostArg::None, doc: "`{2G}`: pay two mana of any colour, or green mana." },
    // `{X}`: the X of an activated ability, paid after its other mana (Wagic's
    // `ManaCost::x`); `{X:white}` paid with that colour only (`ManaCost::specificX`).
    CostSpec {
        name: "X",
        arg: CostArg::None,
        doc: "`{X}`: pay X mana of any colour, X the number its player chose (all the mana left in the pool when none was chosen, as Wagic's `ManaCost::Diff` pays it); the ability's `x` is that X.",
    },
    CostSpec {
        name: "XW",
        arg: CostArg::None,
        doc: "`{X:white}`: pay X white mana, as `{X}` (other colours do not pay it).",
    },
    CostSpec { name: "XU", arg: CostArg::None, doc: "`{X:blue}`: pay X blue mana, as `{X}`." },
    CostSpec { name: "XB", arg: CostArg::None, doc: "`{X:black}`: pay X black mana, as `{X}`." },
    CostSpec { name: "XR", arg: CostArg::None, doc: "`{X:red}`: pay X red mana, as `{X}`." },
    CostSpec { name: "XG", arg: CostArg::None, doc: "`{X:green}`: pay X green mana, as `{X}`." },
    CostSpec {
        name: "S",
        arg: CostArg::OptionalFilter,
        doc: "`{S}`: sacrifice this permanent; `{S(spec)}`: sacrifice a permanent the spec matches.",
    },
    CostSpec {
        name: "D",
        arg: CostArg::OptionalCountOrFilter,
        doc: "`{D}`: discard a card at random; `{D(spec)}`: discard a card the spec matches.",
    },
    CostSpec { name: "Q", arg: CostArg::None, doc: "`{Q}`: untap this permanent (it must be tapped)." },
    CostSpec {
        name: "E",
        arg: CostArg::OptionalFilter,
        doc: "`{E}`: exile this permanent; `{E(spec)}`: exile a card the spec matches (to its owner's exile).",
    },
    CostSpec {
        name: "H",
        arg: CostArg::OptionalFilter,
        doc: "`{H}`: return this permanent to its owner's hand; `{H(spec)}`: return a card the spec matches.",
    },
    CostSpec {
        name: "cycle",
        arg: CostArg::None,
        doc: "`{cycle}` (an `autohand=` line): discard this card from its owner's hand; payable only while it is there.",
    },
    CostSpec {
        name: "L",
        arg: CostArg::OptionalCountOrFilter,
        doc: "`{L}`: pay 1 life; `{L:n}`: pay n life (the count); payable with at least that much life.",
    },
    CostSpec {
        name: "C",
        arg: CostArg::OptionalFilter,
        doc: "`{C(0/0,-n,name)}`: remove n counters of that name from this permanent (the filter `this[counter{name}>=n]` says which and how many); payable while it has that many. `{C(0/0,n,name)}` puts n on it (the filter `this[counter{name}>=-n]`, always payable); `{C(1/1,-n)}` and `{C(-1/-1,n)}` likewise with +1/+1 and -1/-1 counters (the kinds `counter{1/1}`, `counter{-1/-1}`).",
    },
    CostSpec {
        name: "assorcery",
        arg: CostArg::None,
        doc: "`asSorcery` after the effect: activate only when a sorcery could be cast (its controller's main phase, empty stack).",
    },
    CostSpec {
        name: "myturnonly",
        arg: CostArg::None,
        doc: "`myTurnOnly` after the effect: activate only during its controller's turn.",
    },
    CostSpec {
        name: "myupkeeponly",
        arg: CostArg::None,
        doc: "`myUpkeepOnly` after the effect: activate only during its controller's upkeep.",
    },
    CostSpec {
        name: "upcost",
        arg: CostArg::None,
        doc: "An upkeep cost (`upcost[...]`): payable once, during its controller's upkeep, until the turn ends (`upkeeppaid`).",
    },
    CostSpec {
        name: "echo",
        arg: CostArg::None,
        doc: "An echo (`upcost[...;next upkeep]`): as `upcost`, until its controller's first draw step since it entered (`echoend`).",
    },
    CostSpec {
        name: "cumulative",
        arg: CostArg::OptionalCountOrFilter,
        doc: "A cumulative upkeep paid for n age counters (`cumulativeupcost[...]`, the count n): as `upcost`, while the permanent has exactly n age counters.",
    },
    CostSpec {
        name: "echoend",
        arg: CostArg::None,
        doc: "The echo's auto: payable once since the card entered; paying ends its echo.",
    },
    CostSpec {
        name: "nextonce",
        arg: CostArg::None,
        doc: "A `@next phase` trigger's auto: payable once since the card entered (Wagic's `TriggerNextPhase`).",
    },
    CostSpec {
        name: "turnonce",
        arg: CostArg::None,
        doc: "A `turnlimited` trigger's auto: payable once each turn (Wagic's `limitOnceATurn`; the card's count of activations, which `limit` also keeps).",
    },
    CostSpec {
        name: "planeswalker",
        arg: CostArg::None,
        doc: "Given to each activated ability of a planeswalker (Wagic's `ActivatedAbility::isReactingToClick`): payable when its controller could cast a sorcery and no ability of the permanent was activated this turn; paying counts the activation.",
    },
    CostSpec {
        name: "restrictionmorethan",
        arg: CostArg::OptionalFilter,
        doc: "`restriction{type(spec)~morethan~n}` after an activated ability's effect (Wagic's activation restrictions): payable while the cards the filter matches number more than the filter's count (`<n>`, the bound); paying does nothing.",
    },
    CostSpec {
        name: "restrictionlessthan",
        arg: CostArg::OptionalFilter,
        doc: "`restriction{type(spec)~lessthan~n}`: payable while the cards the filter matches number fewer than its count.",
    },
    CostSpec {
        name: "restrictionequalto",
        arg: CostArg::OptionalFilter,
        doc: "`restriction{type(spec)~equalto~n}`: payable while the cards the filter matches number exactly its count.",
    },
    CostSpec {
        name: "raid",
        arg: CostArg::None,
        doc: "`restriction{raid}` after an activated ability's effect: payable while its controller attacked with a creature this turn; paying does nothing.",
    },
    CostSpec {
        name: "morbid",
        arg: CostArg::None,
        doc: "`restriction{morbid}`: payable while a creature was put into a graveyard from the battlefield this turn.",
    },
    CostSpec {
        name: "powertotalmorethan",
        arg: CostArg::OptionalCountOrFilter,
        doc: "`restriction{compare(powertotalinplay)~morethan~n}` (formidable): payable while the creatures its controller controls have total power more than the count n (Wagic's `powertotalinplay`).",
    },
    CostSpec {
        name: "limit",
        arg: CostArg::OptionalCountOrFilter,
        doc: "`limit:n` after the effect: activate at most n times each turn (the card's one activated ability).",
    },
    // Snow mana, a mana symbol kept last so that the costs before keep their indices.
    CostSpec {
        name: "I",
        arg: CostArg::OptionalCountOrFilter,
        doc: "`{i}` (snow mana, `{S}` in print): pay one mana a snow permanent made, of any colour (the count is how many).",
    },
];
