//! `alias=N`: a number naming no rule of Wagic's engine only names the card; a rule not
//! compiled, or an alias on a card without lines of its own (Wagic reads the aliased
//! card's), is refused.

use super::front::error_of;
use super::front_ir::ir_of;

#[test]
fn an_alias_naming_no_rule_adds_nothing_to_the_cards_own_lines() {
    let lines = "auto={T}:draw:1\ntype=Artifact";
    assert_eq!(ir_of(&format!("alias=1111\n{lines}")), ir_of(lines));
    assert_eq!(ir_of(&format!("alias=4192\n{lines}")), ir_of(lines));
    // Draining Whelk's and Circle of Protection: Black's numbers are rules of the engine,
    // not compiled here.
    for number in [111057, 1335] {
        assert_eq!(
            error_of(&format!("alias={number}\n{lines}")).as_deref(),
            Some("unsupported: key `alias`"),
            "{number}"
        );
    }
    // Fireball's rule reads the X paid: a spell without `{X}` has none.
    assert_eq!(error_of("alias=1291\nmana={R}\ntype=Sorcery").as_deref(), Some("unsupported: key `alias`"));
    assert_eq!(ir_of("target=creature\nalias=1291\nmana={X}{R}\ntype=Sorcery"), ["action[0]: - dividedamage"]);
    // Without lines of its own the card would be the aliased card's: refused.
    assert_eq!(error_of("alias=1111\ntype=Artifact").as_deref(), Some("unsupported: key `alias`"));
    assert_eq!(error_of("alias=wagic\nauto=draw:1\ntype=Artifact").as_deref(), Some("unsupported: key `alias`"));
}

/// Fireball's rule on a hand-written X sorcery of several targets: the X paid, plus one,
/// less the targets, divided among them evenly (rounded down).
#[test]
fn fireballs_alias_divides_the_x_paid_less_the_extra_targets() {
    use std::sync::Arc;
    use vm::runtime::Value;
    use wagic::table::{BATTLEFIELD, GRAVEYARD, HAND, Library, P0, P1, Table};
    let cards = "[card]\nname=Blaze Ball\ntarget=<anyamount>creature\nalias=1291\nmana={X}{R}\ntype=Sorcery\n[/card]\n\
                 [card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";
    let library = Arc::new(Library::compile(&[("alias.txt", cards.to_string())]).expect("the cards compile"));
    let run = |x: i32| {
        let mut table = Table::with_library(Arc::clone(&library));
        let bears = [
            table.try_put("Grizzly Bears", P1, BATTLEFIELD).expect("bears"),
            table.try_put("Grizzly Bears", P1, BATTLEFIELD).expect("bears"),
        ];
        let ball = table.add_card("Blaze Ball", P0, HAND, -1).expect("the spell");
        table.board.x_paid = x;
        table.answers.push(bears.iter().map(|&card| Value::Card(card)).collect());
        table.try_cast(ball, P0).expect("cast");
        (table.board.names(P1, GRAVEYARD).len(), bears.map(|card| table.board.card(card).damage))
    };
    // X = 5 (4 for the damage and 1 for the second target): 2 to each, both die.
    assert_eq!(run(5).0, 2);
    // X = 4: 3 left for two targets, 1 each (rounded down).
    assert_eq!(run(4), (0, [1, 1]));
    // X = 1: nothing left to divide.
    assert_eq!(run(1), (0, [0, 0]));
}

/// Soulblast's rule on a hand-written instant: its controller's creatures go to the
/// graveyard, their total power goes at the target.
#[test]
fn soulblasts_alias_sacrifices_the_creatures_for_their_total_power() {
    use std::sync::Arc;
    use wagic::runner::{self, Verdict};
    use wagic::table::Library;
    let cards = "[card]\nname=Soulburst\ntarget=creature,player\nalias=130369\nmana={R}\ntype=Instant\n[/card]\n\
                 [card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
                 [card]\nname=Goblin\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
                 [card]\nname=Mox\ntype=Artifact\n[/card]\n";
    let library = Arc::new(Library::compile(&[("alias.txt", cards.to_string())]).expect("the cards compile"));
    let verdict = |test: &str| runner::run(&library, &wagic::testfile::read(test).expect("a test"));
    // The Bears and the Goblin go (not the Mox, no creature, nor the opponent's Goblin): 3
    // damage to the opponent.
    let burst = super::behaviour::test(
        "[PLAYER1]\nhand:Soulburst\ninplay:Grizzly Bears,Goblin,Mox\nmanapool:{R}\n[PLAYER2]\ninplay:Goblin\n",
        "Soulburst\np2\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Mox\ngraveyard:Soulburst,Grizzly Bears,Goblin\n[PLAYER2]\ninplay:Goblin\nlife:17\n",
    );
    assert_eq!(verdict(&burst), Verdict::Passed);
}

