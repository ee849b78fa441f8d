//! Restriction timers (spec §3.10, FIX of B-32/B-35/B-46/B-55/B-56): each effect granted
//! with `ueot`, `unac`, `uynt` or their `opp` variants ends exactly when its timer fires
//! for the right player, and only it; unrestricted effects end when their source leaves.

use vm::bytecode::*;
use vm::runtime::*;

use super::support::*;

/// One card whose action grants `+unblockable` (restricted by `restriction`) to itself
/// and sets a rule switch (`rule()`, a custom effect) with the same restriction.
fn granting(restriction: Option<(RestrictionIdx, Option<RestrictionPrefixIdx>)>) -> Program {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    let mut code = CodeBuilder::new();
    if let Some((kind, prefix)) = restriction {
        code.emit(Instr::Restrict { restriction: kind, prefix });
    }
    code.emit(Instr::Grant { ability: UNBLOCKABLE });
    code.emit(Instr::Call { cmd: CommandIdx::new(RULE), base: Reg(0), argc: 0 });
    code.emit(Instr::EndStatement {});
    code.emit(Instr::Return {});
    add_action_card(&mut bundle, "granter", code);
    load(bundle)
}

/// Activates the card of player P0 and returns the runtime, host and card.
fn granted(
    restriction: Option<(RestrictionIdx, Option<RestrictionPrefixIdx>)>,
) -> (Runtime<TestHost>, TestHost, CardId) {
    let mut rt = runtime(granting(restriction));
    let mut host = TestHost::new();
    let card = host.add("granter", P0, RING, 500);
    rt.enter_play(&mut host, card, CardIdx(0)).unwrap();
    let outcome = rt.activate(&mut host, card, CardIdx(0), P0).unwrap();
    assert_eq!(outcome.done(), Some(Completion::Success));
    assert_eq!(host.active.len(), 2, "the ability and the rule switch");
    host.take_log();
    (rt, host, card)
}

/// The timers in the order a turn fires them: `uynt` at Activate, `unac` when an action is
/// played, `ueot` and `unac` at Cleanup. Returns the step at which both effects ended.
fn expiry_step(restriction: (RestrictionIdx, Option<RestrictionPrefixIdx>)) -> Option<usize> {
    let (mut rt, mut host, _) = granted(Some(restriction));
    let schedule: [(RestrictionIdx, PlayerId); 8] = [
        (UNAC, P0), // 0: P0 plays an action card
        (UEOT, P0), // 1: P0's cleanup
        (UNAC, P0),
        (UYNT, P1), // 3: P1's activate phase
        (UNAC, P1), // 4: P1 plays an action card
        (UEOT, P1), // 5: P1's cleanup
        (UNAC, P1),
        (UYNT, P0), // 7: P0's next activate phase
    ];
    for (step, (kind, active)) in schedule.into_iter().enumerate() {
        rt.expire(&mut host, kind, active);
        match host.active.len() {
            2 => {}
            0 => {
                assert!(rt.effects().is_empty());
                return Some(step);
            }
            n => panic!("{n} effects left: both must end together"),
        }
    }
    None
}

#[test]
fn each_timer_expires_at_its_moment() {
    assert_eq!(expiry_step((UNAC, None)), Some(0), "unac: the controller's next action card");
    assert_eq!(expiry_step((UEOT, None)), Some(1), "ueot: the controller's cleanup");
    assert_eq!(expiry_step((UEOT, Some(RestrictionPrefixIdx(0)))), Some(1), "myueot = ueot");
    assert_eq!(expiry_step((UYNT, Some(R_OPP))), Some(3), "oppuynt: the opponent's activate phase");
    assert_eq!(expiry_step((UNAC, Some(R_OPP))), Some(4), "oppunac: the opponent's next action card");
    assert_eq!(expiry_step((UEOT, Some(R_OPP))), Some(5), "oppueot: the opponent's cleanup");
    assert_eq!(expiry_step((UYNT, None)), Some(7), "uynt: the controller's next activate phase");
}

#[test]
fn expiry_undoes_exactly_what_was_granted() {
    let (mut rt, mut host, card) = granted(Some((UEOT, None)));
    // Something else: a permanent ability of another card, and an effect with another timer.
    let other = host.add("other", P0, RING, 500);
    host.active.push(Effect {
        id: EffectId(999),
        source: other,
        controller: P0,
        restriction: None,
        kind: EffectKind::Ability { target: Value::Card(card), ability: UNBLOCKABLE },
    });
    rt.expire(&mut host, UEOT, P0);
    assert_eq!(
        host.take_log(),
        vec![
            format!("end {:?}", EffectKind::Ability { target: Value::Card(card), ability: UNBLOCKABLE }),
            format!("end {:?}", EffectKind::Custom { code: 1, target: Value::Player(P0), value: Value::Int(1) }),
        ]
    );
    assert_eq!(host.active.len(), 1, "the other source's grant stays");
    rt.expire(&mut host, UEOT, P0);
    assert!(host.take_log().is_empty(), "nothing is undone twice");
}

#[test]
fn granting_twice_records_once() {
    let (mut rt, mut host, card) = granted(Some((UEOT, None)));
    rt.activate(&mut host, card, CardIdx(0), P0).unwrap();
    assert_eq!(rt.effects().len(), 2);
    assert_eq!(host.active.len(), 2);
}

