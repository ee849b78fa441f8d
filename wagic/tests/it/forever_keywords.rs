//! Keyword abilities of a `transforms((...)) forever` (Wagic's `ATransformer` with
//! `aForever`, which sets them on the card and never takes them back): a Chimera's "It
//! gains flying. (This effect lasts indefinitely.)", Sneak Attack's treason and haste.
//! They are arguments of the one `transforms` call, kept with the card until it moves (a new
//! object); the real cards from Wagic's files, each test after the card's printed text.

use vm::runtime::Value;

use super::board::{BATTLEFIELD, GRAVEYARD, HAND, P0, P1, Play, Table};
use super::front::error_of;
use super::front_ir::ir_of;

#[test]
fn a_forever_keyword_is_kept_by_the_transformation_not_granted_by_an_effect() {
    // No `+flying` grant, which an effect's duration would end: the `transforms` call keeps it.
    assert_eq!(
        ir_of("auto={S}:counter(2/2,1) target(chimera) && transforms((,flying)) forever\ntype=Artifact Creature"),
        ["action[1]: filterSome(Exact(1)) counter ueot; prevtgt transforms ueot"]
    );
    assert_eq!(
        ir_of(
            "auto=choice name(fly) transforms((,newability[flying],setpower=2,settoughness=2)) forever\ntype=Creature"
        ),
        ["auto[]: - choiceoption; - transforms"]
    );
}

#[test]
fn a_lasting_new_ability_other_than_a_keyword_stays_refused_by_name() {
    // A pump or a given trigger lasts as an effect, which ends before `forever` does.
    assert_eq!(
        error_of("target=creature\nauto=transforms((,newability[2/2],horsemanship)) forever\ntype=Sorcery").as_deref(),
        Some("unsupported: lasting `newability[...]` other than a keyword ability in `transforms(...) forever`")
    );
    // Unearth given to another card would exile it as it leaves the battlefield, which
    // Zirilan of the Claw's Dragon is not.
    assert_eq!(
        error_of("auto={T}:target(dragon|mylibrary) moveto(mybattlefield) && transforms((,unearth,haste)) forever\ntype=Creature")
            .as_deref(),
        Some("unsupported: `unearth` given by `transforms(...) forever` other than from the card's own graveyard")
    );
}

#[test]
fn tin_wing_chimeras_flying_lasts_past_the_turn_until_the_chimera_moves() {
    // text=: Sacrifice Tin-Wing Chimera: Put a +2/+2 counter on target Chimera creature. It
    // gains flying. (This effect lasts indefinitely.)
    let Some(mut table) = Table::new() else { return };
    let tin_wing = table.put("Tin-Wing Chimera", P0, BATTLEFIELD);
    let brass = table.put("Brass-Talon Chimera", P0, BATTLEFIELD);
    assert!(!table.board.has_ability(brass, "flying"));
    table.answers.push(vec![Value::Card(brass)]);
    assert!(table.activate(tin_wing, P0));
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Tin-Wing Chimera"]);
    assert!(table.board.has_ability(brass, "flying"));
    assert_eq!((table.board.power(brass), table.board.toughness(brass)), (4, 4));
    table.end_turn(P0);
    table.untap_step(P1).expect("the turn begins");
    table.end_turn(P1);
    assert!(table.board.has_ability(brass, "flying"), "indefinitely: not until end of turn");
    // Back to hand and cast again, it is a new object, without the flying.
    table.board.place(brass, P0, HAND, -1);
    table.settle();
    table.board.place(brass, P0, BATTLEFIELD, -1);
    table.settle();
    assert!(!table.board.has_ability(brass, "flying"));
    assert!(table.board.has_ability(brass, "firststrike"), "its printed first strike stays");
}

#[test]
fn sneak_attacks_creature_has_haste_and_is_sacrificed_as_the_end_step_ends() {
    // text=: {R}: You may put a creature card from your hand onto the battlefield. That
    // creature gains haste. Sacrifice the creature at the beginning of the next end step.
    // (Wagic's test/sneak_attack.txt: the Serra Angel attacks for 4, then is in the graveyard.)
    let Some(mut table) = Table::new() else { return };
    let sneak = table.put("Sneak Attack", P0, BATTLEFIELD);
    let angel = table.put("Serra Angel", P0, HAND);
    table.board.players[0].mana[3] = 1;
    table.answers.push(vec![Value::Card(angel)]);
    assert!(table.activate(sneak, P0));
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Sneak Attack", "Serra Angel"]);
    assert!(table.board.has_ability(angel, "haste") && table.board.has_ability(angel, "treason"));
    table.end_step_leaving().expect("the end step ends");
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Serra Angel"]);
}

#[test]
fn balduvian_frostwakers_land_stays_a_flying_two_two_elemental() {
    // text=: {U}, {T}: Target snow land becomes a 2/2 blue Elemental creature with flying.
    // It's still a land.
    let Some(mut table) = Table::new() else { return };
    let frostwaker = table.put("Balduvian Frostwaker", P0, BATTLEFIELD);
    let land = table.put("Snow-Covered Island", P0, BATTLEFIELD);
    table.board.players[0].mana[1] = 1;
    table.answers.push(vec![Value::Card(land)]);
    assert!(table.activate(frostwaker, P0));
    table.end_turn(P0);
    let board = &table.board;
    assert!(board.has_type(land, "creature") && board.has_type(land, "land") && board.has_type(land, "elemental"));
    assert!(board.has_ability(land, "flying"));
    assert_eq!((board.power(land), board.toughness(land)), (2, 2));
    assert_eq!(board.colours(land), ["blue"]);
}
