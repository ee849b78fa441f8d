//! The front end's refusals, one exact message each: constructs that would compile to
//! something other than what Wagic does are refused, never miscompiled.

use vm::bytecode::BundleBuilder;

/// The one error of a single-card file, or none.
fn error_of(card: &str) -> Option<String> {
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let mut bundle = BundleBuilder::new(&wagic::CATALOGUE);
    let outcomes = wagic::compile_source("test.txt", &source, &mut bundle);
    assert_eq!(outcomes.len(), 1);
    outcomes[0].error.as_ref().map(|error| error.message.clone())
}

#[test]
fn parts_sharing_one_chosen_target_are_refused() {
    for line in [
        "auto={S}:damage:2 && -flying target(creature[flying])\ntype=Creature",
        "auto={T}:target(player) deplete:1 && draw:1\ntype=Creature",
    ] {
        assert_eq!(error_of(line).as_deref(), Some("unsupported: `&&` parts sharing one `target(...)`"), "{line}");
    }
    // Each part with its own target, or a lord's target for both, compiles.
    assert_eq!(error_of("auto={T}:damage:2 target(player) && damage:3 controller\ntype=Creature"), None);
    assert_eq!(error_of("auto=lord(goblin) 1/1 && haste\ntype=Creature"), None);
}

#[test]
fn constructs_the_runtime_cannot_hold_are_refused() {
    // A static `foreach` scales a pump; a lasting effect that cannot scale is refused.
    assert_eq!(error_of("auto=foreach(forest|mybattlefield) 1/1\ntype=Creature"), None);
    assert_eq!(
        error_of("auto=foreach(forest|mybattlefield) flying\ntype=Creature").as_deref(),
        Some("unsupported: foreach of a lasting effect other than a pump")
    );
    assert_eq!(
        error_of("auto={T}:damage:1 targetcontroller\ntype=Creature").as_deref(),
        Some("unsupported: word `targetcontroller`")
    );
    assert_eq!(
        error_of("auto=damage:1 controller asSorcery\ntype=Creature").as_deref(),
        Some("unsupported: `assorcery` outside an activated ability")
    );
}

/// `rsc explain E0100` / `E0101` show Wagic card blocks: the wrong one gets the code, the
/// right one compiles.
#[test]
fn the_wagic_codes_explanations_say_what_they_claim() {
    for code in [compiler::Code::E0100, compiler::Code::E0101] {
        let explanation = code.explanation();
        let compile = |source: &str| {
            let mut bundle = BundleBuilder::new(&wagic::CATALOGUE);
            wagic::compile_source("example.txt", source, &mut bundle)
        };
        let wrong = compile(explanation.wrong);
        assert!(
            wrong.iter().any(|outcome| outcome.error.as_ref().is_some_and(|error| error.code == code)),
            "{}: the wrong card gets {wrong:?}",
            code.as_str()
        );
        let right = compile(explanation.right);
        assert!(right.len() == 1 && right[0].error.is_none(), "{}: the right card gets {right:?}", code.as_str());
    }
}

/// The one error of a single-card file: its message, its help, and the text it points at.
fn refusal_of(card: &str) -> Option<(String, Option<String>, String)> {
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let mut bundle = BundleBuilder::new(&wagic::CATALOGUE);
    let outcomes = wagic::compile_source("test.txt", &source, &mut bundle);
    assert_eq!(outcomes.len(), 1);
    outcomes[0].error.as_ref().map(|error| {
        let at = source.get(error.span.range()).unwrap_or("?").to_string();
        (error.message.clone(), error.help.clone(), at)
    })
}

