//! `thisforeach(...)` of a permanent's static effect (a continuous effect counted again
//! after every change: Rabid Wombat's Auras, Loxodon Punisher's Equipment, Earthen Goo's
//! age counters, Death's Shadow's life total), on the permanent a `teach(...)` gives it to
//! (Auramancer's Guise counts the enchanted creature's Auras), and the counts an activated
//! ability or a spell reads as it resolves (`X`, devotion, a comparison).

use wagic::runner::Verdict;

use super::behaviour::{test, verdict_of};
use super::front::error_of;
use super::front_ir::ir_of;

/// Cards written from printed texts, with what attaches to them and what damages them.
const CARDS: &str = "[card]\nname=Wombat\nauto=thisforeach(auras > 0) 2/2\n\
text=Rabid Wombat gets +2/+2 for each Aura attached to it.\nmana={2}{G}{G}\ntype=Creature\npower=0\ntoughness=1\n[/card]\n\
[card]\nname=Punisher\nauto=thisforeach(gear) 2/2\n\
text=Loxodon Punisher gets +2/+2 for each Equipment attached to it.\nmana={3}{W}\ntype=Creature\npower=0\ntoughness=1\n[/card]\n\
[card]\nname=Goo\nauto={1}:counter(0/0,1,Age)\nauto=thisforeach(counter{0/0.1.Age}) 1/1\n\
text=Earthen Goo gets +1/+1 for each age counter on it.\nmana={2}{R}\ntype=Creature\npower=0\ntoughness=1\n[/card]\n\
[card]\nname=Shadow\nauto=thisforeach(controllerlife) -1/-1\nauto={1}:life:1 controller\n\
text=Death's Shadow gets -X/-X, where X is your life total.\nmana={B}\ntype=Creature\npower=13\ntoughness=13\n[/card]\n\
[card]\nname=Guise\ntarget=creature\nauto=teach(creature) thisforeach(auras > 0) 2/2\n\
text=Enchanted creature gets +2/+2 for each Aura attached to it.\nmana={2}{U}{U}\ntype=Enchantment\nsubtype=Aura\n[/card]\n\
[card]\nname=Gauntlets\nauto={1}:equip\nauto=teach(creature) thisforeach(gear) 0/2\n\
text=Equipped creature gets +0/+2 for each Equipment attached to it.\nmana={1}\ntype=Artifact\nsubtype=Equipment\n[/card]\n\
[card]\nname=Blade\nauto={1}:equip\nauto=thisforeach(counter{0/0.1.charge}) 0/1\n\
text=Equipped creature gets +0/+1 for each charge counter on the Blade.\nmana={3}\ntype=Artifact\nsubtype=Equipment\n[/card]\n\
[card]\nname=Armor\nauto={X}{T}:thisforeach(X) -1/1 target(creature)\n\
text={X}, {T}: Target creature gets -X/+X until end of turn.\nmana={2}\ntype=Artifact\n[/card]\n\
[card]\nname=Disintegrate\ntarget=creature,player\nauto=thisforeach(X) damage:1\n\
text=Disintegrate deals X damage to target creature or player.\nmana={X}{R}\ntype=Sorcery\n[/card]\n\
[card]\nname=Acolyte\nauto={T}:thisforeach(variable{type:manaG}>0) add{G}\n\
text={T}: Add an amount of {G} equal to your devotion to green.\nmana={3}{G}\ntype=Creature\npower=1\ntoughness=4\n[/card]\n\
[card]\nname=Charger\nauto={1}:counter(0/0,1,charge) target(artifact)\nmana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Pinger\nauto={T}:damage:3 target(creature)\nmana={3}\ntype=Artifact\n[/card]\n\
[card]\nname=Pennon\nauto={1}:equip\nauto=foreach(creature|mybattlefield) 1/1\n\
text=Equipped creature gets +1/+1 for each creature you control.\nmana={1}\ntype=Artifact\nsubtype=Equipment\n[/card]\n\
[card]\nname=Elf\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Plate\nauto={1}:equip\nmana={1}\ntype=Artifact\nsubtype=Equipment\n[/card]\n\
[card]\nname=Blessing\ntarget=creature\nauto=1/0\nmana={W}\ntype=Enchantment\nsubtype=Aura\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Blast\ntarget=creature\nauto=damage:4\nmana={R}\ntype=Instant\n[/card]\n";

