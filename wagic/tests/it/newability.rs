//! `transforms((,newability[effect]))`: the effect as the transformed card's own ability,
//! one-shot (resolved at once) or lasting (while the transformation lasts): its exact IR,
//! its refusals, and what it does to the board.

use wagic::runner::Verdict;

use super::behaviour::test;
use super::front::error_of;
use super::front_ir::ir_of;

/// The cards of these tests (their own library).
const CARDS: &str = "[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Recovery\ntarget=creature|mygraveyard\n\
auto=transforms((,newability[moveTo(mybattlefield)],newability[counter(1/1)]))\nmana={W}\ntype=Instant\n[/card]\n\
[card]\nname=Charm\ntarget=creature\nauto=transforms((,newability[1/1],newability[trample])) ueot\nmana={R}\n\
type=Instant\n[/card]\n\
[card]\nname=Recoil\ntarget=*|battlefield\nauto=moveto(ownerhand)\n\
auto=transforms((,newability[ability$!name(discard) target(*|myhand) reject!$ controller]))\n\
mana={1}{U}{B}\n\
type=Instant\n[/card]\n\
[card]\nname=Assassin's Strike\ntarget=creature\nauto=destroy\n\
auto=transforms((,newability[ability$!name(discard) target(*|myhand) reject!$ controller]))\n\
mana={4}{B}{B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Break Through the Line\n\
auto={R}:target(creature[power<=2]) transforms((,newability[haste ueot],newability[unblockable ueot])) ueot\n\
text={R}: Target creature with power 2 or less gains haste until end of turn and can't be blocked this turn.\n\
mana={1}{R}\ntype=Enchantment\n[/card]\n\
[card]\nname=Wall of Wood\nabilities=defender\nmana={G}\ntype=Creature\nsubtype=Wall\npower=0\ntoughness=3\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("newability.txt", CARDS, test)
}

#[test]
fn a_new_ability_is_one_more_link_on_the_transformed_cards() {
    // After the (empty) change: the one-shot move and counter, in order, on the target.
    let recovery = "target=creature|mygraveyard\n\
                    auto=transforms((,newability[moveTo(mybattlefield)],newability[counter(1/1)]))\ntype=Instant";
    assert_eq!(ir_of(recovery), ["action[0]: - transforms,moveto,counter ueot"]);
    // Lasting ones last as the transformation does.
    let charm = "auto=transforms((,newability[1/1],newability[trample])) ueot target(creature)\ntype=Instant";
    assert_eq!(ir_of(charm), ["action[0]: filterSome(Exact(1)) transforms,pump,+trample ueot"]);
    // A one-shot one in a `forever` transformation happens once; a lasting one cannot last.
    let forever = "auto={T}:target(creature) transforms((,newability[tap])) forever\ntype=Creature";
    assert_eq!(ir_of(forever), ["action[1]: filterSome(Exact(1)) transforms,tap ueot"]);
    assert_eq!(
        error_of("auto={T}:target(creature) transforms((,newability[1/1])) forever\ntype=Creature").as_deref(),
        Some("unsupported: lasting `newability[...]` other than a keyword ability in `transforms(...) forever`")
    );
}

#[test]
fn new_abilities_wagic_reads_as_the_cards_own_are_refused() {
    // Each named by its effect's first word, so that the cards left out group by it.
    let refused =
        |word: &str| format!("unsupported: transforms part `newability{word}` other than one effect on the card");
    for (card, word) in [
        // Damage's source would be the transformed card, not the spell.
        ("target=creature\nauto=transforms((,newability[damage:2]))\ntype=Instant", "[damage...]"),
        // A target, several effects: abilities of the card of their own.
        ("target=creature\nauto=transforms((,newability[tap target(creature)]))\ntype=Instant", "[tap...]"),
        ("target=creature\nauto=transforms((,newability[draw:1 && tap]))\ntype=Instant", "[draw...]"),
        ("target=creature\nauto=transforms((,newability[]))\ntype=Instant", ""),
    ] {
        assert_eq!(error_of(card), Some(refused(word)), "{card}");
    }
    // A trigger, a cost: abilities the transformed card would hold, named apart.
    assert_eq!(
        error_of("target=creature\nauto=transforms((,newability[@each my upkeep:life:1]))\ntype=Instant").as_deref(),
        Some(
            "unsupported: transforms part `newability[@trigger:effect]` given to another card other than until end of turn, \
             by a lord, an Aura, an Equipment or a continuous line"
        )
    );
    assert_eq!(
        error_of("target=creature\nauto=transforms((,newability[{T}:tap]))\ntype=Instant").as_deref(),
        Some(
            "unsupported: transforms part `newability[{cost}:effect]` given to another card other than until end of turn, \
             by a lord, an Aura, an Equipment or a continuous line"
        )
    );
    // `my` is the transformed card's controller's: refused unless the target is among its
    // controller's own cards (or its opponent's: `phaseaction.rs`'s Thief).
    let whose = "unsupported: `newability[...]` naming a zone by whose it is, on a card maybe not its controller's";
    for card in [
        "target=creature|graveyard\nauto=transforms((,newability[moveTo(mybattlefield)]))\ntype=Instant",
        "auto={T}:transforms((,newability[moveTo(myhand)])) target(creature)\ntype=Creature",
    ] {
        assert_eq!(error_of(card).as_deref(), Some(whose), "{card}");
    }
    for card in [
        "auto=transforms((,newability[moveTo(myhand)])) target(creature|mygraveyard)\ntype=Instant",
        "auto={T}:transforms((,newability[moveTo(myhand)])) target(creature|mybattlefield)\ntype=Creature",
    ] {
        assert_eq!(error_of(card), None, "{card}");
    }
    // `owner` is the same whoever reads it.
    let owner = "auto=all(creature|graveyard) transforms((,newability[moveTo(ownerbattlefield)]))\ntype=Sorcery";
    assert_eq!(error_of(owner), None);
}

