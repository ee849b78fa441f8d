//! The filter resolver: zones, type tests, `^`, filter terms (keywords, comparisons,
//! rankings, OR-lists without duplicates), picks, random quantities, `::not(expr)`,
//! expression type atoms, players.

use vm::bytecode::*;
use vm::runtime::*;

use super::support::*;

/// Runs `damage(1) to(F)` where `F` is `filter` (with a nested entry built by
/// `expr`, if any) and returns the damaged targets.
fn targets_of(host: &mut TestHost, make: impl FnOnce(&mut BundleBuilder<'_>) -> Filter) -> Vec<String> {
    let mut rt = runtime(damage_to_filter(1, make));
    host.take_log();
    match rt.activate(host, CardId(0), CardIdx(0), P0).unwrap() {
        Outcome::Done(Completion::Failure(Failure::NoTargets)) => vec!["no targets".to_string()],
        Outcome::Done(_) => host
            .commands()
            .into_iter()
            .map(|line| line.trim_start_matches("damage ").trim_end_matches(" 1").to_string())
            .collect(),
        Outcome::Suspended(exec) => vec![format!("asks {:?} of {:?}", exec.request().min, exec.candidates())],
    }
}

fn board() -> TestHost {
    let mut host = TestHost::new();
    host.add("source", P0, RING, 500); // 0
    host.add("mine", P0, RING, 700); // 1
    host.add("low", P1, RING, 300); // 2
    host.add("high", P1, RING, 900); // 3
    host.add("frozen", P1, RING, 300); // 4
    host.cards[4].frozen = true;
    host
}

fn term(kind: TermKind) -> Term {
    Term { negated: false, kind }
}

#[test]
fn zones_and_the_source() {
    let mut host = board();
    assert_eq!(
        targets_of(&mut host, |_| characters(zone(Some(OPP), RING))),
        ["Card(CardId(2))", "Card(CardId(3))", "Card(CardId(4))"]
    );
    assert_eq!(targets_of(&mut host, |_| characters(zone(None, RING))), ["Card(CardId(0))", "Card(CardId(1))"]);
    assert_eq!(targets_of(&mut host, |_| characters(zone(None, ZoneIdx(0)))).len(), 5, "the arena: both rings");
    let mut not_me = characters(zone(None, RING));
    not_me.types[0].exclude_source = true;
    assert_eq!(targets_of(&mut host, |_| not_me), ["Card(CardId(1))"]);
    assert_eq!(targets_of(&mut host, |_| filter(TypeAtom::This, zone(None, RING))), ["Card(CardId(0))"]);
    let mut nothing = characters(zone(Some(OPP), RING));
    nothing.types[0].negate = true;
    assert_eq!(targets_of(&mut host, |_| nothing), ["no targets"]);
}

#[test]
fn terms_and_rankings() {
    let mut host = board();
    let with = |terms: Vec<Vec<Term>>| {
        let mut f = characters(zone(Some(OPP), RING));
        f.terms = terms;
        f
    };
    let frozen = term(TermKind::Keyword(FilterKeywordIdx(0)));
    let bp_le_300 = term(TermKind::Compare { property: ComparableIdx(0), op: CompareOp::Le, value: 300 });
    let lowest = term(TermKind::Rank { ranking: RankingIdx(0), word: 0 });
    let highest = term(TermKind::Rank { ranking: RankingIdx(0), word: 1 });
    assert_eq!(targets_of(&mut host, |_| with(vec![vec![frozen]])), ["Card(CardId(4))"]);
    assert_eq!(
        targets_of(&mut host, |_| with(vec![vec![Term { negated: true, ..frozen }]])),
        ["Card(CardId(2))", "Card(CardId(3))"]
    );
    assert_eq!(targets_of(&mut host, |_| with(vec![vec![bp_le_300]])), ["Card(CardId(2))", "Card(CardId(4))"]);
    assert_eq!(
        targets_of(&mut host, |_| with(vec![vec![lowest]])),
        ["Card(CardId(2))", "Card(CardId(4))"],
        "ties kept"
    );
    assert_eq!(targets_of(&mut host, |_| with(vec![vec![highest]])), ["Card(CardId(3))"]);
    // AND: the ranking is among the candidates left: the lowest of the unfrozen ones.
    assert_eq!(
        targets_of(&mut host, |_| with(vec![vec![Term { negated: true, ..frozen }, lowest]])),
        ["Card(CardId(2))"]
    );
    // OR: the first alternative's matches first, no duplicates.
    assert_eq!(
        targets_of(&mut host, |_| with(vec![vec![frozen], vec![bp_le_300]])),
        ["Card(CardId(4))", "Card(CardId(2))"]
    );
}

/// A type expression's list may hold a card twice: the duplicate is dropped before the
/// terms and the pick count the candidates, with terms or without (the pick once kept a
/// card twice when there were no terms, and the join then left one).
#[test]
fn duplicates_of_a_type_expression_are_dropped_before_the_pick() {
    let with_pick = |pick: Option<i32>, with_terms: bool| {
        let mut host = board();
        targets_of(&mut host, |bundle| {
            let foes = bundle.add_filter(characters(zone(Some(OPP), RING)));
            let mut code = CodeBuilder::new();
            code.emit(Instr::Resolve { a: Reg(1), f: foes });
            for (n, reg) in [(0, 2), (1, 3), (2, 4)] {
                code.emit(Instr::Index { a: Reg(reg), b: Reg(1), n });
            }
            code.emit(Instr::ListNew { a: Reg(0) });
            // low, low, frozen, high
            for reg in [2, 2, 4, 3] {
                code.emit(Instr::ListPush { a: Reg(0), b: Reg(reg) });
            }
            code.emit(Instr::ReturnValue { a: Reg(0) });
            let entry = bundle.add_entry(code);
            let mut f = filter(TypeAtom::Expr(entry), zone(None, RING));
            if with_terms {
                let bp_le_300 = TermKind::Compare { property: ComparableIdx(0), op: CompareOp::Le, value: 300 };
                f.terms = vec![vec![term(bp_le_300)]];
            }
            f.pick = pick;
            f
        })
    };
    assert_eq!(with_pick(None, true), ["Card(CardId(2))", "Card(CardId(4))"]);
    assert_eq!(with_pick(Some(2), true), ["Card(CardId(2))", "Card(CardId(4))"]);
    assert_eq!(with_pick(None, false), ["Card(CardId(2))", "Card(CardId(4))", "Card(CardId(3))"]);
    assert_eq!(with_pick(Some(2), false), ["Card(CardId(2))", "Card(CardId(4))"]);
    assert_eq!(with_pick(Some(-2), false), ["Card(CardId(4))", "Card(CardId(3))"]);
}

#[test]
fn picks_and_random_quantities() {
    let mut host = board();
    let mut first = characters(zone(Some(OPP), RING));
    first.pick = Some(1);
    assert_eq!(targets_of(&mut host, |_| first.clone()), ["Card(CardId(2))"]);
    let mut last = first.clone();
    last.pick = Some(-2);
    assert_eq!(targets_of(&mut host, |_| last), ["Card(CardId(3))", "Card(CardId(4))"]);
    // A pick that matches nothing succeeds with no targets.
    let mut empty = first.clone();
    empty.zone = zone(Some(OPP), HAND);
    assert_eq!(targets_of(&mut host, |_| empty), Vec::<String>::new());

    let mut random = filter(TypeAtom::CardType(CHARACTER), zone(Some(OPP), RING));
    random.qty = Some(Qty::Random(2));
    let chosen = targets_of(&mut host, |_| random.clone());
    assert_eq!(chosen.len(), 2);
    let mut again = board();
    assert_eq!(targets_of(&mut again, |_| random), chosen, "the host's seeded generator decides");
}

#[test]
fn quantities_ask_the_player() {
    let mut host = board();
    let mut one = filter(TypeAtom::CardType(CHARACTER), zone(Some(OPP), RING));
    one.qty = Some(Qty::Exact(1));
    assert_eq!(
        targets_of(&mut host, |_| one.clone()),
        ["asks 1 of [Card(CardId(2)), Card(CardId(3)), Card(CardId(4))]"]
    );
    // Singular without quantity: one of them.
    let single = filter(TypeAtom::CardType(CHARACTER), zone(Some(OPP), RING));
    assert_eq!(targets_of(&mut host, |_| single), ["asks 1 of [Card(CardId(2)), Card(CardId(3)), Card(CardId(4))]"]);
    // Players: `player` asks, `players` does not.
    let player = filter(TypeAtom::Player, zone(None, RING));
    assert_eq!(targets_of(&mut host, |_| player), ["asks 1 of [Player(PlayerId(0)), Player(PlayerId(1))]"]);
    let players = filter(TypeAtom::Players, zone(None, RING));
    assert_eq!(targets_of(&mut host, |_| players), ["Player(PlayerId(0))", "Player(PlayerId(1))"]);
    assert_eq!(targets_of(&mut host, |_| filter(TypeAtom::Opp, zone(None, RING))), ["Player(PlayerId(1))"]);
}

/// A choice with exactly as many candidates as it takes: taken without a question by
/// default, asked (a question with one answer) with `Runtime::set_ask_lone_choice`; a
/// plural filter or a named player is never asked.
#[test]
fn a_lone_candidate_is_asked_only_when_the_host_wants() {
    let mut host = board();
    let lone = || {
        let mut f = filter(TypeAtom::CardType(CHARACTER), zone(Some(OPP), RING));
        f.terms = vec![vec![term(TermKind::Compare { property: ComparableIdx(0), op: CompareOp::Ge, value: 900 })]];
        f
    };
    assert_eq!(targets_of(&mut host, |_| lone()), ["Card(CardId(3))"]);
    let outcome = |f: Filter| {
        let mut rt = runtime(damage_to_filter(1, |_| f));
        rt.set_ask_lone_choice(true);
        match rt.activate(&mut board(), CardId(0), CardIdx(0), P0).unwrap() {
            Outcome::Suspended(exec) => {
                format!("asks {}..={} of {:?}", exec.request().min, exec.request().max, exec.candidates())
            }
            Outcome::Done(_) => "taken".to_string(),
        }
    };
    assert_eq!(outcome(lone()), "asks 1..=1 of [Card(CardId(3))]");
    let mut two = filter(TypeAtom::CardType(CHARACTER), zone(Some(OPP), RING));
    two.qty = Some(Qty::Exact(3));
    assert_eq!(outcome(two), "asks 3..=3 of [Card(CardId(2)), Card(CardId(3)), Card(CardId(4))]");
    let mut four = filter(TypeAtom::CardType(CHARACTER), zone(Some(OPP), RING));
    four.qty = Some(Qty::Exact(4));
    assert_eq!(outcome(four), "taken", "fewer than it takes: all taken, as without the flag");
    assert_eq!(outcome(characters(zone(Some(OPP), RING))), "taken");
    assert_eq!(outcome(filter(TypeAtom::Opp, zone(None, RING))), "taken");
}

/// An execution whose request takes two targets refuses one, unless the host lets it
/// take fewer (`Execution::accept_fewer`): then the effect acts on that one only.
#[test]
fn an_answer_below_the_least_is_taken_once_the_host_accepts_fewer() {
    let mut host = board();
    let mut two = filter(TypeAtom::CardType(CHARACTER), zone(Some(OPP), RING));
    two.qty = Some(Qty::Exact(2));
    let mut rt = runtime(damage_to_filter(1, |_| two));
    let exec = rt.activate(&mut host, CardId(0), CardIdx(0), P0).unwrap().suspended().expect("asks");
    let one = [Value::Card(CardId(3))];
    let Err(ResumeError::Invalid(mut exec, _)) = rt.resume(&mut host, exec, &one) else {
        panic!("one of two is refused")
    };
    host.take_log();
    exec.accept_fewer();
    assert_eq!(exec.request().min, 0);
    assert!(rt.resume(&mut host, exec, &one).unwrap().done().is_some());
    assert_eq!(host.commands(), ["damage Card(CardId(3)) 1"]);
}

/// `characters@oppRing::not(prevTgt)`-like: a selector removes the expression's value;
/// an expression type atom (`to(tgt.0)`) gives its value.
#[test]
fn selectors_and_expressions() {
    let mut host = board();
    let chosen = targets_of(&mut host, |bundle| {
        // ::not(me.ring-ish): an entry returning the list [low, frozen]
        let mut code = CodeBuilder::new();
        code.emit(Instr::ListNew { a: Reg(0) });
        code.emit(Instr::LoadInt { a: Reg(1), imm: 0 });
        code.emit(Instr::ReturnValue { a: Reg(0) });
        let arg = bundle.add_entry(code);
        let mut f = characters(zone(Some(OPP), RING));
        f.pick = Some(2);
        f.selector = Some(Selector { selector: SelectorIdx(0), arg });
        f
    });
    assert_eq!(chosen, ["Card(CardId(2))", "Card(CardId(3))"], "an empty list removes nothing");

    let chosen = targets_of(&mut host, |bundle| {
        // `::not(this)` on `characters` of both rings, then `^` is not needed.
        let mut code = CodeBuilder::new();
        code.emit(Instr::LoadVar { a: Reg(0), var: VariableIdx(1) });
        code.emit(Instr::ReturnValue { a: Reg(0) });
        let arg = bundle.add_entry(code);
        let mut f = characters(zone(None, RING));
        f.selector = Some(Selector { selector: SelectorIdx(0), arg });
        f
    });
    assert_eq!(chosen, ["Card(CardId(1))"]);

    let chosen = targets_of(&mut host, |bundle| {
        let mut code = CodeBuilder::new();
        code.emit(Instr::LoadVar { a: Reg(0), var: VAR_ME });
        code.emit(Instr::ReturnValue { a: Reg(0) });
        let entry = bundle.add_entry(code);
        filter(TypeAtom::Expr(entry), zone(None, RING))
    });
    assert_eq!(chosen, ["Player(PlayerId(0))"]);
}

/// `~endPhase:action~`: an event's implicit condition is checked before the auto runs.
#[test]
fn event_conditions_gate_autos() {
    for (value, expected) in [(true, vec!["a"]), (false, vec![])] {
        let mut bundle = BundleBuilder::new(&CATALOGUE);
        let mut cond = CodeBuilder::new();
        cond.emit(Instr::LoadBool { a: Reg(0), value });
        cond.emit(Instr::ReturnValue { a: Reg(0) });
        let condition = bundle.add_entry(cond);
        let mut code = CodeBuilder::new();
        chain(&mut code, "a");
        code.emit(Instr::Return {});
        let entry = bundle.add_entry(code);
        let mut card = Card::new(bundle.intern("card"));
        let mut auto = auto_on(END_PHASE, None, None, false, entry);
        auto.events[0].condition = Some(condition);
        card.autos.push(auto);
        bundle.add_card(card, "card.rules");
        let mut rt = runtime(load(bundle));
        let mut host = TestHost::new();
        let card = host.add("card", P0, RING, 500);
        rt.enter_play(&mut host, card, CardIdx(0)).unwrap();
        rt.emit(Event::new(END_PHASE, P0));
        rt.run_events(&mut host).unwrap();
        assert_eq!(host.commands(), expected);
    }
}

/// `vars = _c: ...` then `to(_c)`: a filter expression reads the execution's locals, and
/// only the cards that use locals reserve them.
#[test]
fn filter_expressions_share_the_locals() {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    let mut expr = CodeBuilder::new();
    expr.emit(Instr::LoadLocal { a: Reg(0), slot: Local(3) });
    expr.emit(Instr::ReturnValue { a: Reg(0) });
    let expr = bundle.add_entry(expr);
    let f = bundle.add_filter(filter(TypeAtom::Expr(expr), zone(None, RING)));
    let mut code = CodeBuilder::new();
    code.emit(Instr::LoadVar { a: Reg(1), var: VAR_ME });
    code.emit(Instr::StoreLocal { slot: Local(0), b: Reg(1) });
    code.emit(Instr::LoadVar { a: Reg(1), var: VariableIdx(1) });
    code.emit(Instr::StoreLocal { slot: Local(1), b: Reg(1) });
    emit_targeting(&mut code, f, |code| emit_damage(code, 1));
    let entry = bundle.add_entry(code);
    let mut vars = CodeBuilder::new();
    vars.emit(Instr::LoadVar { a: Reg(0), var: VariableIdx(1) });
    vars.emit(Instr::StoreLocal { slot: Local(3), b: Reg(0) });
    vars.emit(Instr::Return {});
    let vars = bundle.add_entry(vars);
    let mut card = Card::new(bundle.intern("card"));
    card.vars = Some(vars);
    card.actions.push(Action { label: None, costs: vec![], entry });
    bundle.add_card(card, "card.rules");
    let mut rt = runtime(load(bundle));
    let mut host = board();
    let outcome = rt.activate(&mut host, CardId(0), CardIdx(0), P0).unwrap();
    assert_eq!(outcome.done(), Some(Completion::Success));
    assert_eq!(host.commands(), vec!["damage Card(CardId(0)) 1"]);
}

/// A source and `n` foes of alternating BP (300, 900) in the opponent's ring, and a card
/// targeting `<0,n>character&any` with `[bp<=300 | bp>=0]`: both type terms and both
/// alternatives match every foe, so each is found up to four times and must be kept once.
fn foes_matched_four_times(n: usize, logging: bool) -> (TestHost, Runtime<TestHost>) {
    let mut host = TestHost::new();
    host.logging = logging;
    host.add("source", P0, RING, 500);
    for i in 0..n {
        host.add("foe", P1, RING, if i % 2 == 0 { 300 } else { 900 });
    }
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    let mut f = filter(TypeAtom::CardType(CHARACTER), zone(Some(OPP), RING));
    f.types.push(TypeTerm { exclude_source: false, negate: false, plural: false, atom: TypeAtom::Any });
    f.type_op = TypeOp::Union;
    f.qty = Some(Qty::Range { min: 0, max: n as u16 });
    let low = term(TermKind::Compare { property: ComparableIdx(0), op: CompareOp::Le, value: 300 });
    let any_bp = term(TermKind::Compare { property: ComparableIdx(0), op: CompareOp::Ge, value: 0 });
    f.terms = vec![vec![low], vec![any_bp]];
    let f = bundle.add_filter(f);
    let mut code = CodeBuilder::new();
    emit_targeting(&mut code, f, |code| code.emit(Instr::EndStatement {}));
    add_action_card(&mut bundle, "card", code);
    (host, runtime(load(bundle)))
}

/// Issue 16: de-duplicating the union of type terms and of OR-alternatives, and checking
/// an answer against the candidates, took time quadratic in the candidates (20,000: many
/// seconds). They are linear now; the whole run, in a debug build, takes well under the
/// bound below, which the quadratic code exceeded many times over.
#[test]
fn twenty_thousand_candidates_resolve_and_answer_in_linear_time() {
    const N: usize = 20_000;
    let (mut host, mut rt) = foes_matched_four_times(N, false);
    // The resolution pays a unit per card searched and per candidate a term tests (two
    // type terms of 20,000 cards, two terms): more than the default budget, which is not
    // what this test is about.
    rt.set_fuel(1_000_000);
    let started = std::time::Instant::now();
    let exec = rt.activate(&mut host, CardId(0), CardIdx(0), P0).unwrap().suspended().expect("asks");
    assert_eq!(exec.candidates().len(), N, "no duplicates");
    let mut answer = exec.candidates().to_vec();
    // A duplicate at the very end is still found.
    answer.push(answer[0]);
    let exec = match rt.resume(&mut host, exec, &answer) {
        Err(ResumeError::Invalid(exec, InvalidAnswer::Count { .. })) => exec,
        other => panic!("{other:?}"),
    };
    answer.truncate(N - 1);
    answer.push(answer[N - 2]);
    let exec = match rt.resume(&mut host, exec, &answer) {
        Err(ResumeError::Invalid(exec, InvalidAnswer::Duplicate(_))) => exec,
        other => panic!("{other:?}"),
    };
    answer.pop();
    let done = rt.resume(&mut host, exec, &answer).expect("a valid answer");
    assert_eq!(done.done(), Some(Completion::Success));
    let took = started.elapsed();
    assert!(took < std::time::Duration::from_secs(3), "took {took:?}");
}

/// Duplicates among twelve cards, matched by two type terms and by two OR-alternatives:
/// the union keeps each once, in order (`World::append_new` marks cards by their numbers;
/// its unit tests cross from the marks to a scan and to a set), and an answer of four
/// among them that repeats one is refused.
#[test]
fn a_union_crossing_from_scan_to_set_keeps_no_duplicates() {
    const N: usize = 12;
    let (mut host, mut rt) = foes_matched_four_times(N, true);
    let exec = rt.activate(&mut host, CardId(0), CardIdx(0), P0).unwrap().suspended().expect("asks");
    // The low ones first (the first alternative), then the others, each once.
    let low_first: Vec<Value> = (1..=N as u32)
        .filter(|i| i % 2 == 1)
        .chain((1..=N as u32).filter(|i| i % 2 == 0))
        .map(|i| Value::Card(CardId(i)))
        .collect();
    assert_eq!(exec.candidates(), low_first.as_slice());
    let mut answer = low_first[..3].to_vec();
    answer.push(answer[1]);
    let exec = match rt.resume(&mut host, exec, &answer) {
        Err(ResumeError::Invalid(exec, InvalidAnswer::Duplicate(dup))) => {
            assert_eq!(dup, answer[1]);
            exec
        }
        other => panic!("{other:?}"),
    };
    answer.pop();
    let done = rt.resume(&mut host, exec, &answer).expect("a valid answer");
    assert_eq!(done.done(), Some(Completion::Success));
}

/// `draw(F)` where `F`'s type expression calls a function (`abs`): the builtin resolves
/// `F`, and the function's call, made while it does, does not change what the builtin's
/// own context reads afterwards (its command, arguments and default target).
#[test]
fn a_builtin_resolving_a_filter_that_calls_a_function_keeps_its_own_call() {
    fn resolve_then_report(ctx: &mut CallContext<'_, TestHost>) -> Result<Status, Trap> {
        let Value::Filter(f) = ctx.arg(0) else {
            return Ok(Status::Failure);
        };
        let found = ctx.resolve(f)?;
        let command = ctx.command().map(|cmd| ctx.catalogue().commands[cmd.index()].name);
        let line = format!(
            "cmd {command:?} {:?} argc {} targets {:?} found {:?}",
            ctx.arg(0),
            ctx.argc(),
            ctx.targets(),
            ctx.list(found.candidates)
        );
        ctx.host().log.push(line);
        Ok(Status::Success)
    }
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    let mut expr = CodeBuilder::new();
    expr.emit(Instr::LoadInt { a: Reg(1), imm: -2 });
    expr.emit(Instr::CallFn { a: Reg(2), func: FunctionIdx(1), base: Reg(1), argc: 1 });
    expr.emit(Instr::LoadVar { a: Reg(0), var: VAR_ME });
    expr.emit(Instr::ReturnValue { a: Reg(0) });
    let expr = bundle.add_entry(expr);
    let f = bundle.add_filter(filter(TypeAtom::Expr(expr), zone(None, RING)));
    let mut code = CodeBuilder::new();
    code.emit(Instr::LoadFilter { a: Reg(0), f });
    code.emit(Instr::Call { cmd: CommandIdx::new(DRAW), base: Reg(0), argc: 1 });
    code.emit(Instr::EndStatement {});
    code.emit(Instr::Return {});
    let entry = bundle.add_entry(code);
    let mut card = Card::new(bundle.intern("card"));
    card.actions.push(Action { label: None, costs: vec![], entry });
    bundle.add_card(card, "card.rules");
    let mut table = builtins();
    table.command(DRAW, resolve_then_report);
    let mut rt = Runtime::new(load(bundle), &CATALOGUE, table);
    let mut host = board();
    let outcome = rt.activate(&mut host, CardId(0), CardIdx(0), P0).unwrap();
    assert_eq!(outcome.done(), Some(Completion::Success));
    assert_eq!(
        host.commands(),
        [format!("Some(\"draw\") Filter({f:?}) argc 1 targets [Player(PlayerId(0))] found [Player(PlayerId(0))]")]
    );
}

/// What [`Runtime::peek_filter`] finds of `f` on `host`, reading it only: the candidates,
/// or that the player is asked, or that it is not peeked at.
fn peeked(host: &TestHost, f: Filter, rule_target: bool) -> Option<Vec<String>> {
    peeked_with(host, |_| f, rule_target)
}

/// [`peeked`] of the filter `make` builds (adding the entries its expressions need).
fn peeked_with(
    host: &TestHost,
    make: impl FnOnce(&mut BundleBuilder<'_>) -> Filter,
    rule_target: bool,
) -> Option<Vec<String>> {
    let rt = runtime(damage_to_filter(1, make));
    let env = Env { me: P0, controller: P0, source: CardId(0), card: CardIdx(0) };
    let mut zones = host.clone();
    let mut buffers = PeekBuffers::default();
    let zone_cards = |zone, out: &mut Vec<Value>| zones.zone_cards(&env, zone, out);
    Some(match rt.peek_filter(host, &env, FilterIdx(0), rule_target, zone_cards, &mut buffers)? {
        Peek::Asks => vec!["asks first".to_string()],
        Peek::Found { matched: false, .. } => vec!["no targets".to_string()],
        Peek::Found { choose: true, min, .. } => vec![format!("asks {min} of {:?}", buffers.found())],
        Peek::Found { .. } => buffers.found().iter().map(|v| format!("{v:?}")).collect(),
    })
}

/// What a peek of `f` on the board finds for `count`, and the candidates it left.
fn peek_counting(f: Filter, count: Count) -> (Option<Peek>, Vec<Value>) {
    let rt = runtime(damage_to_filter(1, |_| f));
    let env = Env { me: P0, controller: P0, source: CardId(0), card: CardIdx(0) };
    let mut zones = board();
    let mut buffers = PeekBuffers::default();
    let zone_cards = |zone, out: &mut Vec<Value>| zones.zone_cards(&env, zone, out);
    let peek = rt.peek_filter_for(&board(), &env, FilterIdx(0), false, count, zone_cards, &mut buffers);
    (peek, buffers.found().to_vec())
}

/// A peek short of all candidates answers as the full one whether the filter matched and
/// found anything, and for `Count::Choice` whether the player chooses; it stops at one
/// candidate more than the quantity's least (one of the five characters of the arena:
/// two), or at one for `Count::One`, where no ranking needs them all.
#[test]
fn a_counting_peek_stops_once_the_choice_is_known() {
    let frozen = term(TermKind::Keyword(FilterKeywordIdx(0)));
    let bp_le_300 = term(TermKind::Compare { property: ComparableIdx(0), op: CompareOp::Le, value: 300 });
    let lowest = term(TermKind::Rank { ranking: RankingIdx(0), word: 0 });
    let one = filter(TypeAtom::CardType(CHARACTER), zone(None, ZoneIdx(0)));
    let mut two = one.clone();
    two.qty = Some(Qty::Exact(2));
    let mut low_or_frozen = filter(TypeAtom::CardType(CHARACTER), zone(Some(OPP), RING));
    low_or_frozen.terms = vec![vec![frozen], vec![bp_le_300]];
    let mut lowest_first = low_or_frozen.clone();
    lowest_first.terms = vec![vec![lowest]];
    let mut not_me = one.clone();
    not_me.types[0].exclude_source = true;
    let mut picked = one.clone();
    picked.pick = Some(-1);
    let mut none = one.clone();
    none.types[0].negate = true;
    let mut either = one.clone();
    either.types.push(TypeTerm { exclude_source: false, negate: false, plural: false, atom: TypeAtom::Player });
    // (filter, candidates found for a choice, for one)
    let cases = [
        (one, 2, 1),
        (characters(zone(None, ZoneIdx(0))), 2, 1),
        (two, 3, 1),
        (low_or_frozen, 2, 1),
        (lowest_first, 2, 2),
        (not_me, 2, 1),
        (picked, 1, 1),
        (none, 0, 0),
        (either, 7, 7),
    ];
    for (f, for_choice, for_one) in cases {
        let (full, all) = peek_counting(f.clone(), Count::All);
        let flags = |peek: Option<Peek>| match peek {
            Some(Peek::Found { matched, choose, .. }) => Some((matched, choose)),
            _ => None,
        };
        assert!(flags(full).is_some(), "{f:?}");
        let (peek, found) = peek_counting(f.clone(), Count::Choice);
        assert_eq!(flags(peek), flags(full), "{f:?}");
        assert_eq!(found.len(), for_choice, "{f:?} found {found:?} of {all:?}");
        assert!(found.iter().all(|v| all.contains(v)) || f.pick.is_some(), "{f:?}: {found:?} of {all:?}");
        let (peek, found) = peek_counting(f.clone(), Count::One);
        assert_eq!(flags(peek).map(|(matched, _)| matched), flags(full).map(|(matched, _)| matched), "{f:?}");
        assert_eq!(found.len(), for_one, "{f:?} found {found:?} of {all:?}");
    }
}

/// A peek finds what the resolution of a statement's target finds (zones, `^`, type
/// tests, terms, OR-lists, picks, quantities, players), reading the host only; a rule
/// target of several types asks first; a random quantity says so; a filter whose
/// resolution runs code is not peeked at.
#[test]
fn a_peek_finds_what_resolving_finds() {
    let frozen = term(TermKind::Keyword(FilterKeywordIdx(0)));
    let bp_le_300 = term(TermKind::Compare { property: ComparableIdx(0), op: CompareOp::Le, value: 300 });
    let lowest = term(TermKind::Rank { ranking: RankingIdx(0), word: 0 });
    let mut filters = vec![
        characters(zone(Some(OPP), RING)),
        characters(zone(None, ZoneIdx(0))),
        filter(TypeAtom::CardType(CHARACTER), zone(Some(OPP), RING)),
        filter(TypeAtom::Player, zone(None, RING)),
        filter(TypeAtom::Opp, zone(None, RING)),
        filter(TypeAtom::This, zone(None, RING)),
    ];
    let mut not_me = characters(zone(None, RING));
    not_me.types[0].exclude_source = true;
    let mut terms = characters(zone(Some(OPP), RING));
    terms.terms = vec![vec![frozen], vec![bp_le_300], vec![Term { negated: true, ..frozen }, lowest]];
    let mut picked = characters(zone(Some(OPP), RING));
    picked.pick = Some(-2);
    let mut empty_pick = picked.clone();
    empty_pick.zone = zone(Some(OPP), HAND);
    let mut none = characters(zone(Some(OPP), RING));
    none.types[0].negate = true;
    let mut two = filter(TypeAtom::CardType(CHARACTER), zone(Some(OPP), RING));
    two.qty = Some(Qty::Exact(2));
    filters.extend([not_me, terms, picked, empty_pick, none, two]);
    for f in filters {
        let mut host = board();
        let resolved = targets_of(&mut host, |_| f.clone());
        assert_eq!(peeked(&board(), f.clone(), false), Some(resolved), "{f:?}");
    }
    // `character,player`: a rule target asks which type first.
    let mut either = characters(zone(None, RING));
    either.types.push(TypeTerm { exclude_source: false, negate: false, plural: false, atom: TypeAtom::Player });
    assert_eq!(peeked(&board(), either, true), Some(vec!["asks first".to_string()]));
    let mut random = characters(zone(Some(OPP), RING));
    random.qty = Some(Qty::Random(2));
    assert!(matches!(
        runtime(damage_to_filter(1, |_| random)).peek_filter(
            &board(),
            &Env { me: P0, controller: P0, source: CardId(0), card: CardIdx(0) },
            FilterIdx(0),
            false,
            |_, _| {},
            &mut PeekBuffers::default()
        ),
        Some(Peek::Found { random: true, .. })
    ));
    let selected = |bundle: &mut BundleBuilder<'_>| {
        let mut code = CodeBuilder::new();
        code.emit(Instr::ListNew { a: Reg(0) });
        code.emit(Instr::ReturnValue { a: Reg(0) });
        let arg = bundle.add_entry(code);
        let mut f = characters(zone(Some(OPP), RING));
        f.selector = Some(Selector { selector: SelectorIdx(0), arg });
        f
    };
    assert_eq!(peeked_with(&board(), selected, false), None);
}
