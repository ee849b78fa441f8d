"""check and compile with `catalogue=FILE`: another game's cards, as `rsc check --catalogue
FILE` and `rsc compile --catalogue FILE` report and build them; a bad catalogue file raises
what rsc reports; a catalogue is loaded once per file contents, not once per call."""

import json
import subprocess
import sys

import pytest

import rulescript as rs

from conftest import ROOT

# A small game (rsc's own tests use it too): two commands, a zone and its prefixes, a unit
# type, and its own words for the controller and the opponent.
TINY = {
    "format": "rsc-catalogue/1",
    "name": "tiny",
    "commands": [
        {"name": "strike", "params": [{"name": "amount", "kind": "Expr"}], "default_target": "Nothing"},
        {
            "name": "draw",
            "params": [{"name": "count", "kind": "Expr", "optional": True}],
            "default_target": "SourceController",
        },
    ],
    "zones": [{"name": "board"}, {"name": "hand", "is_pile": True}],
    "zone_prefixes": [{"name": "own"}, {"name": "enemy"}],
    "card_types": [{"name": "unit"}],
    "restrictions": [{"name": "eot"}],
    "variables": [{"name": "hero"}, {"name": "foe"}],
    "roles": {"target_controller": "hero", "target_opponent": "foe", "zone_mine": "own", "zone_opponent": "enemy"},
}

CARDS = {
    "zap.rules": "action = strik(3) to(opp)\n",
    "bolt.rules": "action = strike(2) to(unit@oppBoard) ueot\n",
    "fine.rules": "action = strike(2) to(foe) & draw()\n",
}

FIELDS = ("file", "severity", "code", "message", "line", "column", "end_line", "end_column", "label", "help")


def records(diagnostics):
    return [{field: getattr(d, field) for field in FIELDS} for d in diagnostics]


def rsc_records(stdout):
    return [{field: record[field] for field in FIELDS} for record in map(json.loads, stdout.splitlines())]


def run_rsc(rsc, *args):
    return subprocess.run([rsc, *map(str, args)], capture_output=True, text=True, cwd=ROOT)


@pytest.fixture
def game_files(tmp_path):
    catalogue = tmp_path / "tiny.json"
    catalogue.write_text(json.dumps(TINY))
    cards = tmp_path / "cards"
    cards.mkdir()
    for name, text in CARDS.items():
        (cards / name).write_text(text)
    return catalogue, cards


def test_check_reports_what_rsc_check_catalogue_reports(rsc, game_files):
    catalogue, cards = game_files
    done = run_rsc(rsc, "check", "--catalogue", catalogue, "--message-format", "json", cards)
    assert done.returncode == 1, done.stderr
    expected = rsc_records(done.stdout)
    assert [r["code"] for r in expected] == ["E0040", "E0018", "E0008", "E0038"]
    assert records(rs.check(cards, catalogue=catalogue)) == expected
    assert records(rs.check(str(cards), catalogue=str(catalogue))) == expected
    # Against the standard catalogue the same cards read otherwise (`strike` is no CFC
    # command): the catalogue is the file's.
    assert records(rs.check(cards)) != expected


@pytest.mark.parametrize("strip", [False, True])
def test_compile_writes_the_bundle_rsc_compile_catalogue_writes(rsc, game_files, tmp_path, strip):
    catalogue, cards = game_files
    (cards / "zap.rules").unlink()
    (cards / "bolt.rules").unlink()
    (cards / "hit.rules").write_text("action = strike(2) to(foe)\n")
    theirs, ours = tmp_path / "rsc.rsb", tmp_path / "py.rsb"
    done = run_rsc(rsc, "compile", "--catalogue", catalogue, cards, "-o", theirs, *(["--strip"] if strip else []))
    assert done.returncode == 0, done.stderr
    assert rs.compile(cards, ours, strip=strip, catalogue=catalogue) == []
    assert ours.read_bytes() == theirs.read_bytes()
    # The bundle names the file's catalogue: rsc disassembles it only with that file.
    shown = run_rsc(rsc, "disas", "--catalogue", catalogue, ours)
    assert shown.returncode == 0 and shown.stdout.startswith("bundle for tiny#"), shown.stderr


def test_compile_refuses_errors_against_the_catalogue_file(game_files, tmp_path):
    catalogue, cards = game_files
    out = tmp_path / "out.rsb"
    with pytest.raises(rs.RulesError) as refused:
        rs.compile(cards, out, catalogue=catalogue)
    assert [d.code for d in refused.value.diagnostics] == ["E0040", "E0018", "E0008", "E0038"]
    assert not out.exists()


BAD = {
    "syntax.json": '{\n  "format": "rsc-catalogue/1",\n  "name": "tiny",\n}\n',
    "type.json": '{"format": 1,\n',
    # A role naming nothing: found after every other check (and nothing leaked).
    "role.json": json.dumps(
        {"format": "rsc-catalogue/1", "name": "tiny", "variables": [{"name": "hero"}], "roles": {"source": "itself"}}
    ),
}


EXPECTED_CODE = {"syntax.json": "E0102", "type.json": "E0103", "role.json": "E0106"}


