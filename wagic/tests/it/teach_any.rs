//! `teach(spec)` on an Aura of other permanents than creatures (Wagic's `ATeach`): where
//! the spec is the one type every permanent the Aura may enchant has (`teach(land)` on an
//! Aura of lands, `teach(*)` on an Aura of any permanent), the effect is the enchanted
//! permanent's, as `teach(creature)` on an Aura of creatures is: Barbed Field's land taps
//! to deal 1 damage in whole games. Another spec (`teach(creature[white]) 1/2`) gives a
//! static effect while the enchanted permanent matches it: Serra's Boon.

use std::sync::Arc;

use wagic::play::{self, Options, PlayerKind};
use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;
use super::play::cards;

/// Barbed Field as Wagic's card file writes it, beside a red deck's lands.
const CARDS: &str = "[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Island\ntype=Basic Land\nsubtype=Island\n[/card]\n\
[card]\nname=Barbed Field\ntarget=land\nauto=teach(land) {T}:damage:1 target(creature,player)\n\
text=Enchant land -- Enchanted land has \"{T}: This land deals 1 damage to target creature or player.\"\n\
mana={2}{R}{R}\ntype=Enchantment\nsubtype=Aura\n[/card]\n\
[card]\nname=Serra's Boon\ntarget=creature\nauto=teach(creature[white]) 1/2\nauto=teach(creature[-white]) -2/-1\n\
mana={2}{W}\ntype=Enchantment\nsubtype=Aura\n[/card]\n\
[card]\nname=Savannah Lions\nmana={W}\ntype=Creature\nsubtype=Cat\npower=2\ntoughness=1\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\nsubtype=Bear\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Spark\ntarget=creature,player\nauto=damage:1\nmana={R}\ntype=Instant\n[/card]\n";

fn aura(target: &str, line: &str) -> String {
    format!("target={target}\nauto={line}\ntype=Enchantment\nsubtype=Aura")
}

#[test]
fn teach_of_the_type_every_enchanted_permanent_has_is_its_effect() {
    // Barbed Field's ping is an action given to the land, as Arcane Teachings' is to its
    // creature.
    assert_eq!(
        ir_of(&aura("land", "teach(land) {T}:damage:1 target(creature,player)")),
        ["auto[]: filterSome(Exact(1)) enchant", "action[1]: filterSome(Exact(1)) damage ueot"]
    );
    // Psychic Overload's `teach(*)` on an Aura of any permanent; Spirit Loop's
    // `teach(creature)` on an Aura of a creature its controller controls: a static effect
    // on the enchanted permanent.
    assert_eq!(
        ir_of(&aura("*|battlefield", "teach(*) doesnotuntap")),
        ["auto[]: filterSome(Exact(1)) enchant", "auto[continuous]: enchanted? +doesnotuntap"]
    );
    assert_eq!(
        ir_of(&aura("creature|mybattlefield", "teach(creature) spiritlink")),
        ["auto[]: filterSome(Exact(1)) enchant", "auto[continuous]: enchanted? spiritlink"]
    );
    // Written as the Aura's own line, without `teach`: the same.
    assert_eq!(ir_of(&aura("artifact", "teach(artifact) doesnotuntap")), ir_of(&aura("artifact", "doesnotuntap")));
}

