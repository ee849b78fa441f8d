//! `becomes(types,p/t,part,...)` (Wagic's `ATransformer`) on hand-written cards from printed
//! text: a man-land until end of turn, a lord's and an Aura's lasting change, colours
//! replaced or added, a base power and toughness of the card's mana value, and renown
//! (`becomes(renown) forever` read by `this(cantargetcard(*[-renown]))`); each checked by
//! what it does to the game, and the variants refused by name.

use wagic::runner::Verdict;

use super::behaviour::test;
use super::front::error_of;

/// The cards of these tests (their own library, apart from the runner's other cards).
const CARDS: &str = "[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Unmake\ntarget=enchantment\nauto=destroy\nmana={W}\ntype=Instant\n[/card]\n\
[card]\nname=Monument\nauto={4}{R}{G}:becomes(Artifact Creature Dragon,4/4,flying,red,green) ueot\n\
text={4}{R}{G}: Monument becomes a 4/4 red and green Dragon artifact creature with flying until end of turn.\n\
mana={3}\ntype=Artifact\n[/card]\n\
[card]\nname=Living Lands\nauto=lord(forest) becomes(Creature,1/1)\n\
mana={3}{G}\ntype=Enchantment\n[/card]\n\
[card]\nname=Call to Serve\ntarget=creature\nauto=teach(creature) becomes(Angel,flying)\n\
text=Enchanted creature is an Angel in addition to its other types.\nmana={1}{W}\ntype=Enchantment\nsubtype=Aura\n[/card]\n\
[card]\nname=Angelic Armaments\ntarget=creature\nauto=teach(creature) becomes(Angel,newcolors[white])\n\
text=Enchanted creature is a white Angel in addition to its other colors and types.\n\
mana={3}\ntype=Enchantment\nsubtype=Aura\n[/card]\n\
[card]\nname=Smite the Angel\ntarget=creature[angel]\nauto=destroy\nmana={W}\ntype=Instant\n[/card]\n\
[card]\nname=Green Crusade\nauto=lord(creature[green]) 1/1\nmana={G}\ntype=Enchantment\n[/card]\n\
[card]\nname=White Crusade\nauto=lord(creature[white]) 1/1\nmana={W}\ntype=Enchantment\n[/card]\n\
[card]\nname=Whiten\ntarget=creature\nauto=becomes(,white) ueot\n\
text=Target creature becomes white until end of turn.\nmana={W}\ntype=Instant\n[/card]\n\
[card]\nname=Animate Artifact\ntarget=artifact\nauto=teach(artifact[-creature]) becomes(Artifact Creature,manacost/manacost)\n\
text=As long as enchanted artifact isn't a creature, it's an artifact creature with power and toughness each equal to its mana value.\n\
mana={3}{U}\ntype=Enchantment\nsubtype=Aura\n[/card]\n\
[card]\nname=Ornament\nmana={3}\ntype=Artifact\n[/card]\n\
[card]\nname=Akroan Sergeant\n\
auto=this(cantargetcard(*[-renown]) transforms((,newability[@combatdamaged(player) from(this):counter(1/1) && becomes(renown) forever]))\n\
mana={2}{R}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("becomes.txt", CARDS, test)
}

/// From the first main phase: on to attackers, `attacker` attacks, on to the end of combat.
fn attack(attacker: &str) -> String {
    format!("next\nnext\n{attacker}\nnext\nnext\nnext\n")
}

/// From the first main phase: on to attackers, `clicked` is clicked, on to the end of combat
/// (Wagic skips blockers and damage when nothing attacks).
fn no_attack(clicked: &str) -> String {
    format!("next\nnext\n{clicked}\nnext\n")
}

/// From the end of combat: through the opponent's turn to the first main phase of the next.
const NEXT_TURN: &str = "eot\neot\nnext\nnext\nnext\n";

#[test]
fn a_man_land_attacks_as_a_4_4_after_its_ability_and_is_an_artifact_again_next_turn() {
    let init = "[PLAYER1]\ninplay:Monument\nmanapool:{4}{R}{G}\n[PLAYER2]\n";
    // Activated, the Monument is a 4/4 creature: it attacks for 4.
    let animated = test(
        init,
        &format!("Monument\n{}", attack("Monument")),
        "COMBATEND\n[PLAYER1]\ninplay:Monument\n[PLAYER2]\nlife:16\n",
    );
    assert_eq!(verdict(&animated), Verdict::Passed);
    // Not activated, it is no creature: clicked at attackers it does nothing.
    let idle = test(
        "[PLAYER1]\ninplay:Monument\n[PLAYER2]\n",
        &no_attack("Monument"),
        "COMBATEND\n[PLAYER1]\ninplay:Monument\n[PLAYER2]\nlife:20\n",
    );
    assert_eq!(verdict(&idle), Verdict::Passed);
    // The next turn the change has ended: the Monument attacks no more.
    let next_turn = test(
        init,
        &format!("Monument\n{}{NEXT_TURN}{}", attack("Monument"), no_attack("Monument")),
        "COMBATEND\n[PLAYER1]\ninplay:Monument\n[PLAYER2]\nlife:16\n",
    );
    assert_eq!(verdict(&next_turn), Verdict::Passed);
}