/// One card whose action records, with `restriction`, a rule switch (`rule()`, recorded
/// once) and a pump (`pump()`, recorded with `record_stacking_effect`).
fn pumping(restriction: Option<(RestrictionIdx, Option<RestrictionPrefixIdx>)>) -> Program {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    let mut code = CodeBuilder::new();
    if let Some((kind, prefix)) = restriction {
        code.emit(Instr::Restrict { restriction: kind, prefix });
    }
    code.emit(Instr::Call { cmd: CommandIdx::new(RULE), base: Reg(0), argc: 0 });
    code.emit(Instr::Call { cmd: CommandIdx::new(PUMP), base: Reg(0), argc: 0 });
    code.emit(Instr::EndStatement {});
    code.emit(Instr::Return {});
    add_action_card(&mut bundle, "pumper", code);
    load(bundle)
}

/// The codes of the effects the host holds, in order.
fn codes(host: &TestHost) -> Vec<u16> {
    host.active
        .iter()
        .map(|effect| match effect.kind {
            EffectKind::Custom { code, .. } => code,
            EffectKind::Ability { .. } => 0,
        })
        .collect()
}

#[test]
fn a_stacking_effect_recorded_twice_is_two_effects_and_both_expire() {
    let mut rt = runtime(pumping(Some((UEOT, None))));
    let mut host = TestHost::new();
    let card = host.add("pumper", P0, RING, 500);
    rt.enter_play(&mut host, card, CardIdx(0)).unwrap();
    for _ in 0..2 {
        let outcome = rt.activate(&mut host, card, CardIdx(0), P0).unwrap();
        assert_eq!(outcome.done(), Some(Completion::Success));
    }
    // The rule switch once (`record_effect`), the pump twice (`record_stacking_effect`),
    // each pump with its own id.
    assert_eq!(codes(&host), [1, 2, 2]);
    let ids: Vec<EffectId> = rt.effects().iter().map(|effect| effect.id).collect();
    assert_eq!(ids.len(), 3);
    assert_ne!(ids[1], ids[2]);
    rt.expire(&mut host, UNAC, P0);
    assert_eq!(codes(&host), [1, 2, 2], "another timer ends none of them");
    rt.expire(&mut host, UEOT, P0);
    assert!(host.active.is_empty(), "both pumps end with their restriction");
    assert!(rt.effects().is_empty());
}

#[test]
fn unrestricted_stacking_effects_end_when_the_source_leaves() {
    let mut rt = runtime(pumping(None));
    let mut host = TestHost::new();
    let card = host.add("pumper", P0, RING, 500);
    rt.enter_play(&mut host, card, CardIdx(0)).unwrap();
    for _ in 0..2 {
        rt.activate(&mut host, card, CardIdx(0), P0).unwrap();
    }
    assert_eq!(codes(&host), [1, 2, 2]);
    rt.expire(&mut host, UEOT, P0);
    assert_eq!(codes(&host), [1, 2, 2], "no timer ends them");
    rt.leave_play(&mut host, card);
    assert!(host.active.is_empty());
    assert!(rt.effects().is_empty());
}

#[test]
fn unrestricted_effects_end_when_the_source_leaves() {
    let (mut rt, mut host, card) = granted(None);
    rt.expire(&mut host, UEOT, P0);
    assert_eq!(host.active.len(), 2, "no timer ends them");
    assert!(rt.in_play(card));
    // A card without autos (this one has an action) has only its effects to end.
    rt.leave_play(&mut host, card);
    assert!(host.active.is_empty());
    assert!(!rt.in_play(card));
}

/// A card activated without entering play (an action card resolving) has no subscription
/// for `leave_play` to drop, which still ends what it granted without a restriction.
#[test]
fn unrestricted_effects_of_a_card_never_in_play_end_when_it_leaves() {
    let mut rt = runtime(granting(None));
    let mut host = TestHost::new();
    let card = host.add("granter", P0, RING, 500);
    let outcome = rt.activate(&mut host, card, CardIdx(0), P0).unwrap();
    assert_eq!(outcome.done(), Some(Completion::Success));
    assert_eq!(host.active.len(), 2, "the ability and the rule switch");
    assert!(!rt.in_play(card));
    rt.leave_play(&mut host, card);
    assert!(host.active.is_empty());
    assert!(rt.effects().is_empty());
}

#[test]
fn restricted_effects_survive_their_source_leaving() {
    let (mut rt, mut host, card) = granted(Some((UEOT, None)));
    rt.leave_play(&mut host, card);
    assert_eq!(host.active.len(), 2);
    rt.expire(&mut host, UEOT, P0);
    assert!(host.active.is_empty());
}

/// Revert mode: `Revoke` removes the grants of this source, restricted or not, and
/// nothing else.
#[test]
fn revoke_removes_only_this_sources_grant() {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    for (name, instr) in
        [("grant", Instr::Grant { ability: UNBLOCKABLE }), ("revoke", Instr::Revoke { ability: UNBLOCKABLE })]
    {
        let mut code = CodeBuilder::new();
        code.emit(Instr::Restrict { restriction: UEOT, prefix: None });
        code.emit(instr);
        code.emit(Instr::EndStatement {});
        code.emit(Instr::Return {});
        let entry = bundle.add_entry(code);
        let mut card = Card::new(bundle.intern(name));
        card.actions.push(Action { label: None, costs: vec![], entry });
        bundle.add_card(card, "x.rules");
    }
    let mut rt = runtime(load(bundle));
    let mut host = TestHost::new();
    let card = host.add("card", P0, RING, 500);
    rt.activate(&mut host, card, CardIdx(0), P0).unwrap();
    assert!(host.has_ability(Value::Card(card), UNBLOCKABLE));
    rt.activate(&mut host, card, CardIdx(1), P0).unwrap();
    assert!(!host.has_ability(Value::Card(card), UNBLOCKABLE));
    assert!(rt.effects().is_empty());
}
