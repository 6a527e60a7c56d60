'use strict';
// The VS Code extension's client (editors/vscode/extension.js) run under Node against the real
// `navrc lsp`, with fake-vscode.js standing in for the `vscode` module and recording what the
// extension asks of the editor.
//
//   NAVRC=.build/debug/navrc node --test Tests/editors/vscode/
//
// (scripts/test-editors runs it.) The tests share one activation and run in order.

const test = require('node:test');
const assert = require('node:assert/strict');
const childProcess = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const Module = require('module');

const ROOT = path.resolve(__dirname, '../../..');
const NAVRC = process.env.NAVRC || path.join(ROOT, '.build/debug/navrc');
const FAKE_VSCODE = path.join(__dirname, 'fake-vscode.js');
const TIMEOUT_MS = 20000;

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolve(request, ...rest) {
  return request === 'vscode' ? FAKE_VSCODE : resolveFilename.call(this, request, ...rest);
};
const vscode = require('vscode');
const extension = require(path.join(ROOT, 'editors/vscode/extension.js'));

const editor = vscode.__editor;
const recorded = editor.recorded;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'navrc-vscode-'));
const workspaceFolder = path.join(work, 'workspace');
let api;
let collection;
const publishes = new Map();

// MARK: - Helpers

/** The text of a repository file, e.g. `examples/swipe-freeze/swipe-freeze.fixed.navrules`. */
function example(name) {
  return fs.readFileSync(path.join(ROOT, name), 'utf8');
}

/** Writes `text` to `folder/name` and returns the path. */
function place(folder, name, text) {
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, name);
  fs.writeFileSync(file, text);
  return file;
}

function navrc(args) {
  return childProcess.spawnSync(NAVRC, args, { encoding: 'utf8' });
}

/** `navrc check --format json` on a folder: its diagnostics. */
function check(folder) {
  const run = navrc(['check', '--format', 'json', folder]);
  assert.ok(run.status === 0 || run.status === 1, `navrc check failed: ${run.stderr}`);
  return JSON.parse(run.stdout).diagnostics;
}

/** What `navrc fmt` makes of `text`. */
function fmt(text) {
  const file = place(path.join(work, 'fmt-expected'), 'file.navrules', text);
  const run = navrc(['fmt', file]);
  assert.equal(run.status, 0, `navrc fmt failed: ${run.stderr}`);
  return fs.readFileSync(file, 'utf8');
}

/** A 0-based UTF-16 offset in `line` from a 1-based column in Unicode scalars. */
function utf16(line, column) {
  return Array.from(line).slice(0, column - 1).join('').length;
}

/** The diagnostics navrc check reports for `file`, in the shape `shape` gives VS Code's. */
function expectedFor(file, diagnostics) {
  const lines = (f) => fs.readFileSync(f, 'utf8').split('\n');
  return diagnostics
    .filter((d) => path.resolve(d.file) === file)
    .map((d) => ({
      severity: d.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning,
      code: d.id,
      message: d.message,
      range: [d.line - 1, utf16(lines(file)[d.line - 1], d.column),
        d.endLine - 1, utf16(lines(file)[d.endLine - 1], d.endColumn)],
      related: d.notes.map((n) => [path.resolve(n.file), n.line - 1,
        utf16(lines(path.resolve(n.file))[n.line - 1], n.column), n.message]),
    }))
    .sort(byPosition);
}

function shape(diagnostic) {
  return {
    severity: diagnostic.severity,
    code: diagnostic.code && diagnostic.code.value,
    message: diagnostic.message,
    range: [diagnostic.range.start.line, diagnostic.range.start.character,
      diagnostic.range.end.line, diagnostic.range.end.character],
    related: (diagnostic.relatedInformation || []).map((r) => [r.location.uri.fsPath,
      r.location.range.start.line, r.location.range.start.character, r.message]),
  };
}

function byPosition(a, b) {
  return a.range[0] - b.range[0] || a.range[1] - b.range[1] || a.code.localeCompare(b.code);
}

