//! A permanent's line `[this(test)] transforms((,newability[ability]))` giving the card
//! itself a triggered or activated ability: the card has it while it is on the
//! battlefield (and the test holds), as Wagic's `ATransformer` adds it to the card.

use wagic::runner::Verdict;

use super::behaviour::test;
use super::front::error_of;

/// The cards of these tests (their own library).
const CARDS: &str = "[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Warden\nauto=transforms((,newability[@movedto(creature|mybattlefield):life:2 controller]))\n\
mana={2}\ntype=Artifact\n[/card]\n\
[card]\nname=Sentry\nauto={T}:add{G}\n\
auto=this(tapped) transforms((,newability[@movedto(creature|mybattlefield):life:2 controller]))\n\
mana={2}\ntype=Artifact\n[/card]\n\
[card]\nname=Idol\nauto=transforms((,newability[{1}:life:1 controller])) forever\nmana={2}\ntype=Artifact\n[/card]\n\
[card]\nname=Looter\nauto={T}:draw:1 && transforms((,newability[target(*|myhand) reject])) forever\nmana={U}\n\
type=Artifact\n[/card]\n[card]\nname=Plains\ntype=Basic Land\nsubtype=Plains\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    super::behaviour::verdict_of("own.txt", CARDS, test)
}

#[test]
fn a_new_triggered_ability_of_the_card_itself_triggers() {
    // Warden has "Whenever a creature enters under your control, you gain 2 life".
    let warden = test(
        "[PLAYER1]\nhand:Grizzly Bears\ninplay:Warden\nmanapool:{1}{G}\n[PLAYER2]\n",
        "Grizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Warden,Grizzly Bears\nlife:22\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&warden), Verdict::Passed);
}

#[test]
fn a_new_triggered_ability_under_this_holds_while_the_test_does() {
    // Sentry has the trigger while it is tapped: tapped for the Bears' {G}, it triggers.
    let tapped = test(
        "[PLAYER1]\nhand:Grizzly Bears\ninplay:Sentry\nmanapool:{1}\n[PLAYER2]\n",
        "Sentry\nGrizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Sentry,Grizzly Bears\nlife:22\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&tapped), Verdict::Passed);
    // Untapped, it has no such ability: no life gained.
    let untapped = test(
        "[PLAYER1]\nhand:Grizzly Bears\ninplay:Sentry\nmanapool:{1}{G}\n[PLAYER2]\n",
        "Grizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Sentry,Grizzly Bears\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&untapped), Verdict::Passed);
}

#[test]
fn a_new_activated_ability_of_the_card_itself_is_activated() {
    let idol = test(
        "[PLAYER1]\ninplay:Idol\nmanapool:{1}\n[PLAYER2]\n",
        "Idol\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Idol\nlife:21\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&idol), Verdict::Passed);
}

#[test]
fn new_abilities_the_card_itself_cannot_hold_so_are_refused() {
    // Wagic's `AThis` gives the ability while its test holds: an activated ability's
    // activation would have to check the test, which its costs do not.
    assert_eq!(
        error_of("auto=this(tapped) transforms((,newability[{1}:life:1 controller]))\ntype=Artifact").as_deref(),
        Some("unsupported: `this(...)` around a new activated ability")
    );
    // The test is read as `this(...)` is anywhere else.
    assert_eq!(
        error_of("auto=this(variable{urzatron}>0) transforms((,newability[@each my upkeep:life:1]))\ntype=Creature")
            .as_deref(),
        Some("unsupported: `this(variable{...})` amount `urzatron`")
    );
    // An Aura's transformed card is the one it enchants (which has the trigger while the
    // Aura is attached: `lasting_newability.rs`), an instant's its target: not the card
    // itself. The instant's would outlive the turn.
    assert_eq!(
        error_of(
            "target=creature\nauto=transforms((,newability[@each my upkeep:life:1]))\ntype=Enchantment\nsubtype=Aura"
        ),
        None
    );
    assert_eq!(
        error_of("target=creature\nauto=transforms((,newability[@each my upkeep:life:1]))\ntype=Instant").as_deref(),
        Some(
            "unsupported: transforms part `newability[@trigger:effect]` given to another card other than until end of \
             turn, by a lord, an Aura, an Equipment or a continuous line"
        )
    );
}

#[test]
fn a_new_one_shot_ability_of_the_card_itself_with_a_target_runs_after_the_parts_before() {
    // Looter: "{T}: Draw a card, then discard a card": the card drawn may be discarded.
    let looted = test(
        "[PLAYER1]\nhand:Grizzly Bears\nlibrary:Plains\ninplay:Looter\n[PLAYER2]\n",
        "Looter\nchoice 0\nPlains\n",
        "FIRSTMAIN\n[PLAYER1]\nhand:Grizzly Bears\ninplay:Looter\ngraveyard:Plains\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&looted), Verdict::Passed);
}

#[test]
fn a_new_lasting_ability_with_a_target_of_the_card_itself_is_refused() {
    // A pump chosen at once would last `forever` on its target, not as the card's own.
    assert_eq!(
        error_of("auto={T}:draw:1 && transforms((,newability[1/1 target(creature)])) forever\ntype=Creature")
            .as_deref(),
        Some("unsupported: transforms part `newability` other than one effect on the card")
    );
}

/// Thirst, an Aura giving itself an upkeep cost.
const THIRST: &str = "[card]\nname=Thirst\ntarget=creature\nauto=tap\nauto=doesnotuntap\n\
auto=all(this) transforms((,newability[upcost[{U}] sacrifice])) forever\n\
text=Enchant creature -- When Thirst enters the battlefield, tap enchanted creature. -- Enchanted creature doesn't \
untap during its controller's untap step. -- At the beginning of your upkeep, sacrifice Thirst unless you pay {U}.\n\
mana={2}{U}\ntype=Enchantment\nsubtype=Aura\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

#[test]
fn an_aura_giving_itself_an_upkeep_cost_is_sacrificed_unpaid_not_its_creature() {
    use super::board::{BATTLEFIELD, GRAVEYARD, P0, P1, Play, Table};
    use vm::runtime::Value;
    let upkeep_then_draw = |table: &mut Table, thirst: vm::runtime::CardId, pay: bool| {
        let upkeep = table.runtime.event_index("upkeep").expect("upkeep");
        table.runtime.emit(vm::runtime::Event::new(upkeep, P0));
        table.settle();
        if pay {
            // As the runner's upkeep step has it (`Board::upkeep`).
            table.board.upkeep = true;
            table.board.players[0].mana[1] = 1;
            assert!(table.activate(thirst, P0), "its upkeep cost is paid");
        }
        let draw = table.runtime.event_index("draw").expect("draw");
        table.runtime.emit(vm::runtime::Event::new(draw, P0));
        table.settle();
    };
    // Unpaid: Thirst goes, the Bears it enchanted stay (tapped).
    let mut table = Table::with_cards(THIRST);
    let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
    table.answers.push(vec![Value::Card(bears)]);
    let thirst = table.put("Thirst", P0, BATTLEFIELD);
    upkeep_then_draw(&mut table, thirst, false);
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Thirst"]);
    assert_eq!(table.board.names(P1, BATTLEFIELD), ["Grizzly Bears"]);
    // Paid {U}: Thirst stays.
    let mut table = Table::with_cards(THIRST);
    let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
    table.answers.push(vec![Value::Card(bears)]);
    let thirst = table.put("Thirst", P0, BATTLEFIELD);
    upkeep_then_draw(&mut table, thirst, true);
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Thirst"]);
}
