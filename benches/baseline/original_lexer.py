#!/usr/bin/env python3
"""Baseline: the original implementation's parse-only work, reconstructed from the spec.

The original RuleScript lexer (RuleScript_lexer.py, not in this repository) is a cascade of
regular expressions and splits; spec sections 1.2, 1.8 and 2.2 describe it step by step.
This file redoes those steps so that its cards/second can be measured in the same run as
the Rust compiler (BENCHMARKS.md). Usage: original_lexer.py CORPUS_DIR [SECONDS]
"""
import glob
import re
import sys
import time

PROPERTIES = [(key, re.compile(pattern)) for key, pattern in [
    ("target", r"^target\??\s*=\s*"), ("action", r"^action\s*=\s*"), ("abilities", r"^abilities\s*=\s*"),
    ("auto", r"^auto\s*=\s*"), ("requisite", r"^requisite\s*=\s*"), ("vars", r"^vars\s*=\s*"),
    ("label", r"^label\s*=\s*")]]
COST = re.compile(r"^(\{.+\}\s*)\s*:\s*")
EVENT = re.compile(r"^(?:\?|~)\s*([\w, :]+)\s*(?:\?|~)")
CONDITION = re.compile(r"\[\[([^\]]+)\]\]")
TARGET_CLAUSE = re.compile(r"\b(?:to|target|from)(\??)\s*\(([^)]+)\)")
RESTRICTION = re.compile(r"^(my|opp)?(ueot|unac|uynt)$")
COMMAND = re.compile(r"([\w]+\??)\s*\((.*?)\)$")
ARG_SPLIT = re.compile(r"(?<!<\d),(?!\d>)")
QTY = re.compile(r"^<\s*(\*\*|r\d*|(,?[0-9]+){1,2})\s*>")
PICK = re.compile(r"<\s*([+-]?\s*[0-9]+)\s*>")
SELECTOR = re.compile(r"::(\w+)\((.+)\)?$")
FILTERS = re.compile(r"\[(.+)\]")
FILTER_TERM = re.compile(r"(\w+)\s*([=><:]+)\s*([\w\-]+)")
ZONE = re.compile(r"@\s*([\w*]+)")
ZONES = ["arena", "ring", "infront", "hand", "deck", "discards", "removed"]


def literal(text):
    text = text.strip()
    if text == "true":
        return True
    if text == "false":
        return False
    if text == "nil":
        return None
    try:
        return int(float(text))
    except ValueError:
        return text


def parse_target(text):
    target = {"qty": None, "pick": None, "types": [], "filters": [], "zone": ["", "arena"], "selector": None}
    match = QTY.match(text)
    if match:
        target["qty"] = match.group(1)
        text = text[match.end():]
    match = PICK.search(text)
    if match:
        target["pick"] = int(match.group(1).replace(" ", ""))
        text = text[:match.start()] + text[match.end():]
    match = SELECTOR.search(text)
    if match:
        target["selector"] = (match.group(1), match.group(2))
        text = text[:match.start()]
    types = re.split(r"[@\[]", text)[0]
    parts = types.split("&")
    if len(parts) == 1:
        parts = types.split(",")
    target["types"] = [part.strip() for part in parts] or ["*"]
    match = FILTERS.search(text)
    if match:
        for alternative in match.group(1).split(","):
            terms = []
            for term in alternative.split("&"):
                term = term.strip()
                prefix = term[0] if term[:1] in "+-^" else ""
                term = term.lstrip("+-^")
                params = FILTER_TERM.match(term)
                terms.append([prefix, params.group(1) if params else term, params.groups()[1:] if params else ""])
            target["filters"].append(terms)
    match = ZONE.search(text)
    if match:
        zone = match.group(1)
        prefix = next((p for p in ["my", "opp", "ctrl", "same", "any"] if zone.startswith(p)), "")
        name = zone[len(prefix):]
        target["zone"] = [prefix, name if name in ZONES else "arena"]
    return target


def parse_action(text):
    action = {"cost": None, "event": None, "effects": []}
    text = text.strip()
    match = COST.match(text)
    if match:
        costs = match.group(1).replace(" ", "").strip()[1:-1].split("}{")
        action["cost"] = [c if "(" not in c else [c[0], parse_target(c[c.index("(") + 1:-1])] for c in costs]
        text = text[match.end():]
    match = EVENT.match(text)
    if match:
        action["event"] = [event.replace(" ", "").split(":") for event in match.group(1).split(",")]
        text = text[match.end():]
    for statement in text.split(";"):
        condition = None
        match = CONDITION.search(statement)
        if match:
            words = match.group(1).split(" ", 1)
            condition = [words[0], words[1].strip("'\"") if len(words) > 1 else ""]
            statement = statement[:match.start()] + statement[match.end():]
            following = CONDITION.search(statement)
            if following and following.group(1).split(" ")[0] in ("elif", "else"):
                branch = statement[following.start():].replace("[[elif", "[[if").replace("[[else]]", "")
                condition.append(parse_action(branch))
                statement = statement[:following.start()]
            statement = CONDITION.sub("", statement)
        restriction = None
        for word in statement.split(" "):
            match = RESTRICTION.match(word)
            if match:
                restriction = match.groups()
                statement = statement.replace(word, "", 1)
                break
        target = None
        match = TARGET_CLAUSE.search(statement)
        if match:
            target = parse_target(match.group(2))
            target["opt"] = match.group(1) == "?"
            statement = TARGET_CLAUSE.sub("", statement)
        commands = []
        for piece in statement.replace("||", "& or() &").replace("&&", "& and() &").split("&"):
            piece = piece.strip()
            if not piece:
                continue
            match = COMMAND.match(piece)
            if match:
                commands.append([match.group(1), [literal(arg) for arg in ARG_SPLIT.split(match.group(2)) if arg.strip()]])
            else:
                commands.append((piece[:1] if piece[:1] in "+-" else "", piece.lstrip("+-")))
        action["effects"].append([condition, commands, target, restriction])
    return action


def tokenize(text):
    rule = {}
    for line in text.strip().split("\n"):
        original = line.strip()
        line = original.lower()
        if not line or line[0] == "#":
            continue
        line = line.split("#")[0].rstrip()
        for key, pattern in PROPERTIES:
            match = pattern.match(line)
            if not match:
                continue
            value = line[match.end():]
            if key == "target":
                rule.setdefault(key, [parse_target(part) for part in value.split(";")])
            elif key == "action":
                rule.setdefault(key, []).append(parse_action(value))
            elif key == "auto":
                rule.setdefault(key, parse_action(value))
            elif key == "abilities":
                rule.setdefault(key, [word.strip() for word in value.split(",")])
            elif key == "requisite":
                rule.setdefault(key, [part.strip() for part in value.split("&&")])
            elif key == "vars":
                rule.setdefault(key, [part.split(":=") for part in value.split(";")])
            else:
                rule.setdefault(key, []).append(original[match.end():].strip('"').strip("'"))
            break
    return rule


def cards_per_second(tokenize, texts, seconds):
    """How many cards per second `tokenize` parses, looping over `texts` for `seconds`."""
    for text in texts:  # warm-up
        tokenize(text)
    cards = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        for text in texts:
            tokenize(text)
        cards += len(texts)
    return cards / (time.perf_counter() - started)


def main():
    folder = sys.argv[1]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 3.0
    texts = [open(path, encoding="utf-8").read() for path in sorted(glob.glob(folder + "/*.rules"))]
    print(f"original-style lexer: {cards_per_second(tokenize, texts, seconds):,.0f} cards/s ({len(texts)} cards)")


if __name__ == "__main__":
    main()
