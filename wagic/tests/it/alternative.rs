//! Alternative costs: `other={cost} name(...)` and `auto=alternative effect` compiled (the
//! cost's symbols other than mana as the card's last action), the runner's menu entry for
//! Wagic's alternative cost rule, the effects run only for a card cast for that cost, and
//! costs other than mana paid in a game.

use std::sync::Arc;

use wagic::runner::Verdict;
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

const CARDS: &str = "[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Horn\nother={1}{G} name(Evoke)\nauto=3/3 target(creature) ueot\nauto=alternative sacrifice\nmana={3}{G}\ntype=Creature\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Trap\nother={U} name(Spring)\nauto=alternative draw:1 controller\nauto=draw:1 controller\nmana={3}{U}\ntype=Instant\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Ring\nother={L:4} name(Pay 4 Life)\nauto=draw:2 controller\nmana={3}{B}{B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Fireblast\nother={S(mountain|myBattlefield)}{S(mountain|myBattlefield)} name(Sacrifice two Mountains)\nauto=damage:4 opponent\nmana={4}{R}{R}\ntype=Instant\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("alternative.txt", CARDS, test)
}

#[test]
fn an_alternative_effect_runs_under_the_catalogues_alternative_and_other_costs_are_refused() {
    // As `kicker effect`: the statement under a test of `alternative`, an if/else.
    assert_eq!(
        ir_of("other={1}{G} name(Evoke)\nauto=alternative sacrifice\ntype=Creature"),
        ir_of("kicker={1}{G}\nauto=kicker sacrifice\ntype=Creature")
    );
    assert_eq!(ir_of("other={U}\nauto=alternative draw:1 controller\ntype=Instant"), ["action[0]: me draw ueot"]);
    // A cost of the card itself, one no activated ability has, text other than a label, an
    // effect without `other=`.
    for (card, construct) in [
        ("other={T}\ntype=Creature", "unsupported: alternative cost `{T}` of the card itself"),
        ("other={S}{1}\ntype=Creature", "unsupported: alternative cost `{S}` of the card itself"),
        ("other={kfox}\ntype=Creature", "unsupported: cost `{kfox}`"),
        ("other={X}{R}\ntype=Sorcery", "unsupported: cost `{x}`"),
        (
            "other={1} name(Evoke) free\ntype=Creature",
            "unsupported: text after an alternative cost other than `name(...)`",
        ),
        ("other=name(free)\ntype=Creature", "unsupported: alternative cost other than `{...}` symbols"),
        ("auto=alternative sacrifice\ntype=Creature", "unsupported: `alternative` effect on a card without `other=`"),
    ] {
        assert_eq!(error_of(card).as_deref(), Some(construct), "{card}");
    }
}

#[test]
fn an_alternative_cost_is_wagics_entry_after_the_cast_and_its_effects_run_when_paid_so() {
    // Both costs paid: the cast rule's entry first, the alternative cost rule's second.
    let trap = |moves: &str, expected: &str| {
        verdict(&test(
            "[PLAYER1]\nhand:Trap\nlibrary:Forest,Grizzly Bears\nmanapool:{3}{U}\n[PLAYER2]\n",
            moves,
            &format!("FIRSTMAIN\n[PLAYER1]\ngraveyard:Trap\n{expected}[PLAYER2]\n"),
        ))
    };
    // For {U}: both draws, three left in the pool.
    assert_eq!(trap("Trap\nchoice 1\n", "hand:Forest,Grizzly Bears\nmanapool:{3}\n"), Verdict::Passed);
    // For its mana cost: one draw.
    assert_eq!(trap("Trap\nchoice 0\n", "hand:Grizzly Bears\nlibrary:Forest\n"), Verdict::Passed);
    assert_ne!(trap("Trap\nchoice 0\n", "hand:Forest,Grizzly Bears\n"), Verdict::Passed);
}

