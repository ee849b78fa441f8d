//! Emblems (`emblem transforms((,newability[...],...)) ueot|uynt|forever dontremove`,
//! Wagic's `GenericAbilityMod` on its rules card): the controller gets an object of no
//! zone whose triggers fire and whose lords apply as their own, for the turn, until their
//! next turn or for the rest of the game, whatever becomes of the card that made it.
//! The cards' lines are the card file's (`mtg.txt`).

use wagic::runner::Verdict;

use super::behaviour::test;
use super::front::error_of;

/// Sorin, Lord of Innistrad (named without its comma, which a test's lists would split;
/// "-2: You get an emblem with 'Creatures you control get
/// +1/+0.'"), Death Frenzy ("All creatures get -2/-2 until end of turn. Whenever a
/// creature dies this turn, you gain 1 life."), Glimpse of Nature ("Whenever you cast a
/// creature spell this turn, draw a card."), Vizkopa Guildmage's second ability
/// ("{1}{W}{B}: Whenever you gain life this turn, each opponent loses that much life.")
/// Sorin, Solemn Visitor's +1 ("Until your next turn, creatures you control get +1/+0 and
/// gain lifelink", its -6 left out) and a few plain cards (Walker Bolt deals 2 damage to target planeswalker).
const CARDS: &str = "[card]\nname=Sorin Lord of Innistrad\nauto=counter(0/0,3,loyalty)\n\
auto={C(0/0,1,Loyalty)}:name(+1: vampire token) token(Vampire,Creature Vampire,1/1,black,lifelink)\n\
auto={C(0/0,-2,Loyalty)}:name(-2: emblem) emblem transforms((,newability[lord(creature|mybattlefield) 1/0])) \
forever dontremove\n\
text=+1: Put a 1/1 black Vampire creature token with lifelink onto the battlefield. -- -2: You get an emblem \
with \"Creatures you control get +1/+0.\"\nmana={2}{W}{B}\ntype=Legendary Planeswalker\nsubtype=Sorin\n[/card]\n\
[card]\nname=Sorin Solemn Visitor\nauto=counter(0/0,4,loyalty)\n\
auto={C(0/0,1,Loyalty)}:name(+1: 1/0 and Lifelink) emblem transforms((,newability[lord(creature|mybattlefield) 1/0],\
newability[lord(creature|mybattlefield) lifelink])) uynt\n\
auto={C(0/0,-2,Loyalty)}:name(-2: vampire token) token(Vampire,Creature Vampire,2/2,black,flying)\n\
mana={2}{W}{B}\ntype=Planeswalker\nsubtype=Sorin\n[/card]\n\
[card]\nname=Death Frenzy\nauto=emblem transforms((,newability[@movedto(creature|graveyard) \
from(battlefield):life:1 controller])) ueot\nauto=all(creature) -2/-2 ueot\nmana={3}{B}{G}\ntype=Sorcery\n[/card]\n\
[card]\nname=Glimpse of Nature\nauto=emblem transforms((,newability[@movedTo(creature|mystack):draw:1 \
controller])) ueot\nmana={G}\ntype=Sorcery\n[/card]\n\
[card]\nname=Vizkopa Guildmage\nauto={1}{W}{B}:name(lifeleech) emblem transforms((,newability[@lifeof(player):\
life:-thatmuch opponent])) ueot\nmana={W}{B}\ntype=Creature\nsubtype=Human Wizard\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Hill Giant\nmana={3}{R}\ntype=Creature\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Walker Bolt\ntarget=planeswalker\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Healing Salve\ntarget=player\nauto=life:3\nmana={W}\ntype=Instant\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Plains\ntype=Basic Land\nsubtype=Plains\n[/card]\n\
[card]\nname=Swamp\ntype=Basic Land\nsubtype=Swamp\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("emblem.txt", CARDS, test)
}

#[test]
fn sorins_emblem_pumps_the_creatures_he_leaves_behind_for_the_rest_of_the_game() {
    // -2, then Sorin, at 1 loyalty, dies to Walker Bolt; next turn the Bears deal 3 in
    // combat: the emblem outlived Sorin and the turn.
    let attack = "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Sorin Lord of Innistrad,Grizzly Bears\n\
                  hand:Walker Bolt\nmanapool:{R}\nlibrary:Forest\n[PLAYER2]\nlibrary:Forest\n\
                  [DO]\nSorin Lord of Innistrad\nchoice 1\nWalker Bolt\nSorin Lord of Innistrad\neot\neot\n\
                  goto combatattackers\nGrizzly Bears\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n[PLAYER1]\n\
                  inplay:Grizzly Bears\ngraveyard:Sorin Lord of Innistrad,Walker Bolt\nhand:Forest\n[PLAYER2]\n\
                  hand:Forest\nlife:17\n[END]\n";
    assert_eq!(verdict(attack), Verdict::Passed);
    // Not the 2 of a plain Grizzly Bears.
    assert_ne!(verdict(&attack.replace("life:17", "life:18")), Verdict::Passed);
}

