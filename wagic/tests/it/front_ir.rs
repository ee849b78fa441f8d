//! The front end's exact IR of the constructs compiled beyond the first ones (Auras,
//! control, rampage, anyzone, X, damage triggers, transforms, `if`...): what each
//! statement acts on and does, and the refusals of their forms Wagic reads otherwise.

use super::front::error_of;

/// What one statement of the IR acts on and does, as text: `enchanted`, `filter`, `-` for
/// no target; then each link's command name (`pump`), a granted ability as `+name`.
pub(super) fn shape(statement: &compiler::ir::Statement<'_>) -> String {
    use compiler::ir::{Effect, Expr, Target};
    let target = match statement.target {
        None => "-".to_string(),
        Some(Target::Expr { value: Expr::Var(var), optional }) => {
            format!("{}{}", wagic::catalogue::VARIABLES[var.index()].name, if optional { "?" } else { "" })
        }
        Some(Target::Expr { value: Expr::Attr(Expr::Var(var), attribute), .. }) => format!(
            "{}.{}",
            wagic::catalogue::VARIABLES[var.index()].name,
            wagic::catalogue::ATTRIBUTES[attribute.index()].name
        ),
        Some(Target::Expr { .. }) => "expr".to_string(),
        Some(Target::Filter { filter, .. }) => format!("filter{:?}", filter.qty),
    };
    let links: Vec<String> = statement
        .chain
        .iter()
        .map(|link| match link.effect {
            Effect::Call { command, .. } => wagic::CATALOGUE.commands[command.index()].name.to_string(),
            Effect::Grant(ability) => format!("+{}", wagic::catalogue::ABILITIES[ability.index()].name),
            Effect::Revoke(ability) => format!("-{}", wagic::catalogue::ABILITIES[ability.index()].name),
            Effect::Each { .. } => "each".to_string(),
        })
        .collect();
    let timed = if statement.restriction.is_some() { " ueot" } else { "" };
    format!("{target} {}{timed}", links.join(","))
}