/// A newcomer's typos were "unsupported: effect `damgae`" and "not supported yet", as if
/// Wagic had such a word: each names the word meant now, at the word itself.
#[test]
fn typos_get_the_word_meant() {
    let cases = [
        ("auto=damgae:3 target(player)\ntype=Instant", "effect `damgae`", "did you mean `damage`?", "damgae:3"),
        ("atuo=damage:2 target(player)\ntype=Instant", "key `atuo`", "did you mean `auto`?", "atuo"),
        ("abilities=flyng\ntype=Creature", "ability `flyng`", "did you mean `flying`?", "flyng"),
        (
            "auto=lord(goblin|mybattlefeld) 1/1\ntype=Enchantment",
            "zone `mybattlefeld`",
            "did you mean `mybattlefield`?",
            "mybattlefeld",
        ),
        (
            "auto={T}:damage:1 target(creature|oppbattlefield)\ntype=Creature",
            "zone `oppbattlefield`",
            "did you mean `opponentbattlefield`?",
            "oppbattlefield",
        ),
        (
            "auto=@moveto(creature|battlefield):life:1\ntype=Enchantment",
            "trigger `@moveto`",
            "did you mean `@movedto`?",
            "moveto(creature|battlefield)",
        ),
        ("target=creature\nauto=damage:3\ntype=Instnat", "type `instnat`", "did you mean `instant`?", "Instnat"),
        (
            "auto={T}:destroy target(creatrue)\ntype=Creature",
            "spec type `creatrue`",
            "did you mean `creature`?",
            "creatrue",
        ),
        ("auto=@each my upkep:life:1\ntype=Enchantment", "phase `upkep`", "did you mean `upkeep`?", "upkep"),
        ("auto=@each myupkeep:life:1\ntype=Enchantment", "phase `myupkeep`", "write `@each my upkeep`", "myupkeep"),
        ("auto=mya damage:2 target(creature)\ntype=Instant", "effect `mya`", "did you mean `may`?", "mya damage:2"),
    ];
    for (card, construct, help, at) in cases {
        assert_eq!(
            refusal_of(card),
            Some((format!("unsupported: {construct}"), Some(help.to_string()), at.to_string())),
            "{card}"
        );
    }
}

/// Mistakes that are no typo of a word get a help that says what to write.
#[test]
fn mistakes_get_a_help_that_says_what_to_write() {
    let help_of = |card: &str| refusal_of(card).map(|(message, help, at)| (message, help.unwrap_or_default(), at));
    let (message, help, at) = help_of("auto=damage 2 target(creature)\ntype=Instant").expect("refused");
    assert_eq!(
        (message.as_str(), help.as_str()),
        ("unsupported: effect `damage` without `:amount`", "write the amount after a colon: `damage:2`")
    );
    assert_eq!(at, "damage 2");
    let (message, help, at) = help_of("auto=damage:2 target:creature\ntype=Instant").expect("refused");
    assert_eq!(
        (message.as_str(), help.as_str(), at.as_str()),
        ("unsupported: word `target`", "write the spec in parentheses: `target(creature)`", "target:creature")
    );
    // The bracket never closed, not the whole line.
    let (message, help, at) = help_of("auto=damage:1 target(creature,player\ntype=Instant").expect("refused");
    assert_eq!(
        (message.as_str(), help.as_str(), at.as_str()),
        ("unsupported: unbalanced brackets", "this `(` is never closed: add `)`", "(")
    );
    let (_, help, at) = help_of("auto=damage:1 target(creature]\ntype=Instant").expect("refused");
    assert_eq!((help.as_str(), at.as_str()), ("this `]` closes a `(`", "]"));
    let (_, help, _) = help_of("auto=@movedto(creature[power>4]):life:1\ntype=Enchantment").expect("refused");
    assert_eq!(help, "write `power>=5`");
    let (_, help, _) = help_of("auto=destroy target(creature[power=>3])\ntype=Sorcery").expect("refused");
    assert_eq!(help, "write `power>=3`");
    let (_, help, _) = help_of("auto=draw:two\ntype=Sorcery").expect("refused");
    assert!(help.starts_with("the amounts compiled are whole numbers (`draw:2`)"), "{help}");
    let (_, help, _) = help_of("auto=\ntype=Sorcery").expect("refused");
    assert_eq!(help, "write an effect (`damage:2 target(creature)`), or remove the line");
    let (_, help, at) = help_of("auto={2}{Z}:draw:1\ntype=Artifact").expect("refused");
    assert!(help.starts_with("the costs compiled are `{T}`"), "{help}");
    assert_eq!(at, "Z");
}

