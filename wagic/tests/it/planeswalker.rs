//! Planeswalkers as Wagic's engine plays them: a loyalty ability's counter cost puts
//! counters on (`{C(0/0,1,Loyalty)}`) or removes them, one loyalty ability a turn in its
//! controller's main phase (`ActivatedAbility::isReactingToClick`), damage dealt to a
//! planeswalker removes loyalty (`MTGPlaneswalkerDamage`) and one with no loyalty goes to
//! its owner's graveyard. Ajani Vengeant's lines are the card file's, save its +1's
//! `frozen` ("doesn't untap during its controller's next untap step"), written `tap` here:
//! its loyalty is what these tests follow.

use std::sync::Arc;

use wagic::play::{self, Options, PlayerKind, Question, SeatView};
use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::play::{cards, turns};

const CARDS: &str = "[card]\nname=Ajani Vengeant\nauto=counter(0/0,3,loyalty)\n\
auto={C(0/0,1,Loyalty)}:name(+1: tap) tap target(*)\n\
auto={C(0/0,-2,Loyalty)}:name(-2: damage and gain life) damage:3 target(creature,player) && life:3 controller\n\
text=+1: Target permanent doesn't untap during its controller's next untap step. -- -2: Ajani Vengeant deals 3 \
damage to target creature or player and you gain 3 life.\nmana={2}{R}{W}\ntype=Planeswalker\nsubtype=Ajani\n[/card]\n\
[card]\nname=Walker Bolt\ntarget=planeswalker\nauto=damage:2\ntext=Walker Bolt deals 2 damage to target \
planeswalker.\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Spent Walker\ntext=(A planeswalker with no loyalty.)\nmana={1}\ntype=Planeswalker\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Plains\ntype=Basic Land\nsubtype=Plains\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";

fn library() -> Arc<Library> {
    Arc::new(Library::compile(&[("planeswalker.txt", CARDS.to_string())]).expect("the cards compile"))
}

fn verdict(test: &str) -> Verdict {
    runner::run(&library(), &wagic::testfile::read(test).expect("a test"))
}

/// A test of Ajani Vengeant on p1's battlefield (and `p2` on p2's side), the moves, and
/// the board expected in `phase`.
fn ajani(p2: &str, moves: &str, phase: &str, expected: &str) -> Verdict {
    verdict(&test(
        &format!("[PLAYER1]\ninplay:Ajani Vengeant\n[PLAYER2]\n{p2}"),
        moves,
        &format!("{phase}\n{expected}"),
    ))
}

#[test]
fn ajanis_minus_two_deals_three_damage_and_gains_three_life() {
    // Its menu: +1 (entry 0), -2 (entry 1); the -2 at the Bears, then at the player.
    let at_bears = ajani(
        "inplay:Grizzly Bears\n",
        "Ajani Vengeant\nchoice 1\nGrizzly Bears\n",
        "FIRSTMAIN",
        "[PLAYER1]\ninplay:Ajani Vengeant\nlife:23\n[PLAYER2]\ngraveyard:Grizzly Bears\n",
    );
    assert_eq!(at_bears, Verdict::Passed);
    let at_player = ajani(
        "",
        "Ajani Vengeant\nchoice 1\np2\n",
        "FIRSTMAIN",
        "[PLAYER1]\ninplay:Ajani Vengeant\nlife:23\n[PLAYER2]\nlife:17\n",
    );
    assert_eq!(at_player, Verdict::Passed);
    // Cast from the hand, it enters with 3 loyalty and may use its -2 at once.
    let cast = verdict(&test(
        "[PLAYER1]\nhand:Ajani Vengeant\nmanapool:{2}{R}{W}\n[PLAYER2]\n",
        "Ajani Vengeant\nAjani Vengeant\nchoice 1\np2\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Ajani Vengeant\nlife:23\n[PLAYER2]\nlife:17\n",
    ));
    assert_eq!(cast, Verdict::Passed);
}

