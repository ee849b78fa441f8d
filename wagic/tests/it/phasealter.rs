//! Wagic's `nextphasealter(...)` and `phasealter(...)` (`APhaseAlter`): skipped steps and
//! extra combat phases. The IR of each form the cards write and the refusals of the
//! others; on the runner, Fatigue's skipped draw step (and the draw the turn after),
//! Stonehorn Dignitary's skipped combat (the next one only) and Stasis's skipped untap
//! steps; in whole games, Relentless Assault's creature attacking twice in one turn, and a
//! game with it played to its end.

use std::sync::Arc;

use wagic::play::{self, Entry, Options, Outcome, Phase, PlayerKind, Question, QuestionKind, SeatView};
use wagic::runner::Verdict;
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;
use super::play::cards;

/// Fatigue, Stonehorn Dignitary, Stasis and Relentless Assault as Wagic writes them, and
/// cards to play them with.
const CARDS: &str = "[card]\nname=Fatigue\ntarget=player\nauto=nextphasealter(remove,draw,targetedplayer)\nmana={1}{U}\ntype=Sorcery\n[/card]\n\
[card]\nname=Stonehorn Dignitary\nauto=nextphasealter(remove,combatbegins,opponent)\nauto=nextphasealter(remove,combatattackers,opponent)\n\
auto=nextphasealter(remove,combatblockers,opponent)\nauto=nextphasealter(remove,combatdamage,opponent)\nauto=nextphasealter(remove,combatends,opponent)\n\
mana={3}{W}\ntype=Creature\npower=1\ntoughness=4\n[/card]\n\
[card]\nname=Stasis\nauto=phasealter(remove,untap,controller)\nauto=phasealter(remove,untap,opponent)\nmana={1}{U}\ntype=Enchantment\n[/card]\n\
[card]\nname=Relentless Assault\nauto=nextphasealter(add,combatphaseswithmain,controller,after<this>)\nauto=untap all(creature[attacking])\nmana={2}{R}{R}\ntype=Sorcery\n[/card]\n\
[card]\nname=Raging Goblin\nabilities=haste\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Island\ntype=Basic Land\nsubtype=Island\n[/card]\n\
[card]\nname=Plains\ntype=Basic Land\nsubtype=Plains\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("phasealter.txt", CARDS, test)
}

fn own_library() -> Arc<Library> {
    Arc::new(Library::compile(&[("phasealter.txt", CARDS.to_string())]).expect("the cards compile"))
}

#[test]
fn each_form_lowers_to_its_skip_or_extra_combat() {
    // A sorcery's skip is of the target's next turn; a permanent's, of the next step.
    assert_eq!(
        ir_of("target=player\nauto=nextphasealter(remove,draw,targetedplayer)\ntype=Sorcery"),
        ["action[0]: expr skipstep ueot"]
    );
    assert_eq!(ir_of("auto=nextphasealter(remove,combatends,opponent)\ntype=Creature"), ["auto[]: opp skipstep"]);
    assert_eq!(
        ir_of("auto=nextphasealter(add,combatphaseswithmain,controller,after<this>)\ntype=Sorcery"),
        ["action[0]: me extracombat ueot"]
    );
    assert_eq!(
        ir_of(
            "auto=@combat(attacking) source(this):nextphasealter(add,combatphases,controller,after<combatends>)\ntype=Creature"
        ),
        ["auto[attacking?]: me extracombat ueot"]
    );
    assert_eq!(ir_of("auto=phasealter(remove,untap,opponent)\ntype=Enchantment"), ["auto[]: opp skipsteps"]);
    // Avizoa's `limit:1` after the effect is its activated line's.
    let avizoa = ir_of("auto={0}:2/2 && nextphasealter(remove,untap,controller) limit:1\ntype=Creature");
    assert_eq!(avizoa.len(), 1, "{avizoa:?}");
    assert!(avizoa[0].ends_with("me skipstep ueot"), "{avizoa:?}");
}

