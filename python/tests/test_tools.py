"""check, compile, CardSet.load and load_deck: results and errors as rsc reports them."""

import os

import pytest

import rulescript as rs
from conftest import DECKS, EXAMPLES, run_bounded, run_with_small_files


def test_the_example_cards_check_clean():
    assert [d for d in rs.check(str(EXAMPLES)) if d.severity == "error"] == []


def test_check_locates_each_diagnostic(tmp_path):
    bad = tmp_path / "bad.rules"
    bad.write_text("# a card\naction = draw(1) $\n")
    [diagnostic] = rs.check([str(bad)])
    assert (diagnostic.code, diagnostic.severity) == ("E0002", "error")
    assert (diagnostic.file, diagnostic.line, diagnostic.column) == (str(bad), 2, 18)
    assert diagnostic.message == "unexpected character `$`"
    assert str(diagnostic) == f"{bad}:2:18: error[E0002]: unexpected character `$`"


def test_card_sets_decks_and_diagnostics_have_no_constructor():
    """Only `CardSet.load`, `load_deck` and `check` make them. Each ignore below is mypy's
    check that the stubs refuse the call too: were it allowed, the ignore would be unused,
    an error under --strict (`.ci/run` type-checks the tests)."""
    with pytest.raises(TypeError, match="CardSet"):
        rs.CardSet()  # type: ignore[call-arg] # no constructor, under test
    with pytest.raises(TypeError, match="Deck"):
        rs.Deck()  # type: ignore[call-arg] # no constructor, under test
    with pytest.raises(TypeError, match="Diagnostic"):
        rs.Diagnostic()  # type: ignore[call-arg] # no constructor, under test


def test_check_of_a_missing_path_raises_oserror(tmp_path):
    with pytest.raises(OSError, match="cannot read"):
        rs.check(str(tmp_path / "nothing.rules"))


def test_compile_writes_a_bundle(tmp_path):
    out = tmp_path / "examples.rsb"
    warnings = rs.compile(str(EXAMPLES), str(out))
    assert all(d.severity == "warning" for d in warnings)
    data = out.read_bytes()
    stripped = tmp_path / "stripped.rsb"
    rs.compile(str(EXAMPLES), str(stripped), strip=True)
    assert 0 < len(stripped.read_bytes()) < len(data)


def test_compile_refuses_rules_with_errors_and_writes_nothing(tmp_path):
    bad = tmp_path / "bad.rules"
    bad.write_text("action = draw(1) $\n")
    out = tmp_path / "out.rsb"
    with pytest.raises(rs.RulesError) as raised:
        rs.compile([str(bad)], str(out))
    assert "error[E0002]" in str(raised.value)
    assert "checked 1 file: 1 error, 0 warnings; no bundle written" in str(raised.value)
    assert [d.code for d in raised.value.diagnostics] == ["E0002"]
    assert not out.exists()


def test_a_card_set_that_cannot_load_is_a_rules_error_with_its_code(tmp_path):
    with pytest.raises(rs.RulesError, match=f"cannot load the card set {tmp_path}") as raised:
        rs.CardSet.load(str(tmp_path))
    assert raised.value.code == "set-io"
    (tmp_path / "cards.json").write_text('[{"id": "s-1", "name": "Hadoken", "type": "Spell"}]')
    with pytest.raises(rs.RulesError) as raised:
        rs.CardSet.load(str(tmp_path))
    assert raised.value.code == "set-bad-card"
    assert 'card "Hadoken" (id s-1) has the type "Spell"' in str(raised.value)


def test_a_deck_breaking_the_size_rule_is_a_deck_error(tmp_path, card_set):
    text = DECKS[0].read_text(encoding="utf-8-sig").replace('qty="3"', 'qty="2"', 1)
    deck = tmp_path / "short.o8d"
    deck.write_text(text, encoding="utf-8")
    with pytest.raises(rs.DeckError) as raised:
        rs.load_deck(str(deck), card_set)
    assert raised.value.code == "deck-size"
    assert str(raised.value) == f"{deck}: deck size rule broken: a deck holds exactly 50 cards, this one holds 49"
    with pytest.raises(rs.DeckError) as raised:
        rs.load_deck(str(tmp_path / "absent.o8d"), card_set)
    assert raised.value.code == "deck-io"


def test_a_game_needs_two_decks(card_set, decks):
    with pytest.raises(ValueError, match="two decks"):
        rs.Game(card_set, decks[:1])
    assert len(card_set) > 0 and card_set.card(0)["name"]
    with pytest.raises(IndexError):
        card_set.card(len(card_set))


