//! Wagic's computed amounts (`WParsedInt`) read by one parser for every effect: a counter's
//! count (`counter(1/1,sunburst)`, scavenge's `storedpower`), a token count
//! (`*type:creature:mybattlefield`), an amount (`life:twicetype:...`, `storedtoughness`),
//! and a spec comparison with the lowest of the spec's own candidates (bolster): what each
//! does on the board, and the words still refused.

use wagic::runner::Verdict;

use super::behaviour::test;
use super::front::error_of;

/// The cards of these tests, written for them in the card files' form.
const CARDS: &str = "[card]\nname=Sunburst Myr\nauto=counter(1/1,sunburst)\n\
mana={3}\ntype=Artifact Creature\nsubtype=Myr\npower=0\ntoughness=0\n[/card]\n\
[card]\nname=Charge Prism\nauto=counter(0/0,sunburst,charge)\n\
auto={C(0/0,-1,Charge)}:Add{G}\n\
text=Sunburst (This enters the battlefield with a charge counter on it for each color of mana spent to cast it.) \
-- Remove a charge counter from Charge Prism: Add {G}.\nmana={2}\ntype=Artifact\n[/card]\n\
[card]\nname=Rod\nauto={T}:damage:1 target(creature)\ntext={T}: Rod deals 1 damage to target creature.\n\
mana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Wand\nauto={T}:damage:1 target(creature)\ntext={T}: Wand deals 1 damage to target creature.\n\
mana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=War Banner\nauto={T}:ability$!name(Bolster) \
notatarget(creature[toughness=toughness:lowest:creature:mybattlefield]|mybattlefield) counter(1/1,2)!$ controller\n\
text={T}: Bolster 2. (Choose a creature with the least toughness among creatures you control and put two +1/+1 \
counters on it.)\nmana={2}\ntype=Artifact\n[/card]\n\
[card]\nname=Muster\nauto=token(Soldier,Creature Soldier,1/1,white)*type:creature:mybattlefield\n\
text=Put a 1/1 white Soldier creature token onto the battlefield for each creature you control.\n\
mana={W}\ntype=Sorcery\n[/card]\n\
[card]\nname=Devout Prayer\nauto=life:twicetype:*[white]:myhand\n\
text=You gain 2 life for each white card in your hand.\nmana={W}\ntype=Instant\n[/card]\n\
[card]\nname=Hand Blast\nauto=damage:phandcount opponent\n\
text=Hand Blast deals damage to target opponent equal to the number of cards in your hand.\nmana={R}\n\
type=Sorcery\n[/card]\n\
[card]\nname=Deadbridge Goliath\n\
autograveyard={4}{G}{G}{E}:name(scavenge) counter(1/1,storedpower) target(creature) asSorcery\n\
mana={2}{G}{G}\ntype=Creature\n\
subtype=Insect\npower=5\ntoughness=5\n[/card]\n\
[card]\nname=Tally Beast\nauto={T}:thisforeach(counter{1/1.1}) life:1 controller\n\
text={T}: You gain 1 life for each +1/+1 counter on Tally Beast.\nmana={G}\ntype=Creature\npower=1\n\
toughness=1\n[/card]\n\
[card]\nname=Bone Altar\nauto={S(creature|mybattlefield)}:life:storedtoughness\n\
text=Sacrifice a creature: You gain life equal to the sacrificed creature's toughness.\nmana={1}\n\
type=Artifact\n[/card]\n\
[card]\nname=Blood Feeder\nauto={S(other creature|mybattlefield)}:storedpower/storedpower\n\
text=Sacrifice another creature: Blood Feeder gets +X/+X until end of turn, where X is the sacrificed creature's \
power.\nmana={B}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Death Mutation\ntarget=creature[-black]\nauto=bury\n\
auto=token(Saproling,Creature Saproling,1/1,green)*manacost\nmana={G}\ntype=Sorcery\n[/card]\n\
[card]\nname=Gray Merchant\nauto=life:-type:manab:mybattlefield opponent\nauto=life:type:manab controller\n\
text=When Gray Merchant enters the battlefield, each opponent loses X life, where X is your devotion to black. You \
gain life equal to the life lost this way.\nmana={3}{B}{B}\ntype=Creature\nsubtype=Zombie\npower=2\n\
toughness=4\n[/card]\n\
[card]\nname=Dark Acolyte\nmana={B}{B}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Giant Growth\ntarget=creature\nauto=3/3 ueot\n\
mana={G}\ntype=Instant\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Raging Goblin\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Kobold\nmana={0}\ntype=Creature\npower=0\ntoughness=1\n[/card]\n\
[card]\nname=Plains\ntype=Land\n[/card]\n\
[card]\nname=Swords\nmana={W}\ntype=Instant\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("amounts.txt", CARDS, test)
}

