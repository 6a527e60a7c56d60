"""The checker's diagnostics through `navrc lsp`: fix-its as code actions that really fix,
navigation paths as related information, suppression comments."""

import pathlib

import pytest
from conftest import (
    apply_edits,
    change_document,
    code_actions,
    initialize,
    open_document,
    published,
)
from lsprotocol import types
from pytest_lsp import LanguageClient

SEARCH = """navigator Main { root Home }
screen Home { push Search }
screen Search {
    navigationBar hidden
    popGesture enabled
}
"""

# Form disables the swipe in viewWillAppear, which runs while a swipe back from Help is in
# flight. Its hook holds another action, so each fix-it is several edits. Its custom left button
# already keeps Form's own swipe off, so iOS 26's content swipe is no concern here
# (content-swipe-bypass).
DEADLOCK = """navigator Main { root Home }
screen Home { push Form }
screen Form {
    push Help
    leftBarButton custom
    on viewWillAppear { navigationBar visible; popGesture disabled }
    on viewDidDisappear { popGesture enabled }
}
screen Help { title "Help" }
"""

# Catalog sets its title style in viewWillAppear, which a back tap from Product ignores.
TITLE = """style Catalog { color #1D3557 }
style Product { color systemOrange }
navigator Shop { root Catalog }
screen Catalog {
    push Product
    on viewWillAppear { navigationBar visible; titleStyle Catalog }
}
screen Product { titleStyle Product }
"""

MOVE_TO_DID_APPEAR = "Run it in viewDidAppear, after the swipe has finished"
DECLARE_DISABLED = (
    "Declare 'popGesture disabled' instead; the runtime applies it only while 'Form' is on top"
)


@pytest.fixture
def folder(tmp_path: pathlib.Path) -> pathlib.Path:
    """A workspace folder of its own: only the documents a test opens or writes."""
    path = tmp_path / "rules"
    path.mkdir()
    return path


def position_of(text: str, fragment: str) -> types.Position:
    """The position of `fragment` in ASCII `text`."""
    before = text[: text.index(fragment)]
    return types.Position(line=before.count("\n"), character=len(before.split("\n")[-1]))


@pytest.mark.asyncio
async def test_gesture_blocked_by_system_fix_it_removes_the_warning(client: LanguageClient, folder):
    await initialize(client, folder)
    uri = (folder / "search.navrules").as_uri()
    [diagnostic] = await published(client, uri, lambda: open_document(client, uri, SEARCH))
    assert diagnostic.code == "gesture-blocked-by-system"
    assert diagnostic.severity == types.DiagnosticSeverity.Warning
    assert diagnostic.range.start == position_of(SEARCH, "popGesture enabled")
    [action] = await code_actions(client, uri, diagnostic)
    assert action.kind == types.CodeActionKind.QuickFix
    assert action.title == "Use 'popGesture forced'"
    assert action.is_preferred
    assert action.diagnostics[0].code == "gesture-blocked-by-system"
    [edit] = action.edit.changes[uri]
    assert edit.new_text == "popGesture forced"
    fixed = apply_edits(SEARCH, action.edit.changes[uri])
    assert fixed == SEARCH.replace("popGesture enabled", "popGesture forced")
    assert await published(client, uri, lambda: change_document(client, uri, fixed, 2)) == []


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "title, expected",
    [
        (
            MOVE_TO_DID_APPEAR,
            DEADLOCK.replace(
                "{ navigationBar visible; popGesture disabled }",
                "{ navigationBar visible;  }\n    on viewDidAppear { popGesture disabled }",
            ),
        ),
        (
            DECLARE_DISABLED,
            DEADLOCK.replace(
                "    on viewWillAppear { navigationBar visible; popGesture disabled }",
                "    popGesture disabled\n    on viewWillAppear { navigationBar visible;  }",
            ),
        ),
    ],
)
async def test_gesture_deadlock_multi_edit_fix_its(client: LanguageClient, folder, title, expected):
    await initialize(client, folder)
    uri = (folder / "form.navrules").as_uri()
    [diagnostic] = await published(client, uri, lambda: open_document(client, uri, DEADLOCK))
    assert diagnostic.code == "gesture-deadlock"
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    actions = await code_actions(client, uri, diagnostic)
    # Two ways to fix it: both are offered, neither is preferred.
    assert [a.title for a in actions] == [MOVE_TO_DID_APPEAR, DECLARE_DISABLED]
    assert not any(a.is_preferred for a in actions)
    [action] = [a for a in actions if a.title == title]
    edits = action.edit.changes[uri]
    assert len(edits) == 2
    fixed = apply_edits(DEADLOCK, edits)
    assert fixed == expected
    assert await published(client, uri, lambda: change_document(client, uri, fixed, 2)) == []