def test_one_path_or_none_for_the_decks_is_a_type_error_that_says_what_is_expected(card_set, decks):
    """A path's characters were taken for decks ("a game needs two decks, not more"), and
    `None` said "'NoneType' object is not iterable"; the environments loaded `str(None)`
    as a card set folder named "None"."""
    from pathlib import Path

    expected = r"decks must be a sequence of two decks \(Deck objects or \.o8d paths"
    # A set's order (the seats) changed with the hash seed.
    for wrong in (str(DECKS[0]), DECKS[0], b"x.o8d", None, decks[0], {str(d) for d in DECKS}, frozenset(decks)):
        for call in (
            lambda: rs.Game(card_set, wrong),  # type: ignore[arg-type] # the TypeError under test
            lambda: rs.VecGame(card_set, wrong, 2),  # type: ignore[arg-type] # the TypeError under test
            lambda: rs.observation_bounds(card_set, wrong),  # type: ignore[arg-type] # the TypeError under test
        ):
            with pytest.raises(TypeError, match=expected):
                call()
    pytest.importorskip("gymnasium")
    from rulescript.envs.gym_env import RuleScriptEnv

    for one in (None, 7, b"x.o8d"):
        with pytest.raises(TypeError, match=f"^each deck must be a Deck or an .o8d path, not {type(one).__name__}$"):
            rs.Game(card_set, [str(DECKS[0]), one])  # type: ignore[list-item] # the TypeError under test
        with pytest.raises(TypeError, match=f"^each deck must be a Deck or an .o8d path, not {type(one).__name__}$"):
            RuleScriptEnv(card_set, [str(DECKS[0]), one])  # type: ignore[list-item] # the TypeError under test
    for wrong in (str(DECKS[0]), {str(d) for d in DECKS}):
        with pytest.raises(TypeError, match=r"decks must be a sequence of two decks"):
            RuleScriptEnv(card_set, wrong)  # type: ignore[arg-type] # the TypeError under test
    with pytest.raises(TypeError, match="card_set must be a CardSet or its folder, not NoneType"):
        RuleScriptEnv(None, [str(d) for d in DECKS])  # type: ignore[arg-type] # the TypeError under test
    assert RuleScriptEnv(Path(EXAMPLES), [Path(d) for d in DECKS]).reset(seed=1)[0].shape == (rs.OBSERVATION_SIZE,)


def test_a_device_or_a_pipe_that_never_ends_is_read_only_to_its_bound(tmp_path):
    """`/dev/zero` (whose length reads 0) and a pipe fed forever were read until memory ran
    out; they stop at the file's bound, as `rsc` does (in a child with 2 GiB of address
    space and a minute, so that a regression fails the test rather than exhaust the
    machine)."""
    import os

    fifo = tmp_path / "endless.rules"
    os.mkfifo(fifo)
    card_set = tmp_path / "set"
    card_set.mkdir()
    (card_set / "cards.json").symlink_to("/dev/zero")
    done = run_bounded(
        f"""
import subprocess
import rulescript as rs
cards = rs.CardSet.load({str(EXAMPLES)!r})
writer = subprocess.Popen(["sh", "-c", "exec yes > {fifo}"])
for call in (lambda: rs.check("/dev/zero"), lambda: rs.check({str(fifo)!r}),
             lambda: rs.compile("/dev/zero", {str(tmp_path / "out.rsb")!r}),
             lambda: rs.load_deck("/dev/zero", cards),
             lambda: rs.CardSet.load({str(card_set)!r})):
    try:
        call()
    except (OSError, rs.DeckError, rs.RulesError) as error:
        print(type(error).__name__, getattr(error, "code", ""), error)
writer.kill()
"""
    )
    assert done.returncode == 0, done.stderr[-2000:]
    source = "at least 67108865 bytes, more than the 67108864 a source file may have"
    assert done.stdout.splitlines() == [
        f"OSError  cannot read `/dev/zero`: {source}",
        f"OSError  cannot read `{fifo}`: {source}",
        f"OSError  cannot read `/dev/zero`: {source}",
        "DeckError deck-malformed /dev/zero: not a valid .o8d deck: at least 1048577 bytes, more than the 1048576 a deck may have",
        f"RulesError set-io cannot load the card set {card_set}: cannot read `{card_set}/cards.json`: at least 67108865 bytes,"
        " more than the 67108864 a card set's file may have",
    ]
    assert not (tmp_path / "out.rsb").exists()


def test_a_bytes_path_is_a_type_error_about_bytes_not_its_items():
    """Bytes are iterable: check() took them for a list of paths and said "not int"."""
    with pytest.raises(TypeError, match="'bytes'"):
        rs.check(str(EXAMPLES / "sentinel.rules").encode())  # type: ignore[arg-type] # under test


def test_no_paths_is_a_type_error_that_says_what_is_expected(tmp_path):
    """`check(None)` said only "'NoneType' object is not iterable"."""
    for call in (lambda: rs.check(None), lambda: rs.compile(None, str(tmp_path / "out.rsb"))):  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="^paths must be a path or a sequence of paths, not NoneType$"):
            call()
    with pytest.raises(TypeError, match="paths must be a path or a sequence of paths, not int"):
        rs.check(7)  # type: ignore[arg-type] # the TypeError under test
    assert not (tmp_path / "out.rsb").exists()


