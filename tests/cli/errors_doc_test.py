#!/usr/bin/env python3
"""Every error message in the code appears in docs/errors.md.

Usage: errors_doc_test.py REPOSITORY_ROOT [--list]

What counts as an error message: the arguments of
  - `throw X(...)` for X in Error, NotationError, ContextError, AnalysisError, RuleError,
    LineError, OutputError (with or without a namespace);
  - `fail(where, ...)`, the rule loader's error (meldgraph/loader/rule_tree.hpp);
  - `CLI::Validator(...)`, the command line's own checks (usage errors, exit 2);
  - a `std::cerr << ...;` statement;
  - the loader's other message carriers: `Problem{where, ...}` (problems collected and reported
    together), `resolve(ref, ...)` (the message for an unknown tile) and `problem = ...;` (the
    reason a rule file cannot be read);
in the C++ files under engine/, analyzers/ and cli/. Comments are ignored. Broken invariants
(`throw std::logic_error(...)`) are bugs, shown as internal errors, and are not checked.

Which text must appear: a message is built from string literals and variables
(`"'" + key + "' must be between " + ...`), so the doc cannot hold it verbatim. From each call
the script takes every string literal (adjacent literals joined, escapes read) and trims spaces
and punctuation from its ends. Each trimmed fragment of at least MIN_FRAGMENT characters must
appear in docs/errors.md; a call with no fragment that long must have its longest fragment there
if that holds at least three letters ("empty meld"). Shorter pieces ("'", ": ", " in ") carry no
meaning of their own. A plain name among a call's arguments (`fail(ref.where, message)`,
`place + error.what()`, `... + hint`) is followed to the statements before the call, in the same
function, that build it (`std::string message = ...;`, `message += ...;`): their fragments of
MIN_FRAGMENT characters count as the call's, and all of the rule above applies to them when the
call has no literal of its own. Comparison ignores case and runs of white space, and the doc is
read with backquotes and backslashes removed, so a fragment may sit inside `code` and across a
line break. The script first checks its scanner on a known source (SELF_TEST_SOURCE).

A failure names the source file:line and the missing fragment. `--list` prints every fragment
checked.
"""

import bisect
import re
import sys
import tempfile
from pathlib import Path

MIN_FRAGMENT = 12
SOURCE_DIRS = ["engine", "analyzers", "cli"]
ERROR_TYPES = "Error|NotationError|ContextError|AnalysisError|RuleError|LineError|OutputError"
CALL = re.compile(
    r"(?=[tfCsPrpl])(?:"  # each call's first letter, which lets the search skip ahead (5x faster)
    r"\bthrow\s+(?:[A-Za-z_][\w]*::)*(?:" + ERROR_TYPES + r")\s*\("
    r"|(?<![\w.>:])fail\s*\("
    r"|\bCLI::Validator\s*\("
    r"|\bstd::cerr\s*<<"
    r"|\bProblem\s*\{"
    r"|(?<![\w.>:])resolve\s*\((?=[^;{}]*\")"
    r"|\bproblem\s*="
    r"|\bline\.error\s*="
    r")"
)
# Literals that are not words of a message: format pieces and the prefix every message carries.
IGNORED = {"meldgraph: error:", "meldgraph:"}
TRIM = " \t\n'\"`.,:;()[]{}-+=<>!?^"


TOKEN = re.compile(
    r"//[^\n]*"
    r"|/\*.*?\*/"
    r"|(?<![\w])R\"(?P<delimiter>[^(\s]*)\((?P<raw>.*?)\)(?P=delimiter)\""
    r"|\"(?P<string>(?:\\.|[^\"\\\n])*)\""
    r"|(?<![\w])'(?:\\.|[^'\\\n])*'",  # a character; not the digit separator of 1'000
    re.S,
)
ESCAPE = re.compile(r"\\(.)")


def scan(text):
    """Returns (blank, literals): the text with comments blanked and literal contents replaced by
    'x' (same length, newlines kept), and the literals as (start, end, value) in order."""
    pieces, literals, done = [], [], 0
    for match in TOKEN.finditer(text):
        token = match.group(0)
        pieces.append(text[done : match.start()])
        done = match.end()
        if token.startswith("/"):
            pieces.append(re.sub(r"[^\n]", " ", token))
            continue
        if match.group("raw") is not None:
            value = match.group("raw")
        elif match.group("string") is not None:
            value = ESCAPE.sub(lambda e: {"n": "\n", "t": "\t"}.get(e.group(1), e.group(1)),
                               match.group("string"))
        else:
            value = None  # a character literal
        if value is not None:
            literals.append((match.start(), match.end(), value))
        pieces.append(token[0] + re.sub(r"[^\n]", "x", token[1:-1]) + token[-1])
    pieces.append(text[done:])
    return "".join(pieces), literals


def call_end(blank, start):
    """End of the call whose text starts at `start`: the matching ')' or, for `std::cerr <<`,
    the ';' that ends the statement."""
    if blank.startswith(("std::cerr", "problem", "line.error"), start):
        return blank.index(";", start)
    opener = "{" if blank.startswith("Problem", start) else "("
    closer = "}" if opener == "{" else ")"
    depth = 0
    for k in range(blank.index(opener, start), len(blank)):
        if blank[k] == opener:
            depth += 1
        elif blank[k] == closer:
            depth -= 1
            if depth == 0:
                return k
    raise ValueError("unbalanced parentheses")


def joined_literals(literals, blank, start, end):
    """The literals inside [start, end), adjacent ones ("a " "b") joined."""
    out = []
    previous_end = None
    first = bisect.bisect_left(literals, (start,))
    for lit_start, lit_end, value in literals[first:]:
        if lit_end > end:
            break
        if previous_end is not None and blank[previous_end:lit_start].strip() == "":
            out[-1] += value
        else:
            out.append(value)
        previous_end = lit_end
    return out


