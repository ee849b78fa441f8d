#!/usr/bin/env python3
"""Reports what the corpus scenarios cover: the corpus cards that are the subject of a
scenario (the file name starts with the card's number, e.g. `C174-gai-tendo.toml`), and
the commands, events/hooks, ability keywords and restrictions those cards' rules use,
against everything the corpus uses. Run from anywhere:

    python3 tests/scenarios/coverage.py [--missing] [--cards] [--check]

The corpus is read in place (`RULESCRIPT_CORPUS` or `../shared/corpus/cfc`).

It then reports six patterns a printed text can call for and a scenario can leave out,
with their counts: applicable (cards whose printed text, `rules_text` in cards.json, calls
for the pattern), covered (a scenario of the card, or one of them together, checks it),
exempt (a reason is recorded in EXEMPT below) and uncovered. `--cards` lists, per card,
each applicable pattern and whether it is covered; `--missing` lists the uncovered ones;
`--check` exits 1 when a pattern is uncovered (and not exempt).
Each check reads the scenario files (TOML, `docs/scenarios.md`); "the card's files" are
those whose name starts with its number. A check never looks at what the engine does:
`rsc test` proves the expectations hold, this proves they are there.

1. timed -- a text with a duration ("this turn", "until end of turn", "until your next
   turn", "their/enemy's/its controller's next turn/Activate phase/Draw phase").
   Covered when a file expects `turn` at least the setup's turn (2 unless said) plus the
   duration's length -- 1 for this turn, 2 for "until your next turn", 3 for the enemy's
   next turn or phase (the enemy's turn after the one the effect holds in) -- and checks
   something at that step (an expectation other than turn/phase/active) or at a later one
   (an expectation, `refused`, `refused_answer`, `log`): the effect is seen to be over.
2. if -- a condition ("if", "unless", "otherwise"). Covered when one of the card's files
   declares the false branch with a comment line `# branch: if-false` (the condition does
   not hold, so the conditional effect must not happen) and has a check, and another file
   of the card does not (the true branch).
3. or -- alternatives ("an enemy or an enemy character", "top or bottom", "counters or is
   countered", "Choose one: -- ... -- ..."). Covered when the card's files declare as many
   distinct branches as the text has alternatives, with comment lines `# branch: or=NAME`
   (one file may declare several), each file with a check.
4. filter -- a target or a card chosen, searched or affected by a property it must have
   (a character/action/reaction card, BP limits, with/no abilities, frozen, backed-up,
   attacking, in a united attack, another/other, the character in front of it, lowest BP,
   a name, in your/their ring, an enemy character). Covered when a file offers something the filter must reject: a step with
   `refused_answer = true` (the rejected candidate is answered and refused), or a comment
   line `# rejects: CARD why` naming a card (number or name) that the file's setup puts on
   the board or in a pile, in a file with a check (the expectations show it untouched).
5. own-turn -- "at the beginning/end of your turn" (and "at the beginning of your Draw
   phase"); "at the end of each turn" the other way round. Covered when a file puts the
   card in a ring and runs the opponent's turn past that point with a check at or after
   it: for a beginning, the setup starts the opponent's turn (active is the other player,
   phase `activate` or `draw`) or a step expects `active` to be the other player; for an
   end, the setup has the other player active and a later step expects `active` back or a
   higher `turn`, or a step expects `active` to be the other player and a later one
   expects `active` back or a higher `turn`.
6. destination -- cards discarded or KO'd ("discard(s)", "KO", "into ... discard pile").
   Covered when the card's files expect a `discards` pile (`you.discards` or
   `opp.discards`, any form); both players' piles when the text discards or KOs on both
   sides ("each player", "all players", "KO all characters"; DESTINATION_BOTH lists the
   rest).
"""
import json, os, re, sys
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.environ.get('RULESCRIPT_CORPUS') or os.path.join(ROOT, '..', 'shared', 'corpus', 'cfc')

