//! A line's `target(...)` and a later `&&` part naming a target of its own (Banshee's
//! `target(creature,player) damage:halfdownX && damage:halfupX controller`, Devour's
//! `may target(<anyamount>other creature|mybattlefield) sacrifice && counter(1/1,1)
//! all(this)`): the later part acts on its own target, once per target the line chose,
//! as Wagic resolves a line once per target. The IR, and what each card does to the game.

use wagic::runner::Verdict;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

/// The cards of these tests, each from its printed text.
const CARDS: &str = "\
[card]\nname=Gorger Wurm\ntext=Devour 1 (As this enters the battlefield, you may sacrifice any number of creatures. \
This creature enters the battlefield with that many +1/+1 counters on it.)\n\
auto=may target(<anyamount>other creature|mybattlefield) sacrifice && counter(1/1,1) all(this)\n\
mana={3}{R}{G}\ntype=Creature\nsubtype=Wurm\npower=5\ntoughness=5\n[/card]\n\
[card]\nname=Thunder-Thrash Elder\ntext=Devour 3 (As this enters the battlefield, you may sacrifice any number of \
creatures. This creature enters the battlefield with three times that many +1/+1 counters on it.)\n\
auto=may target(<anyamount>other creature|mybattlefield) sacrifice && counter(1/1,3) all(this)\n\
mana={2}{R}\ntype=Creature\nsubtype=Viashino Warrior\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Banshee\ntext={X}, {T}: Banshee deals half X damage, rounded down, to target creature or player, \
and half X damage, rounded up, to you.\n\
auto={X}{t}:target(creature,player) damage:halfdownX && damage:halfupX controller\n\
mana={2}{B}{B}\ntype=Creature\nsubtype=Spirit\npower=0\ntoughness=1\n[/card]\n\
[card]\nname=Blood-Chin Fanatic\ntext={1}{B}, Sacrifice another Warrior creature: Target player loses X life and \
you gain X life, where X is the sacrificed creature's power.\n\
auto={1}{B}{S(other creature[warrior]|mybattlefield)}:target(player) life:-storedpower && life:storedpower controller\n\
mana={1}{B}{B}\ntype=Creature\nsubtype=Orc Warrior\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Myr Incubator\ntext={6}, {T}, Sacrifice Myr Incubator: Search your library for any number of artifact \
cards, exile them, then put that many 1/1 colorless Myr artifact creature tokens onto the battlefield. Then shuffle \
your library.\n\
auto={6}{T}{S}:target(<anyamount>artifact|mylibrary) moveTo(exile) && token(Myr,Artifact Creature Myr,1/1) controller\n\
mana={6}\ntype=Artifact\n[/card]\n\
[card]\nname=Ornithopter\nabilities=flying\nmana={0}\ntype=Artifact Creature\nsubtype=Thopter\npower=0\ntoughness=2\n[/card]\n\
[card]\nname=Memnite\nmana={0}\ntype=Artifact Creature\nsubtype=Construct\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Fervor\ntext=Creatures you control have haste.\nauto=lord(creature|mybattlefield) haste\n\
mana={2}{R}\ntype=Enchantment\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\nsubtype=Bear\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Raging Goblin\nmana={R}\ntype=Creature\nsubtype=Goblin Berserker\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Goblin Piker\nmana={1}{R}\ntype=Creature\nsubtype=Goblin Warrior\npower=2\ntoughness=1\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("line_targets.txt", CARDS, test)
}

/// The IR of Gorger Wurm's line, with the counter's count `n`.
fn devour(n: u32) -> String {
    format!(
        "auto=may target(<anyamount>other creature|mybattlefield) sacrifice && counter(1/1,{n}) all(this)\ntype=Creature"
    )
}

#[test]
fn a_later_part_with_its_own_target_acts_on_it_once_per_target_of_the_line() {
    // Devour: the sacrifice chooses any number; the counters go on the source (their
    // count, that of the targets chosen, is played below).
    assert_eq!(ir_of(&devour(1)), ["auto[]: filterSome(All) moveto; expr counter"]);
    // Banshee: one target, the second part on the source's controller.
    assert_eq!(
        ir_of("auto={X}{t}:target(creature,player) damage:halfdownX && damage:halfupX controller\ntype=Creature"),
        ["action[2]: filterSome(Exact(1)) damage ueot; me damage ueot"]
    );
}

#[test]
fn shapes_that_would_compile_wrong_stay_refused() {
    assert_eq!(
        error_of(
            "auto=may target(<anyamount>other creature|mybattlefield) sacrifice && counter(1/1,1) all(this) && \
             draw:1 controller\ntype=Creature"
        )
        .as_deref(),
        Some("unsupported: more than one `&&` part after a `target(...)` of several cards (each done once per target)")
    );
    // Mind Maggots' "discard any number of creature cards", written for any card.
    assert_eq!(
        error_of("auto=may target(<anyamount>*|myhand) reject && counter(1/1,2) all(this)\ntype=Creature").as_deref(),
        Some(
            "unsupported: a count of cards of any type discarded (`target(<anyamount>*|myhand) reject`: the printed \
             texts count a type)"
        )
    );
    // Nothing to multiply: once per target would be once in all.
    assert_eq!(
        error_of(
            "auto=may target(<anyamount>other creature|mybattlefield) sacrifice && tap \
             all(this)\ntype=Creature"
        )
        .as_deref(),
        Some("unsupported: `&&` part done once per target of several of effect `tap`")
    );
}