/// Wagic's own words the front end does not compile are no typos: no `did you mean` (which
/// named `tokenizer` for `token` and `tap` for `pay`), only where to read what compiles.
#[test]
fn wagic_words_not_compiled_yet_are_not_taken_for_typos() {
    let pointer = "`rsc explain E0100` lists what the Wagic front end compiles";
    for card in [
        "auto=transforms((,newability[haste]))\ntype=Sorcery",
        "auto=loseabilities\ntype=Sorcery",
        "auto=pay[[{1}]] name(pay 1) life:1\ntype=Sorcery",
        "auto=lord(beast) rampage(1/1,1)\ntype=Creature",
        "auto=@vampired(creature):life:1\ntype=Enchantment",
        "kicker={3}\ntype=Creature",
    ] {
        let (_, help, _) = refusal_of(card).expect("refused");
        let help = help.unwrap_or_default();
        assert!(help == pointer || help.starts_with("the keys compiled are"), "{card}: {help}");
    }
    // A card's name in a spec is written as printed and still compiles.
    assert_eq!(refusal_of("auto={T}:destroy target(Grizzly Bears)\ntype=Creature"), None);
    assert_eq!(refusal_of("auto={T}:destroy target(goblins)\ntype=Creature"), None);
    // A card type has no plural: `creatures` was the name of a card no card has.
    let (_, help, _) = refusal_of("auto={T}:destroy target(creatures)\ntype=Creature").expect("refused");
    assert_eq!(help.as_deref(), Some("did you mean `creature`?"));
}

/// `token(...)` compiles in its literal form with a whole-number count; each form Wagic has
/// beside it is refused with its own construct, at the text that makes it one.
#[test]
fn token_forms_not_compiled_are_refused_by_name() {
    for line in [
        "auto=token(Goblin,Creature Goblin,1/1,red)",
        "auto=token(Knight,Creature Knight,2/2,first strike,white)*3 opponent",
        "auto=token(Goblin,Creature Goblin,1/1, haste, red) *3",
        "auto=token(Worm,creature worm,1/1,blackgreen) controller",
        "target=creature\nauto=bury && token(Ape,creature,3/3,green) targetcontroller",
    ] {
        assert_eq!(refusal_of(&format!("{line}\ntype=Sorcery")), None, "{line}");
    }
    for (line, construct, at) in [
        ("auto=token(-193507)*2", "token by card id (`token(-id)`)", "-193507"),
        ("auto=token(Eldrazi Scion)", "token by card name", "Eldrazi Scion"),
        ("auto=token(Goblin,Creature Goblin,1/1,red)*x", "token count `x`", "*x"),
        ("auto=token(Ooze,Creature Ooze,X/X,green)", "token p/t `x`", "X/X"),
        ("auto=token(Treefolk,Creature Treffolk,2/5,green)", "token type `treffolk`", "Treffolk"),
        ("auto=token(Goblin,Creature Goblin,1/1,red,battleready)", "token ability `battleready`", "battleready"),
        (
            "auto=token(Goblin,Creature Goblin,1/1,red) target(creature)",
            "`token(...)` with a target",
            "token(Goblin,Creature Goblin,1/1,red) target(creature)",
        ),
        ("auto=draw:1 targetcontroller", "word `targetcontroller`", "targetcontroller"),
    ] {
        let (message, _, found) = refusal_of(&format!("{line}\ntype=Sorcery")).expect("refused");
        assert_eq!(message, format!("unsupported: {construct}"), "{line}");
        assert_eq!(found, at, "{line}");
    }
}