fn verdict(init: &str, moves: &str, expected: &str) -> Verdict {
    verdict_of("thisforeach_counts.txt", CARDS, &test(init, moves, &format!("FIRSTMAIN\n{expected}")))
}

#[test]
fn a_static_count_is_a_continuous_effect() {
    assert_eq!(ir_of("auto=thisforeach(auras > 0) 2/2\ntype=Creature"), ["auto[continuous]: - pump"]);
    assert_eq!(ir_of("auto=thisforeach(counter{0/0.1.Age}) 1/1\ntype=Creature"), ["auto[continuous]: - pump"]);
    // An activated ability's pump ends with the turn, counted as it resolves.
    let armor = ir_of("auto={X}{T}:thisforeach(X) -1/1 target(creature)\ntype=Artifact");
    assert_eq!(armor, ["action[2]: filterSome(Exact(1)) pump ueot"]);
}

#[test]
fn each_aura_on_the_wombat_gives_it_two_two() {
    // One Aura: a 3/3 (with the Blessing's +1/+0) that Shock leaves; none: a 0/1 it kills.
    let init = "[PLAYER1]\ninplay:Wombat\nhand:Blessing,Shock\nmanapool:{W}{R}\n[PLAYER2]\n";
    let enchanted = "[PLAYER1]\ninplay:Wombat,Blessing\ngraveyard:Shock\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Blessing\nWombat\nShock\nWombat\n", enchanted), Verdict::Passed);
    let bare = "[PLAYER1]\nhand:Blessing\ngraveyard:Wombat,Shock\nmanapool:{W}\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Shock\nWombat\n", bare), Verdict::Passed);
}

#[test]
fn each_equipment_on_the_punisher_gives_it_two_two() {
    let init = "[PLAYER1]\ninplay:Punisher,Plate\nhand:Shock\nmanapool:{1}{R}\n[PLAYER2]\n";
    let equipped = "[PLAYER1]\ninplay:Punisher,Plate\ngraveyard:Shock\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Plate\nPunisher\nShock\nPunisher\n", equipped), Verdict::Passed);
    let bare = "[PLAYER1]\ninplay:Plate\ngraveyard:Punisher,Shock\nmanapool:{1}\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Shock\nPunisher\n", bare), Verdict::Passed);
}

#[test]
fn the_goo_grows_with_each_age_counter_put_on_it() {
    // Two counters: a 2/3 that Shock leaves; one: a 1/2 it kills.
    let shocked = |counters: usize, expected: &str| {
        verdict(
            "[PLAYER1]\ninplay:Goo\nhand:Shock\nmanapool:{R}{2}\n[PLAYER2]\n",
            &format!("{}Shock\nGoo\n", "Goo\n".repeat(counters)),
            &format!("[PLAYER1]\n{expected}manapool:{{{}}}\n[PLAYER2]\n", 2 - counters),
        )
    };
    assert_eq!(shocked(2, "inplay:Goo\ngraveyard:Shock\n"), Verdict::Passed);
    assert_eq!(shocked(1, "graveyard:Goo,Shock\n"), Verdict::Passed);
}