#[test]
fn one_loyalty_ability_a_turn_in_its_controllers_main_phase() {
    // The second click of the turn offers nothing: one -2 only (17 life, not 14), and the
    // +1 is not offered either (its menu's entry 0 would tap the Bears).
    let twice = ajani(
        "inplay:Grizzly Bears\n",
        "Ajani Vengeant\nchoice 1\np2\nAjani Vengeant\nchoice 1\np2\nAjani Vengeant\nchoice 0\nGrizzly Bears\n",
        "FIRSTMAIN",
        "[PLAYER1]\ninplay:Ajani Vengeant\nlife:23\n[PLAYER2]\ninplay:Grizzly Bears\nlife:17\n",
    );
    assert_eq!(twice, Verdict::Passed);
    // Not in the beginning of combat: only the main phase's -2 is dealt.
    let combat = ajani(
        "",
        "next\nAjani Vengeant\nchoice 1\np2\n",
        "COMBATBEGIN",
        "[PLAYER1]\ninplay:Ajani Vengeant\n[PLAYER2]\n",
    );
    assert_eq!(combat, Verdict::Passed);
    // Nor by its controller's opponent (p1's turn, p2's Ajani).
    let opponents = verdict(&test(
        "[PLAYER1]\n[PLAYER2]\ninplay:Ajani Vengeant\n",
        "Ajani Vengeant\nchoice 1\np1\n",
        "FIRSTMAIN\n[PLAYER1]\n[PLAYER2]\ninplay:Ajani Vengeant\n",
    ));
    assert_eq!(opponents, Verdict::Passed);
}

#[test]
fn damage_to_a_planeswalker_removes_loyalty_and_none_left_puts_it_into_the_graveyard() {
    let bolts = |count: usize, expected: &str| {
        let bolts = vec!["Walker Bolt"; count].join(",");
        verdict(&test(
            &format!("[PLAYER1]\nhand:{bolts}\nmanapool:{}\n[PLAYER2]\ninplay:Ajani Vengeant\n", "{R}".repeat(count)),
            &"Walker Bolt\nAjani Vengeant\n".repeat(count),
            &format!("FIRSTMAIN\n[PLAYER1]\ngraveyard:{bolts}\n[PLAYER2]\n{expected}"),
        ))
    };
    // 2 damage of 3 loyalty: it stays; 4: it goes.
    assert_eq!(bolts(1, "inplay:Ajani Vengeant\n"), Verdict::Passed);
    assert_eq!(bolts(2, "graveyard:Ajani Vengeant\n"), Verdict::Passed);
    // After its -2 (1 loyalty left) one bolt is enough (its controller's own here).
    let after_minus_two = verdict(&test(
        "[PLAYER1]\ninplay:Ajani Vengeant\nhand:Walker Bolt\nmanapool:{R}\n[PLAYER2]\n",
        "Ajani Vengeant\nchoice 1\np2\nWalker Bolt\nAjani Vengeant\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Ajani Vengeant,Walker Bolt\nlife:23\n[PLAYER2]\nlife:17\n",
    ));
    assert_eq!(after_minus_two, Verdict::Passed);
}

#[test]
fn a_planeswalker_entering_with_no_loyalty_goes_to_the_graveyard() {
    let spent = verdict(&test(
        "[PLAYER1]\nhand:Spent Walker\nmanapool:{1}\n[PLAYER2]\n",
        "Spent Walker\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Spent Walker\n[PLAYER2]\n",
    ));
    assert_eq!(spent, Verdict::Passed);
}

/// The names of the costs of a card's first activated ability, and the value of its
/// counter cost's term (the counters removed, negative for counters put on).
fn costs_of(card: &str) -> (Vec<&'static str>, Option<i32>) {
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    let names = ir.actions[0].costs.iter().map(|cost| wagic::CATALOGUE.costs[cost.cost.index()].name).collect();
    let value = ir.actions[0].costs.iter().find_map(|cost| match cost.filter?.terms {
        [[vm::bytecode::Term { kind: vm::bytecode::TermKind::Compare { value, .. }, .. }]] => Some(*value),
        _ => None,
    });
    (names, value)
}

#[test]
fn a_counter_cost_puts_counters_on_and_a_planeswalkers_abilities_pay_the_planeswalker_cost() {
    // +1: the `C` cost removing -1; the planeswalker's every ability, a `{0}` one too,
    // pays `planeswalker`; another permanent's does not.
    assert_eq!(
        costs_of("auto={C(0/0,1,Loyalty)}:draw:1 controller\ntype=Planeswalker"),
        (vec!["C", "planeswalker"], Some(-1))
    );
    assert_eq!(costs_of("auto={0}:draw:1 controller\ntype=Legendary Planeswalker"), (vec!["planeswalker"], None));
    assert_eq!(costs_of("auto={C(0/0,2,Charge)}:draw:1 controller\ntype=Artifact"), (vec!["C"], Some(-2)));
    // Wagic reads `{counter(...)}` as `{C(...)}` (Tibalt, the Fiend-Blooded's lines).
    assert_eq!(
        costs_of("auto={counter(0/0,-4,Loyalty)}:draw:1 controller\ntype=Planeswalker"),
        (vec!["C", "planeswalker"], Some(4))
    );
}

