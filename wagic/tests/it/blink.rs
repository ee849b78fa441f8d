//! `(blink)`, `(blink)ueot` and `(blink)forsrc` (Wagic's `ABlink`): a card exiled and
//! returned to its owner's battlefield as a new object at once, at the beginning of the
//! next end step, or when the source leaves the battlefield. Cards as Wagic's files write
//! them, each test after its printed text; and the forms refused by name.

use vm::runtime::{CardId, Value};
use wagic::host::{BlinkReturn, WagicHost};
use wagic::table::EXILE;

use super::board::{BATTLEFIELD, GRAVEYARD, HAND, P0, P1, Play, Table};
use super::front::error_of;

/// The cards of the tests, their lines as Wagic's `mtg.txt` has them.
const CARDS: &str = "[card]\nname=Banisher Priest\nauto=(blink)forsrc target(creature|opponentbattlefield)\n\
mana={1}{W}{W}\ntype=Creature\nsubtype=Human Cleric\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Flickerwisp\nabilities=flying\nauto=(blink)ueot target(other *|battlefield)\n\
mana={1}{W}{W}\ntype=Creature\nsubtype=Elemental\npower=3\ntoughness=1\n[/card]\n\
[card]\nname=Cloudshift\ntarget=creature|mybattlefield\nauto=(blink)\nmana={W}\ntype=Instant\n[/card]\n\
[card]\nname=Conjurer's Closet\nauto={T}:(blink) target(creature|mybattlefield)\nmana={5}\ntype=Artifact\n[/card]\n\
[card]\nname=Venerable Monk\nauto=life:2\nmana={2}{W}\ntype=Creature\nsubtype=Human Monk Cleric\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\nsubtype=Bear\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Murder\ntarget=creature\nauto=destroy\nmana={1}{B}{B}\ntype=Instant\n[/card]\n\
[card]\nname=Unsummon\ntarget=creature\nauto=moveto(ownerhand)\nmana={U}\ntype=Instant\n[/card]\n\
[card]\nname=Growth Spiral\ntarget=creature\nauto=counter(1/1,2)\nmana={G}\ntype=Instant\n[/card]\n\
[card]\nname=Changeling Berserker\nabilities=changeling,haste\n\
auto=aslongas(other creature|mybattlefield) choice notatarget(other creature|mybattlefield) (blink)forsrc oneshot\n\
auto=choice sacrifice\nmana={3}{R}\ntype=Creature\nsubtype=Shapeshifter\npower=5\ntoughness=3\n[/card]\n\
[card]\nname=Holy Strength\ntarget=creature\nauto=1/2\nmana={W}\ntype=Enchantment\nsubtype=Aura\n[/card]\n\
[card]\nname=Ivy Elemental\nauto=counter(1/1,X)\nmana={X}{G}\ntype=Creature\nsubtype=Elemental\npower=0\ntoughness=0\n[/card]\n\
[card]\nname=Wormfang Behemoth\nauto=hand(blink)forsrc all(*|myhand)\nmana={3}{U}{U}\ntype=Creature\n\
subtype=Nightmare Fish Beast\npower=5\ntoughness=5\n[/card]\n\
[card]\nname=Raise the Alarm\nauto=token(Soldier,Creature Soldier,1/1,white)*2\nmana={1}{W}\ntype=Instant\n[/card]\n";

fn table() -> Table {
    Table::with_cards(CARDS)
}

fn zone(table: &Table, card: CardId) -> vm::bytecode::ZoneIdx {
    table.board.get(card).expect("a card of the board").zone
}