/// `color=` makes the card of its colours (Crimson Kobolds is red for `{0}`); a `mana=`
/// after it adds the cost's colours again, as Wagic reads the lines in order.
#[test]
fn a_cards_color_line_gives_its_colours() {
    use std::sync::Arc;
    use wagic::table::{BATTLEFIELD, Library, P0, Table};
    let cards = "[card]\nname=Kobold\nmana={0}\ncolor=red\ntype=Creature\npower=0\ntoughness=1\n[/card]\n\
                 [card]\nname=Elf\ncolor=Green,white\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
                 [card]\nname=Goblin\nmana={R}\ncolor=black\ntype=Creature\npower=1\ntoughness=1\n[/card]\n";
    let library = Arc::new(Library::compile(&[("alias.txt", cards.to_string())]).expect("the cards compile"));
    let mut table = Table::with_library(library);
    let mut colours = |name: &str| {
        let card = table.try_put(name, P0, BATTLEFIELD).expect("the card");
        table.board.colours(card)
    };
    assert_eq!(colours("Kobold"), ["red"]);
    assert_eq!(colours("Elf"), ["green", "white", "red"]);
    assert_eq!(colours("Goblin"), ["black"]);
}

/// The Elemental Blasts' alias: a permanent of the colour to its owner's graveyard.
#[test]
fn an_elemental_blasts_alias_puts_a_permanent_of_its_colour_into_the_graveyard() {
    use std::sync::Arc;
    use wagic::runner::{self, Verdict};
    use wagic::table::Library;
    let cards = "[card]\nname=Blue Blast\nalias=1191\nmana={U}\ntype=Instant\n[/card]\n\
                 [card]\nname=Kobold\nmana={0}\ncolor=red\ntype=Creature\npower=0\ntoughness=1\n[/card]\n\
                 [card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";
    let library = Arc::new(Library::compile(&[("alias.txt", cards.to_string())]).expect("the cards compile"));
    let verdict = |test: &str| runner::run(&library, &wagic::testfile::read(test).expect("a test"));
    let blasted = super::behaviour::test(
        "[PLAYER1]\nhand:Blue Blast\nmanapool:{U}\n[PLAYER2]\ninplay:Kobold,Grizzly Bears\n",
        "Blue Blast\nKobold\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Blue Blast\n[PLAYER2]\ninplay:Grizzly Bears\ngraveyard:Kobold\n",
    );
    assert_eq!(verdict(&blasted), Verdict::Passed);
    // The green Bears are no target of it: they stay whatever is clicked.
    let bears = blasted
        .replace("Blue Blast\nKobold\n", "Blue Blast\nGrizzly Bears\n")
        .replace("inplay:Grizzly Bears\ngraveyard:Kobold", "inplay:Kobold\ngraveyard:Grizzly Bears");
    assert_ne!(verdict(&bears), Verdict::Passed);
}

/// Lhurgoyf's `alias=1111` names no rule; its `anyzone` toughness is one more than its
/// count (`plusonetype:`), on a card printed `*/1+*`.
#[test]
fn lhurgoyfs_toughness_is_one_more_than_the_creatures_in_graveyards() {
    use std::sync::Arc;
    use wagic::table::{BATTLEFIELD, GRAVEYARD, Library, P0, P1, Table};
    let cards = "[card]\nname=Goyf\nalias=1111\n\
                 anyzone=type:creature:graveyard/plusonetype:creature:graveyard cdaactive\n\
                 mana={2}{G}{G}\ntype=Creature\npower=*\ntoughness=1+*\n[/card]\n\
                 [card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
                 [card]\nname=Mox\ntype=Artifact\n[/card]\n";
    let library = Arc::new(Library::compile(&[("alias.txt", cards.to_string())]).expect("the cards compile"));
    let mut table = Table::with_library(library);
    table.try_put("Grizzly Bears", P0, GRAVEYARD).expect("bears");
    table.try_put("Grizzly Bears", P1, GRAVEYARD).expect("bears");
    table.try_put("Mox", P1, GRAVEYARD).expect("mox");
    let goyf = table.try_put("Goyf", P0, BATTLEFIELD).expect("goyf");
    assert_eq!((table.board.power(goyf), table.board.toughness(goyf)), (2, 3));
    assert_eq!(
        error_of("anyzone=plusonetype:creature:graveyard/2 cdaactive\ntype=Creature\npower=1+x\ntoughness=*")
            .as_deref(),
        Some("unsupported: `anyzone` on a card not printed `*/*`")
    );
}

