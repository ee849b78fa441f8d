//! `turnlimited` (Wagic's `limitOnceATurn`): a trigger that fires once a turn at most, its
//! auto costing `turnonce`: the exact IR, the refusals, and what it does on the board.

use super::board::{BATTLEFIELD, HAND, P0, Play, Table};
use super::front::error_of;
use super::front_ir::ir_of;

/// The names of the costs of each auto of a card.
fn auto_costs(card: &str) -> Vec<Vec<&'static str>> {
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let blocks = wagic::reader::read(&source);
    let arena = bumpalo::Bump::new();
    let ir = wagic::front::lower_card(&blocks[0], &arena).expect("the card compiles");
    ir.autos
        .iter()
        .map(|auto| auto.costs.iter().map(|cost| wagic::CATALOGUE.costs[cost.cost.index()].name).collect())
        .collect()
}

#[test]
fn a_turnlimited_trigger_costs_turnonce() {
    let brushwagg = "auto=@combat(blocking,blocked,turnlimited) source(this):-2/2 ueot\ntype=Creature";
    assert_eq!(ir_of(brushwagg), ["auto[blocking?, blocked?]: - pump ueot"]);
    assert_eq!(auto_costs(brushwagg), [vec!["turnonce"]]);
    let mimic = "auto=@movedTo(*[red&white]|mystack) turnlimited:transforms((,setpower=4,settoughness=2)) ueot\n\
                 type=Creature";
    assert_eq!(auto_costs(mimic), [vec!["turnonce"]]);
    // Without it, no cost; a line after a `turnlimited` one keeps none either.
    let two = "auto=@combat(blocked,turnlimited) source(this):1/1 ueot\nauto=@combat(attacking) source(this):1/1 ueot\n\
               type=Creature";
    assert_eq!(auto_costs(two), [vec!["turnonce"], vec![]]);
    for (card, refused) in [
        (
            "auto=@combat(blocked,turnlimited) source(this):1/1 ueot\nauto=@combat(blocking,turnlimited) source(this):1/1 \
             ueot\ntype=Creature",
            "a second `turnlimited` trigger on a card",
        ),
        (
            "auto=@combat(blocked,turnlimited) source(this):1/1 ueot\nauto={1}:1/1 limit:1\ntype=Creature",
            "`turnlimited` trigger on a card with `limit:n`",
        ),
        ("auto=@combat(turnlimited) source(this):1/1 ueot\ntype=Creature", "trigger `@combat(turnlimited)`"),
    ] {
        assert_eq!(error_of(card), Some(format!("unsupported: {refused}")), "{card}");
    }
}

#[test]
fn a_turnlimited_trigger_fires_once_a_turn() {
    let mut table = Table::with_cards(
        "[card]\nname=Mimic\nauto=@movedTo(creature|mystack) turnlimited:1/1 ueot\nmana={W}\ntype=Creature\n\
         power=1\ntoughness=1\n[/card]\n\
         [card]\nname=Bears\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n",
    );
    let mimic = table.put("Mimic", P0, BATTLEFIELD);
    table.settle();
    let cast = |table: &mut Table| {
        let bears = table.put("Bears", P0, HAND);
        table.board.place(bears, P0, wagic::table::STACK, -1);
        table.settle();
    };
    cast(&mut table);
    assert_eq!(table.board.power(mimic), 2);
    cast(&mut table);
    assert_eq!(table.board.power(mimic), 2, "not a second time this turn");
    table.end_turn(P0);
    assert_eq!(table.board.power(mimic), 1);
    cast(&mut table);
    assert_eq!(table.board.power(mimic), 2, "again the next turn");
}
