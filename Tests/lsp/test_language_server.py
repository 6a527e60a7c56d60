"""`navrc lsp` end to end, through pygls's client over a real pipe."""

import asyncio
import json

import pytest
from conftest import (
    TIMEOUT,
    apply_edits,
    change_document,
    close_document,
    initialize,
    open_document,
    published,
    utf16_length,
)
from lsprotocol import types
from pytest_lsp import LanguageClient

HOME = "navigator Main { root Home }\nscreen Home { push Detail }\n"


@pytest.mark.asyncio
async def test_initialize_announces_full_sync_and_quick_fixes(client: LanguageClient, workspace):
    result = await initialize(client, workspace)
    assert result.server_info.name == "navrc"
    sync = result.capabilities.text_document_sync
    assert sync.open_close and sync.change == types.TextDocumentSyncKind.Full
    assert result.capabilities.position_encoding == types.PositionEncodingKind.Utf16
    assert "quickfix" in result.capabilities.code_action_provider.code_action_kinds


@pytest.mark.asyncio
async def test_open_change_close(client: LanguageClient, workspace):
    await initialize(client, workspace)
    uri = (workspace / "main.navrules").as_uri()
    broken = HOME.replace("push Detail", "push Detial")
    diagnostics = await published(client, uri, lambda: open_document(client, uri, broken))
    assert [d.code for d in diagnostics] == ["undefined-reference"]
    [undefined] = diagnostics
    assert undefined.severity == types.DiagnosticSeverity.Error
    assert undefined.source == "navrc"
    assert undefined.range.start == types.Position(line=1, character=19)
    assert undefined.range.end == types.Position(line=1, character=25)
    assert undefined.code_description.href.endswith("docs/rules/undefined-reference.md")
    [note] = undefined.related_information
    assert note.message == "did you mean 'Detail'?"
    assert note.location.uri == uri

    fixed = await published(client, uri, lambda: change_document(client, uri, HOME, 2))
    assert fixed == []

    reopened = await published(client, uri, lambda: change_document(client, uri, broken + "}", 3))
    assert sorted(d.code for d in reopened) == ["syntax", "undefined-reference"]

    cleared = await published(client, uri, lambda: close_document(client, uri))
    assert cleared == []


@pytest.mark.asyncio
async def test_cross_file_uses_the_workspace_and_open_text_wins(client: LanguageClient, workspace):
    await initialize(client, workspace)
    main = (workspace / "main.navrules").as_uri()
    detail = (workspace / "flows" / "detail.navrules").as_uri()
    # Detail is declared in a file that is not open: no error.
    assert await published(client, main, lambda: open_document(client, main, HOME)) == []
    # Renaming it in the open (unsaved) detail file breaks main, which is re-published.
    broken = await published(client, main, lambda: open_document(client, detail, "screen Details {}\n"))
    assert [d.code for d in broken] == ["undefined-reference"]
    # Closing detail re-checks main against the file on disk.
    await published(client, main, lambda: close_document(client, detail))
    assert list(client.diagnostics[main]) == []


@pytest.mark.asyncio
async def test_non_ascii_line_counts_utf16_code_units(client: LanguageClient, workspace):
    await initialize(client, workspace)
    uri = (workspace / "main.navrules").as_uri()
    line = 'screen Home { title "Café 🚀 naïve 𝄞"; push Detial }'
    text = "navigator Main { root Home }\n" + line + "\n"  # Detail is in flows/
    [diagnostic] = await published(client, uri, lambda: open_document(client, uri, text))
    prefix = line[: line.index("Detial")]
    assert utf16_length(prefix) == len(prefix) + 2  # the two astral characters
    assert diagnostic.range.start == types.Position(line=1, character=utf16_length(prefix))
    assert diagnostic.range.end.character == utf16_length(prefix) + len("Detial")


@pytest.mark.asyncio
async def test_neovim_negotiates_utf8_positions(client: LanguageClient, workspace):
    result = await initialize(client, workspace, spec="neovim")
    assert result.capabilities.position_encoding == types.PositionEncodingKind.Utf8
    uri = (workspace / "main.navrules").as_uri()
    line = 'screen Home { title "Café 🚀"; push Detial }'
    text = "navigator Main { root Home }\n" + line + "\n"  # Detail is in flows/
    [diagnostic] = await published(client, uri, lambda: open_document(client, uri, text))
    prefix = line[: line.index("Detial")]
    assert diagnostic.range.start.character == len(prefix.encode("utf-8"))


