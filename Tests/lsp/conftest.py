"""End-to-end tests of `navrc lsp` driven by a real third-party client (pytest-lsp / pygls).

Run through `scripts/test`, which builds navrc and sets NAVRC to the binary; by hand:

    NAVRC=.build/debug/navrc .venv-lsp/bin/pytest Tests/lsp
"""

import asyncio
import os
import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
NAVRC = os.environ.get("NAVRC", str(REPOSITORY / ".build" / "debug" / "navrc"))
TIMEOUT = 20


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[NAVRC, "lsp", "--stdio"]))
async def client(lsp_client: LanguageClient):
    yield
    server = lsp_client._server
    if server is not None and server.returncode is None:
        if lsp_client.capabilities is not None:
            await asyncio.wait_for(lsp_client.shutdown_session(), TIMEOUT)
        else:
            server.stdin.close()  # End of input: the server exits on its own.
            await asyncio.wait_for(server.wait(), TIMEOUT)


async def initialize(client: LanguageClient, folder: pathlib.Path | None, spec="visual-studio-code"):
    """Initializes with a real editor's capabilities and the workspace folder `folder`."""
    folders = None
    if folder is not None:
        folders = [types.WorkspaceFolder(uri=folder.as_uri(), name=folder.name)]
    params = types.InitializeParams(
        capabilities=client_capabilities(spec), workspace_folders=folders
    )
    return await asyncio.wait_for(client.initialize_session(params), TIMEOUT)


async def published(client: LanguageClient, uri: str, send) -> list[types.Diagnostic]:
    """Calls `send` and waits until diagnostics for `uri` are published.

    The client's store of diagnostics is polled. Waiting for notifications one by one missed
    some: when two publishes (a closed document's, then another's) are read in one turn of
    the event loop, both are handled before a waiter made after the first one is registered,
    and that waiter timed out waiting for a third (about one run in five of
    test_cross_file_uses_the_workspace_and_open_text_wins)."""
    client.diagnostics.pop(uri, None)
    send()
    loop = asyncio.get_running_loop()
    deadline = loop.time() + TIMEOUT
    while uri not in client.diagnostics:
        if loop.time() > deadline:
            raise TimeoutError(f"no diagnostics published for {uri} within {TIMEOUT} s")
        await asyncio.sleep(0.005)
    return list(client.diagnostics[uri])


def open_document(
    client: LanguageClient, uri: str, text: str, version: int = 1, language: str = "navrules"
):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id=language, version=version, text=text
            )
        )
    )


def change_document(client: LanguageClient, uri: str, text: str, version: int):
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


def close_document(client: LanguageClient, uri: str):
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )


def utf16_length(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def apply_edits(text: str, edits: list[types.TextEdit]) -> str:
    """Applies edits whose positions count UTF-16 code units."""
    lines = text.split("\n")

    def offset(position: types.Position) -> int:
        before = sum(len(line) + 1 for line in lines[: position.line])
        line = lines[position.line]
        units = 0
        for index, character in enumerate(line):
            if units >= position.character:
                return before + index
            units += utf16_length(character)
        return before + len(line)

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        start, end = offset(edit.range.start), offset(edit.range.end)
        text = text[:start] + edit.new_text + text[end:]
    return text


async def code_actions(
    client: LanguageClient, uri: str, diagnostic: types.Diagnostic
) -> list[types.CodeAction]:
    """The code actions the server offers for `diagnostic`, asked as an editor does."""
    return await asyncio.wait_for(
        client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=diagnostic.range,
                context=types.CodeActionContext(diagnostics=[diagnostic]),
            )
        ),
        TIMEOUT,
    )


@pytest.fixture
def workspace(tmp_path: pathlib.Path) -> pathlib.Path:
    (tmp_path / "flows").mkdir()
    (tmp_path / "flows" / "detail.navrules").write_text("screen Detail {}\n", encoding="utf-8")
    return tmp_path