COMMANDS = ('activate alterCost bp clear copyAbility damage destroy disableRule discard draw each '
            'enableRule freeze hp loseAbility loseLife modCost modDamage modRule movePile moveRevealedTo '
            'moveTo moveToSlot peek pileView playExtraChar prophecy removeFromAttack reveal rndDiscard '
            'shuffle skip sp steal swapAbilities swapChars swapPiles transform trash turns unfreeze unite').split()
KEYWORDS = ('unblockable cantattack cantblock unlimitedbackup unfreezable pierce preventpierce rush '
            'frosted cantplayac cantplayre').split()

PATTERNS = ('timed', 'if', 'or', 'filter', 'own-turn', 'destination')

# Durations, longest first, with the turns after the setup's at which the effect is over.
DURATIONS = (
    (r"\b(their|enemy's|controller's) next (turn|activate phase|draw phase)\b", 3),
    (r'\buntil your next turn\b', 2),
    (r'\buntil end of turn\b|\bat the end of turn\b', 1),
    (r'(?<!damage )\bthis turn\b', 1),
)
CONDITION = r'\bif\b|\bunless\b|\botherwise\b'
ALTERNATIVES = (r'\ban enemy or an enemy character\b|\btop or (the )?bottom\b|\bcounters or is countered\b'
                r'|\bsolo attack or (an? )?(united attack|counter-attacks)\b|\battack or counter-attack\b'
                r'|\bcharacter, or freeze\b')
FILTER = (r'\b(action|reaction|character|non character) cards?\b|\bwith (bp\b|a [¢£¤]|an ability\b|no abilities\b)'
          r'|\bbp \d+ or (less|greater)\b|\b(a|each|all) (frozen|backed-up|attacking|non attacking)\b'
          r'|\banother character\b|\b(all|each) other characters?\b|\bin front of it\b|\blowest bp\b'
          r'|\bin a united attack\b|\bnamed\b|\bin (your|their) ring\b|\benemy characters?\b')
# Card types in play restrictions and cost changes are not targets.
NOT_FILTER = r'\bcannot play\b|\bcosts? \d+ sp\b|\bcost of \d+ sp\b|\bwould deal damage\b'
OWN_TURN = r'\bat the (beginning|end) of your (turn|draw phase)\b|\bat the end of each turn\b'
DESTINATION = r'\bdiscards?\b(?! pile)|\bdiscarded\b|\bko\b|\binto (your|their) discard pile\b'
BOTH_SIDES = r'\b(each|all) players?\b|\bko all characters\b'
# Cards whose discards or KOs land on both sides though the text does not say "each player".
DESTINATION_BOTH = {'A006', 'A013', 'A019', 'A038', 'A051', 'C009', 'C030', 'R013'}

# Patterns a card's text matches but that no scenario can cover, with the reason.
EXEMPT = {
    'A002': {'filter': 'back-ups are played in their controller\'s own turn only, and the effect ends with '
                       'yours: an enemy character has no chance to receive one (the engine lifts the rule for '
                       'both players, which no move can see)'},
    'A029': {'filter': 'only the active player\'s characters attack, and the effect ends with your turn: an '
                       'enemy character cannot attack while it holds'},
    'A043': {'filter': 'any character is a target (frozen ones are unfrozen, the others frozen): '
                       '"frozen" picks the alternative, and both are covered (or=unfreeze, or=freeze)'},
    'R038': {'filter': 'a character that is not attacking has no attack to be removed from: there is '
                       'nothing the filter could get wrong that a scenario would see'},
}


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