#[test]
fn teach_of_a_spec_the_enchanted_permanent_may_not_match_is_a_static_effect_while_it_does() {
    // Serra's Boon's two lines: each a continuous effect under a test of the enchanted
    // creature's colour.
    let boon = format!("{}\nauto=teach(creature[-white]) -2/-1", aura("creature", "teach(creature[white]) 1/2"));
    assert_eq!(
        ir_of(&boon),
        [
            "auto[]: filterSome(Exact(1)) enchant",
            "auto[continuous]: enchanted? pump",
            "auto[continuous]: enchanted? pump"
        ]
    );
    let source = format!("[card]\nname=Test\n{boon}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    for auto in &ir.autos[1..] {
        let [statement] = auto.statements else { panic!("one statement") };
        assert!(matches!(statement.condition, Some(compiler::ir::Condition::If(_))), "{:?}", statement.condition);
        assert!(statement.otherwise.is_some_and(|otherwise| otherwise.body.chain.is_empty()));
    }
    // Of other than a static effect (Goblin Caves' lord, an activated ability), or where
    // the Aura's permanents have no one type (Sunken Field's `target=` of lands or
    // creatures), it is refused.
    let not_static = "unsupported: `teach(spec)` on an Aura whose spec may not match the permanent it enchants, \
                      of other than a static effect";
    for (target, line) in [
        ("land", "teach(basic[mountain]) lord(goblin) 0/2"),
        ("creature", "teach(creature[white]) damage:1 controller"),
    ] {
        assert_eq!(error_of(&aura(target, line)).as_deref(), Some(not_static), "{target}: {line}");
    }
    let refusal = "unsupported: `teach(spec)` on an Aura whose spec may not match the permanent it enchants \
                   (only its `target=` type, or `*`)";
    for (target, line) in
        [("creature,land", "teach(land) doesnotuntap"), ("creature", "teach(creature[white]) {T}:draw:1")]
    {
        assert_eq!(error_of(&aura(target, line)).as_deref(), Some(refusal), "{target}: {line}");
    }
}

fn verdict(test: &str) -> Verdict {
    runner::run(&library(), &wagic::testfile::read(test).expect("a test"))
}

#[test]
fn serras_boon_makes_a_white_creature_larger_and_others_smaller() {
    let attack = |creature: &str, life: u32| {
        verdict(&test(
            &format!("[PLAYER1]\nhand:Serra's Boon\ninplay:{creature}\nmanapool:{{2}}{{W}}\n[PLAYER2]\n"),
            &format!("Serra's Boon\n{creature}\nnext\nnext\n{creature}\nnext\nnext\nnext\n"),
            &format!("COMBATEND\n[PLAYER1]\ninplay:{creature},Serra's Boon\n[PLAYER2]\nlife:{life}\n"),
        ))
    };
    // On the white 2/1 Lions, +1/+2: 3 combat damage.
    assert_eq!(attack("Savannah Lions", 17), Verdict::Passed);
    // On the green 2/2 Bears, -2/-1: a 0/1, which 1 damage kills (the Aura follows it).
    let green = test(
        "[PLAYER1]\nhand:Serra's Boon,Spark\ninplay:Grizzly Bears\nmanapool:{2}{W}{R}\n[PLAYER2]\n",
        "Serra's Boon\nGrizzly Bears\nSpark\nGrizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Grizzly Bears,Serra's Boon,Spark\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&green), Verdict::Passed);
}

fn library() -> Arc<Library> {
    Arc::new(Library::compile(&[("teach_any.txt", CARDS.to_string())]).expect("the cards compile"))
}

/// The event lines of a game of a red deck with Barbed Fields against a deck of Islands.
fn events(seed: u64, players: [PlayerKind; 2]) -> Vec<String> {
    let red = cards(&[(24, "Mountain"), (16, "Barbed Field")]);
    let blue = cards(&[(40, "Island")]);
    let played = play::play(&library(), [&red, &blue], Options { seed, turn_limit: 14, players });
    played.events().into_iter().map(String::from).collect()
}

#[test]
fn the_enchanted_land_taps_to_deal_one_damage() {
    let ping = "p0 activates Mountain: {T}:damage:1 target(creature,player) targeting p1";
    let mut pinged = 0;
    for seed in 0..6 {
        let events = events(seed, [PlayerKind::Random; 2]);
        let Some(at) = events.iter().position(|text| text == ping) else { continue };
        pinged += 1;
        // Cast on p0's Mountain first; the ping is the land's (never the Aura's) and p1
        // loses the 1 life as it resolves.
        assert!(events[..at].iter().any(|text| text.starts_with("p0 casts Barbed Field")), "{events:?}");
        assert!(events[at..].iter().any(|text| text.starts_with("p1 loses 1 life")), "{events:?}");
        assert!(!events.iter().any(|text| text.starts_with("p0 activates Barbed Field")), "{events:?}");
    }
    assert!(pinged >= 1, "no random game of 6 pinged with the land");
}