#[test]
fn the_forms_not_modelled_are_refused_by_name() {
    let error = |card: &str| error_of(card).unwrap_or_default();
    let construct = "unsupported: `nextphasealter(...)` other than `(remove,step,who)` of an untap, upkeep, draw or \
                     combat step and `(add,combatphases[withmain],controller,after<this|combatends>)`";
    for line in [
        "nextphasealter(remove,secondmain,controller)",
        "nextphasealter(add,combatphases,opponent,after<combatends>)",
        "nextphasealter(add,combatphases,controller,after<postbattle>)",
        "nextphasealter(add,upkeep,controller,after<this>)",
    ] {
        assert_eq!(error(&format!("auto={line}\ntype=Sorcery")), construct, "{line}");
    }
    // Moment of Silence: "his or her next combat phase this turn".
    assert_eq!(
        error("target=player\nauto=nextphasealter(remove,combatbegins,targetedplayer)\ntype=Instant"),
        "unsupported: `nextphasealter(remove,...)` on an instant (a skip of \"this turn\" is not modelled)"
    );
    // Seize the Day: its `target=creature` is never untapped.
    assert_eq!(
        error("target=creature\nauto=nextphasealter(add,combatphaseswithmain,controller,after<this>)\ntype=Sorcery"),
        "unsupported: `nextphasealter(...)` on a spell targeting a card"
    );
    // Stasis's effect holds while the permanent is out: not a spell's nor a trigger's.
    let static_only = "unsupported: `phasealter(remove,...)` outside a permanent's static line";
    assert_eq!(error("auto=phasealter(remove,untap,controller)\ntype=Sorcery"), static_only);
    assert_eq!(error("auto=@each my upkeep:phasealter(remove,draw,controller)\ntype=Enchantment"), static_only);
    // The player a card did not target; Aggravated Assault's `asSorcery` after the effect.
    assert_eq!(
        error("auto=nextphasealter(remove,draw,targetedplayer)\ntype=Creature"),
        "unsupported: player `targetedplayer` of `nextphasealter(...)` (`controller`, `opponent` and a spell's \
         `targetedplayer` compile)"
    );
    assert_eq!(
        error(
            "auto={3}{R}{R}:untap all(creature) && nextphasealter(add,combatphaseswithmain,controller,after<this>) asSorcery\ntype=Enchantment"
        ),
        "unsupported: word `asSorcery` after `nextphasealter(...)`"
    );
}

#[test]
fn fatigue_skips_the_targets_next_draw_step_and_not_the_one_after() {
    let init = "[PLAYER1]\nhand:Fatigue\nmanapool:{1}{U}\nlibrary:Island\n[PLAYER2]\nlibrary:Plains,Island\n";
    // p2's turn: untap, upkeep, then the draw step skipped: the first main phase, no card.
    let skipped = "Fatigue\np2\neot\nnext\nnext\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ngraveyard:Fatigue\nlibrary:Island\n[PLAYER2]\nlibrary:Plains,Island\n";
    assert_eq!(verdict(&test(init, skipped, expected)), Verdict::Passed);
    // p2's next turn draws again (p1 drew its Island meanwhile).
    let after = "Fatigue\np2\neot\neot\neot\nnext\nnext\n";
    let expected = "DRAW\n[PLAYER1]\ngraveyard:Fatigue\nhand:Island\n[PLAYER2]\nhand:Island\nlibrary:Plains\n";
    assert_eq!(verdict(&test(init, after, expected)), Verdict::Passed);
}

#[test]
fn stonehorn_dignitary_skips_the_opponents_next_combat_and_not_the_one_after() {
    let init = "[PLAYER1]\nhand:Stonehorn Dignitary\nmanapool:{3}{W}\nlibrary:Plains,Plains\n\
                [PLAYER2]\nlibrary:Island,Island\n";
    // p2's first main phase, then no combat: the second main phase.
    let skipped = "Stonehorn Dignitary\neot\nnext\nnext\nnext\nnext\n";
    let expected = "SECONDMAIN\n[PLAYER1]\ninplay:Stonehorn Dignitary\nlibrary:Plains,Plains\n\
                    [PLAYER2]\nhand:Island\nlibrary:Island\n";
    assert_eq!(verdict(&test(init, skipped, expected)), Verdict::Passed);
    // p2's next turn has its combat.
    let next = "Stonehorn Dignitary\neot\neot\neot\nnext\nnext\nnext\nnext\n";
    let expected = "COMBATBEGIN\n[PLAYER1]\ninplay:Stonehorn Dignitary\nhand:Plains\nlibrary:Plains\n\
                    [PLAYER2]\nhand:Island,Island\n";
    assert_eq!(verdict(&test(init, next, expected)), Verdict::Passed);
}