#[test]
fn a_trigger_restriction_compiles_as_a_count_only_before_anything_is_asked() {
    // `restriction{type(spec)~morethan~n}` (Skullcage, Scute Mob) compiles.
    for line in [
        "auto=@each opponent upkeep restriction{type(*|opponenthand)~lessthan~3}:damage:2 opponent",
        "auto=@each my upkeep restriction{type(land|myBattlefield)~morethan~4}:counter(1/1,4)",
    ] {
        assert_eq!(error_of(&format!("{line}\ntype=Artifact")), None, "{line}");
    }
    let refused = |line: &str| error_of(&format!("{line}\ntype=Artifact"));
    let other = "unsupported: trigger restriction other than `type(spec)~morethan~n` or `~lessthan~n`";
    // Wagic's `equalto`, a count compared with a count, a modified count: not compiled.
    for line in [
        "auto=@each my upkeep restriction{type(land|myBattlefield)~equalto~4}:draw:1 controller",
        "auto=@each my upkeep restriction{type(land|mybattlefield)~lessthan~type(land|opponentbattlefield)}:draw:1 controller",
        "auto=@each my upkeep restriction{type(land|myBattlefield)+1~morethan~4}:draw:1 controller",
        "auto=@each my upkeep restriction{compare(lifetotal)~morethan~4}:draw:1 controller",
    ] {
        assert_eq!(refused(line).as_deref(), Some(other), "{line}");
    }
    // Wagic checks the restriction before a `may` or a target is asked; the runtime would
    // ask first.
    for line in [
        "auto=@each my upkeep restriction{type(land|myBattlefield)~morethan~4}:may draw:1 controller",
        "auto=@each my upkeep restriction{type(land|myBattlefield)~morethan~4}:damage:1 target(creature)",
    ] {
        assert_eq!(
            refused(line).as_deref(),
            Some("unsupported: trigger restriction with a `may` or a target"),
            "{line}"
        );
    }
    assert_eq!(
        refused("auto=@each my upkeep restriction{type(land|myBattlefield)~morethan~4}:draw:1 controller && life:1 controller")
            .as_deref(),
        Some("unsupported: trigger restriction with `&&`")
    );
}

#[test]
fn a_restriction_checked_after_a_trigger_that_moves_cards_is_refused() {
    // Impending Disaster: the first trigger destroys the lands the second one counts; in
    // Wagic both restrictions are checked before either resolves.
    let disaster = "auto=@each my upkeep restriction{type(land|battlefield)~morethan~6}:all(land) destroy\n\
                    auto=@each my upkeep restriction{type(land|battlefield)~morethan~6}:sacrifice\ntype=Enchantment";
    assert_eq!(
        error_of(disaster).as_deref(),
        Some("unsupported: trigger restriction beside a trigger on its event that moves cards")
    );
    // Skullcage: damage to a player moves no card; a trigger on another event is apart.
    let skullcage = "auto=@each opponent upkeep restriction{type(*|opponenthand)~morethan~4}:damage:2 opponent\n\
                     auto=@each opponent upkeep restriction{type(*|opponenthand)~lessthan~3}:damage:2 opponent\ntype=Artifact";
    assert_eq!(error_of(skullcage), None);
    let apart = "auto=@each my upkeep restriction{type(land|battlefield)~morethan~6}:sacrifice\n\
                 auto=@each my endofturn:all(land) destroy\ntype=Enchantment";
    assert_eq!(error_of(apart), None);
}

#[test]
fn sacrifice_compiles_and_a_permanents_one_shot_aslongas_is_refused() {
    assert_eq!(error_of("auto={T}:sacrifice\ntype=Artifact"), None);
    assert_eq!(error_of("auto={T}:sacrifice target(creature|mybattlefield)\ntype=Artifact"), None);
    // Covetous Dragon: Wagic's test expects the sacrifice when the count later changes.
    assert_eq!(
        error_of("auto=aslongas(artifact|myBattlefield) sacrifice <1\ntype=Creature").as_deref(),
        Some("unsupported: `aslongas` of a one-shot effect on a permanent")
    );
    // A lasting effect holds while the count does: a continuous effect, compiled.
    assert_eq!(error_of("auto=aslongas(forest|myBattlefield) 1/1\ntype=Creature"), None);
}