#[test]
fn banisher_priest_exiles_an_opponents_creature_until_it_dies() {
    // "When Banisher Priest enters the battlefield, exile target creature an opponent
    // controls until Banisher Priest leaves the battlefield."
    let mut table = table();
    let monk = table.put("Venerable Monk", P1, BATTLEFIELD);
    assert_eq!(table.board.players[1].life, 22);
    table.answers.push(vec![Value::Card(monk)]);
    let priest = table.put("Banisher Priest", P0, BATTLEFIELD);
    assert_eq!(zone(&table, monk), EXILE);
    assert_eq!(table.board.names(P1, EXILE), ["Venerable Monk"]);
    // The end of the turn changes nothing: only the Priest's leaving does.
    table.run_phase_actions("endofturn", P0);
    table.settle();
    table.end_turn(P0);
    assert_eq!(zone(&table, monk), EXILE);
    let murder = table.put("Murder", P0, HAND);
    table.answers.push(vec![Value::Card(priest)]);
    table.cast(murder, P0);
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Banisher Priest", "Murder"]);
    // Back under its owner's control, a new object: its entering ability ran again.
    assert_eq!(table.board.names(P1, BATTLEFIELD), ["Venerable Monk"]);
    assert!(table.runtime.in_play(monk));
    assert_eq!(table.board.players[1].life, 24);
}

#[test]
fn a_priest_returned_to_its_owners_hand_brings_the_creature_back_too() {
    let mut table = table();
    let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
    table.answers.push(vec![Value::Card(bears)]);
    let priest = table.put("Banisher Priest", P0, BATTLEFIELD);
    assert_eq!(zone(&table, bears), EXILE);
    let unsummon = table.put("Unsummon", P1, HAND);
    table.answers.push(vec![Value::Card(priest)]);
    table.cast(unsummon, P1);
    assert_eq!(table.board.names(P0, HAND), ["Banisher Priest"]);
    assert_eq!(zone(&table, bears), BATTLEFIELD);
    // Cast again, it exiles anew, and a second leaving returns the Bears once more.
    table.answers.push(vec![Value::Card(bears)]);
    table.board.place(priest, P0, BATTLEFIELD, -1);
    table.settle();
    assert_eq!(zone(&table, bears), EXILE);
}

#[test]
fn cloudshift_returns_a_new_object_whose_entering_ability_runs_and_whose_counters_and_aura_are_gone() {
    // "Exile target creature you control, then return that card to the battlefield under
    // your control."
    let mut table = table();
    let monk = table.put("Venerable Monk", P0, BATTLEFIELD);
    let growth = table.put("Growth Spiral", P0, HAND);
    table.answers.push(vec![Value::Card(monk)]);
    table.cast(growth, P0);
    assert_eq!(table.board.get(monk).map(|c| c.counters), Some((2, 2)));
    table.answers.push(vec![Value::Card(monk)]);
    table.put("Holy Strength", P0, BATTLEFIELD);
    assert_eq!(table.board.power(monk), 5);
    let marked = &mut table.board.cards[monk.0 as usize];
    (marked.damage, marked.tapped) = (1, true);
    let cloudshift = table.put("Cloudshift", P0, HAND);
    table.answers.push(vec![Value::Card(monk)]);
    table.cast(cloudshift, P0);
    let returned = table.board.get(monk).expect("the Monk");
    assert_eq!((returned.zone, returned.counters, returned.damage, returned.tapped), (BATTLEFIELD, (0, 0), 0, false));
    assert_eq!(table.board.power(monk), 2);
    assert_eq!(table.board.players[0].life, 24, "the Monk's life:2 ran as it entered, and again");
    // The Aura on the old object went to its owner's graveyard.
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Growth Spiral", "Holy Strength", "Cloudshift"]);
}

#[test]
fn a_blinked_card_returns_under_its_owners_control() {
    // Conjurer's Closet on a creature its controller does not own: Wagic's `ABlink` puts
    // the card onto its owner's battlefield.
    let mut table = table();
    let closet = table.put("Conjurer's Closet", P0, BATTLEFIELD);
    let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
    table.board.set_controller(bears, P0);
    table.answers.push(vec![Value::Card(bears)]);
    assert!(table.activate(closet, P0));
    assert!(table.board.names(P0, BATTLEFIELD).iter().all(|name| name != "Grizzly Bears"));
    assert_eq!(table.board.names(P1, BATTLEFIELD), ["Grizzly Bears"]);
}