/// The IR of a single-card file's card, as lines: each auto (`auto[events]: statements`)
/// then each action (`action[costs]: statements`).
pub(super) fn ir_of(card: &str) -> Vec<String> {
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let statements = |list: &[compiler::ir::Statement<'_>]| list.iter().map(shape).collect::<Vec<_>>().join("; ");
    let autos = ir.autos.iter().map(|auto| {
        let events: Vec<String> = auto
            .events
            .iter()
            .map(|event| {
                let prefix = event.prefix.map_or("", |prefix| wagic::catalogue::EVENT_PREFIXES[prefix.index()].name);
                let tested = if event.condition.is_some() { "?" } else { "" };
                format!("{prefix} {}{tested}", wagic::CATALOGUE.events[event.event.index()].name).trim().to_string()
            })
            .collect();
        format!("auto[{}]: {}", events.join(", "), statements(auto.statements))
    });
    let actions =
        ir.actions.iter().map(|action| format!("action[{}]: {}", action.costs.len(), statements(action.statements)));
    autos.chain(actions).collect()
}

#[test]
fn an_auras_target_is_what_it_enchants_and_its_lines_act_on_that_permanent() {
    // Rancor-, Firebreathing-, Cage of Hands- and Torture-like lines on one Aura.
    let aura = "target=creature\nauto=2/0\nauto=trample\nauto={R}:1/0\nauto={1}{W}:moveTo(ownerhand)\n\
                auto={1}{B}:counter(-1/-1)\nauto=@each my upkeep:life:1\nauto=tap\n\
                auto=lord(creature|myBattlefield) haste\ntype=Enchantment\nsubtype=Aura";
    assert_eq!(
        ir_of(aura),
        [
            // The Aura attaches to the one permanent chosen as it enters, before anything else.
            "auto[]: filterSome(Exact(1)) enchant",
            // Static effects: continuous, on the enchanted permanent (none while unattached).
            "auto[continuous]: enchanted? pump",
            "auto[continuous]: enchanted? +trample",
            // A player's effect stays on the Aura's controller.
            "auto[my upkeep]: - life ueot",
            // A one-shot effect on entering: on the enchanted permanent, after the attach.
            "auto[]: enchanted? tap",
            // A lord keeps its own spec: continuous, on what the spec matches now.
            "auto[continuous]: filterNone +haste",
            "action[1]: enchanted? pump ueot",
            // Wagic aims an Aura's `moveto` at the Aura itself (Cage of Hands returns).
            "action[2]: - moveto ueot",
            "action[2]: enchanted? counter ueot",
        ]
    );
}

#[test]
fn auras_wagic_aims_elsewhere_are_refused_by_name() {
    let aura = |lines: &str| error_of(&format!("{lines}\ntype=Enchantment\nsubtype=Aura"));
    for (lines, refusal) in [
        ("target=player", "unsupported: Aura enchanting a player or itself"),
        ("target=creature|graveyard", "unsupported: Aura enchanting a card outside the battlefield"),
        ("target=<2>creature", "unsupported: Aura `target=` with a count"),
        ("target=creature\ntarget=land", "unsupported: Aura with several `target=` lines"),
        ("auto=2/0", "unsupported: Aura without `target=`"),
        // `damage` without a target: whom Wagic aims it at on an Aura is not modelled.
        ("target=creature\nauto={R}:damage:1", "unsupported: Aura effect without a target on an object not modelled"),
        ("target=creature\nauto=@each my upkeep:sacrifice", "unsupported: `sacrifice` without a target on an Aura"),
    ] {
        assert_eq!(aura(lines).as_deref(), Some(refusal), "{lines}");
    }
    // A `target=` on another permanent means nothing in Wagic.
    assert_eq!(
        error_of("target=creature\nauto=2/0\ntype=Enchantment").as_deref(),
        Some("unsupported: `target=` on a permanent that is not an Aura")
    );
}

#[test]
fn an_auras_targetcontroller_is_the_enchanted_permanents_controller() {
    // Pillory of the Sleepless: the upkeep of the enchanted creature's controller, who
    // loses the life (Wagic's `TriggerAtPhase` with `who` -2); `targetcontroller` is the
    // controller of its last known attachment (`lastattached`), the enchanted creature's.
    let pillory = "target=creature\nauto=@each targetcontroller upkeep:life:-1 targetController\n\
                   auto=@each targetcontroller upkeep:counter(-1/-1)\ntype=Enchantment\nsubtype=Aura";
    assert_eq!(
        ir_of(pillory),
        [
            "auto[]: filterSome(Exact(1)) enchant",
            // Its controller's upkeep while it controls the permanent, or its opponent's
            // while the opponent does: each event tests `enchanted.controller`.
            "auto[my upkeep?, opp upkeep?]: lastattached.controller life ueot",
            "auto[my upkeep?, opp upkeep?]: enchanted? counter ueot",
        ]
    );
    // Elsewhere neither is compiled: whose target it would be is not modelled.
    assert_eq!(
        error_of("auto=@each targetcontroller upkeep:life:-1 controller\ntype=Enchantment").as_deref(),
        Some("unsupported: trigger `@each` form")
    );
    assert_eq!(
        error_of("auto={T}:damage:1 targetcontroller\ntype=Creature").as_deref(),
        Some("unsupported: word `targetcontroller`")
    );
}

#[test]
fn autograveyard_own_move_from_the_battlefield_is_the_permanents_trigger() {
    // Rancor: back to its owner's hand when it goes to a graveyard from the battlefield;
    // the runtime shows a card its own move as it leaves play.
    let rancor = "target=Creature\nauto=2/0\nautograveyard=@movedTo(this|graveyard) from(battlefield):moveTo(ownerhand)\n\
                  type=Enchantment\nsubtype=Aura";
    assert_eq!(
        ir_of(rancor),
        ["auto[]: filterSome(Exact(1)) enchant", "auto[continuous]: enchanted? pump", "auto[movedto?]: - moveto ueot"]
    );
    let creature = |line: &str| error_of(&format!("autograveyard={line}\ntype=Creature"));
    assert_eq!(creature("@movedto(this|graveyard) from(mybattlefield):draw:1 controller"), None);
    for (line, refusal) in [
        // Its move in from the stack: heard by nothing (the card listens once it is there).
        (
            "@movedTo(this|mygraveyard) from(mystack):draw:1",
            "unsupported: `autograveyard` trigger on the card's own move into a graveyard other than from the \
             battlefield (unrestricted), the library or the hand",
        ),
        // A card in a graveyard is neither tapped nor sacrificed.
        ("{T}:draw:1", "unsupported: `autograveyard` cost `{T}` on the card in the graveyard"),
        ("{S}:draw:1", "unsupported: `autograveyard` cost `{S}` on the card in the graveyard"),
        // Unearth's grants last until the card's own exile: its own only.
        (
            "{2}:target(creature) transforms((,unearth,haste)) forever",
            "unsupported: `autograveyard` `transforms(...) forever` of another card",
        ),
        // In a graveyard the card enchants nothing: a permanent's effect has no object.
        (
            "@movedto(this|graveyard) from(battlefield):untap",
            "unsupported: `autograveyard` effect without a target on a permanent",
        ),
    ] {
        assert_eq!(creature(line).as_deref(), Some(refusal), "{line}");
    }
}

#[test]
fn autograveyard_triggers_statics_and_one_shots_are_the_first_autos_counted_apart() {
    // Dread-, Bladewing's Thrall- and Anger-like lines after a permanent's own trigger.
    let card = "auto=@each my upkeep:life:1\nautograveyard=moveTo(ownerlibrary) && shuffle\n\
                autograveyard=@movedTo(dragon|battlefield):may moveTo(mybattlefield)\n\
                autograveyard=aslongas(mountain|myBattlefield) lord(creature|myBattlefield) haste\ntype=Creature";
    let autos = ir_of(card);
    assert_eq!(autos.len(), 4, "{autos:?}");
    assert!(autos[0].starts_with("auto[]: - moveto"), "{autos:?}");
    assert!(autos[1].starts_with("auto[movedto"), "{autos:?}");
    assert!(autos[2].starts_with("auto[continuous]"), "{autos:?}");
    assert!(autos[3].starts_with("auto[my upkeep"), "{autos:?}");
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let lowered = wagic::front::lower_card_parts(&blocks[0], &arena, wagic::front::Known::default()).expect("compiles");
    assert_eq!(lowered.graveyard_autos, 3);
}

#[test]
fn an_activated_autograveyard_line_is_an_action_after_the_autohand_ones() {
    // Firewing Phoenix: {1}{R}{R}{R}: return it from the graveyard to hand; with a
    // permanent's ability and cycling before it in the card's actions.
    let phoenix = "auto={R}:1/0\nautograveyard={1}{R}{R}{R}:moveTo(myhand)\nautohand=__CYCLING__({2})\ntype=Creature";
    assert_eq!(ir_of(phoenix), ["action[1]: - pump ueot", "action[2]: - draw", "action[2]: - moveto ueot"]);
    // Dregscape Zombie's unearth: `asSorcery` is a cost of its own.
    let zombie =
        "autograveyard={B}:moveto(mybattlefield) && transforms((,unearth,haste)) asSorcery forever\ntype=Creature";
    // Its keyword abilities are the transformation's, kept until the card moves.
    assert_eq!(ir_of(zombie), ["action[2]: - moveto ueot; - transforms ueot"]);
}

#[test]
fn a_spells_targetcontroller_is_its_one_target_cards_controller() {
    // Path of Peace: destroy target creature; its owner (its controller, once in the
    // graveyard) gains 4 life.
    let path = "target=creature\nauto=destroy\nauto=life:4 targetController\ntype=Sorcery";
    let source = format!("[card]\nname=Test\n{path}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let [action] = ir.actions else { panic!("one action: {:?}", ir.actions) };
    let shapes: Vec<String> = action.statements.iter().map(shape).collect();
    assert_eq!(shapes, ["- destroy ueot", "expr life ueot"]);
    let Some(compiler::ir::Target::Expr { value: compiler::ir::Expr::Attr(card, attribute), .. }) =
        action.statements[1].target
    else {
        panic!("{:?}", action.statements[1].target)
    };
    assert_eq!(wagic::catalogue::ATTRIBUTES[attribute.index()].name, "controller");
    let compiler::ir::Expr::Index(compiler::ir::Expr::Var(targets), 0) = card else { panic!("{card:?}") };
    assert_eq!(wagic::catalogue::VARIABLES[targets.index()].name, "tgt");
    // A target that may be a player, or several: whose controller is not modelled.
    for target in ["creature,player", "<2>creature", "player"] {
        assert_eq!(
            error_of(&format!("target={target}\nauto=life:4 targetController\ntype=Sorcery")).as_deref(),
            Some("unsupported: word `targetcontroller`"),
            "{target}"
        );
    }
}

#[test]
fn control_magics_alias_on_an_aura_is_control_of_the_enchanted_permanent() {
    // Persuasion: `alias=1194`, Wagic's `AControlStealAura`.
    let persuasion = "target=creature\nalias=1194\ntype=Enchantment\nsubtype=Aura";
    assert_eq!(ir_of(persuasion), ["auto[]: filterSome(Exact(1)) enchant", "auto[continuous]: enchanted? control"]);
    // Any other engine rule, or 1194 on another card: not compiled.
    for card in ["target=creature\nalias=1000\ntype=Enchantment\nsubtype=Aura", "alias=1194\ntype=Creature"] {
        assert_eq!(error_of(card).as_deref(), Some("unsupported: key `alias`"), "{card}");
    }
}

#[test]
fn rampage_is_a_pump_per_blocker_beyond_n_when_the_card_is_blocked() {
    // Elvish Berserker: `rampage(1/1,0)`.
    let source = "[card]\nname=Test\nauto=rampage(2/1,1)\ntype=Creature\n[/card]\n";
    let blocks = wagic::reader::read(source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let [auto] = ir.autos else { panic!("one auto: {:?}", ir.autos) };
    let [event] = auto.events else { panic!("one event") };
    assert_eq!(wagic::CATALOGUE.events[event.event.index()].name, "blocked");
    // Its own `blocked`: the event's object is the card.
    assert_eq!(format!("{:?}", event.condition), "Some(Binary(Compare(Eq), Var(VariableIdx(4)), Var(VariableIdx(2))))");
    assert_eq!(wagic::catalogue::VARIABLES[4].name, "trigger");
    assert_eq!(wagic::catalogue::VARIABLES[2].name, "this");
    let [statement] = auto.statements else { panic!("one statement") };
    assert_eq!(shape(statement), "- pump ueot");
    // 2 × (blockercount(this) − 1) and 1 × (blockercount(this) − 1).
    let compiler::ir::Effect::Call { args, .. } = statement.chain[0].effect else { panic!() };
    let per = |each: i32| {
        format!(
            "Value(Binary(Mul, Int({each}), Binary(Sub, Call(FunctionIdx({}), [Var(VariableIdx(2))]), Int(1))))",
            wagic::CATALOGUE
                .functions
                .iter()
                .position(|function| function.name == "blockercount")
                .expect("blockercount")
        )
    };
    assert_eq!(args.iter().map(|arg| format!("{arg:?}")).collect::<Vec<_>>(), [per(2), per(1)]);
    for (line, refusal) in [
        ("rampage(1/1,2)", "unsupported: `rampage` beyond more than one blocker"),
        ("rampage(1/1)", "unsupported: `rampage` other than `rampage(p/t,n)`"),
        ("lord(beast) rampage(1/1,0)", "unsupported: effect `rampage`"),
    ] {
        assert_eq!(error_of(&format!("auto={line}\ntype=Creature")).as_deref(), Some(refusal), "{line}");
    }
}

#[test]
fn anyzone_defines_a_starred_power_and_toughness_by_counts() {
    // Keldon Warlord: `*/*`, the non-Wall creatures its controller controls.
    let warlord = "anyzone=type:creature[-wall]:myBattlefield/type:creature[-wall]:myBattlefield cdaactive\n\
                   type=Creature\npower=*\ntoughness=*";
    assert_eq!(ir_of(warlord), ["auto[continuous]: - pump; - pump"]);
    let source = format!("[card]\nname=Test\n{warlord}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let pumps: Vec<String> = ir.autos[0]
        .statements
        .iter()
        .map(|statement| {
            let compiler::ir::Effect::Call { args, .. } = statement.chain[0].effect else { panic!() };
            let amounts: Vec<String> = args[..2].iter().map(|arg| format!("{arg:?}")).collect();
            let per = matches!(args.get(2), Some(compiler::ir::Arg::Filter(filter)) if filter.qty.is_none());
            format!("{} per:{per}", amounts.join(" "))
        })
        .collect();
    assert_eq!(pumps, ["Value(Int(1)) Value(Int(0)) per:true", "Value(Int(0)) Value(Int(1)) per:true"]);
    // A number is a plain pump; other forms, or a card not printed `*/*`, are refused.
    assert_eq!(error_of("anyzone=type:swamp:myBattlefield/4 cdaactive\ntype=Creature\npower=*\ntoughness=*"), None);
    for (card, refusal) in [
        (
            "anyzone=pancientooze/pancientooze cdaactive\ntype=Creature\npower=*\ntoughness=*",
            "unsupported: `anyzone` other than `p/t cdaactive` with counts of a spec",
        ),
        (
            "anyzone=type:swamp:myBattlefield/4\ntype=Creature\npower=*\ntoughness=*",
            "unsupported: `anyzone` other than `p/t cdaactive` with counts of a spec",
        ),
        (
            "anyzone=2/2 cdaactive\ntype=Creature\npower=1\ntoughness=1",
            "unsupported: `anyzone` on a card not printed `*/*`",
        ),
    ] {
        assert_eq!(error_of(card).as_deref(), Some(refusal), "{card}");
    }
}

#[test]
fn a_one_shot_aslongas_runs_once_as_the_permanent_enters() {
    // Rakdos Pit Dragon's two lines: the `oneShot` one is checked as it enters, the other
    // holds while its condition does.
    let dragon = "auto=aslongas(*|myHand) double strike <1 oneShot\nauto=aslongas(*|myHand) double strike <1\n\
                  type=Creature";
    assert_eq!(ir_of(dragon), ["auto[]: - aslongas,+doublestrike", "auto[continuous]: - aslongas,+doublestrike"]);
    // On an activated ability it changes nothing (Spore Frog): Wagic's are one-shot.
    assert_eq!(ir_of("auto={S}:fog oneshot\ntype=Creature"), ["action[1]: - fog ueot"]);
    // Wagic's `fog` is its `preventAllCombatDamage` (Holy Day); with `to(...)` or
    // `from(...)` it is a prevention of its own (Fog Bank, `prevent_all.rs`).
    assert_eq!(ir_of("auto=preventAllcombatDamage ueot\ntype=Instant"), ["action[0]: - fog ueot"]);
    assert_eq!(ir_of("auto=preventAllCombatDamage to(this)\ntype=Creature"), ["auto[continuous]: - preventdamage"]);
    assert_eq!(
        error_of("auto=lord(creature) 1/1 oneshot\ntype=Creature").as_deref(),
        Some("unsupported: `oneshot` of a lasting effect outside `aslongas(...)`")
    );
}

#[test]
fn a_lord_inside_aslongas_acts_on_every_match_while_the_count_holds() {
    // Silver Seraph's threshold: continuous, so on every current match.
    let seraph = "auto=aslongas(*|mygraveyard) lord(other creature|myBattlefield) 2/2 >6\ntype=Creature";
    assert_eq!(ir_of(seraph), ["auto[continuous]: filterNone aslongas,pump"]);
    // Rancid Earth's: on a sorcery, the damage to every match once, when the count holds.
    let earth = "target=land\nauto=destroy\nauto=aslongas(*|mygraveyard) lord(creature) damage:1 >6\ntype=Sorcery";
    assert_eq!(ir_of(earth), ["action[0]: - destroy ueot; filterNone aslongas,damage ueot"]);
    // A one-shot effect on a permanent's matches: once, as the permanent enters (Wagic's
    // `AAsLongAs` of a one-shot ability is never checked again).
    assert_eq!(
        ir_of("auto=aslongas(*|mygraveyard) lord(creature) damage:1 >6\ntype=Creature"),
        ["auto[]: filterNone aslongas,damage"]
    );
}

#[test]
fn dynamicability_changes_life_by_the_spells_target_card() {
    // Swords to Plowshares: its target's controller gains life equal to its power.
    let swords = "target=creature\nauto=moveto(exile)\nauto=dynamicability<!mytgt powerlifegain targetcontroller!>\n\
                  type=Instant";
    let source = format!("[card]\nname=Test\n{swords}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let [action] = ir.actions else { panic!("one action") };
    let life = &action.statements[1];
    assert_eq!(shape(life), "expr life ueot");
    // Wagic counts a power below 0 as 0: `(power > 0 and power) or 0`.
    let debug = format!("{:?} {:?}", life.condition, life.chain[0].effect);
    let power = "Attr(Index(Var(VariableIdx(3)), 0), AttributeIdx(0))";
    let clamped = format!("Or(And(Binary(Compare(Gt), {power}, Int(0)), {power}), Int(0))");
    assert!(debug.starts_with("None ") && debug.contains(&format!("args: [Value({clamped})]")), "{debug}");
    assert_eq!((wagic::catalogue::VARIABLES[3].name, wagic::catalogue::ATTRIBUTES[0].name), ("tgt", "power"));
    // Vendetta: the spell's controller loses its toughness.
    let vendetta =
        "target=creature\nauto=bury\nauto=dynamicability<!mytgt toughnesslifeloss srccontroller!>\ntype=Instant";
    assert_eq!(ir_of(vendetta), ["action[0]: - bury ueot; me? life ueot"]);
    // A target of a card or a player: the amount's card cannot be named.
    let either = "target=creature,player\nauto=dynamicability<!mytgt powerlifegain targetcontroller!>\ntype=Instant";
    assert_eq!(
        error_of(either).as_deref(),
        Some("unsupported: `dynamicability` reading a target chosen as it resolves")
    );
}

#[test]
fn cantbeblockedby_is_continuous_and_refused_where_it_would_be_counted_once() {
    // Gnat Alley Creeper; on an Aura (Dust Corona) it acts on the enchanted creature; a
    // lord's (Shifting Sliver's) on its matches.
    assert_eq!(ir_of("auto=cantbeblockedby(creature[flying])\ntype=Creature"), ["auto[continuous]: - cantbeblockedby"]);
    let corona = "target=creature\nauto=cantbeblockedby(creature[flying])\ntype=Enchantment\nsubtype=Aura";
    assert_eq!(ir_of(corona), ["auto[]: filterSome(Exact(1)) enchant", "auto[continuous]: enchanted? cantbeblockedby"]);
    let sliver = "auto=lord(sliver) cantbeblockedby(creature[-sliver])\ntype=Creature";
    assert_eq!(ir_of(sliver), ["auto[continuous]: filterNone cantbeblockedby"]);
    for card in [
        "target=creature\nauto=cantbeblockedby(wall)\ntype=Instant",
        "auto={R}:cantbeblockedby(wall)\ntype=Creature",
        "auto=@each my upkeep:cantbeblockedby(wall)\ntype=Creature",
    ] {
        assert_eq!(
            error_of(card).as_deref(),
            Some("unsupported: `cantbeblockedby` outside a permanent's static line"),
            "{card}"
        );
    }
}

#[test]
fn x_is_the_x_paid_on_a_spell_whose_cost_has_one() {
    // Hurricane's damage and Flowstone Slide's pump read the catalogue's `x`.
    let source =
        "[card]\nname=Test\nauto=damage:X all(player)\nauto=lord(creature) x/-x\nmana={X}{G}\ntype=Sorcery\n[/card]\n";
    let blocks = wagic::reader::read(source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let [action] = ir.actions else { panic!("one action") };
    let args: Vec<String> = action
        .statements
        .iter()
        .map(|statement| {
            let compiler::ir::Effect::Call { args, .. } = statement.chain[0].effect else { panic!() };
            format!("{args:?}")
        })
        .collect();
    let x = wagic::catalogue::VARIABLES.iter().position(|named| named.name == "x").expect("x");
    assert_eq!(
        args,
        [
            format!("[Value(Var(VariableIdx({x})))]"),
            format!("[Value(Var(VariableIdx({x}))), Value(Neg(Var(VariableIdx({x}))))]")
        ]
    );
    // Without `{X}` in the cost, or in a permanent's ability, there is no X paid.
    for card in [
        "auto=damage:X all(player)\nmana={G}\ntype=Sorcery",
        "auto={T}:damage:X target(player)\nmana={X}\ntype=Creature",
    ] {
        assert_eq!(error_of(card).as_deref(), Some("unsupported: amount `x`"), "{card}");
    }
    // A permanent's entering effect reads it (Feral Hydra); a lasting one would read it
    // again later, another spell's.
    assert_eq!(ir_of("auto=counter(1/1,X)\nmana={X}{G}\ntype=Creature"), ["auto[]: - counter"]);
    assert_eq!(
        error_of("auto=lord(creature) X/X\nmana={X}{G}\ntype=Creature").as_deref(),
        Some("unsupported: `X` in a lasting effect of a permanent")
    );
}

#[test]
fn teach_on_an_aura_of_creatures_is_the_effect_on_the_enchanted_creature() {
    // Armadillo Cloak's `teach(creature) spiritlink`.
    let cloak = "target=creature\nauto=2/2\nauto=teach(creature) spiritlink\ntype=Enchantment\nsubtype=Aura";
    assert_eq!(
        ir_of(cloak),
        [
            "auto[]: filterSome(Exact(1)) enchant",
            "auto[continuous]: enchanted? pump",
            "auto[continuous]: enchanted? spiritlink"
        ]
    );
    // A spec the enchanted permanent may not match, of other than a static effect (its
    // static effects: `teach_any.rs`), or on an Equipment.
    let refusal = "unsupported: `teach(spec)` on an Aura whose spec may not match the permanent it enchants, \
                   of other than a static effect";
    for card in [
        "target=creature\nauto=teach(creature[flying]) draw:1 controller\ntype=Enchantment\nsubtype=Aura",
        "target=artifact\nauto=teach(creature) draw:1 controller\ntype=Enchantment\nsubtype=Aura",
        "auto=teach(creature[flying]) trample\ntype=Artifact\nsubtype=Equipment",
    ] {
        let error = error_of(card);
        assert!(error.as_deref() == Some(refusal) || card.contains("Equipment"), "{card}: {error:?}");
        assert!(error.is_some(), "{card}");
    }
}

#[test]
fn damage_triggers_are_the_damaged_event_with_tests_of_its_bindings() {
    let card = "auto=@combatdamaged(player) from(this):life:1 controller\nauto=@damagefoeof(player) from(this):life:1 controller\n\
                auto=@damaged(creature) from(creature|mybattlefield):life:1 controller\ntype=Creature";
    assert_eq!(
        ir_of(card),
        ["auto[damaged?]: me life ueot", "auto[damaged?]: me life ueot", "auto[damaged?]: me life ueot"]
    );
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let conditions: Vec<String> = ir.autos.iter().map(|auto| format!("{:?}", auto.events[0].condition)).collect();
    let var = |name: &str| {
        let index = wagic::catalogue::VARIABLES.iter().position(|named| named.name == name).expect("a variable");
        format!("Var(VariableIdx({index}))")
    };
    // Combat damage to a player from this card.
    assert!(
        conditions[0].contains(&var("combatdamage")) && conditions[0].contains(&var("damagesource")),
        "{}",
        conditions[0]
    );
    // Damage to the opponent (`trigger == opp`) from this card.
    assert!(
        conditions[1].contains(&format!("Binary(Compare(Eq), {}, {})", var("trigger"), var("opp"))),
        "{}",
        conditions[1]
    );
    assert!(!conditions[1].contains(&var("combatdamage")), "{}", conditions[1]);
    // A source spec is tested on `damagesource`, in its zone.
    assert!(conditions[2].contains(&var("damagesource")), "{}", conditions[2]);
    // `mytgt` is the card's target, never a card named so: the enchanted permanent (its
    // last known attachment) on an Aura's trigger; refused elsewhere (it compiled as a
    // card name before).
    assert_eq!(
        error_of("auto=@damaged(this) from(mytgt):life:1 controller\ntype=Creature").as_deref(),
        Some("unsupported: spec `mytgt` (the card's target) outside an Aura's or an Equipment's trigger")
    );
    let aura =
        "target=creature\nauto=@combatdamaged(player) from(mytgt):life:1 controller\ntype=Enchantment\nsubtype=Aura";
    let source = format!("[card]\nname=Test\n{aura}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the Aura compiles");
    let condition = format!("{:?}", ir.autos[1].events[0].condition);
    assert!(
        condition.contains(&format!("Binary(Compare(Eq), {}, {})", var("damagesource"), var("lastattached"))),
        "{condition}"
    );
    // Once the enchanted permanent has moved, its move's triggers still see it.
    assert_eq!(
        error_of("target=creature\nauto=@movedto(mytgt|graveyard):life:1 controller\ntype=Enchantment\nsubtype=Aura"),
        None
    );
}

#[test]
fn a_type_amount_is_the_commands_per_filter() {
    let source = "[card]\nname=Test\nauto=life:type:*:mygraveyard controller\nauto=damage:-Type:creature:opponentbattlefield opponent\ntype=Sorcery\n[/card]\n";
    let blocks = wagic::reader::read(source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let args: Vec<String> = ir.actions[0]
        .statements
        .iter()
        .map(|statement| {
            let compiler::ir::Effect::Call { args, .. } = statement.chain[0].effect else { panic!() };
            let per = matches!(args.get(1), Some(compiler::ir::Arg::Filter(filter)) if filter.qty.is_none());
            format!("{:?} per:{per}", args[0])
        })
        .collect();
    assert_eq!(args, ["Value(Int(1)) per:true", "Value(Int(-1)) per:true"]);
    // Not for a discard or a prevention: Wagic's `type:` there is not a count of cards.
    assert_eq!(
        error_of("auto=discard:type:*:myhand controller\ntype=Sorcery").as_deref(),
        Some("unsupported: amount `type` of `discard`")
    );
}

#[test]
fn transforms_is_one_call_then_a_grant_per_keyword_ability() {
    // Blinkmoth Nexus's line: types, a base p/t and flying, until end of turn.
    let nexus = "auto={1}:transforms((Blinkmoth Artifact Creature,setpower=1,settoughness=1,flying)) ueot\ntype=Land";
    assert_eq!(ir_of(nexus), ["action[1]: - transforms,+flying ueot"]);
    let source = format!("[card]\nname=Test\n{nexus}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let compiler::ir::Effect::Call { args, .. } = ir.actions[0].statements[0].chain[0].effect else {
        panic!("a call first")
    };
    assert_eq!(
        format!("{args:?}"),
        "[Value(Str(\"blinkmoth artifact creature\")), Value(Str(\"\")), Value(Int(0)), Value(Int(1)), Value(Int(1))]"
    );
    // Colours: a colour word replaces, `newcolors[...]` adds; a lord's and a spell's forms.
    let colours = "auto=transforms((Zombie,newcolors[black]))\ntype=Sorcery";
    let source = format!("[card]\nname=Test\n{colours}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let compiler::ir::Effect::Call { args, .. } = ir.actions[0].statements[0].chain[0].effect else { panic!("a call") };
    assert_eq!(format!("{args:?}"), "[Value(Str(\"zombie\")), Value(Str(\"black\")), Value(Int(1))]");
    assert_eq!(error_of("auto=lord(creature|mybattlefield) transforms((vampire))\ntype=Creature"), None);
    assert_eq!(error_of("target=creature\nauto=transforms((,white)) ueot\ntype=Instant"), None);
    // `forever`: the call's last argument, 1 (power and toughness nil before it).
    let memnarch = "auto={1}{U}{U}:target(*) transforms((artifact)) forever\ntype=Creature";
    let source = format!("[card]\nname=Test\n{memnarch}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let compiler::ir::Effect::Call { args, .. } = ir.actions[0].statements[0].chain[0].effect else { panic!("a call") };
    assert_eq!(
        format!("{args:?}"),
        "[Value(Str(\"artifact\")), Value(Str(\"\")), Value(Int(0)), Value(Nil), Value(Nil), Value(Int(1))]"
    );
    for (line, refusal) in [
        (
            // Damage's source counts: the target's, not the card's.
            "auto={T}:target(creature) transforms((,newability[damage:1])) ueot",
            "transforms part `newability[damage...]` other than one effect on the card",
        ),
        ("auto={T}:transforms((allsubtypes)) target(creature) ueot", "transforms part `allsubtypes`"),
        // A pump outliving its source: the runtime ends one with its restriction or as its
        // source leaves play.
        (
            "auto={1}:target(*) transforms((,newability[1/1])) forever",
            "lasting `newability[...]` other than a keyword ability in `transforms(...) forever`",
        ),
        ("auto={1}:transforms((Wombatx)) ueot", "transforms type `wombatx`"),
        ("auto={1}:transforms((,setpower=X)) ueot", "transforms `setpower` of `x`"),
        ("auto={1}:transforms(artifact) ueot", "`transforms` without its double parentheses"),
    ] {
        let card = format!("{line}\ntype=Creature");
        assert_eq!(error_of(&card), Some(format!("unsupported: {refusal}")), "{line}");
    }
}

#[test]
fn trigger_from_of_a_damage_is_its_source() {
    // Mephidross Vampire's counter goes on the creature that dealt the damage; a move's
    // `trigger[from]` is the moved card, as `trigger` is.
    let damage =
        "auto=@damaged(creature) from(creature|mybattlefield):all(trigger[from]) counter(1/1,1)\ntype=Creature";
    assert_eq!(ir_of(damage), ["auto[damaged?]: damagesource counter ueot"]);
    let moved = "auto=@movedTo(creature|graveyard) from(battlefield):all(trigger[from]) moveTo(exile)\ntype=Creature";
    assert_eq!(ir_of(moved), ["auto[movedto?]: trigger moveto ueot"]);
}

#[test]
fn if_then_is_the_negated_count_check_or_else_the_effect() {
    let card = "auto=if type(*|myhand)~morethan~0 then damage:2 opponent\ntype=Sorcery";
    assert_eq!(ir_of(card), ["action[0]: opp aslongas,damage ueot"]);
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let chain = ir.actions[0].statements[0].chain;
    // More than 0 is negated as fewer than 1; the effect runs only when that fails.
    let compiler::ir::Effect::Call { args, .. } = chain[0].effect else { panic!("a call first") };
    let lessthan = wagic::catalogue::CRITERIA.iter().position(|named| named.name == "lessthan").expect("a criterion");
    assert!(format!("{:?}", args[1]).contains(&format!("word: {lessthan} ")), "{args:?}");
    assert!(matches!(args[2], compiler::ir::Arg::Value(compiler::ir::Expr::Int(1))), "{args:?}");
    assert!(matches!(chain[1].operator, Some(compiler::ir::ChainOperator::OrElse)));
    for (line, refusal) in [
        (
            "auto=if rebound then life:5 controller",
            "`if` other than `if type(spec)~morethan|lessthan|equalto~n or type(spec) then effect`, \
             `paid(alternative|kicker)`, `casted(this)`, `spent({C})`, `raid` or `morbid`",
        ),
        ("auto=if type(*|myhand)~morethan~0 damage:2 opponent", "`if` without `then`"),
        ("auto=if type(*|myhand)~morethan~0 then add{G}{U}", "`if` with an effect of several links"),
    ] {
        let card = format!("{line}\ntype=Sorcery");
        assert_eq!(error_of(&card), Some(format!("unsupported: {refusal}")), "{line}");
    }
}

#[test]
fn threatens_alias_on_a_spell_is_control_of_its_target_until_end_of_turn() {
    let card = "target=creature\nauto=untap\nalias=129767\ntype=Sorcery";
    assert_eq!(ir_of(card), ["action[0]: - untap ueot; - control ueot"]);
    // On a permanent it is another rule of Wagic's engine, not compiled.
    assert_eq!(error_of("alias=129767\ntype=Creature").as_deref(), Some("unsupported: key `alias`"));
}

#[test]
fn and_then_is_the_next_link_on_the_same_target() {
    let card = "auto=moveTo(myBattlefield) and!(tap)! target(basic|mylibrary)\ntype=Creature";
    assert_eq!(ir_of(card), ["auto[]: filterSome(Exact(1)) moveto,tap"]);
    assert_eq!(
        error_of("auto=moveTo(myHand) and!( discard:1 controller )! target(*|mylibrary)\ntype=Sorcery").as_deref(),
        Some("unsupported: amount `1 controller`")
    );
}

#[test]
fn a_tapped_target_of_an_ability_costing_t_leaves_the_source_out() {
    let exclusions = |card: &str| {
        let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
        let blocks = wagic::reader::read(&source);
        let arena = bumpalo::Bump::new();
        let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
        let Some(compiler::ir::Target::Filter { filter, .. }) = ir.actions[0].statements[0].target else {
            panic!("a filter target")
        };
        filter.types.iter().map(|term| term.exclude_source).collect::<Vec<_>>()
    };
    assert_eq!(exclusions("auto={T}:destroy target(creature[tapped])\ntype=Creature"), [true]);
    // Without {T}: the source stays a candidate.
    assert_eq!(exclusions("auto={B}:destroy target(creature[tapped])\ntype=Creature"), [false]);
    // Wagic's `;` ors types and colours only: `tapped` is still required.
    assert_eq!(exclusions("auto={T}:destroy target(creature[tapped;flying])\ntype=Creature"), [true]);
}

#[test]
fn autohand_compiles_cycling_as_the_cards_last_actions() {
    // Bloated Toad's macro and Akroma's Vengeance's written line: each cost ends with
    // `{cycle}`, the effect draws; they come after the card's own actions (a spell's too).
    let toad = "autohand=__CYCLING__({2})\nauto={G}:1/1\ntype=Creature";
    assert_eq!(ir_of(toad), ["action[1]: - pump ueot", "action[2]: - draw"]);
    let vengeance = "autohand={3}{cycle}:name(cycling) draw:1\nauto=destroy all(creature)\ntype=Sorcery";
    assert_eq!(ir_of(vengeance), ["action[0]: filterNone destroy ueot", "action[2]: - draw ueot"]);
    for (card, refusal) in [
        // Other abilities used from hand (ninjutsu's `{N}` is no cost read yet).
        (
            "autohand={2}:draw:1\ntype=Creature",
            "unsupported: `autohand` line other than a cost with `{cycle}` (cycling)",
        ),
        ("autohand={1}{U}{N}:ninjutsu\ntype=Creature", "unsupported: cost `{n}`"),
        // `{cycle}` is paid from hand: a permanent's ability cannot.
        ("auto={2}{cycle}:draw:1\ntype=Creature", "unsupported: `{cycle}` outside an `autohand` line"),
    ] {
        assert_eq!(error_of(card).as_deref(), Some(refusal), "{card}");
    }
}

#[test]
fn a_later_part_naming_its_own_target_is_not_under_the_lines_all() {
    // Fleshformer's: Wagic splits the line at `&&` before it reads `all(...)`.
    let card = "auto={W}{U}{B}{R}{G}:all(this) 2/2 && all(this) fear && -2/-2 target(creature)\ntype=Creature";
    assert_eq!(ir_of(card), ["action[5]: filterNone pump ueot; filterNone +fear ueot; filterSome(Exact(1)) pump ueot"]);
    let card = "auto={T}:all(creature|mybattlefield) 1/1 && draw:1 controller\ntype=Creature";
    assert_eq!(ir_of(card), ["action[1]: filterNone pump ueot; me draw ueot"]);
    // A part without one acts on the first part's `all(...)`, as before.
    let card = "auto={T}:all(creature|mybattlefield) 1/1 && trample\ntype=Creature";
    assert_eq!(ir_of(card), ["action[1]: filterNone pump ueot; filterNone +trample ueot"]);
}

#[test]
fn an_ability_given_to_the_controller_is_the_effect_itself() {
    let given =
        "auto={B}:ability$!name(sacrifice) notatarget(creature|mybattlefield) sacrifice!$ controller\ntype=Creature";
    let own = "auto={B}:notatarget(creature|mybattlefield) sacrifice\ntype=Creature";
    assert_eq!(ir_of(given), ir_of(own));
    assert_eq!(ir_of(given), ["action[1]: filterSome(Exact(1)) moveto ueot"]);
    // Another player chooses and owns `my` (a discard, a sacrifice or a move of their own
    // cards compiles: `given_player.rs`, `given_move.rs`);
    // the spell, not the card, is a damage's source.
    let refused = [
        (
            "auto=ability$!tap target(land|mybattlefield)!$ opponent",
            "`ability$!...!$` given to `opponent` other than a discard, a sacrifice, a move, a draw or life",
        ),
        ("auto=ability$!damage:1 target(creature)!$ controller", "`ability$!...!$` with `damage`"),
        ("auto=ability$!moveto(exile) all(this)!$ controller", "`ability$!...!$` with `this`"),
        (
            "auto=ability$!draw:1 _ damage:1 target(creature)!$ controller",
            "`ability$!...!$` given to `controller` other than a discard, a sacrifice, a move, a draw or life",
        ),
        ("auto=ability$!draw:1 controller", "`ability$!` without its closing `!$`"),
    ];
    for (line, message) in refused {
        assert_eq!(
            error_of(&format!("{line}\ntype=Sorcery")).as_deref(),
            Some(&*format!("unsupported: {message}")),
            "{line}"
        );
    }
}

#[test]
fn kicker_compiles_a_mana_cost_and_one_shot_effects_under_the_kicked_condition() {
    let ardent = "kicker={2}\nauto=vigilance\nauto=kicker counter(1/1,1)\ntype=Creature";
    assert_eq!(ir_of(ardent), ["auto[]: - +vigilance", "auto[]: - counter"]);
    // The kicker line's statement runs under a condition (`kicked == 1`), the other not.
    let source = format!("[card]\nname=Test\n{ardent}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let conditioned: Vec<bool> = ir.autos.iter().map(|auto| auto.statements[0].condition.is_some()).collect();
    assert_eq!(conditioned, [false, true]);
    for (card, refusal) in [
        (
            "kicker=multi{B}{B}\nauto=kicker draw:1\ntype=Creature",
            "unsupported: `kicker` cost other than mana (`multi`, `{...}` costs)",
        ),
        ("kicker={T}\ntype=Creature", "unsupported: `kicker` cost other than mana (`multi`, `{...}` costs)"),
        ("auto=kicker draw:1\ntype=Creature", "unsupported: `kicker` effect on a card without `kicker=`"),
        (
            "kicker={1}\nauto=kicker {T}:draw:1\ntype=Creature",
            "unsupported: `kicker` effect other than a one-shot effect",
        ),
        (
            // One `may` for both parts ends the ability when refused (a target is guarded:
            // `if_guarded.rs`).
            "kicker={1}\nauto=kicker may draw:1 controller && life:1 controller\ntype=Creature",
            "unsupported: `kicker` effect with a condition that ends the ability",
        ),
    ] {
        assert_eq!(error_of(card).as_deref(), Some(refusal), "{card}");
    }
}

#[test]
fn reject_is_a_move_to_the_owners_graveyard_as_sacrifice_is() {
    assert_eq!(
        ir_of("auto={B}:reject target(*|myhand)\ntype=Creature"),
        ir_of("auto={B}:sacrifice target(*|myhand)\ntype=Creature")
    );
    assert_eq!(
        ir_of("auto={B}:reject target(*|myhand)\ntype=Creature"),
        ["action[1]: filterSome(Exact(1)) moveto ueot"]
    );
}

#[test]
fn an_ability_given_to_the_controller_may_be_one_part_of_several() {
    let given =
        "auto={T}:draw:1 controller && ability$!name(discard) reject notatarget(*|myhand)!$ controller\ntype=Creature";
    let own = "auto={T}:draw:1 controller && reject notatarget(*|myhand)\ntype=Creature";
    assert_eq!(ir_of(given), ir_of(own));
    assert_eq!(ir_of(given), ["action[1]: me draw ueot; filterSome(Exact(1)) moveto ueot"]);
    let named =
        "auto={B}:name(return) ability$!moveto(myhand) notatarget(creature|mygraveyard)!$ controller\ntype=Creature";
    assert_eq!(ir_of(named), ["action[1]: filterSome(Exact(1)) moveto ueot"]);
    assert_eq!(
        error_of("auto=all(creature) ability$!tap!$ controller\ntype=Sorcery").as_deref(),
        Some("unsupported: `ability$!...!$` with a word around it")
    );
}

#[test]
fn an_if_line_with_and_parts_is_refused_as_wagic_makes_every_part_conditional() {
    // Wagic's `if ... then` takes the rest of the line, `&&` and all, as its effect.
    let card =
        "auto=if type(creature|mybattlefield)~morethan~0 then draw:1 controller && life:1 controller\ntype=Sorcery";
    assert_eq!(
        error_of(card).as_deref(),
        Some(
            "unsupported: `if ... then` with `&&` of a test other than the source's or the turn's (`paid(...)`, \
             `casted(this)`, `spent(...)`, `raid`, `morbid`)"
        )
    );
    // After `may`, too (`if_guarded.rs` compiles a test of the source without one).
    let may = "auto=may if raid then draw:1 controller && life:1 controller\ntype=Sorcery";
    assert_eq!(error_of(may).as_deref(), Some("unsupported: `if ... then` with `&&`"));
    let one = "auto=if type(creature|mybattlefield)~morethan~0 then draw:1 controller\ntype=Sorcery";
    assert_eq!(error_of(one), None);
}

#[test]
fn alterpoison_acts_on_players_as_life_does() {
    assert_eq!(ir_of("auto=alterpoison:3\ntype=Sorcery"), ["action[0]: - alterpoison ueot"]);
    assert_eq!(ir_of("auto=alterpoison:1 opponent\ntype=Sorcery"), ["action[0]: opp alterpoison ueot"]);
    assert_eq!(
        ir_of("auto=@each my upkeep:alterpoison:1 controller\ntype=Enchantment"),
        ["auto[my upkeep]: me alterpoison ueot"]
    );
    assert_eq!(ir_of("target=player\nauto=alterpoison:-2\ntype=Instant"), ["action[0]: - alterpoison ueot"]);
    assert_eq!(
        error_of("auto=alterpoison:\ntype=Sorcery").as_deref(),
        Some("unsupported: `alterpoison:` without an amount")
    );
}

#[test]
fn flashback_is_a_mana_cost_of_an_instant_or_sorcery() {
    assert_eq!(ir_of("flashback={4}{R}\ntarget=creature,player\nauto=damage:2\ntype=Sorcery").len(), 1);
    assert_eq!(
        error_of("flashback={1}{G}\nauto=draw:1\ntype=Creature").as_deref(),
        Some("unsupported: `flashback` on a permanent")
    );
    for cost in ["{2}{S(creature|mybattlefield)}", "multi", ""] {
        assert_eq!(
            error_of(&format!("flashback={cost}\nauto=draw:1\ntype=Instant")).as_deref(),
            Some("unsupported: `flashback` cost other than mana (`{...}` costs, `multi`)"),
            "{cost}"
        );
    }
}