#[test]
fn a_lords_becomes_holds_while_the_lord_stays() {
    // Under Living Lands a Forest is a 1/1 creature: Shock kills it.
    let shocked = test(
        "[PLAYER1]\nhand:Shock\ninplay:Living Lands,Forest\nmanapool:{R}\n[PLAYER2]\n",
        "Shock\nForest\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Living Lands\ngraveyard:Shock,Forest\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&shocked), Verdict::Passed);
    // It attacks for 1 (it was on the battlefield since the turn began): Wagic's menu offers
    // the attack first, then the Forest's mana.
    let attacking = test(
        "[PLAYER1]\ninplay:Living Lands,Forest\n[PLAYER2]\n",
        &attack("Forest\nchoice 0"),
        "COMBATEND\n[PLAYER1]\ninplay:Living Lands,Forest\n[PLAYER2]\nlife:19\n",
    );
    assert_eq!(verdict(&attacking), Verdict::Passed);
    // Living Lands destroyed, the Forest is a land alone: clicked at attackers, it taps
    // for mana (no menu; the mana empties as the step ends) and does not attack.
    let gone = test(
        "[PLAYER1]\nhand:Unmake\ninplay:Living Lands,Forest\nmanapool:{W}\n[PLAYER2]\n",
        &format!("Unmake\nLiving Lands\n{}", no_attack("Forest")),
        "COMBATEND\n[PLAYER1]\ninplay:Forest\ngraveyard:Unmake,Living Lands\n[PLAYER2]\nlife:20\n",
    );
    assert_eq!(verdict(&gone), Verdict::Passed);
}

#[test]
fn an_auras_becomes_adds_a_creature_type() {
    // Enchanted by Call to Serve, the Bears are an Angel: Smite the Angel may target them.
    let smitten = test(
        "[PLAYER1]\nhand:Call to Serve,Smite the Angel\ninplay:Grizzly Bears\nmanapool:{1}{W}{W}\n[PLAYER2]\n",
        "Call to Serve\nGrizzly Bears\nSmite the Angel\nGrizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Grizzly Bears,Call to Serve,Smite the Angel\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&smitten), Verdict::Passed);
}

#[test]
fn bare_colours_replace_the_cards_and_newcolors_adds_them() {
    // Green Crusade makes the Bears 3/3; made white until end of turn they are no longer
    // green, 2/2: Shock kills them.
    let whitened = test(
        "[PLAYER1]\nhand:Whiten,Shock\ninplay:Green Crusade,Grizzly Bears\nmanapool:{W}{R}\n[PLAYER2]\n",
        "Whiten\nGrizzly Bears\nShock\nGrizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Green Crusade\ngraveyard:Whiten,Shock,Grizzly Bears\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&whitened), Verdict::Passed);
    // Angelic Armaments makes them white too: White Crusade pumps them to 3/3, and Shock
    // leaves them.
    let armed = |crusade: &str| {
        test(
            &format!(
                "[PLAYER1]\nhand:Angelic Armaments,Shock\ninplay:{crusade},Grizzly Bears\nmanapool:{{3}}{{R}}\n[PLAYER2]\n"
            ),
            "Angelic Armaments\nGrizzly Bears\nShock\nGrizzly Bears\n",
            &format!(
                "FIRSTMAIN\n[PLAYER1]\ninplay:{crusade},Grizzly Bears,Angelic Armaments\ngraveyard:Shock\n[PLAYER2]\n"
            ),
        )
    };
    assert_eq!(verdict(&armed("White Crusade")), Verdict::Passed);
    // And still green: Green Crusade pumps them as well.
    assert_eq!(verdict(&armed("Green Crusade")), Verdict::Passed);
}

#[test]
fn animate_artifact_makes_an_artifact_a_creature_of_its_mana_value() {
    // The Ornament ({3}) is a 3/3: it attacks for 3.
    let animated = test(
        "[PLAYER1]\nhand:Animate Artifact\ninplay:Ornament\nmanapool:{3}{U}\n[PLAYER2]\n",
        &format!("Animate Artifact\nOrnament\n{}", attack("Ornament")),
        "COMBATEND\n[PLAYER1]\ninplay:Ornament,Animate Artifact\n[PLAYER2]\nlife:17\n",
    );
    assert_eq!(verdict(&animated), Verdict::Passed);
}

#[test]
fn a_renown_creature_gets_its_counter_the_first_time_it_deals_combat_damage_to_a_player() {
    // 2 damage, then renowned with a +1/+1 counter: 3, then 3 again (no second counter).
    let turns = [attack("Akroan Sergeant"), attack("Akroan Sergeant"), attack("Akroan Sergeant")].join(NEXT_TURN);
    let renowned = test(
        "[PLAYER1]\ninplay:Akroan Sergeant\n[PLAYER2]\n",
        &turns,
        "COMBATEND\n[PLAYER1]\ninplay:Akroan Sergeant\n[PLAYER2]\nlife:12\n",
    );
    assert_eq!(verdict(&renowned), Verdict::Passed);
}

#[test]
fn becomes_variants_not_compiled_are_refused_by_name() {
    for (card, refused) in [
        (
            "auto=teach(creature) becomes(0/2)\ntarget=creature\ntype=Enchantment\nsubtype=Aura",
            "unsupported: becomes type `0/2`",
        ),
        ("auto={1}:becomes(Creature,x/x) ueot\ntype=Artifact", "unsupported: becomes power and toughness `x/x`"),
        ("auto={1}:becomes(Creature,2/2,artifact) ueot\ntype=Artifact", "unsupported: becomes part `artifact`"),
        (
            "auto={1}:becomes(Creature,2/2,newability[draw:1]) ueot\ntype=Artifact",
            "unsupported: becomes part `newability`",
        ),
        ("auto={1}:becomes(Creature^2/2) ueot\ntype=Artifact", "unsupported: `^` in `becomes(...)`"),
        ("auto={1}:becomes(Creature,2/2)ueot\ntype=Artifact", "unsupported: text after `becomes(...)`"),
    ] {
        assert_eq!(error_of(card).as_deref(), Some(refused), "{card}");
    }
}