@pytest.mark.asyncio
async def test_fix_it_code_action(client: LanguageClient, workspace):
    await initialize(client, workspace)
    uri = (workspace / "main.navrules").as_uri()
    text = 'navigator Main { root Home }\nscreen Home { title "🚀"; pushh Detail }\n'
    [diagnostic] = await published(client, uri, lambda: open_document(client, uri, text))
    assert diagnostic.code == "unknown-directive"
    actions = await asyncio.wait_for(
        client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=diagnostic.range,
                context=types.CodeActionContext(diagnostics=[diagnostic]),
            )
        ),
        TIMEOUT,
    )
    [action] = actions
    assert action.kind == types.CodeActionKind.QuickFix
    assert action.title == "Replace 'pushh' with 'push'"
    assert action.diagnostics[0].code == "unknown-directive"
    fixed = apply_edits(text, action.edit.changes[uri])
    assert fixed == text.replace("pushh", "push")
    assert await published(client, uri, lambda: change_document(client, uri, fixed, 2)) == []


def frame(content: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(content) + content


def malformed_frames() -> list[bytes]:
    """100 frames of 10 kinds: bad headers, bad JSON, bad JSON-RPC, bad methods and params."""
    frames = []
    for index in range(100):
        kind = index % 10
        request_id = 900_000 + index
        frames.append(
            [
                frame(b"{not json"),
                b"X-Garbage: no length here\r\n\r\n",
                b"Content-Length: twelve\r\n\r\n",
                frame(b"[1, 2, 3]"),
                frame(json.dumps({"jsonrpc": "2.0", "id": request_id, "method": "no/such"}).encode()),
                frame(
                    json.dumps(
                        {"jsonrpc": "2.0", "id": request_id, "method": "textDocument/codeAction", "params": 42}
                    ).encode()
                ),
                frame(b'{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":7}}'),
                frame(b'"just a string"'),
                frame(json.dumps({"jsonrpc": "1.0", "id": request_id, "method": "shutdown"}).encode()),
                frame(b"\xff\xfe\xfd not utf-8"),
            ][kind]
        )
    return frames


@pytest.mark.asyncio
async def test_malformed_frames_then_a_valid_request_is_answered(client: LanguageClient, workspace):
    await initialize(client, workspace)
    uri = (workspace / "main.navrules").as_uri()
    text = HOME.replace("push Detail", "push Detial")
    await published(client, uri, lambda: open_document(client, uri, text))
    frames = malformed_frames()
    assert len(frames) == 100
    for raw in frames:
        client.protocol.writer.write(raw)
    position = types.Position(line=1, character=20)
    actions = await asyncio.wait_for(
        client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=types.Range(start=position, end=position),
                context=types.CodeActionContext(diagnostics=[]),
            )
        ),
        TIMEOUT,
    )
    assert [a.title for a in actions] == ["Replace 'Detial' with 'Detail'"]
    # And it still checks documents.
    assert await published(client, uri, lambda: change_document(client, uri, HOME, 2)) == []


@pytest.mark.asyncio
async def test_exit_status_is_zero_after_shutdown(client: LanguageClient, workspace):
    await initialize(client, workspace)
    await asyncio.wait_for(client.shutdown_session(), TIMEOUT)
    assert client._server.returncode == 0


@pytest.mark.asyncio
async def test_exit_without_shutdown_is_an_error(client: LanguageClient, workspace):
    await initialize(client, workspace)
    client.exit(None)
    await asyncio.wait_for(client._server.wait(), TIMEOUT)
    assert client._server.returncode == 1


@pytest.mark.asyncio
async def test_a_swift_document_gets_navrc_scan_findings_for_its_app(client: LanguageClient, workspace):
    await initialize(client, workspace)
    app = workspace / "App"
    app.mkdir()
    (app / "Start.swift").write_text(
        "func start(window: UIWindow) {\n"
        "  window.rootViewController = UINavigationController(rootViewController: HomeViewController())\n"
        "}\n"
        "class HomeViewController: UIViewController {}\n",
        encoding="utf-8",
    )
    uri = (app / "SwipeBack.swift").as_uri()
    text = (
        "extension UINavigationController {\n"
        "  open override func viewDidLoad() {\n"
        "    super.viewDidLoad()\n"
        "    interactivePopGestureRecognizer?.delegate = nil  // \u00e9\n"
        "  }\n"
        "}\n"
    )
    diagnostics = await published(client, uri, lambda: open_document(client, uri, text, language="swift"))
    assert [d.code for d in diagnostics] == ["root-pop"]
    [root_pop] = diagnostics
    assert root_pop.range.start == types.Position(line=3, character=4)
    # The note's path starts where the navigation controller is made, in the unopened file.
    assert any(note.location.uri.endswith("/App/Start.swift") for note in root_pop.related_information)
    # No quick fixes and no formatting for Swift code.
    formatted = await asyncio.wait_for(
        client.text_document_formatting_async(
            types.DocumentFormattingParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                options=types.FormattingOptions(tab_size=4, insert_spaces=True),
            )
        ),
        TIMEOUT,
    )
    assert not formatted
    fixed = text.replace("interactivePopGestureRecognizer?.delegate = nil", "")
    assert await published(client, uri, lambda: change_document(client, uri, fixed, 2)) == []
