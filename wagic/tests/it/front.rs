//! The front end's refusals, one exact message each: constructs that would compile to
//! something other than what Wagic does are refused, never miscompiled.

use vm::bytecode::BundleBuilder;

/// The one error of a single-card file, or none.
pub(super) fn error_of(card: &str) -> Option<String> {
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let mut bundle = BundleBuilder::new(&wagic::CATALOGUE);
    let outcomes = wagic::compile_source("test.txt", &source, &mut bundle);
    assert_eq!(outcomes.len(), 1);
    outcomes[0].error.as_ref().map(|error| error.message.clone())
}

#[test]
fn parts_sharing_one_chosen_target_compile_of_one_card_or_player() {
    for line in [
        "auto={S}:damage:2 && -flying target(creature[flying])\ntype=Creature",
        "auto={T}:target(player) deplete:1 && draw:1\ntype=Creature",
    ] {
        assert_eq!(error_of(line), None, "{line}");
    }
    assert_eq!(
        error_of("auto={S}:damage:2 && -flying target(<2>creature[flying])\ntype=Creature").as_deref(),
        Some("unsupported: `&&` parts sharing a `target(...)` of several cards")
    );
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

/// `rsc explain E0100` / `E0101` / `W0100`... show Wagic card blocks: the wrong one gets the
/// code, the right one compiles with no diagnostic at all.
#[test]
fn the_wagic_codes_explanations_say_what_they_claim() {
    use compiler::Code;
    for code in [
        Code::E0100,
        Code::E0101,
        Code::W0100,
        Code::W0101,
        Code::W0102,
        Code::W0103,
        Code::W0104,
        Code::W0105,
        Code::W0106,
        Code::W0107,
        Code::W0108,
        Code::W0109,
    ] {
        let explanation = code.explanation();
        let compile = |source: &str| {
            let mut bundle = BundleBuilder::new(&wagic::CATALOGUE);
            wagic::compile_source("example.txt", source, &mut bundle)
        };
        let wrong = compile(explanation.wrong);
        let codes = |outcome: &wagic::CardOutcome| {
            let all = outcome.error.iter().chain(&outcome.further_errors).chain(&outcome.warnings);
            all.map(|diagnostic| diagnostic.code).collect::<Vec<Code>>()
        };
        assert!(
            wrong.iter().any(|outcome| codes(outcome).contains(&code)),
            "{}: the wrong card gets {wrong:?}",
            code.as_str()
        );
        let right = compile(explanation.right);
        assert!(
            !right.is_empty() && right.iter().all(|outcome| codes(outcome).is_empty()),
            "{}: the right card gets {right:?}",
            code.as_str()
        );
    }
}

/// The one error of a single-card file: its message, its help, and the text it points at.
pub(super) fn refusal_of(card: &str) -> Option<(String, Option<String>, String)> {
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
    assert!(help.starts_with("the amounts compiled are whole numbers (`2`), "), "{help}");
    let (_, help, _) = help_of("auto=\ntype=Sorcery").expect("refused");
    assert_eq!(help, "write an effect (`damage:2 target(creature)`), or remove the line");
    let (_, help, at) = help_of("auto={2}{Z}:draw:1\ntype=Artifact").expect("refused");
    assert!(help.starts_with("the costs compiled are `{T}`"), "{help}");
    assert_eq!(at, "Z");
}

/// Wagic's own words the front end does not compile are no typos: no `did you mean` (which
/// named `tokenizer` for `token`, and `tap` for `pay` before it compiled), only where to read
/// what compiles.
#[test]
fn wagic_words_not_compiled_yet_are_not_taken_for_typos() {
    let pointer = "`rsc explain E0100` lists what the Wagic front end compiles";
    for card in [
        "target=creature\nauto=transforms((,newability[damage:1]))\ntype=Sorcery",
        "auto=phaseout\ntype=Creature",
        "auto=removeallcounters(all)\ntype=Sorcery",
        "auto=lord(beast) rampage(1/1,1)\ntype=Creature",
        "auto=@counteradded(1/1) from(this):life:1\ntype=Enchantment",
        "retrace={3}\ntype=Sorcery",
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
        ("auto=token(-193507)*2", "token by card id (`token(-id)`) without the set files", "-193507"),
        ("auto=token(Eldrazi Scion)", "token by card name", "Eldrazi Scion"),
        ("auto=token(Goblin,Creature Goblin,1/1,red)*x", "token count `x`", "x"),
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
fn a_trigger_restriction_compiles_as_a_count_checked_before_anything_is_asked() {
    // `restriction{type(spec)~morethan~n}` (Skullcage, Scute Mob) compiles.
    for line in [
        "auto=@each opponent upkeep restriction{type(*|opponenthand)~lessthan~3}:damage:2 opponent",
        "auto=@each my upkeep restriction{type(land|myBattlefield)~morethan~4}:counter(1/1,4)",
        "auto=@each my upkeep restriction{type(land|mybattlefield)~lessthan~type(land|opponentbattlefield)}:draw:1 controller",
    ] {
        assert_eq!(error_of(&format!("{line}\ntype=Artifact")), None, "{line}");
    }
    let refused = |line: &str| error_of(&format!("{line}\ntype=Artifact"));
    let other = "unsupported: trigger restriction other than `type(spec)~morethan|lessthan|equalto~n|type(spec)`, `lastturn(*|stack)~...~n`, `raid`, `morbid`, `myturnonly`, `opponentturnonly` or `compare(powertotalinplay)~morethan~n`, comma-separated";
    // A modified count, a compared amount: not compiled.
    for line in [
        "auto=@each my upkeep restriction{type(land|myBattlefield)+1~morethan~4}:draw:1 controller",
        "auto=@each my upkeep restriction{compare(lifetotal)~morethan~4}:draw:1 controller",
    ] {
        assert_eq!(refused(line).as_deref(), Some(other), "{line}");
    }
    // Wagic checks the restriction before a `may` or a target is asked: the check guards
    // them (`menus.rs` plays them). Another condition is refused.
    for line in [
        "auto=@each my upkeep restriction{type(land|myBattlefield)~morethan~4}:may draw:1 controller",
        "auto=@each my upkeep restriction{type(land|myBattlefield)~morethan~4}:damage:1 target(creature)",
    ] {
        assert_eq!(refused(line), None, "{line}");
    }
    assert_eq!(
        refused("auto=@each my upkeep restriction{type(land|myBattlefield)~morethan~4}:if compare(lifetotal)~morethan~4 then draw:1 controller")
            .as_deref(),
        Some("unsupported: trigger restriction with a condition")
    );
    // `&&` parts run whole once the restriction held (`trigger_restriction.rs` plays them).
    assert_eq!(
        refused(
            "auto=@each my upkeep restriction{type(land|myBattlefield)~morethan~4}:draw:1 controller && life:1 controller"
        ),
        None
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
fn sacrifice_and_a_permanents_one_shot_aslongas_compile() {
    assert_eq!(error_of("auto={T}:sacrifice\ntype=Artifact"), None);
    assert_eq!(error_of("auto={T}:sacrifice target(creature|mybattlefield)\ntype=Artifact"), None);
    // Covetous Dragon's own sacrifice is a state trigger (`self_sacrifice.rs`); another
    // one-shot effect runs once as the permanent enters (`counted_entering.rs`).
    assert_eq!(error_of("auto=aslongas(artifact|myBattlefield) sacrifice <1\ntype=Creature"), None);
    assert_eq!(error_of("auto=aslongas(enchantment|mybattlefield) life:3 controller\ntype=Creature"), None);
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
    // A trigger on its `mytgt` (the equipped creature) compiles (`attached_triggers.rs`).
    assert_eq!(equipment("auto={1}:equip\nauto=@movedto(graveyard) from(mytgt|battlefield):draw:2 controller"), None);
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

#[test]
fn a_computed_spec_count_is_refused_by_what_it_counts() {
    for (card, refusal) in [
        // Icy Blast's "Tap X target creatures" on a card with no `{X}` to pay.
        (
            "target=<prex>creature|battlefield\nauto=tap\ntype=Instant",
            "spec value of the X paid on a card without one `{X}` in its mana cost",
        ),
        (
            "auto=moveto(ownerhand) target(<upto:type:*[black]:battlefield>*|mygraveyard)\ntype=Sorcery",
            "spec value counting cards (`type:...`)",
        ),
        ("target=<0>creature\nauto=tap\ntype=Instant", "spec count"),
    ] {
        assert_eq!(error_of(card), Some(format!("unsupported: {refusal}")), "{card}");
    }
}