#[test]
fn an_evoked_creature_is_sacrificed_after_its_entering_target_is_chosen() {
    // Only Evoke's {1}{G} can be paid: done at once. The Horn's entering pump waits for
    // its target; the sacrifice, after it, still sees the Horn paid for so.
    let evoked = test(
        "[PLAYER1]\nhand:Horn\ninplay:Grizzly Bears\nmanapool:{G}{G}\n[PLAYER2]\n",
        "Horn\nchoice 0\nGrizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Grizzly Bears\ngraveyard:Horn\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&evoked), Verdict::Passed);
    // Cast for its mana cost (both can be paid: the menu's first entry) it stays.
    let cast = test(
        "[PLAYER1]\nhand:Horn\ninplay:Grizzly Bears\nmanapool:{3}{G}\n[PLAYER2]\n",
        "Horn\nchoice 0\nchoice 0\nGrizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Grizzly Bears,Horn\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&cast), Verdict::Passed);
}

#[test]
fn costs_other_than_mana_are_the_cards_last_action_and_the_mana_stays_a_spells() {
    let source = "[card]\nname=Test\nother={1}{U}{H(island|myBattlefield)}{H(island|myBattlefield)} name(Return)\n\
                  auto=draw:1 controller\nmana={4}{U}\ntype=Instant\n[/card]\n";
    let blocks = wagic::reader::read(source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    // The spell's effect, then the action paying the two returned Islands (one cost picking
    // two different cards), with no effect.
    assert_eq!(ir.actions.len(), 2);
    let last = &ir.actions[1];
    let costs: Vec<&str> = last.costs.iter().map(|cost| wagic::CATALOGUE.costs[cost.cost.index()].name).collect();
    assert_eq!((costs, last.statements.len()), (vec!["H"], 0));
    let qty = last.costs[0].filter.and_then(|filter| filter.qty);
    assert_eq!(qty, Some(vm::bytecode::Qty::Exact(2)));
    // Its mana is read apart, as the runner and the game pay it.
    let cost = "{1}{U}{H(island|myBattlefield)}{H(island|myBattlefield)}";
    assert_eq!(wagic::front::alternative_mana_symbols(cost), "{1}{U}");
    assert_eq!(wagic::front::alternative_other_costs(cost), "{H(island|myBattlefield)}{H(island|myBattlefield)}");
    assert_eq!(wagic::front::alternative_other_costs("{2}{RG}{X}"), "");
    // Conspire's hybrid mana beside its tapped creatures compiles.
    let conspire = "other={3}{WU}{T(creature[blue;white]|mybattlefield)}{T(creature[blue;white]|mybattlefield)}\n\
                    auto=draw:1 controller\nmana={3}{WU}\ntype=Sorcery";
    assert_eq!(error_of(conspire), None);
}

#[test]
fn a_spell_cast_for_life_pays_it_and_one_whose_cards_are_clicked_is_skipped() {
    // Snuff Out's way: 4 life instead of {3}{B}{B}, the only entry: done at once.
    let ring = test(
        "[PLAYER1]\nhand:Ring\nlibrary:Forest,Forest\n[PLAYER2]\n",
        "Ring\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Ring\nhand:Forest,Forest\nlife:16\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&ring), Verdict::Passed);
    // With 4 life or less... still payable in Wagic (life may go to 0): not modelled apart.
    // Wagic asks for each Mountain with a click, which the runner does not read.
    let fireblast = test(
        "[PLAYER1]\nhand:Fireblast\ninplay:Mountain,Mountain\n[PLAYER2]\n",
        "Fireblast\nMountain\nMountain\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Fireblast,Mountain,Mountain\n[PLAYER2]\nlife:16\n",
    );
    let Verdict::Skipped(skip) = verdict(&fireblast) else { panic!("skipped") };
    assert_eq!(skip.reason, "an alternative cost paid with cards the test clicks");
}

#[test]
fn in_a_game_a_spell_is_cast_by_sacrificing_two_mountains() {
    let library = Arc::new(Library::compile(&[("alternative.txt", CARDS.to_string())]).expect("the cards compile"));
    // Fireblasts and Mountains: never six lands, so only the alternative cost is ever paid.
    let deck: Vec<String> = (0..30).map(|i| if i % 2 == 0 { "Fireblast" } else { "Mountain" }.to_string()).collect();
    let options = wagic::play::Options { seed: 1, turn_limit: 8, players: [wagic::play::PlayerKind::Random; 2] };
    let played = wagic::play::play(&library, [&deck, &deck], options);
    let lines = played.transcript(1, ["a", "b"], ["random", "random"]);
    let cast = lines
        .iter()
        .position(|line| line.contains("casts Fireblast for its alternative cost"))
        .unwrap_or_else(|| panic!("{lines:#?}"));
    let text = |line: &String| line.split_whitespace().skip(1).collect::<Vec<_>>().join(" ");
    let caster = lines[cast].split_whitespace().nth(1).unwrap_or_default().to_string();
    // Two of the caster's Mountains go as it is cast, then it deals 4 damage.
    let after: Vec<String> = lines[cast + 1..cast + 4].iter().map(text).collect();
    assert_eq!(
        after,
        [
            format!("Mountain [{caster}] goes to the graveyard"),
            format!("Mountain [{caster}] goes to the graveyard"),
            "Fireblast resolves".to_string(),
        ],
        "{lines:#?}"
    );
    assert!(lines[cast + 4].contains("loses 4 life (now 16)"), "{lines:#?}");
}
