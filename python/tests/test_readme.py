"""The repository README's Python section works as written: its example, run from the
repository root in a fresh interpreter, prints what the README says it prints."""

import re
import subprocess
import sys

from conftest import ROOT
from test_wagic import wagic_data


def python_section() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("\n## Python\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


def readme_example():
    """The section's Python example and the output the README gives for it."""
    section = python_section()
    code = re.search(r"```python\n(.*?)```", section, re.S)
    printed = re.search(r"```python\n.*?```\s*\nprints[^\n]*\n\s*```text\n(.*?)```", section, re.S)
    assert code and printed, "the README's Python section has an example and what it prints"
    return code.group(1), printed.group(1)


def test_the_readme_example_prints_what_the_readme_says():
    code, expected = readme_example()
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout == expected


def test_the_readme_install_commands_name_the_extras_the_package_has():
    """`pip install "./python[envs,test]"` must name extras pyproject.toml declares (pip only
    warns about an unknown one, and installs without it)."""
    pyproject = (ROOT / "python" / "pyproject.toml").read_text(encoding="utf-8")
    declared = re.search(r"\[project\.optional-dependencies\]\n(.*?)\n\n", pyproject, re.S)
    assert declared
    extras = set(re.findall(r"^(\w+) =", declared.group(1), re.M))
    named = set()
    for group in re.findall(r'pip install "\./python\[([\w,]+)\]"', python_section()):
        named.update(group.split(","))
    assert named and named <= extras, (named, extras)


def test_the_readme_wagic_example_prints_what_the_readme_says(tmp_path):
    """The Wagic example, run in a folder holding the two decks the README describes, with
    Wagic's card files wherever they are (skipped without them, failed under CI)."""
    section = python_section()
    code = re.search(r"```py\n(.*?)```", section, re.S)
    printed = re.search(r"```py\n.*?```\s*\nprints\s*```text\n(.*?)```", section, re.S)
    decks = re.search(r"\(`bears.txt`: (.*?); `goblins.txt`: (.*?)\):", section, re.S)
    assert code and printed and decks, "the README's Python section has a Wagic example, its decks and output"
    for name, lines in zip(("bears.txt", "goblins.txt"), decks.groups()):
        cards = re.findall(r"`([^`]*)`", lines.replace("\n", " "))
        (tmp_path / name).write_text("\n".join(cards) + "\n")
    example = code.group(1).replace('S = "../shared/wagic"', f"S = {str(wagic_data())!r}")
    run = subprocess.run([sys.executable, "-c", example], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert run.stdout == printed.group(1)