def variable_builders(blank, literals, name, call_start):
    """Literals of the statements before `call_start`, in the same function (back to the '}' at
    column 0 that ends the one before), that initialise (`std::string name = `, `name{`),
    assign or append to `name`."""
    function_start = max(blank.rfind("\n}", 0, call_start), 0)
    pattern = re.compile(r"\b" + re.escape(name) + r"\s*(?:\+?=(?!=)|\{|\()")
    out = []
    for match in pattern.finditer(blank, function_start, call_start):
        before = blank[blank.rfind("\n", 0, match.start()) + 1 : match.start()]
        if before.strip() and not re.search(r"(?:std::string|auto|const|&)\s*$", before) \
                and not match.group(0).rstrip().endswith("="):
            continue
        end = blank.index(";", match.end())
        out += joined_literals(literals, blank, match.end(), end)
    return out


def local_names(arguments):
    """The plain names in a call's arguments (`place`, `hint`; not `f(`, `a.b`, `a::b`), which
    may be strings built before the call."""
    names = []
    for match in re.finditer(r"(?<![\w.>:])([A-Za-z_]\w*)\b(?!\s*(?:\(|\.|->|::|\{))", arguments):
        if match.group(1) not in names:
            names.append(match.group(1))
    return names


def fragments_of(values):
    fragments = []
    for value in values:
        piece = " ".join(value.split()).strip(TRIM)
        if piece and value.strip() not in IGNORED:
            fragments.append(piece)
    return fragments


def required(fragments):
    long = [f for f in fragments if len(f) >= MIN_FRAGMENT]
    if long:
        return long
    if fragments:
        longest = max(fragments, key=len)
        if sum(ch.isalpha() for ch in longest) >= 3:
            return [longest]
    return []


def calls(root):
    """Yields (path, line, fragments required) for every error call."""
    for directory in SOURCE_DIRS:
        if not (root / directory).is_dir():
            raise SystemExit(f"errors_doc_test: no folder {directory} under {root}")
        for path in sorted((root / directory).rglob("*")):
            if path.suffix not in (".cpp", ".hpp"):
                continue
            text = path.read_text(encoding="utf-8")
            blank, literals = scan(text)
            for match in CALL.finditer(blank):
                line_start = blank.rfind("\n", 0, match.start()) + 1
                if re.search(r"\bvoid\s*$", blank[line_start : match.start()]):
                    continue  # the declaration or definition of fail()
                end = call_end(blank, match.start())
                own = fragments_of(joined_literals(literals, blank, match.start(), end))
                built = []
                for name in local_names(blank[match.end() : end]):
                    built += variable_builders(blank, literals, name, match.start())
                built = fragments_of(built)
                # The call's own words decide its short fragment; built pieces count when long
                # (a path such as 'wildcards.stand_ins'), or wholly when the call has none.
                fragments = required(own) + [f for f in built if len(f) >= MIN_FRAGMENT] \
                    if own else required(built)
                line = text.count("\n", 0, match.start()) + 1
                yield path.relative_to(root), line, list(dict.fromkeys(fragments))


def normalised(text):
    return " ".join(text.replace("`", "").replace("\\", "").split()).lower()


SELF_TEST_SOURCE = r"""
// throw Error("a commented-out message is not a message");
void f(int n) {
  const std::string hint = n > 1 ? " (a hint built before the call)" : "";
  if (n == 0) throw NotationError("empty meld", 1);
  fail(where, "'" + key + "' must be between " + std::to_string(n) +
                  " and " "a literal joined to the previous one" + hint);
}
void g() {
  std::string message = "a message built in a variable";
  message += " and appended to";
  fail(ref.where, message);
  const int digits = 1'000;
  std::cerr << "meldgraph: error: " << what << '\n';
}
"""
SELF_TEST_EXPECTED = [
    ["empty meld"],
    ["must be between", "and a literal joined to the previous one", "a hint built before the call"],
    ["a message built in a variable", "and appended to"],
    [],
]


def self_test(directory):
    """The scanner on a known source, so that a change to it cannot silently check nothing."""
    source = directory / "engine" / "src" / "example.cpp"
    source.parent.mkdir(parents=True)
    source.write_text(SELF_TEST_SOURCE, encoding="utf-8")
    for other in SOURCE_DIRS:
        (directory / other).mkdir(parents=True, exist_ok=True)
    found = [fragments for _, _, fragments in calls(directory)]
    if found != SELF_TEST_EXPECTED:
        print(f"errors_doc: the scanner's self-test failed: {found} != {SELF_TEST_EXPECTED}")
        return False
    return True


def main():
    root = Path(sys.argv[1])
    with tempfile.TemporaryDirectory() as scratch:
        if not self_test(Path(scratch)):
            return 1
    doc = normalised((root / "docs" / "errors.md").read_text(encoding="utf-8"))
    listing = "--list" in sys.argv[2:]
    missing, checked, sites = [], 0, 0
    for path, line, fragments in calls(root):
        sites += 1
        for fragment in fragments:
            checked += 1
            if listing:
                print(f"{path}:{line}: {fragment}")
            if normalised(fragment) not in doc:
                missing.append(f"{path}:{line}: message text not in docs/errors.md: "
                               f"\"{fragment}\" (add it to docs/errors.md, with its cause and "
                               f"what to do)")
    for entry in missing:
        print(entry)
    print(f"errors_doc: {sites} error sites, {checked} fragments checked, {len(missing)} missing")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