def test_a_bundle_that_cannot_be_written_whole_leaves_the_old_file(tmp_path):
    old = bytes(range(256)) * 20
    out = tmp_path / "cards.rsb"
    out.write_bytes(old)
    done = run_with_small_files(
        f"""
import rulescript as rs
try:
    rs.compile({str(EXAMPLES)!r}, {str(out)!r})
except OSError as error:
    print(error)
"""
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout == f"cannot write `{out}`: File too large (os error 27)\n"
    assert out.read_bytes() == old, "the old bundle is kept byte for byte"
    assert os.listdir(tmp_path) == ["cards.rsb"], "no temporary file is left"
    rs.compile(str(EXAMPLES), str(out))
    fresh = tmp_path / "fresh" / "cards.rsb"
    fresh.parent.mkdir()
    rs.compile(str(EXAMPLES), str(fresh))
    assert out.read_bytes() == fresh.read_bytes(), "a written bundle replaces the old one whole"


def test_a_bundle_goes_to_a_device_and_through_a_link_to_a_file(tmp_path):
    rs.compile(str(EXAMPLES), "/dev/null")
    assert os.path.exists("/dev/null") and not os.path.isfile("/dev/null")
    real = tmp_path / "real.rsb"
    real.write_bytes(b"old")
    link = tmp_path / "link.rsb"
    link.symlink_to("real.rsb")
    rs.compile(str(EXAMPLES), str(link))
    assert link.is_symlink() and real.read_bytes().startswith(b"\x89RSB")


def test_a_bundle_is_not_written_through_a_link_to_nothing(tmp_path):
    link = tmp_path / "dangling.rsb"
    link.symlink_to("missing/cards.rsb")
    with pytest.raises(OSError) as raised:
        rs.compile(str(EXAMPLES), str(link))
    refusal = f"cannot write `{link}`: it is a symbolic link to missing/cards.rsb, which does not exist"
    assert str(raised.value) == refusal
    assert os.readlink(link) == "missing/cards.rsb"


def test_a_bundle_to_a_fifo_is_refused_at_once(tmp_path):
    # Opening a FIFO for writing waits for a reader, with the GIL released: a bounded
    # child, so that a regression fails rather than hangs.
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    done = run_bounded(
        f"""
import rulescript as rs
try:
    rs.compile({str(EXAMPLES)!r}, {str(fifo)!r})
except OSError as error:
    print(error)
""",
        seconds=30,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout == f"cannot write `{fifo}`: it is a pipe or a socket, not a file or a device\n"


def test_compile_refuses_to_write_its_bundle_over_a_file_it_compiles(tmp_path):
    """`out` naming a `.rules` file being compiled, by its own name, through `..`, a
    symbolic or a hard link, is an `OSError` and every file is left as it was, as `rsc
    compile` refuses it (the bundle replaced the card's source)."""
    cards = tmp_path / "cards"
    cards.mkdir()
    source = cards / "spark.rules"
    text = "action = draw(1)\n"
    source.write_text(text)
    (tmp_path / "link.rules").symlink_to(source)
    os.link(source, tmp_path / "hard.rules")
    for out in (source, cards / ".." / "cards" / "spark.rules", tmp_path / "link.rules", tmp_path / "hard.rules"):
        for paths in ([str(source)], str(cards)):
            with pytest.raises(OSError, match="would replace .*spark.rules`, which this call compiles"):
                rs.compile(paths, str(out))
            assert source.read_text() == text
    # Beside the sources, and to a device, a bundle is written as before.
    rs.compile(str(cards), str(cards / "cards.rsb"))
    rs.compile(str(cards), os.devnull)
    assert source.read_text() == text and (cards / "cards.rsb").read_bytes()[:4] == b"\x89RSB"


def test_a_card_set_given_a_file_names_the_path_given_and_asks_for_a_folder(tmp_path):
    """`CardSet.load("examples/cards.json")` said "cannot read
    `examples/cards.json/cards.json`", a path nobody gave."""
    given = os.path.join(str(EXAMPLES), "cards.json")
    with pytest.raises(rs.RulesError) as refused:
        rs.CardSet.load(given)
    message = str(refused.value)
    assert message == (
        f"cannot load the card set {given}: cannot read `{given}`: it is a file: a card set is the folder"
        " that holds cards.json and the .rules files"
    ), message
    assert "cards.json/cards.json" not in message
    assert refused.value.code == "set-io"
    # A folder that is not there is still the engine's own error, naming its cards.json.
    with pytest.raises(rs.RulesError, match="cards.json"):
        rs.CardSet.load(str(tmp_path / "missing"))