def applicable(card):
    """The patterns a printed text calls for: {pattern: detail} (the duration's length, the
    number of alternatives, whether both sides' piles count...)."""
    text = ' '.join((card.get('rules_text') or '').split()).lower()
    found = {}
    for regex, turns in DURATIONS:
        if re.search(regex, text):
            found['timed'] = turns
            break
    if re.search(CONDITION, text):
        found['if'] = True
    if 'choose one:' in text:
        found['or'] = text.count('—')
    elif re.search(ALTERNATIVES, text):
        found['or'] = 2
    if re.search(FILTER, text) and not re.search(NOT_FILTER, text):
        found['filter'] = True
    own = re.search(OWN_TURN, text)
    if own:
        found['own-turn'] = own.group(1) or 'each'
    if re.search(DESTINATION, text):
        found['destination'] = bool(re.search(BOTH_SIDES, text)) or card['number'] in DESTINATION_BOTH
    return found


class Scenario:
    """What coverage needs from one scenario file."""

    def __init__(self, path, card):
        self.path = path
        self.text = open(path, encoding='utf-8').read()
        try:
            data = tomllib.loads(self.text)
        except tomllib.TOMLDecodeError as error:
            print(f'{path}: not read ({error}); it covers nothing', file=sys.stderr)
            data = {}
        self.setup = data.get('setup', {})
        self.steps = data.get('step', [])
        self.turn = self.setup.get('turn', 2)
        self.active = self.setup.get('active', 'you')
        self.phase = self.setup.get('phase', 'main')
        self.branches = set()
        self.rejects = []
        for line in self.text.splitlines():
            m = re.match(r'\s*#\s*branch:\s*(.+)', line)
            if m:
                self.branches.update(b.strip() for b in m.group(1).split(',') if b.strip())
            m = re.match(r'\s*#\s*rejects:\s*(\S+)', line)
            if m:
                self.rejects.append(m.group(1))
        self.side = None
        for side in ('you', 'opp'):
            for slot in ('s0', 's1', 's2', 's3'):
                spec = self.setup.get(side, {}).get(slot)
                name = spec.get('card') if isinstance(spec, dict) else spec
                if name in (card['number'], card['name']):
                    self.side = self.side or side

    @staticmethod
    def checks(step, ignore=()):
        return bool(set(step.get('expect', {})) - set(ignore) or step.get('refused')
                    or step.get('refused_answer') or step.get('log'))

    def has_check(self):
        return any(self.checks(step) for step in self.steps)

    def checks_from(self, index, ignore=()):
        """A check at step `index` (ignoring those keys) or at a later step."""
        return (index < len(self.steps) and self.checks(self.steps[index], ignore)) or \
            any(self.checks(step) for step in self.steps[index + 1:])

    def covers_timed(self, turns):
        for i, step in enumerate(self.steps):
            turn = step.get('expect', {}).get('turn')
            if isinstance(turn, int) and turn >= self.turn + turns and \
                    self.checks_from(i, ignore=('turn', 'phase', 'active')):
                return True
        return False

    def mentions(self, card):
        """The card is somewhere in the setup (a slot or a pile of either player)."""
        for side in ('you', 'opp'):
            player = self.setup.get(side, {})
            for key, value in player.items():
                values = value if isinstance(value, list) else [value]
                for v in values:
                    if (v.get('card') if isinstance(v, dict) else v) == card:
                        return True
        return False

    def covers_filter(self):
        if any(step.get('refused_answer') for step in self.steps):
            return True
        return self.has_check() and any(self.mentions(card) for card in self.rejects)

    def covers_own_turn(self, when):
        """The card's trigger point passes on its controller's opponent's turn."""
        if self.side is None:
            return False
        other = 'opp' if self.side == 'you' else 'you'
        actives = [step.get('expect', {}).get('active') for step in self.steps]
        turns = [step.get('expect', {}).get('turn') for step in self.steps]
        context = ('turn', 'phase', 'active')
        if when == 'beginning':
            if self.active == other and self.phase in ('activate', 'draw') and self.has_check():
                return True
            return any(a == other and self.checks_from(i, context) for i, a in enumerate(actives))
        starts = ([-1] if self.active == other else []) + [i for i, a in enumerate(actives) if a == other]
        return any((actives[j] == self.side or (isinstance(turns[j], int) and turns[j] > self.turn))
                   and self.checks_from(j, context)
                   for start in starts for j in range(start + 1, len(self.steps)))

    def discard_piles(self):
        return {key.split('.')[0] for step in self.steps for key in step.get('expect', {})
                if key.endswith('.discards')}


