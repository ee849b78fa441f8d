"""Measures the original RuleScript lexer's parse-only rate, unmodified, under any Python.

Usage: PYTHON original_rate.py ORIGINAL_DIR CORPUS_DIR SECONDS
Prints one line: the cards per second of RulesLexer.tokenize over every card of CORPUS_DIR.

ORIGINAL_DIR holds the original project's RuleScript_lexer.py and RuleScript_config.py
(GPL, never copied into this repository). The original is Python 2 code written for OCTGN's
IronPython; under CPython 2.7 it runs as written, with the two helpers its host provides:
`debug` (a no-op: logging off) and `isNumber`. Under Python 3 it also needs Python 2's
list-returning `map` and `filter`. Runs under Python 2.7 and 3.
"""
import glob
import io
import os
import sys
import time


def load(folder):
    sys.path.insert(0, folder)
    import RuleScript_lexer as module

    def is_number(text):
        try:
            int(text)
            return True
        except (TypeError, ValueError):
            return False

    module.debug = lambda *arguments: None
    module.isNumber = is_number
    if sys.version_info[0] >= 3:
        module.map = lambda function, *lists: list(map(function, *lists))
        module.filter = lambda function, items: list(filter(function, items))
    return module.RulesLexer.tokenize


def main():
    folder, corpus, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
    texts = [io.open(path, encoding="utf-8").read() for path in sorted(glob.glob(os.path.join(corpus, "*.rules")))]
    if sys.version_info[0] < 3:
        # The original calls `str` methods on the text (`map(str.strip, types)`), so under
        # CPython 2 it is handed byte strings.
        texts = [text.encode("utf-8") for text in texts]
    tokenize = load(folder)
    # The loop of original_lexer.cards_per_second, repeated because that module is Python 3
    # only and this one must also run under Python 2.
    for text in texts:  # warm-up
        tokenize(text)
    cards = 0
    started = time.time()
    while time.time() - started < seconds:
        for text in texts:
            tokenize(text)
        cards += len(texts)
    print(cards / (time.time() - started))


if __name__ == "__main__":
    main()