#[test]
fn equip_and_an_equipments_static_effects_compile_other_equipment_lines_do_not() {
    let equipment = |lines: &str| error_of(&format!("{lines}\ntype=Artifact\nsubtype=Equipment"));
    assert_eq!(equipment("auto={3}:equip\nauto=2/2\nauto=lifelink\nauto=trample"), None);
    let other = "unsupported: equipment line other than `{cost}:equip` or a static effect";
    // Wagic aims these at the equipped creature: not modelled.
    for line in ["auto={1}:equip\nauto={T}:damage:1 target(creature)", "auto={1}:equip\nauto=draw:1 controller"] {
        assert_eq!(equipment(line).as_deref(), Some(other), "{line}");
    }
    // Its `mytgt` (the equipped creature) is refused as it is read.
    assert_eq!(
        equipment("auto={1}:equip\nauto=@movedto(graveyard) from(mytgt|battlefield):draw:2 controller").as_deref(),
        Some("unsupported: spec `mytgt` (the card's target) outside an Aura's damage trigger")
    );
    assert_eq!(
        error_of("auto={1}:equip\ntype=Artifact").as_deref(),
        Some("unsupported: `equip` on a card that is not an Equipment")
    );
}

#[test]
fn limit_compiles_on_a_cards_one_activated_ability() {
    assert_eq!(error_of("auto={B}:1/0 limit:2\ntype=Creature"), None);
    assert_eq!(error_of("auto={3}:canattack ueot && 3/-1 limit:1\ntype=Creature"), None);
    assert_eq!(
        error_of("auto={B}:1/0 limit:2\nauto={R}:flying\ntype=Creature").as_deref(),
        Some("unsupported: `limit:n` on a card with several activated abilities")
    );
    assert_eq!(
        error_of("auto=1/0 limit:2\ntype=Creature").as_deref(),
        Some("unsupported: `limit` outside an activated ability")
    );
}