/// Gorger Wurm cast from a pool of {3}{R}{G} beside Fervor, the Bears and the Goblin, then
/// `clicks`, then an attack: player 2's life tells the Wurm's power.
fn gorger(clicks: &str, graveyard: &str, kept: &str, life: i32) -> String {
    test(
        "[PLAYER1]\nhand:Gorger Wurm\ninplay:Fervor,Grizzly Bears,Raging Goblin\nmanapool:{3}{R}{G}\n[PLAYER2]\n",
        &format!("Gorger Wurm\n{clicks}next\nnext\nGorger Wurm\nnext\nnext\n"),
        &format!("COMBATDAMAGE\n[PLAYER1]\ninplay:Fervor,{kept}Gorger Wurm\n{graveyard}[PLAYER2]\nlife:{life}\n"),
    )
}

#[test]
fn devour_puts_a_counter_for_each_creature_sacrificed() {
    // Both sacrificed: a 7/7.
    let both = gorger(
        "choice 0\nGrizzly Bears\nRaging Goblin\nGorger Wurm\n",
        "graveyard:Grizzly Bears,Raging Goblin\n",
        "",
        13,
    );
    assert_eq!(verdict(&both), Verdict::Passed);
}

#[test]
fn devour_may_sacrifice_fewer_or_none() {
    // "Any number": one sacrificed, a 6/6.
    let one = gorger("choice 0\nRaging Goblin\nGorger Wurm\n", "graveyard:Raging Goblin\n", "Grizzly Bears,", 14);
    assert_eq!(verdict(&one), Verdict::Passed);
    // None: the 5/5 as printed, both creatures kept.
    let none = gorger("choice 1\n", "", "Grizzly Bears,Raging Goblin,", 15);
    assert_eq!(verdict(&none), Verdict::Passed);
}

#[test]
fn banshee_deals_half_x_to_its_target_and_the_other_half_to_you() {
    // X = 3: 1 to player 2 (rounded down), 2 to its controller (rounded up).
    let shot = test(
        "[PLAYER1]\ninplay:Banshee\nmanapool:{3}\n[PLAYER2]\n",
        "Banshee\np2\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Banshee\nlife:18\n[PLAYER2]\nlife:19\n",
    );
    assert_eq!(verdict(&shot), Verdict::Passed);
    // On a creature: the Bears take 1 and live; its controller still takes 2.
    let bears = test(
        "[PLAYER1]\ninplay:Banshee\nmanapool:{3}\n[PLAYER2]\ninplay:Grizzly Bears\n",
        "Banshee\nGrizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Banshee\nlife:18\n[PLAYER2]\ninplay:Grizzly Bears\n",
    );
    assert_eq!(verdict(&bears), Verdict::Passed);
}

#[test]
fn blood_chin_fanatic_drains_the_sacrificed_warriors_power() {
    // The Goblin Piker (power 2) sacrificed: player 2 loses 2, player 1 gains 2.
    let drained = test(
        "[PLAYER1]\ninplay:Blood-Chin Fanatic,Goblin Piker\nmanapool:{1}{B}\n[PLAYER2]\n",
        "Blood-Chin Fanatic\np2\nGoblin Piker\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Blood-Chin Fanatic\ngraveyard:Goblin Piker\nlife:22\n[PLAYER2]\nlife:18\n",
    );
    assert_eq!(verdict(&drained), Verdict::Passed);
}

#[test]
fn myr_incubator_makes_a_myr_for_each_artifact_exiled() {
    // Two of the three artifacts chosen: two Myr; the others stay in the library.
    let init = "[PLAYER1]\ninplay:Myr Incubator\nlibrary:Ornithopter,Grizzly Bears,Memnite,Ornithopter\n\
                manapool:{6}\n[PLAYER2]\n";
    let two = test(
        init,
        "Myr Incubator\nOrnithopter\nMemnite\nMyr Incubator\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Myr,Myr\ngraveyard:Myr Incubator\nexile:Ornithopter,Memnite\n\
         library:Grizzly Bears,Ornithopter\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&two), Verdict::Passed);
}

#[test]
fn a_restriction_in_a_later_part_limits_the_whole_ability() {
    // Nezumi Graverobber's second line (its `flip(...)` here a `tap`): Wagic reads
    // `restriction{...}` off the whole line, an activation condition (the action's third
    // cost), not the later part's.
    let ir = ir_of(
        "auto={1}{B}:target(*|opponentgraveyard) moveTo(exile) && all(this) tap \
         restriction{type(*|opponentgraveyard)~lessthan~2}\ntype=Creature",
    );
    assert_eq!(ir, ["action[3]: filterSome(Exact(1)) moveto ueot; filterNone tap ueot"]);
}