#[test]
fn sorin_solemn_visitors_emblem_lasts_until_his_controllers_next_turn() {
    // The Bears deal 3 with lifelink this turn, then 2 without in the next.
    let moves = "Sorin Solemn Visitor\nchoice 0\ngoto combatattackers\nGrizzly Bears\nnext\nnext\nnext\neot\neot\n\
                 goto combatattackers\nGrizzly Bears\nnext\nnext\nnext\n";
    let visited = test(
        "[PLAYER1]\ninplay:Sorin Solemn Visitor,Grizzly Bears\nlibrary:Forest\n[PLAYER2]\nlibrary:Forest\n",
        moves,
        "COMBATEND\n[PLAYER1]\ninplay:Sorin Solemn Visitor,Grizzly Bears\nhand:Forest\nlife:23\n\
         [PLAYER2]\nhand:Forest\nlife:15\n",
    );
    assert_eq!(verdict(&visited), Verdict::Passed);
}

#[test]
fn death_frenzy_gains_a_life_for_each_creature_that_dies_this_turn_only() {
    // Its -2/-2 kills both Bears (one each side): 2 life; the Giant survives at 1/1.
    let frenzy = test(
        "[PLAYER1]\nhand:Death Frenzy\ninplay:Grizzly Bears\nmanapool:{3}{B}{G}\n\
         [PLAYER2]\ninplay:Grizzly Bears,Hill Giant\n",
        "Death Frenzy\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Death Frenzy,Grizzly Bears\nlife:22\n\
         [PLAYER2]\ninplay:Hill Giant\ngraveyard:Grizzly Bears\n",
    );
    assert_eq!(verdict(&frenzy), Verdict::Passed);
    // A creature shocked the same turn counts too.
    let shocked = test(
        "[PLAYER1]\nhand:Death Frenzy,Shock\nmanapool:{3}{B}{G}{R}\n[PLAYER2]\ninplay:Hill Giant\n",
        "Death Frenzy\nShock\nHill Giant\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Death Frenzy,Shock\nlife:21\n[PLAYER2]\ngraveyard:Hill Giant\n",
    );
    assert_eq!(verdict(&shocked), Verdict::Passed);
    // Next turn a creature dies unheard: the emblem ended with the turn.
    let next_turn = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Death Frenzy,Shock\nmanapool:{3}{B}{G}\n\
                     inplay:Forest\nlibrary:Forest\n[PLAYER2]\ninplay:Grizzly Bears\nlibrary:Forest\n[DO]\n\
                     Death Frenzy\neot\neot\ngoto secondmain\n[ASSERT]\nSECONDMAIN\n[PLAYER1]\ninplay:Forest\n\
                     hand:Shock,Forest\ngraveyard:Death Frenzy\nlife:21\n[PLAYER2]\ngraveyard:Grizzly Bears\n\
                     hand:Forest\n[END]\n";
    assert_eq!(verdict(next_turn), Verdict::Passed);
}

#[test]
fn glimpse_of_nature_draws_for_each_creature_spell_its_controller_casts_this_turn() {
    let glimpse = test(
        "[PLAYER1]\nhand:Glimpse of Nature,Grizzly Bears\nlibrary:Forest,Hill Giant\nmanapool:{G}{1}{G}\n\
         [PLAYER2]\nhand:Grizzly Bears\n",
        "Glimpse of Nature\nGrizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Grizzly Bears\nhand:Hill Giant\nlibrary:Forest\n\
         graveyard:Glimpse of Nature\n[PLAYER2]\nhand:Grizzly Bears\n",
    );
    assert_eq!(verdict(&glimpse), Verdict::Passed);
}

#[test]
fn vizkopa_guildmages_emblem_drains_the_opponent_of_the_life_its_controller_gains() {
    let drained = test(
        "[PLAYER1]\ninplay:Vizkopa Guildmage\nhand:Healing Salve\nmanapool:{1}{W}{B}{W}\n[PLAYER2]\n",
        "Vizkopa Guildmage\nHealing Salve\np1\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Vizkopa Guildmage\ngraveyard:Healing Salve\nlife:23\n\
         [PLAYER2]\nlife:17\n",
    );
    assert_eq!(verdict(&drained), Verdict::Passed);
    // The opponent's life gained drains no one.
    let theirs = test(
        "[PLAYER1]\ninplay:Vizkopa Guildmage\nhand:Healing Salve\nmanapool:{1}{W}{B}{W}\n[PLAYER2]\n",
        "Vizkopa Guildmage\nHealing Salve\np2\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Vizkopa Guildmage\ngraveyard:Healing Salve\n[PLAYER2]\nlife:23\n",
    );
    assert_eq!(verdict(&theirs), Verdict::Passed);
}

