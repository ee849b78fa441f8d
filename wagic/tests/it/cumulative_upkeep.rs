//! Cumulative upkeep (`cumulativeupcost[COST] effect`, `cumulativeupcostmulti[...]`): an age
//! counter as its controller's upkeep begins, then COST once per age counter or the
//! effect (Wagic's `AUpkeep` with `Cumulative`). The front end's abilities, one per age,
//! and what the runner does with them on hand-written cards.

use std::sync::Arc;

use wagic::runner::Verdict;
use wagic::table::Library;

use super::front::error_of;
use super::front_ir::ir_of;

/// Mystic Remora's upkeep ("Cumulative upkeep {1}"), Herald of Leshrac's life ({L} is
/// "Pay 1 life" per age counter), Mesmeric Trance's sacrificed land, and an Aura.
const CARDS: &str = "[card]\nname=Remora\nauto=cumulativeupcost[{1}] sacrifice\nmana={U}\ntype=Enchantment\n[/card]\n\
[card]\nname=Lifeless\nauto=cumulativeupcost[{L}] sacrifice\nmana={B}\ntype=Enchantment\n[/card]\n\
[card]\nname=Landless\nauto=cumulativeupcost[{S(land|myBattlefield)}] sacrifice\nmana={B}\ntype=Enchantment\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Island\ntype=Basic Land\nsubtype=Island\n[/card]\n\
[card]\nname=Plains\ntype=Basic Land\nsubtype=Plains\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Wind\ntarget=creature\nauto=cumulativeupcostmulti[{G}] sacrifice all(this)\nmana={2}{G}\ntype=Enchantment\nsubtype=Aura\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("cumulative.txt", CARDS, test)
}

/// A test from p0's untap step: `[INIT]`'s players, the moves, the expected board.
fn from_untap(init: &str, moves: &str, expected: &str) -> String {
    format!("[INIT]\nUNTAP\n{init}[DO]\n{moves}[ASSERT]\n{expected}[END]\n")
}

/// The moves from p0's draw step to p0's next upkeep.
const TO_NEXT_UPKEEP: &str = "eot\neot\nnext\n";

