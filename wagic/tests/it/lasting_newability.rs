//! A triggered or activated ability given for as long as its giver says, not until end of
//! turn: a lord's `lord(spec) transforms((,newability[{cost}:effect],...))` (Manaweft
//! Sliver's "Slivers you control have '{T}: Add one mana of any color'"), an Aura's or an
//! Equipment's static `transforms((,newability[@trigger:effect]))` (Stab Wound's "At the
//! beginning of the upkeep of enchanted creature's controller, that player loses 2 life").
//! Wagic's `ALord` and `ATransformer` add the ability with each permanent as its source,
//! while it matches or is attached.

use super::behaviour::{test, verdict_of};
use super::front::error_of;
use super::front_ir::ir_of;
use wagic::runner::Verdict;

/// Manaweft Sliver, Stab Wound, Spiteful Shadows, Quietus Spike, Treacherous Werewolf
/// as Wagic writes them, a Sliver of no ability of its own and a few plain cards.
const CARDS: &str = "[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Hill Giant\nmana={3}{R}\ntype=Creature\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Metallic Sliver\nmana={1}\ntype=Artifact Creature\nsubtype=Sliver\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Manaweft Sliver\nauto=lord(sliver|mybattlefield) transforms((,newability[{t}:add{g}],\
newability[{t}:add{r}],newability[{t}:add{u}],newability[{t}:add{b}],newability[{t}:add{w}]))\n\
mana={1}{G}\ntype=Creature\nsubtype=Sliver\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Stab Wound\ntarget=creature\nauto=-2/-2\n\
auto=teach(creature) transforms((,newability[@each my upkeep:life:-2 controller]))\n\
mana={2}{B}\ntype=Enchantment\nsubtype=Aura\n[/card]\n\
[card]\nname=Spiteful Shadows\ntarget=creature\n\
auto=transforms((,newability[@damaged(this):damage:thatmuch controller]))\n\
mana={1}{B}\ntype=Enchantment\nsubtype=Aura\n[/card]\n\
[card]\nname=Quietus Spike\nauto={3}:equip\nauto=teach(creature) transforms((,newability[deathtouch],\
newability[@combatdamagefoeof(player) from(this):life:-halfupopponentlifetotal opponent],\
newability[@combatdamageof(player) from(this):life:-halfuplifetotal controller]))\n\
mana={3}\ntype=Artifact\nsubtype=Equipment\n[/card]\n\
[card]\nname=Treacherous Werewolf\nauto=aslongas(*|mygraveyard) 2/2 >6\n\
auto=aslongas(*|mygraveyard) transforms((,newability[@movedTo(this|graveyard) from(battlefield):life:-4 controller])) >6\n\
mana={2}{B}\ntype=Creature\nsubtype=Werewolf Minion\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Murder\ntarget=creature\nauto=destroy\nmana={1}{B}{B}\ntype=Instant\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Swamp\ntype=Basic Land\nsubtype=Swamp\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    verdict_of("lasting.txt", CARDS, test)
}

#[test]
fn a_lords_transforms_gives_its_activated_abilities_as_a_lords_line_does() {
    assert_eq!(
        ir_of(
            "auto=lord(sliver|mybattlefield) transforms((,newability[{t}:add{g}],newability[{t}:add{r}]))\n\
               type=Creature\nsubtype=Sliver"
        ),
        // One continuous statement on the spec's permanents, giving the two abilities.
        [
            "auto[continuous]: filterNone transforms,giveability,giveability",
            "action[1]: - add ueot",
            "action[1]: - add ueot"
        ]
    );
}