/// What one statement of the IR acts on and does, as text: `enchanted`, `filter`, `-` for
/// no target; then each link's command name (`pump`), a granted ability as `+name`.
fn shape(statement: &compiler::ir::Statement<'_>) -> String {
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
fn ir_of(card: &str) -> Vec<String> {
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
            // A lord keeps its own spec.
            "auto[]: filterNone +haste",
            "auto[movedto?]: trigger +haste",
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
    // loses the life (Wagic's `TriggerAtPhase` with `who` -2).
    let pillory = "target=creature\nauto=@each targetcontroller upkeep:life:-1 targetController\n\
                   auto=@each targetcontroller upkeep:counter(-1/-1)\ntype=Enchantment\nsubtype=Aura";
    assert_eq!(
        ir_of(pillory),
        [
            "auto[]: filterSome(Exact(1)) enchant",
            // Its controller's upkeep while it controls the permanent, or its opponent's
            // while the opponent does: each event tests `enchanted.controller`.
            "auto[my upkeep?, opp upkeep?]: enchanted.controller life ueot",
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
fn autograveyard_compiles_the_cards_own_move_from_the_battlefield_only() {
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
        // Abilities used from the graveyard (unearth), other triggers: not modelled.
        (
            "{B}:moveto(mybattlefield)",
            "unsupported: `autograveyard` line other than `@movedto(this|graveyard) from(battlefield)`",
        ),
        (
            "@each my upkeep:life:1",
            "unsupported: `autograveyard` line other than `@movedto(this|graveyard) from(battlefield)`",
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
    // Wagic's `fog` is its `preventAllCombatDamage` (Holy Day); `to(...)`, `from(...)` are
    // not compiled (Fog Bank).
    assert_eq!(ir_of("auto=preventAllcombatDamage ueot\ntype=Instant"), ["action[0]: - fog ueot"]);
    assert_eq!(
        error_of("auto=preventAllCombatDamage to(this)\ntype=Creature").as_deref(),
        Some("unsupported: word `to`")
    );
    assert_eq!(
        error_of("auto=lord(creature) 1/1 oneshot\ntype=Creature").as_deref(),
        Some("unsupported: `oneshot` outside `aslongas(...)` or an activated ability")
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
    // A one-shot effect on a permanent's matches: Wagic checks it again later (refused).
    assert_eq!(
        error_of("auto=aslongas(*|mygraveyard) lord(creature) damage:1 >6\ntype=Creature").as_deref(),
        Some("unsupported: `aslongas` of a one-shot effect on a permanent")
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
    // Only when the power is above 0 (Wagic counts nothing below), by 1 × power.
    let debug = format!("{:?} {:?}", life.condition, life.chain[0].effect);
    assert!(
        debug
            .starts_with("Some(If(Binary(Compare(Gt), Attr(Index(Var(VariableIdx(3)), 0), AttributeIdx(0)), Int(0))))"),
        "{debug}"
    );
    assert!(
        debug.contains("args: [Value(Binary(Mul, Int(1), Attr(Index(Var(VariableIdx(3)), 0), AttributeIdx(0))))]"),
        "{debug}"
    );
    assert_eq!((wagic::catalogue::VARIABLES[3].name, wagic::catalogue::ATTRIBUTES[0].name), ("tgt", "power"));
    // Vendetta: the spell's controller loses its toughness.
    let vendetta =
        "target=creature\nauto=bury\nauto=dynamicability<!mytgt toughnesslifeloss srccontroller!>\ntype=Instant";
    assert_eq!(ir_of(vendetta), ["action[0]: - bury ueot; me? life ueot"]);
    for card in [
        "target=creature\nauto=dynamicability<!powerstrike!>\ntype=Instant",
        "target=creature,player\nauto=dynamicability<!mytgt powerlifegain targetcontroller!>\ntype=Instant",
        "auto={T}:target(creature) dynamicability<!powerpumpboth!>\ntype=Creature",
    ] {
        let error = error_of(card).unwrap_or_default();
        assert!(error.contains("dynamicability"), "{card}: {error}");
    }
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
    // A spec the enchanted permanent may not match, or an Aura of other permanents.
    let refusal = "unsupported: `teach(...)` other than `teach(creature)` on an Aura of creatures";
    for card in [
        "target=creature\nauto=teach(creature[flying]) trample\ntype=Enchantment\nsubtype=Aura",
        "target=artifact\nauto=teach(creature) trample\ntype=Enchantment\nsubtype=Aura",
        "auto=teach(creature) trample\ntype=Artifact\nsubtype=Equipment",
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
    // `mytgt` is the card's target, never a card named so: the enchanted permanent on an
    // Aura's damage trigger; refused elsewhere (it compiled as a card name before).
    assert_eq!(
        error_of("auto=@damaged(this) from(mytgt):life:1 controller\ntype=Creature").as_deref(),
        Some("unsupported: spec `mytgt` (the card's target) outside an Aura's damage trigger")
    );
    let aura =
        "target=creature\nauto=@combatdamaged(player) from(mytgt):life:1 controller\ntype=Enchantment\nsubtype=Aura";
    let source = format!("[card]\nname=Test\n{aura}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the Aura compiles");
    let condition = format!("{:?}", ir.autos[1].events[0].condition);
    assert!(
        condition.contains(&format!("Binary(Compare(Eq), {}, {})", var("damagesource"), var("enchanted"))),
        "{condition}"
    );
    // Once the enchanted permanent has moved, the Aura enchants nothing: refused.
    assert_eq!(
        error_of("target=creature\nauto=@movedto(mytgt|graveyard):life:1 controller\ntype=Enchantment\nsubtype=Aura")
            .as_deref(),
        Some("unsupported: spec `mytgt` (the card's target) outside an Aura's damage trigger")
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
        Some("unsupported: amount `type`")
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
        ("auto=transforms((,newability[draw:1])) ueot", "transforms part `newability`"),
        ("auto={T}:transforms((allsubtypes)) target(creature) ueot", "transforms part `allsubtypes`"),
        // A grant outliving its source: the runtime ends one with its restriction or as its
        // source leaves play.
        ("auto={1}:target(*) transforms((,haste)) forever", "word `forever`"),
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
            "auto=if morbid then life:5 controller",
            "`if` other than `if type(spec)~morethan|lessthan|equalto~n or type(spec) then effect`",
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
    // Without {T}, or a spec an untapped source may match: the source stays a candidate.
    assert_eq!(exclusions("auto={B}:destroy target(creature[tapped])\ntype=Creature"), [false]);
    assert_eq!(exclusions("auto={T}:destroy target(creature[tapped;flying])\ntype=Creature"), [false]);
}