#[test]
fn a_cumulative_upkeep_is_an_age_counter_and_one_ability_per_age() {
    // The age counter as the upkeep begins, the effect unpaid as the draw step begins, and
    // an ability for each age: `cumulative` with the age, then the cost that many times.
    let remora = ir_of("auto=cumulativeupcost[{1}] sacrifice\ntype=Enchantment");
    assert_eq!(remora[..2], ["auto[my upkeep]: - counter ueot", "auto[my draw]: - moveto ueot"]);
    assert_eq!(remora.len(), 2 + wagic::front::MAX_AGE as usize);
    let source = "[card]\nname=Test\nauto=cumulativeupcost[{1}{U}] sacrifice\ntype=Enchantment\n[/card]\n";
    let blocks = wagic::reader::read(source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let costs = |action: usize| -> Vec<(&str, Option<u32>)> {
        ir.actions[action]
            .costs
            .iter()
            .map(|cost| (wagic::CATALOGUE.costs[cost.cost.index()].name, cost.count))
            .collect()
    };
    assert_eq!(costs(0), [("cumulative", Some(1)), ("generic", Some(1)), ("U", Some(1))]);
    // Three age counters: {1}{U} three times, each colour summed.
    assert_eq!(
        costs(2),
        [
            ("cumulative", Some(3)),
            ("generic", Some(1)),
            ("U", Some(1)),
            ("generic", Some(1)),
            ("U", Some(1)),
            ("generic", Some(1)),
            ("U", Some(1))
        ]
    );
    assert_eq!(
        error_of("auto=cumulativeupcost[{1};next upkeep] sacrifice\ntype=Enchantment").as_deref(),
        Some("unsupported: `upcost[...;phase]` other than `next upkeep`")
    );
    assert_eq!(
        error_of("auto=cumulativeupcost[{1}] may sacrifice\ntype=Enchantment").as_deref(),
        Some("unsupported: `upcost[...]` of an effect that asks its player")
    );
}

#[test]
fn the_second_upkeep_asks_twice_the_cost_and_unpaid_the_permanent_is_sacrificed() {
    // (A click on a land taps the first of that name: two lands of two names.)
    let init = "[PLAYER1]\ninplay:Remora,Forest,Island\n[PLAYER2]\n";
    // First upkeep: one age counter, {1} paid with the Forest; the second upkeep: two age
    // counters, {2} paid with both lands. Remora stays.
    let paid_twice = from_untap(
        init,
        &format!("next\nForest\nRemora\nnext\n{TO_NEXT_UPKEEP}Forest\nIsland\nRemora\nnext\n"),
        "DRAW\n[PLAYER1]\ninplay:Remora,Forest,Island\nmanapool:{0}\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&paid_twice), Verdict::Passed);
    // The second upkeep with {1} only: the click pays nothing ({2} is due), and Remora is
    // sacrificed as the draw step begins.
    let short = from_untap(
        init,
        &format!("next\nForest\nRemora\nnext\n{TO_NEXT_UPKEEP}Forest\nRemora\nnext\n"),
        "DRAW\n[PLAYER1]\ninplay:Forest,Island\ngraveyard:Remora\nmanapool:{0}\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&short), Verdict::Passed);
    // Unpaid at the first upkeep: sacrificed.
    let unpaid =
        from_untap(init, "next\nnext\n", "DRAW\n[PLAYER1]\ninplay:Forest,Island\ngraveyard:Remora\n[PLAYER2]\n");
    assert_eq!(verdict(&unpaid), Verdict::Passed);
}

#[test]
fn life_and_sacrifices_are_paid_once_per_age_counter() {
    // "Pay 1 life" for each age counter: 1, then 2 (20 - 1 - 2 = 17).
    let life = from_untap(
        "[PLAYER1]\ninplay:Lifeless\n[PLAYER2]\n",
        &format!("next\nLifeless\nnext\n{TO_NEXT_UPKEEP}Lifeless\nnext\n"),
        "DRAW\n[PLAYER1]\ninplay:Lifeless\nlife:17\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&life), Verdict::Passed);
    // "Sacrifice a land" for each age counter: the land chosen of three, then the two left,
    // then none left.
    let lands = from_untap(
        "[PLAYER1]\ninplay:Landless,Forest,Island,Plains\n[PLAYER2]\n",
        &format!("next\nLandless\nForest\nnext\n{TO_NEXT_UPKEEP}Landless\nIsland\nPlains\nnext\n"),
        "DRAW\n[PLAYER1]\ninplay:Landless\ngraveyard:Forest,Island,Plains\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&lands), Verdict::Passed);
    // The third upkeep asks three lands of a player who has none: sacrificed.
    let none_left = from_untap(
        "[PLAYER1]\ninplay:Landless,Forest,Island,Plains\n[PLAYER2]\n",
        &format!(
            "next\nLandless\nForest\nnext\n{TO_NEXT_UPKEEP}Landless\nIsland\nPlains\nnext\n{TO_NEXT_UPKEEP}next\n"
        ),
        "DRAW\n[PLAYER1]\ngraveyard:Forest,Island,Plains,Landless\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&none_left), Verdict::Passed);
}

#[test]
fn an_auras_cumulative_upkeep_sacrifices_the_aura_not_its_creature() {
    // Maddening Wind's form: `cumulativeupcostmulti[{G}] sacrifice all(this)`.
    // Cast on the opponent's creature, then unpaid at its controller's next upkeep.
    let cast = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Wind\nmanapool:{2}{G}\n[PLAYER2]\ninplay:Grizzly Bears\n[DO]\nWind\nGrizzly Bears\n\
                eot\neot\nnext\nnext\n[ASSERT]\nDRAW\n[PLAYER1]\ngraveyard:Wind\n[PLAYER2]\ninplay:Grizzly Bears\n[END]\n";
    assert_eq!(verdict(cast), Verdict::Passed);
    let paid = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Wind\ninplay:Forest\nmanapool:{2}{G}\n[PLAYER2]\ninplay:Grizzly Bears\n[DO]\nWind\nGrizzly Bears\n\
                eot\neot\nnext\nForest\nWind\nnext\n[ASSERT]\nDRAW\n[PLAYER1]\ninplay:Forest,Wind\nmanapool:{0}\n[PLAYER2]\ninplay:Grizzly Bears\n[END]\n";
    assert_eq!(verdict(paid), Verdict::Passed);
}

#[test]
fn in_a_game_the_greedy_player_pays_each_age_it_can_and_loses_the_permanent_it_cannot() {
    let library = Arc::new(Library::compile(&[("cumulative.txt", CARDS.to_string())]).expect("the cards compile"));
    let deck: Vec<String> = (0..30).map(|i| if i % 3 == 0 { "Remora" } else { "Island" }.to_string()).collect();
    let options = wagic::play::Options { seed: 3, turn_limit: 6, players: [wagic::play::PlayerKind::Greedy; 2] };
    let played = wagic::play::play(&library, [&deck, &deck], options);
    let lines = played.transcript(3, ["a", "b"], ["greedy", "greedy"]);
    let turn = |number: u32| -> Vec<String> {
        let start = format!("── turn {number}: ");
        let from = lines.iter().position(|line| line.starts_with(&start)).expect("the turn");
        lines[from + 1..]
            .iter()
            .take_while(|line| !line.starts_with("── "))
            .filter(|line| !line.contains(" draws ") && !line.contains(" plays ") && !line.contains("after turn"))
            .map(|line| line.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect()
    };
    // Turn 3: p0's Remora of turn 1 has one age counter: {1} paid with one Island.
    assert_eq!(
        turn(3)[..2],
        ["upkeep p0 taps Island for mana", "upkeep p0 activates Remora: cumulativeupcost[{1}] sacrifice"]
    );
    // Turn 5: two Remoras, of three and two age counters, and three Islands: {2} is paid for
    // one, and the other is sacrificed as the draw step begins.
    assert_eq!(
        turn(5)[..3],
        [
            "upkeep p0 taps Island, Island for mana",
            "upkeep p0 activates Remora: cumulativeupcost[{1}] sacrifice",
            "draw Remora [p0] goes to the graveyard",
        ]
    );
}