#[test]
fn manaweft_slivers_sliver_taps_for_mana_of_any_colour() {
    // The Sliver of no ability of its own has five given ones: the menu's first is {G}.
    let green = test(
        "[PLAYER1]\ninplay:Manaweft Sliver,Metallic Sliver\n[PLAYER2]\n",
        "Metallic Sliver\nchoice 0\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Manaweft Sliver,Metallic Sliver\nmanapool:{G}\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&green), Verdict::Passed);
    // Its fifth is {W}; its first, {G}, casts a spell.
    let white = test(
        "[PLAYER1]\ninplay:Manaweft Sliver,Metallic Sliver\n[PLAYER2]\n",
        "Metallic Sliver\nchoice 4\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Manaweft Sliver,Metallic Sliver\nmanapool:{W}\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&white), Verdict::Passed);
    let cast = test(
        "[PLAYER1]\nhand:Grizzly Bears\ninplay:Manaweft Sliver,Metallic Sliver\nmanapool:{1}\n[PLAYER2]\n",
        "Metallic Sliver\nchoice 0\nGrizzly Bears\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Manaweft Sliver,Metallic Sliver,Grizzly Bears\nmanapool:{0}\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&cast), Verdict::Passed);
    // The opponent's Sliver is none of "Slivers you control": a click does nothing.
    let theirs = test(
        "[PLAYER1]\ninplay:Manaweft Sliver\n[PLAYER2]\ninplay:Metallic Sliver\n",
        "Metallic Sliver\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Manaweft Sliver\n[PLAYER2]\ninplay:Metallic Sliver\n",
    );
    assert_eq!(verdict(&theirs), Verdict::Passed);
}

#[test]
fn an_auras_static_transforms_gives_the_enchanted_creature_its_trigger() {
    assert_eq!(
        ir_of(
            "target=creature\nauto=transforms((,newability[@each my upkeep:life:-2 controller]))\n\
               type=Enchantment\nsubtype=Aura"
        ),
        [
            "auto[]: filterSome(Exact(1)) enchant",
            // On the enchanted permanent while attached; the given trigger is a hook.
            "auto[continuous]: enchanted? transforms,givetrigger",
            // `controller` is `me`: the enchanted creature's controller, whose trigger it is.
            "auto[my upkeep]: me life ueot",
        ]
    );
}

#[test]
fn stab_wounds_creature_costs_its_controller_two_life_each_upkeep() {
    // On the opponent's Giant: at their upkeep they lose 2 life; the Giant is a 1/1.
    let wounded = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Stab Wound\nmanapool:{2}{B}\nlibrary:Swamp\n[PLAYER2]\n\
                   inplay:Hill Giant\nlibrary:Swamp\n[DO]\nStab Wound\nHill Giant\neot\ngoto firstmain\n[ASSERT]\n\
                   FIRSTMAIN\n[PLAYER1]\ninplay:Stab Wound\nlibrary:Swamp\n[PLAYER2]\ninplay:Hill Giant\nhand:Swamp\n\
                   life:18\n[END]\n";
    assert_eq!(verdict(wounded), Verdict::Passed);
    // Not at its caster's upkeep: the trigger is the creature's, its controller's upkeep.
    let own_turn = "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Stab Wound\nmanapool:{2}{B}\nlibrary:Swamp,Swamp\n\
                    [PLAYER2]\ninplay:Hill Giant\nlibrary:Swamp\n[DO]\nStab Wound\nHill Giant\neot\neot\n\
                    goto firstmain\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Stab Wound\nhand:Swamp\nlibrary:Swamp\nlife:20\n\
                    [PLAYER2]\ninplay:Hill Giant\nhand:Swamp\nlife:18\n[END]\n";
    assert_eq!(verdict(own_turn), Verdict::Passed);
}

#[test]
fn spiteful_shadows_creature_deals_the_damage_it_is_dealt_to_its_controller() {
    let shadowed = test(
        "[PLAYER1]\nhand:Spiteful Shadows,Shock\ninplay:Hill Giant\nmanapool:{1}{B}{R}\n[PLAYER2]\n",
        "Spiteful Shadows\nHill Giant\nShock\nHill Giant\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Hill Giant,Spiteful Shadows\ngraveyard:Shock\nlife:18\n[PLAYER2]\n",
    );
    assert_eq!(verdict(&shadowed), Verdict::Passed);
    // Once the Aura is gone, the damage is no longer dealt again.
    let gone = test(
        "[PLAYER1]\nhand:Spiteful Shadows,Shock,Shock\ninplay:Grizzly Bears,Hill Giant\nmanapool:{1}{B}{R}{R}\n\
         [PLAYER2]\n",
        "Spiteful Shadows\nGrizzly Bears\nShock\nGrizzly Bears\nShock\nHill Giant\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Hill Giant\ngraveyard:Grizzly Bears,Spiteful Shadows,Shock,Shock\nlife:18\n\
         [PLAYER2]\n",
    );
    assert_eq!(verdict(&gone), Verdict::Passed);
}

#[test]
fn quietus_spikes_creature_halves_the_life_of_the_player_it_damages() {
    let init = "[INIT]\nFIRSTMAIN\n[PLAYER1]\ninplay:Quietus Spike,Grizzly Bears\nmanapool:{3}\n[PLAYER2]\nlife:19\n";
    // 2 combat damage take 19 to 17, then half of 17 rounded up: 8 left.
    let spiked = format!(
        "{init}[DO]\nQuietus Spike\nGrizzly Bears\nnext\nnext\nGrizzly Bears\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n\
         [PLAYER1]\ninplay:Quietus Spike,Grizzly Bears\n[PLAYER2]\nlife:8\n[END]\n"
    );
    assert_eq!(verdict(&spiked), Verdict::Passed);
}

#[test]
fn an_ability_given_until_end_of_turn_by_an_auras_static_line_is_refused() {
    assert_eq!(
        error_of("target=creature\nauto=transforms((,newability[{T}:tap])) ueot\ntype=Enchantment\nsubtype=Aura")
            .as_deref(),
        Some("unsupported: Aura's static line giving an ability until end of turn")
    );
    // A spell's target keeps it beyond the turn: refused, the part named.
    assert_eq!(
        error_of("auto=target(creature) transforms((,newability[{T}:tap]))\ntype=Instant").as_deref(),
        Some(
            "unsupported: transforms part `newability[{cost}:effect]` given to another card other than until end of \
             turn, by a lord, an Aura, an Equipment or a continuous line"
        )
    );
}

#[test]
fn treacherous_werewolf_costs_four_life_as_it_dies_with_threshold_alone() {
    let seven = "Swamp,Swamp,Swamp,Swamp,Swamp,Swamp,Swamp";
    let murdered = |graveyard: &str, life: u32| {
        test(
            &format!(
                "[PLAYER1]\nhand:Murder\ninplay:Treacherous Werewolf\ngraveyard:{graveyard}\nmanapool:{{1}}{{B}}{{B}}\n\
                 [PLAYER2]\n"
            ),
            "Murder\nTreacherous Werewolf\n",
            &format!(
                "FIRSTMAIN\n[PLAYER1]\ngraveyard:{graveyard},Treacherous Werewolf,Murder\nlife:{life}\n[PLAYER2]\n"
            ),
        )
    };
    assert_eq!(verdict(&murdered(seven, 16)), Verdict::Passed);
    // Six cards: no threshold, no such trigger.
    assert_eq!(verdict(&murdered("Swamp,Swamp,Swamp,Swamp,Swamp,Swamp", 20)), Verdict::Passed);
}

#[test]
fn a_taught_trigger_under_a_spec_is_given_while_the_enchanted_creature_matches() {
    // Helm of the Ghastlord's: a continuous statement under the spec's test.
    assert_eq!(
        ir_of(
            "target=creature\nauto=teach(creature[blue]) transforms((,newability[@damagefoeof(player) \
               from(this):draw:1 controller]))\ntype=Enchantment\nsubtype=Aura"
        ),
        [
            "auto[]: filterSome(Exact(1)) enchant",
            "auto[continuous]: enchanted? transforms,givetrigger",
            "auto[damaged?]: me draw ueot",
        ]
    );
    // A continuous line timing the ability `ueot` would give it anew each turn.
    assert_eq!(
        error_of("auto=aslongas(*|mygraveyard) transforms((,newability[{T}:tap])) ueot >6\ntype=Creature").as_deref(),
        Some("unsupported: continuous line giving an ability until end of turn")
    );
}