#[test]
fn a_token_blinked_is_gone() {
    let mut table = table();
    let alarm = table.put("Raise the Alarm", P0, HAND);
    table.cast(alarm, P0);
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Soldier", "Soldier"]);
    let soldier = table.board.zone(P0, BATTLEFIELD)[0];
    let cloudshift = table.put("Cloudshift", P0, HAND);
    table.answers.push(vec![Value::Card(soldier)]);
    table.cast(cloudshift, P0);
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Soldier"]);
    assert!(table.board.names(P0, EXILE).is_empty());
}

#[test]
fn flickerwisp_returns_the_card_at_the_beginning_of_the_next_end_step() {
    // "exile another target permanent. Return that card to the battlefield under its
    // owner's control at the beginning of the next end step."
    let mut table = table();
    let monk = table.put("Venerable Monk", P1, BATTLEFIELD);
    table.answers.push(vec![Value::Card(monk)]);
    let wisp = table.put("Flickerwisp", P0, BATTLEFIELD);
    assert_eq!(zone(&table, monk), EXILE);
    // Other phases, and the Flickerwisp leaving, do not bring it back.
    table.run_phase_actions("secondmain", P0);
    table.settle();
    table.board.place(wisp, P0, GRAVEYARD, -1);
    table.settle();
    assert_eq!(zone(&table, monk), EXILE);
    table.run_phase_actions("endofturn", P0);
    table.settle();
    assert_eq!(table.board.names(P1, BATTLEFIELD), ["Venerable Monk"]);
    assert_eq!(table.board.players[1].life, 24, "its entering ability ran again");
}

#[test]
fn a_card_exiled_during_the_end_step_waits_for_the_next_one() {
    let mut table = table();
    let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
    table.run_phase_actions("endofturn", P0);
    table.answers.push(vec![Value::Card(bears)]);
    table.put("Flickerwisp", P0, BATTLEFIELD);
    table.end_turn(P0);
    assert_eq!(zone(&table, bears), EXILE);
    table.run_phase_actions("endofturn", P1);
    table.settle();
    assert_eq!(zone(&table, bears), BATTLEFIELD);
}

#[test]
fn a_card_moved_out_of_exile_meanwhile_stays_where_it_went() {
    let mut table = table();
    let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
    table.answers.push(vec![Value::Card(bears)]);
    let priest = table.put("Banisher Priest", P0, BATTLEFIELD);
    table.board.place(bears, P1, HAND, -1);
    table.settle();
    table.board.place(priest, P0, GRAVEYARD, -1);
    table.settle();
    assert_eq!(table.board.names(P1, HAND), ["Grizzly Bears"]);
}

#[test]
fn a_source_gone_before_the_effect_resolves_exiles_nothing() {
    // Rule 610.3c: "exile ... until ~ leaves the battlefield" from a permanent that has
    // left exiles nothing; a spell's source (no permanent) returns the card at once.
    let mut table = table();
    let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
    let priest = table.put("Banisher Priest", P0, GRAVEYARD);
    assert!(!table.board.blink(bears, priest, BlinkReturn::SourceLeaves, false));
    assert_eq!(zone(&table, bears), BATTLEFIELD);
    let murder = table.put("Murder", P0, HAND);
    assert!(table.board.blink(bears, murder, BlinkReturn::SourceLeaves, false));
    assert_eq!(zone(&table, bears), EXILE);
    table.settle();
    assert_eq!(zone(&table, bears), BATTLEFIELD);
}

