#!/usr/bin/env python3
"""Reports what the corpus scenarios cover: the corpus cards that are the subject of a
scenario (the file name starts with the card's number, e.g. `C174-gai-tendo.toml`), and
the commands, events/hooks, ability keywords and restrictions those cards' rules use,
against everything the corpus uses. Run from anywhere:

    python3 tests/scenarios/coverage.py [--missing]

The corpus is read in place (`RULESCRIPT_CORPUS` or `../shared/corpus/cfc`).
"""
import json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.environ.get('RULESCRIPT_CORPUS') or os.path.join(ROOT, '..', 'shared', 'corpus', 'cfc')

COMMANDS = ('activate alterCost bp clear copyAbility damage destroy disableRule discard draw each '
            'enableRule freeze hp loseAbility loseLife modCost modDamage modRule movePile moveRevealedTo '
            'moveTo moveToSlot peek pileView playExtraChar prophecy removeFromAttack reveal rndDiscard '
            'shuffle skip sp steal swapAbilities swapChars swapPiles transform trash turns unfreeze unite').split()
KEYWORDS = ('unblockable cantattack cantblock unlimitedbackup unfreezable pierce preventpierce rush '
            'frosted cantplayac cantplayre').split()


def constructs(text):
    """The commands, events, keywords and restrictions a card's rules use."""
    lines = [l.split('#')[0] for l in text.splitlines()]
    body = '\n'.join(lines)
    found = set()
    for command in COMMANDS:
        if re.search(r'(?<![\w.])' + command + r'\??\(', body, re.I):
            found.add('command:' + command)
    for block in re.findall(r'[~?]([A-Za-z:,]+)[~?]', body):
        for event in block.split(','):
            name = event.split(':')[0].lower()
            for prefix in ('my', 'opp', 'any'):
                if name.startswith(prefix):
                    name = name[len(prefix):]
                    break
            found.add('event:' + name)
    for keyword in KEYWORDS:
        if re.search(r'(abilities\s*=.*\b|[+-])' + keyword + r'\b', body, re.I):
            found.add('keyword:' + keyword)
    for prefix, kind in re.findall(r'\b(my|opp)?(ueot|unac|uynt)\b', body, re.I):
        found.add('restriction:' + (prefix.lower() or '') + kind.lower())
    return found


def main():
    if not os.path.isfile(os.path.join(CORPUS, 'cards.json')):
        print(f'corpus not found at {CORPUS}: nothing to report')
        return 0
    cards = {c['number']: c for c in json.load(open(os.path.join(CORPUS, 'cards.json'), encoding='utf-8')) if c.get('number')}
    scripted = {n: c for n, c in cards.items() if c.get('rules_file')}
    uses = {n: constructs(open(os.path.join(CORPUS, c['rules_file']), encoding='utf-8').read()) for n, c in scripted.items()}
    subjects, passing = set(), set()
    files = 0
    for name in os.listdir(HERE):
        match = re.match(r'([CAR]\d{3})-', name)
        if name.endswith('.toml') and match and match.group(1) in cards:
            files += 1
            subjects.add(match.group(1))
            text = open(os.path.join(HERE, name), encoding='utf-8').read()
            if not re.search(r'^expect_failure\s*=', text, re.M):
                passing.add(match.group(1))
    everything = set().union(*uses.values())
    covered = set().union(*(uses.get(n, set()) for n in subjects)) if subjects else set()
    print(f'scenario files: {files}; cards: {len(subjects)} corpus cards are the subject of a scenario, '
          f'{len(passing)} of them of at least one that is not marked expect_failure')
    covered_passing = set().union(*(uses.get(n, set()) for n in passing)) if passing else set()
    for kind in ('command', 'event', 'keyword', 'restriction'):
        all_kind = sorted(x for x in everything if x.startswith(kind + ':'))
        got = [x for x in all_kind if x in covered]
        got_passing = [x for x in all_kind if x in covered_passing]
        print(f'{kind}s: {len(got)} of the {len(all_kind)} the corpus uses '
              f'({len(got_passing)} by passing scenarios)')
        if '--missing' in sys.argv:
            missing = [x.split(':', 1)[1] for x in all_kind if x not in covered]
            if missing:
                print('  missing: ' + ', '.join(missing))
    return 0


if __name__ == '__main__':
    sys.exit(main())