#[test]
fn a_sunburst_creature_enters_with_a_counter_for_each_colour_spent() {
    // Cast with three colours: a 3/3 that two pings leave; with two: a 2/2 they kill.
    let pinged = |pool: &str, expected: &str| {
        verdict(&test(
            &format!("[PLAYER1]\nhand:Sunburst Myr\ninplay:Rod,Wand\nmanapool:{pool}\n[PLAYER2]\n"),
            "Sunburst Myr\nRod\nSunburst Myr\nWand\nSunburst Myr\n",
            &format!("FIRSTMAIN\n[PLAYER1]\ninplay:Rod,Wand{expected}\n[PLAYER2]\n"),
        ))
    };
    assert_eq!(pinged("{W}{U}{B}", ",Sunburst Myr"), Verdict::Passed);
    assert_eq!(pinged("{W}{W}{U}", "\ngraveyard:Sunburst Myr"), Verdict::Passed);
    // Colourless mana only: no counter, a 0/0 that dies at once.
    let colourless = test(
        "[PLAYER1]\nhand:Sunburst Myr\nmanapool:{3}\n[PLAYER2]\n",
        "Sunburst Myr\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Sunburst Myr\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&colourless), Verdict::Passed);
}

#[test]
fn a_sunburst_artifact_gets_named_counters_for_each_colour_spent() {
    // Two colours: two charge counters, two {G} to take out; a third removal finds none.
    let removed = |times: usize, expected: &str| {
        verdict(&test(
            "[PLAYER1]\nhand:Charge Prism\nmanapool:{R}{G}\n[PLAYER2]\n",
            &format!("Charge Prism\n{}", "Charge Prism\n".repeat(times)),
            &format!("FIRSTMAIN\n[PLAYER1]\ninplay:Charge Prism\nmanapool:{expected}\n[PLAYER2]\n"),
        ))
    };
    assert_eq!(removed(2, "{G}{G}"), Verdict::Passed);
    assert_eq!(removed(3, "{G}{G}"), Verdict::Passed);
}

#[test]
fn bolster_puts_its_counters_on_your_creature_with_the_least_toughness() {
    // The Goblin (1/1) is the least tough of the player's creatures (the opponent's 0/1
    // Kobold is not theirs): a 3/3 after, which two pings leave; the Bears' counters
    // would have left it a 1/1 they kill.
    let init = "[PLAYER1]\ninplay:War Banner,Grizzly Bears,Raging Goblin,Rod,Wand\n[PLAYER2]\ninplay:Kobold\n";
    let moves = "War Banner\nRaging Goblin\nRod\nRaging Goblin\nWand\nRaging Goblin\n";
    let expected =
        "FIRSTMAIN\n[PLAYER1]\ninplay:War Banner,Grizzly Bears,Raging Goblin,Rod,Wand\n[PLAYER2]\ninplay:Kobold\n";
    assert_eq!(verdict(&test(init, moves, expected)), Verdict::Passed);
    // Without the Goblin, the Bears are the least tough: a 4/4 after, which two pings
    // leave (a 2/2 they would kill).
    let init = "[PLAYER1]\ninplay:War Banner,Grizzly Bears,Rod,Wand\n[PLAYER2]\n";
    let moves = "War Banner\nGrizzly Bears\nRod\nGrizzly Bears\nWand\nGrizzly Bears\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:War Banner,Grizzly Bears,Rod,Wand\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, moves, expected)), Verdict::Passed);
}

#[test]
fn a_token_count_of_a_spec_makes_one_token_per_card_it_matches() {
    let init = "[PLAYER1]\nhand:Muster\ninplay:Grizzly Bears,Raging Goblin\nmanapool:{W}\n[PLAYER2]\ninplay:Kobold\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Grizzly Bears,Raging Goblin,Soldier,Soldier\ngraveyard:Muster\n\
                    [PLAYER2]\ninplay:Kobold\n";
    assert_eq!(verdict(&test(init, "Muster\n", expected)), Verdict::Passed);
}

#[test]
fn twicetype_is_twice_the_count_and_phandcount_the_hand() {
    // Two white cards left in hand (the Prayer itself has gone to the stack): 4 life.
    let init = "[PLAYER1]\nhand:Devout Prayer,Swords,Swords,Plains\nmanapool:{W}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\nhand:Swords,Swords,Plains\ngraveyard:Devout Prayer\nlife:24\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, "Devout Prayer\n", expected)), Verdict::Passed);
    let init = "[PLAYER1]\nhand:Hand Blast,Swords,Plains,Plains\nmanapool:{R}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\nhand:Swords,Plains,Plains\ngraveyard:Hand Blast\n[PLAYER2]\nlife:17\n";
    assert_eq!(verdict(&test(init, "Hand Blast\n", expected)), Verdict::Passed);
}

#[test]
fn a_scavenged_creature_puts_counters_equal_to_its_power() {
    // The Goliath's power (5) in +1/+1 counters on the Beast, whose tally gains 5 life.
    let init = "[PLAYER1]\ngraveyard:Deadbridge Goliath\ninplay:Tally Beast\nmanapool:{4}{G}{G}\n[PLAYER2]\n";
    let moves = "Deadbridge Goliath\nTally Beast\nTally Beast\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Tally Beast\nexile:Deadbridge Goliath\nlife:25\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, moves, expected)), Verdict::Passed);
}

#[test]
fn a_sacrificed_creatures_toughness_is_read_as_it_was_sacrificed() {
    // The Bears, grown to 5/5 until end of turn, are sacrificed: 5 life, not their 2.
    let init = "[PLAYER1]\ninplay:Bone Altar,Grizzly Bears\nhand:Giant Growth\nmanapool:{G}\n[PLAYER2]\n";
    let moves = "Giant Growth\nGrizzly Bears\nBone Altar\nGrizzly Bears\n";
    let expected =
        "FIRSTMAIN\n[PLAYER1]\ninplay:Bone Altar\ngraveyard:Grizzly Bears,Giant Growth\nlife:25\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, moves, expected)), Verdict::Passed);
}

#[test]
fn a_pump_of_the_sacrificed_creatures_power_lasts_the_turn() {
    // The Bears' power (2): the Feeder is a 3/3 that two pings leave.
    let init = "[PLAYER1]\ninplay:Blood Feeder,Grizzly Bears,Rod,Wand\n[PLAYER2]\n";
    let moves = "Blood Feeder\nGrizzly Bears\nRod\nBlood Feeder\nWand\nBlood Feeder\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Blood Feeder,Rod,Wand\ngraveyard:Grizzly Bears\n[PLAYER2]\n";
    assert_eq!(verdict(&test(init, moves, expected)), Verdict::Passed);
}

#[test]
fn manacost_on_a_spell_is_its_target_cards() {
    // The Bears' converted mana cost, 2: two Saprolings for the caster.
    let init = "[PLAYER1]\nhand:Death Mutation\nmanapool:{G}\n[PLAYER2]\ninplay:Grizzly Bears\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Saproling,Saproling\ngraveyard:Death Mutation\n\
                    [PLAYER2]\ngraveyard:Grizzly Bears\n";
    assert_eq!(verdict(&test(init, "Death Mutation\nGrizzly Bears\n", expected)), Verdict::Passed);
}

#[test]
fn type_mana_is_the_devotion_to_that_colour() {
    // {B}{B} of the Merchant and {B}{B} of the Acolyte: 4 life lost and gained; the
    // opponent's own black permanent counts for nothing.
    let init =
        "[PLAYER1]\nhand:Gray Merchant\ninplay:Dark Acolyte\nmanapool:{3}{B}{B}\n[PLAYER2]\ninplay:Dark Acolyte\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Dark Acolyte,Gray Merchant\nlife:24\n[PLAYER2]\ninplay:Dark Acolyte\n\
                    life:16\n";
    assert_eq!(verdict(&test(init, "Gray Merchant\n", expected)), Verdict::Passed);
}

#[test]
fn the_amounts_not_compiled_are_refused_by_name() {
    for (card, refused) in [
        // `stored...` needs a cost that moves or taps a card.
        ("auto={T}:counter(1/1,storedpower) target(creature)\ntype=Creature", "counter count `storedpower`"),
        ("auto=counter(1/1,oplifelost)\ntype=Creature", "counter count `oplifelost`"),
        // Devotion is counted on a battlefield only.
        ("auto=token(Goat,Creature Goat,0/1,white)*type:manaw:mygraveyard\ntype=Creature", "token count `type`"),
        ("auto=token(Zombie,Creature Zombie,2/2)*halfdowntype:zombie\ntype=Sorcery", "token count `halfdowntype`"),
        ("auto=damage:storedpower\ntype=Sorcery", "amount `storedpower`"),
        // Wagic reads a player's count off the card's target: not compiled.
        ("target=creature\nauto=damage:phandcount\ntype=Sorcery", "amount `phandcount`"),
        ("auto=counter(1/1,thatmuch)\ntype=Creature", "counter count `thatmuch`"),
        (
            "auto=notatarget(creature[toughness=toughness:lowest:creature:battlefield]|mybattlefield) \
             counter(1/1,1)\ntype=Sorcery",
            "spec comparison with the lowest or highest of other cards than its own",
        ),
        (
            "auto=destroy target(creature[power<=toughness:lowest:creature:battlefield])\ntype=Sorcery",
            "spec comparison with a computed value",
        ),
    ] {
        assert_eq!(error_of(card), Some(format!("unsupported: {refused}")), "{card}");
    }
}