def pattern_coverage(card, found, scenarios):
    """{pattern: covered?} for the patterns that apply to the card."""
    result = {}
    for pattern, detail in found.items():
        if pattern == 'timed':
            ok = any(s.covers_timed(detail) for s in scenarios)
        elif pattern == 'if':
            false = [s for s in scenarios if 'if-false' in s.branches and s.has_check()]
            ok = bool(false) and len(scenarios) > len(false)
        elif pattern == 'or':
            names = {b for s in scenarios if s.has_check() for b in s.branches if b.startswith('or=')}
            ok = len(names) >= detail
        elif pattern == 'filter':
            ok = any(s.covers_filter() for s in scenarios)
        elif pattern == 'own-turn':
            ok = any(s.covers_own_turn(detail) for s in scenarios)
        else:
            piles = set().union(*(s.discard_piles() for s in scenarios)) if scenarios else set()
            ok = piles >= {'you', 'opp'} if detail else bool(piles)
        result[pattern] = ok
    return result


def report_patterns(cards, files_by_card):
    counts = {p: [0, 0, 0, 0] for p in PATTERNS}  # applicable, covered, exempt, uncovered
    lines, missing = [], []
    for number in sorted(cards):
        card = cards[number]
        found = applicable(card)
        if not found:
            continue
        scenarios = [Scenario(path, card) for path in files_by_card.get(number, [])]
        covered = pattern_coverage(card, found, scenarios)
        marks = []
        for pattern in PATTERNS:
            if pattern not in found:
                continue
            counts[pattern][0] += 1
            if covered[pattern]:
                counts[pattern][1] += 1
                marks.append(pattern + ' covered')
            elif pattern in EXEMPT.get(number, {}):
                counts[pattern][2] += 1
                marks.append(f'{pattern} exempt ({EXEMPT[number][pattern]})')
            else:
                counts[pattern][3] += 1
                marks.append(pattern + ' UNCOVERED')
                missing.append(f'{number} {pattern}')
        lines.append(f'  {number} {card["name"]}: ' + '; '.join(marks))
    print('patterns (applicable, covered, exempt, uncovered):')
    for pattern in PATTERNS:
        a, c, e, u = counts[pattern]
        print(f'  {pattern:<12} {a:>4} {c:>4} {e:>4} {u:>4}')
    if '--cards' in sys.argv:
        print('per card:')
        print('\n'.join(lines))
    if '--missing' in sys.argv and missing:
        print('  uncovered: ' + ', '.join(missing))
    return len(missing)


def main():
    if not os.path.isfile(os.path.join(CORPUS, 'cards.json')):
        print(f'corpus not found at {CORPUS}: nothing to report')
        return 0
    cards = {c['number']: c for c in json.load(open(os.path.join(CORPUS, 'cards.json'), encoding='utf-8')) if c.get('number')}
    scripted = {n: c for n, c in cards.items() if c.get('rules_file')}
    uses = {n: constructs(open(os.path.join(CORPUS, c['rules_file']), encoding='utf-8').read()) for n, c in scripted.items()}
    subjects, passing = set(), set()
    files_by_card = {}
    files = 0
    for name in sorted(os.listdir(HERE)):
        match = re.match(r'([CAR]\d{3})-', name)
        if name.endswith('.toml') and match and match.group(1) in cards:
            files += 1
            subjects.add(match.group(1))
            files_by_card.setdefault(match.group(1), []).append(os.path.join(HERE, name))
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
    uncovered = report_patterns({n: c for n, c in cards.items() if c.get('rules_text')}, files_by_card)
    if uncovered and '--check' in sys.argv:
        print(f'{uncovered} pattern(s) uncovered', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