#[test]
fn deaths_shadow_shrinks_as_its_controller_gains_life() {
    // At 12 life a 1/1; gaining a life makes it a 0/0, which dies.
    let init = "[PLAYER1]\ninplay:Shadow\nmanapool:{1}\nlife:12\n[PLAYER2]\n";
    let alive = "[PLAYER1]\ninplay:Shadow\nmanapool:{1}\nlife:12\n[PLAYER2]\n";
    assert_eq!(verdict(init, "", alive), Verdict::Passed);
    let dead = "[PLAYER1]\ngraveyard:Shadow\nlife:13\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Shadow\n", dead), Verdict::Passed);
}

#[test]
fn a_taught_count_is_of_the_enchanted_or_equipped_creature() {
    // The Guise and the Blessing on the Bears: +4/+4 and +1/+0, a 7/6 that Blast (4) leaves;
    // the Guise alone: a 4/4 that it kills.
    let init = "[PLAYER1]\ninplay:Grizzly Bears\nhand:Guise,Blessing,Blast\nmanapool:{2}{U}{U}{W}{R}\n[PLAYER2]\n";
    let two = "Guise\nGrizzly Bears\nBlessing\nGrizzly Bears\nBlast\nGrizzly Bears\n";
    let kept = "[PLAYER1]\ninplay:Grizzly Bears,Guise,Blessing\ngraveyard:Blast\n[PLAYER2]\n";
    assert_eq!(verdict(init, two, kept), Verdict::Passed);
    let one = "Guise\nGrizzly Bears\nBlast\nGrizzly Bears\n";
    let dead = "[PLAYER1]\nhand:Blessing\ngraveyard:Grizzly Bears,Guise,Blast\nmanapool:{W}\n[PLAYER2]\n";
    assert_eq!(verdict(init, one, dead), Verdict::Passed);
    // Gauntlets and Plate on the Bears: +0/+4, a 2/6 that Blast leaves; the Gauntlets
    // alone: a 2/4 that it kills.
    let init = "[PLAYER1]\ninplay:Grizzly Bears,Gauntlets,Plate\nhand:Blast\nmanapool:{2}{R}\n[PLAYER2]\n";
    let both = "Gauntlets\nGrizzly Bears\nPlate\nGrizzly Bears\nBlast\nGrizzly Bears\n";
    let kept = "[PLAYER1]\ninplay:Grizzly Bears,Gauntlets,Plate\ngraveyard:Blast\n[PLAYER2]\n";
    assert_eq!(verdict(init, both, kept), Verdict::Passed);
    let alone = "Gauntlets\nGrizzly Bears\nBlast\nGrizzly Bears\n";
    let dead = "[PLAYER1]\ninplay:Gauntlets,Plate\ngraveyard:Grizzly Bears,Blast\nmanapool:{1}\n[PLAYER2]\n";
    assert_eq!(verdict(init, alone, dead), Verdict::Passed);
}

#[test]
fn an_equipments_counters_count_on_the_equipment() {
    // Two charge counters on the Blade: the Bears a 2/4 that Shock leaves; none: a 2/2 it kills.
    let init = "[PLAYER1]\ninplay:Grizzly Bears,Blade,Charger\nhand:Shock\nmanapool:{3}{R}\n[PLAYER2]\n";
    let charged = "Blade\nGrizzly Bears\nCharger\nBlade\nCharger\nBlade\nShock\nGrizzly Bears\n";
    let kept = "[PLAYER1]\ninplay:Grizzly Bears,Blade,Charger\ngraveyard:Shock\n[PLAYER2]\n";
    assert_eq!(verdict(init, charged, kept), Verdict::Passed);
    let bare = "Blade\nGrizzly Bears\nShock\nGrizzly Bears\n";
    let dead = "[PLAYER1]\ninplay:Blade,Charger\ngraveyard:Grizzly Bears,Shock\nmanapool:{2}\n[PLAYER2]\n";
    assert_eq!(verdict(init, bare, dead), Verdict::Passed);
}