#[test]
fn stasis_skips_both_players_untap_steps_while_it_is_out() {
    // Grizzly Bears attack, stay tapped through p2's turn and p1's next (each begins at its
    // upkeep), and cannot attack again; without Stasis they untap and attack.
    let game = |inplay: &str, life: i32| {
        format!(
            "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:{inplay}\n[PLAYER2]\n[DO]\nGrizzly Bears\neot\neot\n\
             next\nnext\nnext\nnext\nGrizzly Bears\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\ninplay:{inplay}\n\
             [PLAYER2]\nlife:{life}\n[END]\n"
        )
    };
    assert_eq!(verdict(&game("Grizzly Bears,Stasis", 18)), Verdict::Passed);
    // Without Stasis the same moves reach the blockers step: the bears attack again.
    assert!(matches!(verdict(&game("Grizzly Bears", 18)), Verdict::Failed(_)));
}

/// A seat that plays its lands, casts its creatures, attacks with every creature, and
/// casts Relentless Assault in a main phase once its creatures attacked this turn.
fn assaulting_seat() -> impl FnMut(&SeatView, &Question) -> Option<usize> {
    let mut attacked_in_turn = 0;
    move |view: &SeatView, question: &Question| {
        let find = |prefix: &str| question.options.iter().position(|option| option.starts_with(prefix));
        let pass = question.options.len() - 1;
        Some(match question.kind {
            QuestionKind::Mulligan => 0,
            QuestionKind::Attack => {
                attacked_in_turn = view.turn;
                find("attack with").unwrap_or(pass)
            }
            QuestionKind::Priority if view.stack.is_empty() && view.active == view.seat => {
                let assault = (attacked_in_turn == view.turn && view.phase == Phase::SecondMain)
                    .then(|| find("cast Relentless Assault"))
                    .flatten();
                find("play ").or(assault).or_else(|| find("cast Raging Goblin")).unwrap_or(pass)
            }
            QuestionKind::Priority => find("pass").unwrap_or(pass),
            _ => 0,
        })
    }
}

#[test]
fn relentless_assault_lets_a_creature_attack_twice_in_one_turn() {
    let library = own_library();
    let p0 = cards(&[(16, "Mountain"), (8, "Raging Goblin"), (8, "Relentless Assault")]);
    let p1 = cards(&[(32, "Island")]);
    let mut seat = assaulting_seat();
    let options = Options { seed: 3, turn_limit: 30, players: [PlayerKind::Random; 2] };
    let played = play::play_with(&library, [&p0, &p1], options, [Some(&mut seat), None]);
    // A turn in which a goblin attacks after Relentless Assault resolved, in the extra
    // combat, and deals its damage again.
    let mut twice = false;
    let mut resolved = false;
    for entry in &played.log {
        match entry {
            Entry::TurnStart { .. } => resolved = false,
            Entry::Event { text, .. } if text == "Relentless Assault resolves" => resolved = true,
            Entry::Event { phase: Phase::CombatAttackers, text }
                if resolved && text.starts_with("Raging Goblin [p0] attacks") =>
            {
                twice = true
            }
            _ => {}
        }
    }
    assert!(twice, "{:#?}", played.log);
    assert!(matches!(played.outcome, Outcome::Won { winner, .. } if winner == wagic::table::P0), "{}", played.outcome);
}

#[test]
fn a_game_of_random_players_with_relentless_assault_runs_to_its_end() {
    let library = own_library();
    let p0 = cards(&[(16, "Mountain"), (10, "Raging Goblin"), (8, "Relentless Assault")]);
    let p1 = cards(&[(16, "Mountain"), (10, "Grizzly Bears"), (8, "Relentless Assault")]);
    let (mut won, mut assaults) = (0, 0);
    for seed in 0..6 {
        let options = Options { seed, turn_limit: 60, players: [PlayerKind::Random, PlayerKind::Greedy] };
        let played = play::play(&library, [&p0, &p1], options);
        assert!(!matches!(played.outcome, Outcome::Stopped { .. }), "seed {seed}: {}", played.outcome);
        won += usize::from(matches!(played.outcome, Outcome::Won { .. }));
        assaults += played.cast.iter().flatten().filter(|name| *name == "Relentless Assault").count();
    }
    assert!(won > 0 && assaults > 0, "{won} games won, {assaults} assaults cast");
}