/// The Beacons' and Zeniths' alias: after the spell's own effects, the spell goes into
/// its controller's library, shuffled, not the graveyard.
#[test]
fn a_beacons_alias_shuffles_the_spell_into_its_library_after_its_effects() {
    use std::sync::Arc;
    use wagic::runner::{self, Verdict};
    use wagic::table::Library;
    // After the card's lines wherever the alias is written: the move of the spell card
    // itself, then its controller's shuffle.
    let beacon = "target=creature,player\nauto=damage:5\nalias=135262\ntype=Instant";
    assert_eq!(ir_of(beacon), ["action[0]: - damage ueot; this moveto; me shuffle"]);
    let first = "alias=135262\nauto=draw:1 controller\ntype=Sorcery";
    assert_eq!(ir_of(first), ["action[0]: me draw ueot; this moveto; me shuffle"]);
    // On a permanent it is no rule of Wagic's engine's reading of a spell.
    assert_eq!(error_of("alias=135262\ntype=Creature").as_deref(), Some("unsupported: key `alias`"));
    let cards = "[card]\nname=Beacon\ntarget=creature,player\nauto=damage:5\nalias=135262\nmana={R}\ntype=Instant\n[/card]\n\
                 [card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
                 [card]\nname=Mox\ntype=Artifact\n[/card]\n";
    let library = Arc::new(Library::compile(&[("alias.txt", cards.to_string())]).expect("the cards compile"));
    let verdict = |test: &str| runner::run(&library, &wagic::testfile::read(test).expect("a test"));
    let beaconed = super::behaviour::test(
        "[PLAYER1]\nhand:Beacon\nlibrary:Mox\nmanapool:{R}\n[PLAYER2]\ninplay:Grizzly Bears\n",
        "Beacon\nGrizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\nlibrary:Mox,Beacon\n[PLAYER2]\ngraveyard:Grizzly Bears\n",
    );
    assert_eq!(verdict(&beaconed), Verdict::Passed);
    // Not in the graveyard, as a spell without the alias goes.
    let graveyard = beaconed.replace("library:Mox,Beacon\n", "library:Mox\ngraveyard:Beacon\n");
    assert_ne!(verdict(&graveyard), Verdict::Passed);
}

/// Kjeldoran Frostbeast's alias: at the end of each combat, the creatures that blocked it
/// or that it blocked are destroyed, if it is still on the battlefield.
#[test]
fn a_frostbeasts_alias_destroys_the_creatures_in_combat_with_it_at_the_end_of_combat() {
    use std::sync::Arc;
    use wagic::runner::{self, Verdict};
    use wagic::table::Library;
    let beast = "alias=2732\ntype=Creature\npower=2\ntoughness=4";
    assert_eq!(ir_of(beast), ["auto[any combatends]: - destroycombatopponents"]);
    let cards = "[card]\nname=Beast\nalias=2732\nmana={G}\ntype=Creature\npower=2\ntoughness=4\n[/card]\n\
                 [card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
                 [card]\nname=Wall\nmana={G}\ntype=Creature\npower=0\ntoughness=5\n[/card]\n\
                 [card]\nname=Giant\nmana={G}\ntype=Creature\npower=5\ntoughness=5\n[/card]\n";
    let library = Arc::new(Library::compile(&[("alias.txt", cards.to_string())]).expect("the cards compile"));
    let verdict = |test: &str| runner::run(&library, &wagic::testfile::read(test).expect("a test"));
    let combat = |blocker: &str, expected: &str| {
        verdict(&format!(
            "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Beast,Grizzly Bears\n[PLAYER2]\ninplay:{blocker},Wall\n\
             [DO]\nBeast\nnext\n{blocker}\nnext\nnext\nnext\n[ASSERT]\nSECONDMAIN\n{expected}[END]\n"
        ))
    };
    // The Wall blocks the Beast: destroyed at the end of combat, not the other Wall.
    let wall = "[PLAYER1]\ninplay:Beast,Grizzly Bears\n[PLAYER2]\ninplay:Wall\ngraveyard:Wall\n";
    assert_eq!(combat("Wall", wall), Verdict::Passed);
    assert_ne!(combat("Wall", "[PLAYER1]\ninplay:Beast,Grizzly Bears\n[PLAYER2]\ninplay:Wall,Wall\n"), Verdict::Passed);
    // The Giant kills the Beast in combat: nothing is destroyed after.
    let giant = "[PLAYER1]\ninplay:Grizzly Bears\ngraveyard:Beast\n[PLAYER2]\ninplay:Giant,Wall\n";
    assert_eq!(combat("Giant", giant), Verdict::Passed);
}