async function waitFor(what, predicate) {
  const start = Date.now();
  for (;;) {
    const value = predicate();
    if (value) return value;
    if (Date.now() - start > TIMEOUT_MS) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Runs `action` and waits until the diagnostics of `document` are published again. */
async function published(document, action) {
  const key = document.uri.toString();
  const before = publishes.get(key) || 0;
  action();
  await waitFor(`diagnostics for ${key}`, () => (publishes.get(key) || 0) > before);
  return collection.get(document.uri) || [];
}

function output() {
  return recorded.outputs[0].text;
}

/** Applies LSP-style edits (UTF-16 positions) to `text`. */
function apply(text, edits) {
  const starts = [0];
  for (let i = 0; i < text.length; i += 1) if (text[i] === '\n') starts.push(i + 1);
  const offset = (p) => starts[p.line] + p.character;
  return edits
    .map((e) => [offset(e.range.start), offset(e.range.end), e.newText])
    .sort((a, b) => b[0] - a[0])
    .reduce((result, [from, to, newText]) => result.slice(0, from) + newText + result.slice(to), text);
}

const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };

// MARK: - Tests

test.before(() => {
  fs.mkdirSync(workspaceFolder, { recursive: true });
  editor.settings.navrc = { path: NAVRC, 'trace.server': 'messages' };
  vscode.workspace.workspaceFolders = [{ uri: vscode.Uri.file(workspaceFolder), name: 'workspace', index: 0 }];
  const context = {
    subscriptions: [],
    extension: { packageJSON: require(path.join(ROOT, 'editors/vscode/package.json')) },
  };
  api = extension.activate(context);
  collection = recorded.collections[0];
  collection.changed((key) => { if (key) publishes.set(key, (publishes.get(key) || 0) + 1); });
});

test.after(async () => {
  await extension.deactivate();
  fs.rmSync(work, { recursive: true, force: true });
});

test('activation registers the providers and starts no server before a rule file opens', () => {
  assert.equal(recorded.collections.length, 1);
  assert.equal(recorded.collections[0].name, 'navrc');
  assert.equal(recorded.codeActionProviders.length, 1);
  assert.deepEqual(recorded.codeActionProviders[0].metadata.providedCodeActionKinds, [vscode.CodeActionKind.QuickFix]);
  assert.equal(recorded.formattingProviders.length, 1);
  assert.ok(recorded.formattingProviders[0].selector.every((filter) => filter.language === 'navrules'),
    'formatting is only for rule files');
  assert.ok(recorded.commands.has('navrc.restartServer'));
  assert.deepEqual(recorded.watchers.map((w) => w.glob), ['**/*.navrules']);
  assert.equal(api.client.server, undefined);
});

let mistakes;

test('a broken example gets the diagnostics of navrc check', async () => {
  const file = place(workspaceFolder, 'mistakes.navrules', example('docs/mistakes.navrules'));
  const expected = expectedFor(file, check(workspaceFolder));
  assert.ok(expected.length >= 5, 'mistakes.navrules has errors');
  let diagnostics;
  diagnostics = await published({ uri: vscode.Uri.file(file) }, () => {
    mistakes = editor.open(file, fs.readFileSync(file, 'utf8'), 'navrules');
  });
  assert.deepEqual(diagnostics.map(shape).sort(byPosition), expected);
  for (const diagnostic of diagnostics) {
    assert.equal(diagnostic.source, 'navrc');
    assert.match(diagnostic.code.target.toString(), new RegExp(`docs/rules/${diagnostic.code.value}\\.md$`));
  }
  const unused = diagnostics.find((d) => d.code.value === 'unused-style');
  assert.deepEqual(unused.tags, [vscode.DiagnosticTag.Unnecessary]);
  assert.match(output(), /→ initialize #1/);
  assert.match(output(), /→ textDocument\/didOpen \S+mistakes\.navrules \(navrules\)/);
});

test('a quick fix applies the fix-it of navrc check', async () => {
  const diagnostic = collection.get(mistakes.uri).find((d) => d.message.includes("'Detial'"));
  assert.ok(diagnostic, 'the undefined-reference diagnostic');
  const fixIt = check(workspaceFolder).find((d) => d.message === diagnostic.message).fixIts[0];
  const provider = recorded.codeActionProviders[0].provider;
  const actions = await provider.provideCodeActions(mistakes, diagnostic.range,
    { diagnostics: [diagnostic], only: undefined, triggerKind: 1 }, token);
  assert.equal(actions.length, 1);
  const [action] = actions;
  assert.equal(action.title, fixIt.message[0].toUpperCase() + fixIt.message.slice(1));
  assert.equal(action.kind, vscode.CodeActionKind.QuickFix);
  assert.equal(action.isPreferred, true);
  assert.strictEqual(action.diagnostics[0], diagnostic, 'the action names the diagnostic it fixes');
  const entries = action.edit.entries();
  assert.equal(entries.length, 1);
  assert.equal(entries[0][0].toString(), mistakes.uri.toString());
  assert.equal(apply(mistakes.getText(), entries[0][1]).split('\n')[16], '    push Detail     // expect: error undefined-reference');
  const [edit] = fixIt.edits;
  assert.deepEqual(entries[0][1].map((e) => [e.range.start.line, e.range.start.character, e.range.end.line, e.range.end.character, e.newText]),
    [[edit.line - 1, edit.column - 1, edit.endLine - 1, edit.endColumn - 1, edit.replacement]]);
  const none = await provider.provideCodeActions(mistakes, new vscode.Range(0, 0, 0, 1),
    { diagnostics: [], only: undefined, triggerKind: 1 }, token);
  assert.deepEqual(none, [], 'no fix away from a diagnostic');
});

test('an edit that fixes the file clears its diagnostics', async () => {
  // Outside the workspace folder: checked with the rule files beside it.
  const folder = path.join(work, 'swipe');
  const file = place(folder, 'swipe-freeze.navrules', example('examples/swipe-freeze/swipe-freeze.broken.navrules'));
  const expected = expectedFor(file, check(folder));
  assert.deepEqual(expected.map((d) => d.code).sort(), ['content-swipe-bypass', 'gesture-deadlock']);
  assert.ok(expected.every((d) => d.related.length > 0), 'each with the navigation path as a note');
  let document;
  const before = await published({ uri: vscode.Uri.file(file) }, () => {
    document = editor.open(file, fs.readFileSync(file, 'utf8'), 'navrules');
  });
  assert.deepEqual(before.map(shape), expected);
  const fixed = example('examples/swipe-freeze/swipe-freeze.fixed.navrules');
  assert.deepEqual(check(path.dirname(place(path.join(work, 'swipe-fixed'), 'fixed.navrules', fixed))), []);
  const after = await published(document, () => editor.edit(document, fixed));
  assert.deepEqual(after, []);
  assert.match(output(), /→ textDocument\/didChange \S+swipe-freeze\.navrules/);
  editor.close(document);
});

test("formatting returns navrc fmt's text", async () => {
  const messy = 'screen A{\npush B;back block}\nscreen B{ // the target\n}\n\n\nnavigator N{root A}\n';
  const expected = fmt(messy);
  assert.notEqual(expected, messy);
  const file = place(path.join(work, 'format'), 'messy.navrules', messy);
  let document;
  await published({ uri: vscode.Uri.file(file) }, () => {
    document = editor.open(file, messy, 'navrules');
  });
  const provider = recorded.formattingProviders[0].provider;
  const edits = await provider.provideDocumentFormattingEdits(document, { tabSize: 4, insertSpaces: true }, token);
  assert.ok(edits.length > 0);
  assert.equal(apply(messy, edits), expected);
  await published(document, () => editor.edit(document, expected));
  assert.deepEqual(await provider.provideDocumentFormattingEdits(document, { tabSize: 4, insertSpaces: true }, token), [],
    'a formatted document is left alone');
  editor.close(document);
});

test('closing a document clears its diagnostics', async () => {
  assert.ok(collection.get(mistakes.uri).length > 0);
  const after = await published(mistakes, () => editor.close(mistakes));
  assert.deepEqual(after, []);
  assert.match(output(), /→ textDocument\/didClose \S+mistakes\.navrules/);
  await waitFor('the server to publish nothing for it',
    () => /← textDocument\/publishDiagnostics \S+workspace\/mistakes\.navrules \(0 diagnostics\)/.test(output()));
});

test('Swift and Objective-C files reach the server only with navrc.scanSwift', async () => {
  const folder = path.join(work, 'app');
  const swift = editor.open(place(folder, 'View.swift', 'import UIKit\n'), 'import UIKit\n', 'swift');
  const header = editor.open(place(folder, 'View.h', '@import UIKit;\n'), '@import UIKit;\n', 'c');
  const text = editor.open(place(folder, 'notes.txt', 'notes\n'), 'notes\n', 'plaintext');
  // A rule file opened after them: once its diagnostics are back, the server has read the rest.
  const rules = place(folder, 'app.navrules', 'navigator Main { root Home }\nscreen Home {}\n');
  let document;
  await published({ uri: vscode.Uri.file(rules) }, () => {
    document = editor.open(rules, fs.readFileSync(rules, 'utf8'), 'navrules');
  });
  assert.doesNotMatch(output(), /didOpen \S+View\.(swift|h)/);

  editor.configure({ scanSwift: true });
  await waitFor('the Swift file opened', () => /→ textDocument\/didOpen \S+View\.swift \(swift\)/.test(output()));
  assert.match(output(), /→ textDocument\/didOpen \S+View\.h \(c\)/);
  assert.doesNotMatch(output(), /notes\.txt/);

  editor.configure({ scanSwift: false });
  await waitFor('the Swift file closed', () => /→ textDocument\/didClose \S+View\.swift/.test(output()));
  assert.match(output(), /→ textDocument\/didClose \S+View\.h/);
  for (const d of [swift, header, text, document]) editor.close(d);
});

test('the restart command starts a new server that gets the open documents again', async () => {
  const file = place(path.join(work, 'restart'), 'mistakes.navrules', example('docs/mistakes.navrules'));
  const document = editor.open(file, fs.readFileSync(file, 'utf8'), 'navrules');
  await waitFor('diagnostics', () => (collection.get(document.uri) || []).length > 0);
  const old = api.client.server.process;
  const diagnostics = await published(document, () => vscode.commands.executeCommand('navrc.restartServer'));
  assert.equal(old.exitCode, 0, 'the old server was shut down and exited with status 0');
  assert.notEqual(api.client.server.process.pid, old.pid);
  assert.ok(diagnostics.length >= 5);
  editor.close(document);
});

test('a navrc that cannot be started is reported, naming navrc.path', async () => {
  const file = place(path.join(work, 'missing'), 'a.navrules', 'screen A {}\n');
  const document = editor.open(file, 'screen A {}\n', 'navrules');
  editor.configure({ path: path.join(work, 'no-such-navrc') });
  const message = await waitFor('an error message', () => recorded.messages.find((m) => m.kind === 'error'));
  assert.match(message.text, /no-such-navrc/);
  assert.match(message.text, /navrc\.path/);
  assert.deepEqual(message.items, ['Open Settings']);
  editor.configure({ path: NAVRC });
  await waitFor('the server back', () => api.client.server && collection.get(document.uri));
  assert.equal(recorded.messages.filter((m) => m.kind === 'error').length, 1, 'said once');
  editor.close(document);
});

test('deactivation shuts the server down', async () => {
  const server = api.client.server.process;
  await extension.deactivate();
  await waitFor('the server to exit', () => server.exitCode !== null);
  assert.equal(server.exitCode, 0);
  assert.match(output(), /→ shutdown/);
  assert.match(output(), /→ exit/);
});