#[test]
fn blink_forms_wagic_reads_otherwise_than_printed_are_refused_by_name() {
    for (card, refused) in [
        ("auto=(blink)ueot return(tap)\ntype=Creature", "`(blink)` with `return(...)`"),
        ("auto=(blink)ueot return(counter(1/1,1))\ntype=Creature", "`(blink)` with `return(...)`"),
        ("auto=(blink) target(*[-enchantment]) ueot\ntype=Enchantment", "`(blink)` with `ueot` written apart"),
        ("auto=(blink)forsrc target(<upto:2>*|graveyard)\ntype=Creature", "`(blink)` of cards in `graveyard`"),
        ("auto=(blink)later target(creature)\ntype=Creature", "`(blink)later`"),
    ] {
        assert_eq!(error_of(card).as_deref(), Some(format!("unsupported: {refused}").as_str()), "{card}");
    }
    // The forms compiled: plain, `ueot`, `forsrc`, on a target, `all(...)`, the source.
    for card in [
        "auto=(blink)forsrc target(creature|opponentbattlefield)\ntype=Creature",
        "auto=target(creature) (blink)forsrc\ntype=Enchantment",
        "auto=(blink)forsrc all(other *|myBattlefield)\ntype=Creature",
        "auto={U}:(blink)ueot\ntype=Creature",
        "target=creature|mybattlefield\nauto=(blink)\ntype=Instant",
        "auto=may hand(blink)forsrc target(<upto:3>other creature|battlefield,graveyard)\ntype=Creature",
    ] {
        assert_eq!(error_of(card), None, "{card}");
    }
}

#[test]
fn a_champion_exiles_another_creature_until_it_leaves_or_is_sacrificed() {
    // Changeling Berserker: "Champion a creature (When this enters the battlefield,
    // sacrifice it unless you exile another creature you control. When this leaves the
    // battlefield, that card returns to the battlefield.)"
    for exile in [true, false] {
        let mut table = table();
        let monk = table.put("Venerable Monk", P0, BATTLEFIELD);
        table.hold_questions = true;
        let berserker = table.put("Changeling Berserker", P0, BATTLEFIELD);
        // The modes: the champion's exile (its `aslongas` holds), or the sacrifice.
        let modes = table.held.as_ref().expect("the modes are asked").candidates().to_vec();
        assert_eq!(modes.len(), 2);
        let asks_again = table.try_answer_held(&[modes[usize::from(!exile)]]).expect("a mode");
        assert!(!asks_again, "the one other creature is taken unasked");
        if !exile {
            assert_eq!(table.board.names(P0, GRAVEYARD), ["Changeling Berserker"]);
            assert_eq!(zone(&table, monk), BATTLEFIELD);
            continue;
        }
        assert_eq!(zone(&table, monk), EXILE);
        table.board.place(berserker, P0, GRAVEYARD, -1);
        table.settle();
        assert_eq!(zone(&table, monk), BATTLEFIELD);
        assert_eq!(table.board.players[0].life, 24, "the Monk entered again");
    }
}

#[test]
fn a_blinked_card_enters_with_an_x_of_zero() {
    // Wagic's test Blink_and_X_counters.txt: "Ivy Elemental enters the battlefield with X
    // +1/+1 counters on it"; flickered, it returns with none (X is 0) and dies.
    let mut table = table();
    table.board.x_paid = 2;
    let ivy = table.put("Ivy Elemental", P0, BATTLEFIELD);
    assert_eq!(table.board.toughness(ivy), 2);
    let cloudshift = table.put("Cloudshift", P0, HAND);
    table.answers.push(vec![Value::Card(ivy)]);
    table.cast(cloudshift, P0);
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Ivy Elemental", "Cloudshift"]);
}

#[test]
fn wormfang_behemoth_exiles_its_controllers_hand_until_it_leaves() {
    // "When Wormfang Behemoth enters the battlefield, exile all cards from your hand. --
    // When Wormfang Behemoth leaves the battlefield, return the exiled cards to their
    // owner's hand." An instant comes back too, as printed.
    let mut table = table();
    table.put("Grizzly Bears", P0, HAND);
    table.put("Cloudshift", P0, HAND);
    let behemoth = table.put("Wormfang Behemoth", P0, BATTLEFIELD);
    assert!(table.board.names(P0, HAND).is_empty());
    assert_eq!(table.board.names(P0, EXILE), ["Grizzly Bears", "Cloudshift"]);
    table.board.place(behemoth, P0, GRAVEYARD, -1);
    table.settle();
    assert_eq!(table.board.names(P0, HAND), ["Grizzly Bears", "Cloudshift"]);
    assert!(table.board.names(P0, BATTLEFIELD).is_empty());
}