#[test]
fn an_emblem_compiles_of_triggers_and_lords_alone() {
    let lord = "auto=emblem transforms((,newability[lord(creature|mybattlefield) 1/0])) forever dontremove\n\
                type=Sorcery";
    assert_eq!(error_of(lord), None);
    // An activated ability given by a lord (Koth's mountains) is refused, by its own words.
    let activated = "auto=emblem transforms((,newability[lord(mountain|mybattlefield) {t}:damage:1 \
                     target(creature)])) forever dontremove\ntype=Sorcery";
    assert!(error_of(activated).is_some());
    // A one-shot effect on the emblem would run once as it is made.
    let one_shot = "auto=emblem transforms((,newability[draw:1])) ueot\ntype=Sorcery";
    assert_eq!(
        error_of(one_shot).as_deref(),
        Some(
            "unsupported: emblem's `newability[...]` other than a trigger or a `lord(...)` of lasting effects \
             (an activated ability, a player's rule, a one-shot effect)"
        )
    );
    // No duration, or another part than new abilities, is refused as a form.
    let form = "unsupported: `emblem` other than `emblem transforms((,newability[...],...))` then `ueot`, `uynt` \
                or `forever dontremove`";
    for line in [
        "auto=emblem transforms((,newability[@each my upkeep:life:1]))\ntype=Sorcery",
        "auto=emblem transforms((Creature,newability[@each my upkeep:life:1])) ueot\ntype=Sorcery",
        "auto=emblem transforms((,flying)) ueot\ntype=Sorcery",
    ] {
        assert_eq!(error_of(line).as_deref(), Some(form), "{line}");
    }
}

#[test]
fn an_emblems_abilities_are_autos_after_the_graveyard_ones_counted_apart() {
    // A permanent's own trigger, a graveyard trigger, and an ability making an emblem of a
    // lord and a trigger: the graveyard's first, then the emblem's two, then the card's.
    let card = "auto=@each my upkeep:life:1\n\
                autograveyard=@movedTo(dragon|battlefield):may moveTo(mybattlefield)\n\
                auto={T}:emblem transforms((,newability[lord(creature|mybattlefield) 1/0],\
                newability[@each my end:draw:1 controller])) forever dontremove\ntype=Creature";
    let lines = super::front_ir::ir_of(card);
    assert_eq!(lines.len(), 5, "{lines:?}");
    assert!(lines[0].starts_with("auto[movedto"), "{lines:?}");
    assert!(lines[1].starts_with("auto[continuous]"), "{lines:?}");
    assert!(lines[2].starts_with("auto[my endofturn]"), "{lines:?}");
    assert!(lines[3].starts_with("auto[my upkeep"), "{lines:?}");
    assert!(lines[4].starts_with("action[1]: - emblem"), "{lines:?}");
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let lowered = wagic::front::lower_card_parts(&blocks[0], &arena, wagic::front::Known::default()).expect("compiles");
    assert_eq!((lowered.graveyard_autos, lowered.emblem_autos), (1, 2));
}

#[test]
fn in_whole_games_sorins_emblem_is_told_and_pumps_the_creatures_after_it() {
    use wagic::play::{self, Options, PlayerKind};
    let library = std::sync::Arc::new(
        wagic::table::Library::compile(&[("emblem.txt", CARDS.to_string())]).expect("the cards compile"),
    );
    let sorins = super::play::cards(&[
        (6, "Plains"),
        (6, "Swamp"),
        (6, "Forest"),
        (8, "Sorin Lord of Innistrad"),
        (14, "Grizzly Bears"),
    ]);
    let bears = super::play::cards(&[(20, "Forest"), (20, "Grizzly Bears")]);
    let (mut emblems, mut pumped_hits) = (0, 0);
    for seed in 0..8 {
        let options = Options { seed, turn_limit: 30, players: [PlayerKind::Random; 2] };
        let played = play::play(&library, [&sorins, &bears], options);
        // Each emblem pumps again: two make the Bears 4/2.
        let mut made = 0;
        for (turn, _, events) in super::play::turns(&played) {
            for text in &events {
                if text == "p0 gets an emblem of Sorin Lord of Innistrad" {
                    emblems += 1;
                    made += 1;
                }
                // p0's Bears deal 1 more for each emblem p0 has.
                if text.starts_with("Grizzly Bears deals") && text.ends_with("to p1") {
                    let dealt = 2 + made;
                    assert!(text.contains(&format!("deals {dealt} damage")), "seed {seed} turn {turn}: {text}");
                    pumped_hits += usize::from(made > 0);
                }
            }
        }
    }
    assert!(emblems > 0 && pumped_hits > 0, "no game made an emblem and attacked after it");
}