#[test]
fn an_equipments_counted_pump_is_counted_on_the_equipped_creature() {
    // Pennon Blade's "+1/+1 for each creature you control": the Bears and the Elf, a 4/4
    // that Shock leaves.
    let init = "[PLAYER1]\ninplay:Grizzly Bears,Elf,Pennon\nhand:Shock\nmanapool:{1}{R}\n[PLAYER2]\n";
    let kept = "[PLAYER1]\ninplay:Grizzly Bears,Elf,Pennon\ngraveyard:Shock\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Pennon\nGrizzly Bears\nShock\nGrizzly Bears\n", kept), Verdict::Passed);
    // Another continuous line of an Equipment stays refused: its `to(this)` would be the
    // Equipment's.
    let kabuto =
        "auto={2}:equip\nauto=teach(creature) preventAllCombatDamage to(this)\ntype=Artifact\nsubtype=Equipment";
    assert_eq!(
        error_of(kabuto).as_deref(),
        Some("unsupported: `teach(...)` on an Equipment other than `teach(creature)` of a static effect")
    );
}

#[test]
fn an_activated_or_spell_count_is_read_as_it_resolves() {
    // Armor with X = 2 on the Bears: a 0/4 until end of turn, which the Pinger's 3 damage
    // leaves; without it, a 2/2 that dies.
    let init = "[PLAYER1]\ninplay:Armor,Pinger,Grizzly Bears\nmanapool:{2}\n[PLAYER2]\n";
    let kept = "[PLAYER1]\ninplay:Armor,Pinger,Grizzly Bears\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Armor\nGrizzly Bears\nPinger\nGrizzly Bears\n", kept), Verdict::Passed);
    let dead = "[PLAYER1]\ninplay:Armor,Pinger\ngraveyard:Grizzly Bears\nmanapool:{2}\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Pinger\nGrizzly Bears\n", dead), Verdict::Passed);
    // Disintegrate with X = 3 at the opponent.
    let init = "[PLAYER1]\nhand:Disintegrate\nmanapool:{R}{3}\n[PLAYER2]\n";
    let expected = "[PLAYER1]\ngraveyard:Disintegrate\n[PLAYER2]\nlife:17\n";
    assert_eq!(verdict(init, "Disintegrate\np2\n", expected), Verdict::Passed);
    // The Acolyte ({3}{G}) and the Wombat ({2}{G}{G}): devotion to green 3, {G}{G}{G}.
    let init = "[PLAYER1]\ninplay:Acolyte,Wombat\n[PLAYER2]\n";
    let expected = "[PLAYER1]\ninplay:Acolyte,Wombat\nmanapool:{G}{G}{G}\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Acolyte\n", expected), Verdict::Passed);
}

#[test]
fn other_counts_stay_refused_each_named() {
    for (card, refused) in [
        (
            "auto=thisforeach(power<3) 1/1\ntype=Creature",
            "unsupported: `thisforeach(...)` with a comparison other than `>` or `>=`",
        ),
        (
            "auto=thisforeach(Gate|mybattlefield) 0/1\ntype=Creature",
            "unsupported: `thisforeach(...)` other than `counter{0/0.1.name}`, `counter{1/1.1}`, `counter{-1/-1.1}`, or `power`, `toughness`, `gear`, `auras`, `controllerlife`, `opponentlife`, `x` or `variable{amount}` maybe after `>` or `>=` and a number",
        ),
        (
            "auto=thisforeach(variable{commonblack}) 1/1\ntype=Creature",
            "unsupported: `thisforeach(variable{...})` amount `commonblack`",
        ),
    ] {
        assert_eq!(error_of(card).as_deref(), Some(refused), "{card}");
    }
    // A teach's count is its creature's; a counter count there is refused.
    let taught =
        "target=creature\nauto=teach(creature) thisforeach(counter{0/0.1.Age}) 1/1\ntype=Enchantment\nsubtype=Aura";
    assert_eq!(error_of(taught).as_deref(), Some("unsupported: `teach(...) thisforeach(counter{...})`"));
}