@pytest.mark.asyncio
async def test_title_lost_on_back_fix_it_declares_the_style(client: LanguageClient, folder):
    await initialize(client, folder)
    uri = (folder / "shop.navrules").as_uri()
    [diagnostic] = await published(client, uri, lambda: open_document(client, uri, TITLE))
    assert diagnostic.code == "title-lost-on-back"
    assert diagnostic.range.start == position_of(TITLE, "titleStyle Catalog }")
    [action] = await code_actions(client, uri, diagnostic)
    assert action.title.startswith("Declare the title style on 'Catalog'")
    edits = action.edit.changes[uri]
    assert len(edits) == 2  # insert the directive, remove the action
    fixed = apply_edits(TITLE, edits)
    assert fixed == TITLE.replace(
        "    on viewWillAppear { navigationBar visible; titleStyle Catalog }",
        "    titleStyle Catalog\n    on viewWillAppear { navigationBar visible;  }",
    )
    assert await published(client, uri, lambda: change_document(client, uri, fixed, 2)) == []


@pytest.mark.asyncio
async def test_navigation_path_notes_are_related_information(client: LanguageClient, folder):
    await initialize(client, folder)
    uri = (folder / "form.navrules").as_uri()
    [diagnostic] = await published(client, uri, lambda: open_document(client, uri, DEADLOCK))
    [note] = diagnostic.related_information
    assert note.message == "in navigator 'Main': Home → Form → Help, then swipe back"
    assert note.location.uri == uri
    assert note.location.range.start == position_of(DEADLOCK, "Main")
    assert note.location.range.end.character == note.location.range.start.character + len("Main")


@pytest.mark.asyncio
async def test_path_note_in_another_file_points_there(client: LanguageClient, folder):
    """The navigator lives in a file that is not open: the note's location is that file."""
    navigation, rest = DEADLOCK.split("screen Form")
    (folder / "main.navrules").write_text(navigation, encoding="utf-8")
    await initialize(client, folder)
    uri = (folder / "form.navrules").as_uri()
    opened = "screen Form" + rest
    [diagnostic] = await published(client, uri, lambda: open_document(client, uri, opened))
    assert diagnostic.code == "gesture-deadlock"
    [note] = diagnostic.related_information
    assert note.location.uri == (folder / "main.navrules").as_uri()
    assert note.location.range.start == position_of(navigation, "Main")
    assert "Home → Form → Help" in note.message


@pytest.mark.asyncio
async def test_suppression_comments_silence_diagnostics(client: LanguageClient, folder):
    await initialize(client, folder)
    uri = (folder / "search.navrules").as_uri()
    same_line = SEARCH.replace(
        "popGesture enabled",
        "popGesture enabled  // navrc:disable-line gesture-blocked-by-system",
    )
    assert await published(client, uri, lambda: open_document(client, uri, same_line)) == []

    next_line = SEARCH.replace(
        "    popGesture enabled",
        "    // navrc:disable-next-line gesture-blocked-by-system\n    popGesture enabled",
    )
    assert await published(client, uri, lambda: change_document(client, uri, next_line, 2)) == []

    # The wrong id silences nothing: the warning is back, and the comment is reported unused.
    wrong = SEARCH.replace(
        "popGesture enabled", "popGesture enabled  // navrc:disable-line root-pop"
    )
    diagnostics = await published(client, uri, lambda: change_document(client, uri, wrong, 3))
    codes = sorted(d.code for d in diagnostics)
    assert codes == ["gesture-blocked-by-system", "unused-suppression"]
    [unused] = [d for d in diagnostics if d.code == "unused-suppression"]
    assert list(unused.tags) == [types.DiagnosticTag.Unnecessary]
    assert unused.range.start.line == position_of(wrong, "// navrc").line


@pytest.mark.asyncio
async def test_suppressed_checker_error_offers_no_fix(client: LanguageClient, folder):
    await initialize(client, folder)
    uri = (folder / "form.navrules").as_uri()
    suppressed = DEADLOCK.replace(
        "    on viewWillAppear",
        "    // navrc:disable-next-line gesture-deadlock\n    on viewWillAppear",
    )
    assert await published(client, uri, lambda: open_document(client, uri, suppressed)) == []
    position = position_of(suppressed, "popGesture disabled")
    at_action = types.Diagnostic(range=types.Range(start=position, end=position), message="")
    assert list(await code_actions(client, uri, at_action)) == []