#[test]
fn miraculous_recoverys_new_abilities_return_the_creature_with_a_counter() {
    // The Bears come back 3/3: Shock does not kill them.
    let back = test(
        "[PLAYER1]\nhand:Recovery,Shock\ngraveyard:Grizzly Bears\nmanapool:{W}{R}\n[PLAYER2]\n",
        "Recovery\nGrizzly Bears\nShock\nGrizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Grizzly Bears\ngraveyard:Recovery,Shock\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&back), Verdict::Passed);
    // A lasting new ability: Charm's +1/+1 keeps the Bears from Shock this turn.
    let charmed = test(
        "[PLAYER1]\nhand:Charm,Shock\ninplay:Grizzly Bears\nmanapool:{R}{R}\n[PLAYER2]\n",
        "Charm\nGrizzly Bears\nShock\nGrizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Grizzly Bears\ngraveyard:Charm,Shock\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&charmed), Verdict::Passed);
}

#[test]
fn a_new_player_effect_of_a_number_is_the_transformed_cards_controllers() {
    // Barbed Shocker's: each card of the opponent's hand discarded, then a card drawn for it.
    let shocker =
        "auto={0}:all(*|opponenthand) transforms((,newability[reject],newability[draw:1])) ueot\ntype=Creature";
    assert_eq!(ir_of(shocker), ["action[0]: filterNone transforms,moveto,draw ueot"]);
    assert_eq!(
        ir_of("target=creature\nauto=transforms((,newability[life:2]))\ntype=Instant"),
        ["action[0]: - transforms,life ueot"]
    );
    // A count's zones would be the transformed card's controller's, not the source's.
    let counted = "target=creature\nauto=transforms((,newability[draw:type:creature:mybattlefield]))\ntype=Instant";
    assert_eq!(
        error_of(counted).as_deref(),
        Some("unsupported: transforms part `newability[draw...]` other than one effect on the card")
    );
}

#[test]
fn a_player_effect_on_several_cards_acts_once_per_card() {
    use super::board::{HAND, LIBRARY, P0, P1, Play, Table};
    // Wagic's `all(spec)` resolves the effect on each card: three cards of the opponent's
    // hand, three cards drawn (before the fix, its controller drew once).
    let mut table = Table::with_cards(
        "[card]\nname=Shocker\n\
         auto={0}:all(*|opponenthand) transforms((,newability[reject],newability[draw:1])) ueot\n\
         mana={R}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
         [card]\nname=Rock\nmana={R}\ntype=Sorcery\n[/card]\n[card]\nname=Leaf\nmana={G}\ntype=Sorcery\n[/card]\n",
    );
    let shocker = table.put("Shocker", P0, super::board::BATTLEFIELD);
    for _ in 0..3 {
        table.put("Rock", P1, HAND);
        table.put("Leaf", P1, LIBRARY);
    }
    table.settle();
    assert!(table.activate(shocker, P0));
    assert_eq!(table.board.names(P1, HAND), ["Leaf", "Leaf", "Leaf"]);
    assert_eq!(table.board.names(P1, super::board::GRAVEYARD), ["Rock", "Rock", "Rock"]);
}

#[test]
fn a_discard_given_to_the_transformed_cards_controller_is_that_players_discard() {
    // Wagic's `ability$!...!$ controller` of a new ability: the controller of its source,
    // the transformed card.
    let given = "target=creature\n\
                 auto=transforms((,newability[ability$!name(discard) target(*|myhand) reject!$ controller]))\n\
                 type=Sorcery";
    assert_eq!(ir_of(given), ir_of("target=creature\nauto=transforms((,newability[discardchosen:1]))\ntype=Sorcery"));
    // Recoil: the Bears go back to their owner's hand, who then discards a card (clicks
    // the Bears, alone in that hand, as Wagic's chooser of the discard is that player).
    let recoil = test(
        "[PLAYER1]\nhand:Recoil,Forest\nmanapool:{1}{U}{B}\n[PLAYER2]\ninplay:Grizzly Bears\n",
        "Recoil\nGrizzly Bears\nGrizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\nhand:Forest\ngraveyard:Recoil\n[PLAYER2]\ngraveyard:Grizzly Bears\n",
    );
    assert_eq!(verdict(&recoil), Verdict::Passed);
    // Assassin's Strike: the creature's controller discards, not the caster.
    let strike = test(
        "[PLAYER1]\nhand:Assassin's Strike,Shock\nmanapool:{4}{B}{B}\n\
         [PLAYER2]\nhand:Forest\ninplay:Grizzly Bears\n",
        "Assassin's Strike\nGrizzly Bears\nForest\n",
        "FIRSTMAIN\n[PLAYER1]\nhand:Shock\ngraveyard:Assassin's Strike\n\
         [PLAYER2]\ngraveyard:Grizzly Bears,Forest\n",
    );
    assert_eq!(verdict(&strike), Verdict::Passed);
}

#[test]
fn a_new_ability_timed_until_end_of_turn_ends_with_the_transformation() {
    // In a `transforms(...) ueot`, a new ability's own `ueot` is the same end.
    let timed = "auto={R}:target(creature) transforms((,newability[haste ueot],newability[unblockable ueot])) ueot\n\
                 type=Enchantment";
    let plain = "auto={R}:target(creature) transforms((,newability[haste],newability[unblockable])) ueot\n\
                 type=Enchantment";
    assert_eq!(ir_of(timed), ir_of(plain));
    // A keyword ability of two words, as the transformation's own part.
    assert_eq!(
        ir_of("auto={R}:target(creature) transforms((,newability[first strike])) ueot\ntype=Enchantment"),
        ir_of("auto={R}:target(creature) transforms((,first strike)) ueot\ntype=Enchantment")
    );
    // Timed otherwise than the transformation (which lasts while its source does), it is
    // refused.
    assert_eq!(
        error_of("auto=lord(creature) transforms((,newability[haste ueot]))\ntype=Enchantment").as_deref(),
        Some("unsupported: transforms part `newability[haste...]` other than one effect on the card")
    );
    // Break Through the Line: the Bears cannot be blocked by the Wall this turn.
    let attack = |moves: &str, life: &str| {
        verdict(&test(
            "[PLAYER1]\ninplay:Break Through the Line,Grizzly Bears\nmanapool:{R}\n[PLAYER2]\ninplay:Wall of Wood\n",
            moves,
            &format!(
                "COMBATEND\n[PLAYER1]\ninplay:Break Through the Line,Grizzly Bears\n\
                 [PLAYER2]\ninplay:Wall of Wood\n{life}"
            ),
        ))
    };
    let blocks = "next\nnext\nGrizzly Bears\nnext\nWall of Wood\nnext\nnext\n";
    assert_eq!(attack(&format!("Break Through the Line\nGrizzly Bears\n{blocks}"), "life:18\n"), Verdict::Passed);
    // Without it, the Wall blocks (the mana pool empties as the steps go by).
    assert_eq!(attack(blocks, ""), Verdict::Passed);
}

/// Cards losing abilities and types by new abilities a `transforms(...) ueot` times.
const CHANGES: &str = "[card]\nname=Sudden Spoiling\ntarget=player\n\
auto=all(creature|targetedpersonsbattlefield) transforms((,newability[loseabilities],setpower=0,settoughness=2)) ueot\n\
text=Creatures target player controls become 0/2 and lose all abilities until end of turn.\n\
mana={1}{B}{B}\ntype=Instant\n[/card]\n\
[card]\nname=Terraformer\n\
auto={1}:name(plains) all(land|mybattlefield) transforms((,newability[loseabilities],\
newability[losesubtypesof(land)],newability[becomes(plains)])) ueot\n\
text={1}: Choose a basic land type. Each land you control becomes that type until end of turn.\n\
mana={2}{U}\ntype=Creature\nsubtype=Human Wizard\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Prodigal Sorcerer\nauto={T}:damage:1 target(creature,player)\nmana={2}{U}\ntype=Creature\n\
power=1\ntoughness=1\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";

#[test]
fn lost_abilities_and_types_of_a_new_ability_end_with_the_turn() {
    use super::board::{BATTLEFIELD, HAND, P0, P1, Play, Table};
    use vm::runtime::Value;
    // Sudden Spoiling: the opponent's Sorcerer is a 0/2 without its ability this turn.
    let mut table = Table::with_cards(CHANGES);
    let sorcerer = table.put("Prodigal Sorcerer", P1, BATTLEFIELD);
    let spoiling = table.put("Sudden Spoiling", P0, HAND);
    table.answers.push(vec![Value::Player(P1)]);
    table.cast(spoiling, P0);
    assert!(table.answers.is_empty(), "asked: {:?}", table.asked);
    assert_eq!((table.board.power(sorcerer), table.board.toughness(sorcerer)), (0, 2));
    assert!(table.board.lost_abilities(sorcerer));
    table.end_turn(P0);
    assert_eq!((table.board.power(sorcerer), table.board.toughness(sorcerer)), (1, 1));
    assert!(!table.board.lost_abilities(sorcerer));
    // Terraformer: the Forest is a Plains, no longer a Forest, until end of turn.
    let mut table = Table::with_cards(CHANGES);
    let forest = table.put("Forest", P0, BATTLEFIELD);
    let terraformer = table.put("Terraformer", P0, BATTLEFIELD);
    table.board.players[0].mana[5] = 1;
    assert!(table.activate(terraformer, P0));
    assert!(table.board.types(forest).contains(&"plains"), "{:?}", table.board.types(forest));
    assert!(!table.board.types(forest).contains(&"forest"), "{:?}", table.board.types(forest));
    table.end_turn(P0);
    assert!(table.board.types(forest).contains(&"forest"), "{:?}", table.board.types(forest));
    assert!(!table.board.types(forest).contains(&"plains"), "{:?}", table.board.types(forest));
}

/// Burrenton Forge-Tender, preventing the damage a chosen source would deal.
const FORGE_TENDER: &str = "[card]\nname=Burrenton Forge-Tender\nabilities=protection from red\n\
auto={S}:name(prevent all damage) notatarget(*[red]|battlefield,stack,graveyard) \
transforms((,newability[preventalldamage from(this)])) ueot\n\
text=Protection from red -- Sacrifice Burrenton Forge-Tender: Prevent all damage a red source of your choice would \
deal this turn.\nmana={W}\ntype=Creature\nsubtype=Kithkin Wizard\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Prodigal Pyromancer\nauto={T}:damage:1 target(creature,player)\nmana={2}{R}\ntype=Creature\n\
subtype=Human Wizard\ncolor=red\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Prodigal Sorcerer\nauto={T}:damage:1 target(creature,player)\nmana={2}{U}\ntype=Creature\n\
subtype=Human Wizard\npower=1\ntoughness=1\n[/card]\n";

#[test]
fn a_prevention_from_the_transformed_card_prevents_the_chosen_sources_damage_this_turn() {
    use super::board::{BATTLEFIELD, GRAVEYARD, P0, P1, Play, Table};
    use vm::runtime::{CardId, Value};
    let ping = |table: &mut Table, card: CardId| {
        table.board.cards[card.0 as usize].tapped = false;
        table.answers.push(vec![Value::Player(P0)]);
        assert!(table.activate(card, P1));
    };
    let mut table = Table::with_cards(FORGE_TENDER);
    let tender = table.put("Burrenton Forge-Tender", P0, BATTLEFIELD);
    let pyromancer = table.put("Prodigal Pyromancer", P1, BATTLEFIELD);
    let sorcerer = table.put("Prodigal Sorcerer", P1, BATTLEFIELD);
    table.answers.push(vec![Value::Card(pyromancer)]);
    assert!(table.activate(tender, P0));
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Burrenton Forge-Tender"]);
    // The Pyromancer's damage is prevented; the Sorcerer's is not.
    ping(&mut table, pyromancer);
    assert_eq!(table.board.players[0].life, 20);
    ping(&mut table, sorcerer);
    assert_eq!(table.board.players[0].life, 19);
    // Next turn the Pyromancer's damage is dealt again.
    table.end_turn(P0);
    ping(&mut table, pyromancer);
    assert_eq!(table.board.players[0].life, 18);
}
