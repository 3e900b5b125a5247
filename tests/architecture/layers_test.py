#!/usr/bin/env python3
"""The libraries' dependencies point one way (docs/architecture.md, "Layers"): every #include of
the project's own headers in engine/, analyzers/, cli/ and package/ is checked against the layer
table below, which mirrors the target_link_libraries of the CMake files. A library may include its own
headers, public and private, and the public headers of the layers below it; nothing else.
Usage: layers_test.py SOURCE_DIR (exit 1 naming every include that breaks the table)."""
import pathlib
import re
import sys

# Each layer and the layers it may use (directly; what they use is not implied, so that each
# line names every layer a library reads).
LAYERS = {
    "support": [],
    "model": ["support"],
    "loader": ["model", "support"],
    "tables": ["model", "support"],
    "search": ["tables", "model", "support"],
    "shanten": ["model", "support"],
    "queries": ["search", "shanten", "tables", "model", "support"],
    "reading": ["queries", "search", "tables", "model", "support"],
    "scoring": ["loader", "reading", "queries", "search", "tables", "model", "support"],
    "corpus": ["scoring", "loader", "reading", "queries", "search", "shanten", "tables", "model",
               "support"],
    "answers": ["corpus", "scoring", "loader", "reading", "queries", "search", "shanten", "tables",
                "model", "support"],
    "cli": ["answers", "corpus", "scoring", "loader", "reading", "queries", "search", "shanten",
            "tables", "model", "support", "package"],
    # package/: the version and the umbrella header <meldgraph/meldgraph.hpp>, over everything.
    "package": ["answers", "corpus", "scoring", "loader", "reading", "queries", "search",
                "shanten", "tables", "model", "support"],
}
# The package's headers sit directly in meldgraph/ (meldgraph/version.hpp, meldgraph/meldgraph.hpp).
PACKAGE_HEADERS = {"version.hpp", "meldgraph.hpp"}


def layer_of(path: pathlib.PurePosixPath):
    """The layer a source file belongs to, and whether it is one of its public headers."""
    parts = path.parts
    if parts[0] == "engine" and parts[1] == "include":
        return parts[3], True
    if parts[0] == "engine" and parts[1] == "src":
        return parts[2], False
    if parts[0] == "analyzers" and parts[2] == "include":
        return parts[1], True
    if parts[0] == "analyzers":
        return parts[1], False
    if parts[0] == "cli":
        return "cli", False
    if parts[0] == "package":
        return "package", parts[1] == "include"
    return None, False


def main() -> int:
    root = pathlib.Path(sys.argv[1])
    include = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
    problems = []
    tops = ("engine", "analyzers", "cli", "package")
    sources = [p for top in tops for p in (root / top).rglob("*") if p.suffix in (".cpp", ".hpp")]
    for source in sorted(sources):
        relative = pathlib.PurePosixPath(source.relative_to(root).as_posix())
        layer, _ = layer_of(relative)
        if layer is None:
            continue
        for match in include.finditer(source.read_text(encoding="utf-8")):
            spelled = match.group(1)
            line = source.read_text(encoding="utf-8")[: match.start()].count("\n") + 1
            if spelled.startswith("meldgraph/"):
                used = spelled.split("/")[1]
                if used in PACKAGE_HEADERS:
                    used = "package"
                if used not in LAYERS:
                    problems.append(f"{relative}:{line}: '{spelled}' is no layer's header")
                elif used != layer and used not in LAYERS[layer]:
                    problems.append(f"{relative}:{line}: {layer} includes '{spelled}' of {used}, "
                                    f"which {layer} may not use")
            elif "/" in spelled and spelled.split("/")[0] == "..":
                problems.append(f"{relative}:{line}: '{spelled}' reaches out of its library")
    for problem in problems:
        print(problem)
    print(f"layers: {len(sources)} files, {len(problems)} include(s) against the layer table")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