@pytest.mark.parametrize("name", sorted(BAD))
@pytest.mark.parametrize("call", ["check", "compile"])
def test_a_bad_catalogue_file_raises_what_rsc_reports(rsc, game_files, tmp_path, name, call):
    """The file's diagnostics (located in it), rsc's last line, and code
    `catalogue-file`; the card files are not read, and nothing is written."""
    _, cards = game_files
    bad = tmp_path / name
    bad.write_text(BAD[name])
    done = run_rsc(rsc, "check", "--catalogue", bad, "--message-format", "json", cards)
    assert done.returncode == 1, done.stderr
    out = tmp_path / "out.rsb"
    with pytest.raises(rs.RulesError) as refused:
        if call == "check":
            rs.check(cards, catalogue=bad)
        else:
            rs.compile(cards, out, catalogue=bad)
    assert refused.value.code == "catalogue-file"
    assert records(refused.value.diagnostics) == rsc_records(done.stdout)
    assert [d.code for d in refused.value.diagnostics] == [EXPECTED_CODE[name]]
    assert all(d.file == str(bad) for d in refused.value.diagnostics)
    assert "error: " + str(refused.value).splitlines()[-1] == done.stderr.splitlines()[-1]
    assert not out.exists()


@pytest.mark.parametrize("call", ["check", "compile"])
def test_an_unreadable_catalogue_file_is_an_oserror_in_rscs_words(rsc, game_files, tmp_path, call):
    _, cards = game_files
    missing = tmp_path / "missing.json"
    done = run_rsc(rsc, "check", "--catalogue", missing, cards)
    assert done.returncode == 2
    with pytest.raises(OSError) as refused:
        if call == "check":
            rs.check(cards, catalogue=missing)
        else:
            rs.compile(cards, tmp_path / "out.rsb", catalogue=missing)
    assert "error: " + str(refused.value) == done.stderr.strip()


def test_a_catalogue_file_changed_between_calls_is_read_again(game_files):
    """Catalogues are kept by contents, not by path: the same path with other contents
    is another catalogue."""
    catalogue, cards = game_files
    card = cards / "fine.rules"
    assert rs.check(card, catalogue=catalogue) == []
    renamed = json.loads(json.dumps(TINY))
    renamed["commands"][0]["name"] = "smite"
    catalogue.write_text(json.dumps(renamed))
    assert [d.code for d in rs.check(card, catalogue=catalogue)] == ["E0008"]
    catalogue.write_text(json.dumps(TINY))
    assert rs.check(card, catalogue=catalogue) == []


def test_checking_in_a_loop_loads_the_catalogue_once(rsc, tmp_path):
    """Each load of a catalogue file leaks its catalogue (catalogue-file's `load`): a loop
    of checks against Wagic's catalogue (50 KB, the largest there is) would grow without
    end. Measured in a child, as its resident memory over 1,000 checks of one file; then
    over 100 checks of files whose contents differ (a space added each time), each a
    catalogue loaded and kept: what every check would cost if none were kept, so that the
    bound on the first loop is one a leak per call would break."""
    wagic = tmp_path / "wagic.json"
    done = subprocess.run([rsc, "catalogue", "--lang", "wagic"], capture_output=True)
    assert done.returncode == 0
    wagic.write_bytes(done.stdout)
    card = tmp_path / "card.rules"
    card.write_text("action = draw(1)\n")
    code = f"""
import rulescript as rs
def rss():
    with open('/proc/self/statm') as f:
        return int(f.read().split()[1]) * 4096
card, wagic = {str(card)!r}, {str(wagic)!r}
for _ in range(50):
    rs.check(card, catalogue=wagic)
before = rss()
for _ in range(1000):
    rs.check(card, catalogue=wagic)
same = rss() - before
text = open(wagic).read()
before = rss()
for k in range(100):
    with open(wagic, 'w') as f:
        f.write(text + ' ' * (k + 1))
    rs.check(card, catalogue=wagic)
print(same, (rss() - before) // 100)
"""
    child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert child.returncode == 0, child.stderr
    same, per_load = map(int, child.stdout.split())
    assert same < 8 << 20, f"resident memory grew by {same >> 20} MiB over 1,000 checks of one file"
    assert per_load * 1000 > 4 * (8 << 20), f"a load keeps {per_load} bytes: the bound above proves nothing"


def test_past_64_mib_of_distinct_catalogues_a_call_is_refused(tmp_path):
    """What keeping catalogues may cost is bounded: 16 distinct files of 4,000,000 bytes
    are loaded (64,000,000 bytes), the 17th is refused (it would pass 64 MiB) with
    `RulesError`, saying why, and a file already loaded is still checked against. In a
    child with 2 GiB of address space (a bound that failed would end it, not the tests)."""
    card = tmp_path / "card.rules"
    card.write_text("action = strike(1) to(foe)\n")
    code = f"""
import json, rulescript as rs
tiny = {json.dumps(TINY)!r}
def write(k):
    path = {str(tmp_path)!r} + f'/big{{k}}.json'
    text = json.loads(tiny)
    text['variables'].append({{'name': f'v{{k}}'}})
    body = json.dumps(text)
    with open(path, 'w') as f:
        f.write(body + ' ' * (4_000_000 - len(body)))
    return path
paths = [write(k) for k in range(17)]
for path in paths[:16]:
    assert rs.check({str(card)!r}, catalogue=path) == []
try:
    rs.check({str(card)!r}, catalogue=paths[16])
except rs.RulesError as refused:
    print(refused)
assert rs.check({str(card)!r}, catalogue=paths[3]) == []
"""
    from conftest import run_bounded

    child = run_bounded(code, seconds=120)
    assert child.returncode == 0, child.stderr
    assert child.stdout.startswith(f"cannot load catalogue file `{tmp_path}/big16.json`: this process has loaded 64 MiB")