#[test]
fn the_greedy_and_random_players_use_loyalty_abilities_one_a_turn_each() {
    let library = library();
    let walkers = cards(&[(12, "Mountain"), (12, "Plains"), (16, "Ajani Vengeant")]);
    let bears = cards(&[(20, "Forest"), (20, "Grizzly Bears")]);
    for kind in [PlayerKind::Greedy, PlayerKind::Random] {
        let mut used = 0;
        for seed in 0..4 {
            let played = play::play(&library, [&walkers, &bears], Options { seed, turn_limit: 16, players: [kind; 2] });
            let mut resolved = 0;
            for (turn, _, events) in turns(&played) {
                resolved += events.iter().filter(|text| text.as_str() == "Ajani Vengeant resolves").count();
                let activated: Vec<&String> =
                    events.iter().filter(|text| text.starts_with("p0 activates Ajani Vengeant")).collect();
                // No more activations in a turn than Ajanis have entered (one each).
                assert!(activated.len() <= resolved, "seed {seed} turn {turn}: {activated:?}");
                used += activated.len();
                if kind == PlayerKind::Greedy {
                    // The greedy player aims the -2 at the opponent's side only.
                    for text in &activated {
                        assert!(!text.contains("-2") || !text.ends_with("targeting p0"), "{text}");
                    }
                }
            }
        }
        assert!(used > 0, "{kind:?} never used Ajani");
    }
}

#[test]
fn damage_aimed_at_a_player_with_a_planeswalker_goes_where_its_controller_chooses() {
    // Wagic's `AADamager` asks, as the damage resolves: the player, or one of their
    // planeswalkers. Seen in whole games of random players.
    let library = library();
    let deck = cards(&[(12, "Mountain"), (12, "Plains"), (8, "Ajani Vengeant"), (8, "Shock")]);
    let mut redirected = 0;
    for seed in 0..6 {
        let played =
            play::play(&library, [&deck, &deck], Options { seed, turn_limit: 30, players: [PlayerKind::Random; 2] });
        for (_, _, events) in turns(&played) {
            for (at, text) in events.iter().enumerate() {
                if text.ends_with("chooses Ajani Vengeant for Shock") {
                    redirected += 1;
                    assert_eq!(events.get(at - 1).map(String::as_str), Some("Shock resolves"), "{events:?}");
                    // The player loses no life to it.
                    assert!(!events.get(at + 1).is_some_and(|next| next.contains("loses 2 life")), "{events:?}");
                }
            }
        }
    }
    assert!(redirected > 0, "no Shock went to a planeswalker");
    // The test runner does not model the question (Wagic's menu as a spell resolves).
    let shocked = verdict(&test(
        "[PLAYER1]\nhand:Shock\nmanapool:{R}\n[PLAYER2]\ninplay:Ajani Vengeant\n",
        "Shock\np2\nchoice 1\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Shock\n[PLAYER2]\ninplay:Ajani Vengeant\n",
    ));
    let Verdict::Skipped(skip) = shocked else { panic!("{shocked:?}") };
    assert!(skip.to_string().starts_with("a spell that asks a question as it resolves"), "{skip}");
}

#[test]
fn a_seat_is_asked_where_its_damage_goes() {
    let library = library();
    let deck = cards(&[(12, "Mountain"), (12, "Plains"), (8, "Ajani Vengeant"), (8, "Shock")]);
    let mut asked: Vec<Question> = Vec::new();
    for seed in 0..6 {
        // p0's seat takes options in a fixed rotation; p1 is the random player.
        let mut picks = 0_usize;
        let mut seat = |_: &SeatView, question: &Question| {
            picks += 1;
            if question.prompt.contains("deal the damage") {
                asked.push(question.clone());
            }
            Some(picks.wrapping_mul(7) % question.options.len().max(1))
        };
        let options = Options { seed, turn_limit: 30, players: [PlayerKind::Random; 2] };
        play::play_with(&library, [&deck, &deck], options, [Some(&mut seat), None]);
    }
    let question = asked.first().expect("p0 aimed damage at p1 with a planeswalker");
    assert!(
        question.prompt.ends_with(": deal the damage to the player or a planeswalker (1 to 1, 0 chosen)"),
        "{question:?}"
    );
    assert!(question.options.iter().any(|option| option.contains("p1")), "{question:?}");
    assert!(question.options.iter().any(|option| option.contains("Ajani Vengeant")), "{question:?}");
}
