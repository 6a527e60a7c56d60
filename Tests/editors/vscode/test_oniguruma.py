"""The VS Code grammar under Oniguruma, the regular expression engine VS Code tokenizes with.

Run by scripts/test-editors in its virtualenv (onigurumacffi):

    .venv-lsp/bin/pytest -q Tests/editors/vscode/test_oniguruma.py

grammar.test.js checks the highlighting with JavaScript's regular expressions; this checks that
Oniguruma compiles every pattern and finds exactly what JavaScript finds, at every position of
every line of the highlighting sample, so that the Node test speaks for VS Code.
"""

import json
import pathlib
import shutil
import subprocess

import onigurumacffi
import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[3]
GRAMMAR = REPOSITORY / "editors" / "vscode" / "syntaxes" / "navrules.tmLanguage.json"
SAMPLE = REPOSITORY / "Tests" / "editors" / "highlight" / "sample.navrules"

# For each pattern, line and position: the span of the match and of its groups, or null.
JAVASCRIPT = r"""
const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const results = input.sources.map((source) => {
  const regex = new RegExp(source, 'dgu');
  return input.lines.map((line) => {
    const found = [];
    for (let position = 0; position <= line.length; position += 1) {
      regex.lastIndex = position;
      const match = regex.exec(line);
      found.push(match ? match.indices.map((span) => span || null) : null);
    }
    return found;
  });
});
process.stdout.write(JSON.stringify(results));
"""


def pattern_sources(node):
    if isinstance(node, list):
        for child in node:
            yield from pattern_sources(child)
    elif isinstance(node, dict):
        for key, value in node.items():
            if key in ("match", "begin", "end", "while") and isinstance(value, str):
                yield value
            else:
                yield from pattern_sources(value)


SOURCES = sorted(set(pattern_sources(json.loads(GRAMMAR.read_text(encoding="utf-8")))))


@pytest.mark.parametrize("source", SOURCES)
def test_pattern_compiles(source):
    onigurumacffi.compile(source)


def test_javascript_finds_what_oniguruma_finds():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    lines = SAMPLE.read_text(encoding="utf-8").split("\n")
    assert all(line.isascii() for line in lines), "positions are compared as ASCII offsets"
    run = subprocess.run(
        [node, "-e", JAVASCRIPT],
        input=json.dumps({"sources": SOURCES, "lines": lines}),
        capture_output=True, text=True, check=True,
    )
    javascript = json.loads(run.stdout)
    compared = 0
    for source, per_line in zip(SOURCES, javascript):
        pattern = onigurumacffi.compile(source)
        for number, (line, per_position) in enumerate(zip(lines, per_line), start=1):
            for position, expected in enumerate(per_position):
                match = pattern.search(line, position)
                where = f"{source!r} on line {number} from column {position + 1}"
                if expected is None:
                    assert match is None, f"only Oniguruma matches {where}"
                    continue
                assert match is not None, f"only JavaScript matches {where}"
                for group, span in enumerate(expected):
                    if span is not None:
                        assert list(match.span(group)) == span, f"group {group} of {where}"
                compared += 1
    assert compared > 1000