/// Erg Raiders' alias: at its controller's end step, 2 damage to that player unless it
/// attacked this turn or entered the battlefield this turn.
#[test]
fn erg_raiders_alias_deals_two_damage_at_its_controllers_end_step_unless_it_attacked() {
    use std::sync::Arc;
    use wagic::runner::{self, Verdict};
    use wagic::table::Library;
    let raiders = "alias=1159\ntype=Creature\npower=2\ntoughness=3";
    assert_eq!(ir_of(raiders), ["auto[my endofturn]: me damage"]);
    let cards = "[card]\nname=Raiders\nalias=1159\nmana={0}\ntype=Creature\npower=2\ntoughness=3\n[/card]\n\
                 [card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";
    let library = Arc::new(Library::compile(&[("alias.txt", cards.to_string())]).expect("the cards compile"));
    let verdict = |test: &str| runner::run(&library, &wagic::testfile::read(test).expect("a test"));
    let turns = |init: &str, moves: &str, mine: &str, theirs: &str| {
        verdict(&format!(
            "[INIT]\nFIRSTMAIN\n[PLAYER1]\n{init}library:Forest\n[PLAYER2]\nlibrary:Forest\n[DO]\n{moves}\
             [ASSERT]\nUNTAP\n[PLAYER1]\ninplay:Raiders\nhand:Forest\n{mine}[PLAYER2]\nhand:Forest\n{theirs}[END]\n"
        ))
    };
    // In play from the start (as if it had attacked in its first turn) it deals nothing
    // then, nor in the opponent's turn; idle in its controller's next turn, 2 damage.
    assert_eq!(turns("inplay:Raiders\n", "eot\neot\neot\n", "life:18\n", ""), Verdict::Passed);
    assert_ne!(turns("inplay:Raiders\n", "eot\neot\neot\n", "", ""), Verdict::Passed);
    // It attacks in that turn: no damage to its controller, 2 to the opponent.
    let attack = "eot\neot\nnext\nnext\nnext\nnext\nnext\nRaiders\neot\n";
    assert_eq!(turns("inplay:Raiders\n", attack, "", "life:18\n"), Verdict::Passed);
    // Cast in that turn (it entered this turn): no damage either.
    let cast = "eot\neot\ngoto secondmain\nRaiders\neot\n";
    assert_eq!(turns("hand:Raiders\n", cast, "", ""), Verdict::Passed);
}

/// Fastbond's alias: its controller plays any number of lands, and each land beyond the
/// first that enters under their control in a turn deals them 1 damage.
#[test]
fn fastbonds_alias_allows_more_lands_for_a_damage_each_beyond_the_first() {
    use std::sync::Arc;
    use wagic::runner::{self, Verdict};
    use wagic::table::Library;
    assert_eq!(ir_of("alias=1243\ntype=Enchantment"), ["auto[movedto?]: me damage"]);
    let cards = "[card]\nname=Bond\nalias=1243\nmana={G}\ntype=Enchantment\n[/card]\n\
                 [card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
                 [card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n";
    let library = Arc::new(Library::compile(&[("alias.txt", cards.to_string())]).expect("the cards compile"));
    let verdict = |test: &str| runner::run(&library, &wagic::testfile::read(test).expect("a test"));
    let lands = |bond: &str, expected: &str| {
        verdict(&format!(
            "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Forest,Mountain,Mountain\n{bond}[PLAYER2]\n[DO]\nForest\nMountain\nMountain\n\
             [ASSERT]\nFIRSTMAIN\n[PLAYER1]\n{expected}[PLAYER2]\n[END]\n"
        ))
    };
    // Three lands: 2 damage (none for the first).
    let played = "inplay:Bond,Forest,Mountain,Mountain\nlife:18\n";
    assert_eq!(lands("inplay:Bond\n", played), Verdict::Passed);
    assert_ne!(lands("inplay:Bond\n", "inplay:Bond,Forest,Mountain,Mountain\nlife:19\n"), Verdict::Passed);
    // Without it the second land is one the rules forbid.
    assert!(matches!(lands("", "inplay:Forest,Mountain,Mountain\n"), Verdict::Skipped(_)));
}
