'use strict';
// A stand-in for the `vscode` module: the part of the documented API that editors/vscode uses,
// recording what the extension asks of the editor so that tests can drive it under plain Node.
// extension.test.js installs it in place of `vscode` (Module._resolveFilename).

const url = require('url');

class Uri {
  constructor(href) {
    const parsed = new URL(href);
    this.scheme = parsed.protocol.replace(/:$/, '');
    this.path = decodeURIComponent(parsed.pathname);
    this.fsPath = this.scheme === 'file' ? url.fileURLToPath(parsed) : this.path;
    this.href = href;
  }
  static file(fsPath) { return new Uri(url.pathToFileURL(fsPath).href); }
  static parse(value) { return new Uri(value); }
  toString() { return this.href; }
}

class Position {
  constructor(line, character) { this.line = line; this.character = character; }
  isEqual(other) { return this.line === other.line && this.character === other.character; }
}

class Range {
  constructor(a, b, c, d) {
    if (typeof a === 'number') { this.start = new Position(a, b); this.end = new Position(c, d); }
    else { this.start = a; this.end = b; }
  }
  isEqual(other) { return this.start.isEqual(other.start) && this.end.isEqual(other.end); }
}

class Location {
  constructor(uri, rangeOrPosition) { this.uri = uri; this.range = rangeOrPosition; }
}

const DiagnosticSeverity = { Error: 0, Warning: 1, Information: 2, Hint: 3 };
const DiagnosticTag = { Unnecessary: 1, Deprecated: 2 };

class Diagnostic {
  constructor(range, message, severity = DiagnosticSeverity.Error) {
    this.range = range; this.message = message; this.severity = severity;
  }
}

class DiagnosticRelatedInformation {
  constructor(location, message) { this.location = location; this.message = message; }
}

class CodeActionKind {
  constructor(value) { this.value = value; }
  append(part) { return new CodeActionKind(this.value ? `${this.value}.${part}` : part); }
  contains(other) { return this.value === '' || other.value === this.value || other.value.startsWith(`${this.value}.`); }
}
CodeActionKind.Empty = new CodeActionKind('');
CodeActionKind.QuickFix = new CodeActionKind('quickfix');

class CodeAction {
  constructor(title, kind) { this.title = title; this.kind = kind; }
}

class TextEdit {
  constructor(range, newText) { this.range = range; this.newText = newText; }
  static replace(range, newText) { return new TextEdit(range, newText); }
}

class WorkspaceEdit {
  constructor() { this.edits = new Map(); }
  replace(uri, range, newText) {
    const key = uri.toString();
    if (!this.edits.has(key)) this.edits.set(key, [uri, []]);
    this.edits.get(key)[1].push(new TextEdit(range, newText));
  }
  entries() { return [...this.edits.values()].map(([uri, edits]) => [uri, edits.slice()]); }
  get size() { return this.edits.size; }
}

class Disposable {
  constructor(callback) { this.callback = callback; }
  dispose() { if (this.callback) this.callback(); this.callback = undefined; }
  static from(...items) { return new Disposable(() => items.forEach((item) => item.dispose())); }
}

/** vscode's Event: a function that subscribes a listener; `fire` calls them all. */
function event() {
  const listeners = new Set();
  const subscribe = (listener) => {
    listeners.add(listener);
    return new Disposable(() => listeners.delete(listener));
  };
  subscribe.fire = (value) => { for (const listener of [...listeners]) listener(value); };
  subscribe.count = () => listeners.size;
  return subscribe;
}

// What the extension did, for the tests to look at.
const recorded = {
  collections: [],
  outputs: [],
  messages: [],
  commands: new Map(),
  codeActionProviders: [],
  formattingProviders: [],
  watchers: [],
};

function createDiagnosticCollection(name) {
  const entries = new Map();
  const collection = {
    name,
    changed: event(),
    set(uri, diagnostics) { entries.set(uri.toString(), [uri, diagnostics.slice()]); collection.changed.fire(uri.toString()); },
    delete(uri) { entries.delete(uri.toString()); collection.changed.fire(uri.toString()); },
    clear() { entries.clear(); collection.changed.fire(undefined); },
    get(uri) { const entry = entries.get(uri.toString()); return entry ? entry[1] : undefined; },
    has(uri) { return entries.has(uri.toString()); },
    forEach(callback) { for (const [uri, diagnostics] of entries.values()) callback(uri, diagnostics, collection); },
    dispose() { entries.clear(); },
  };
  recorded.collections.push(collection);
  return collection;
}

const settings = { navrc: {} };

const workspace = {
  workspaceFolders: undefined,
  textDocuments: [],
  getConfiguration(section) {
    return {
      get(key, fallback) {
        const value = (settings[section] || {})[key];
        return value === undefined ? fallback : value;
      },
    };
  },
  onDidOpenTextDocument: event(),
  onDidChangeTextDocument: event(),
  onDidSaveTextDocument: event(),
  onDidCloseTextDocument: event(),
  onDidChangeWorkspaceFolders: event(),
  onDidChangeConfiguration: event(),
  createFileSystemWatcher(glob) {
    const watcher = { glob, onDidCreate: event(), onDidChange: event(), onDidDelete: event(), dispose() {} };
    recorded.watchers.push(watcher);
    return watcher;
  },
};

const languages = {
  createDiagnosticCollection,
  registerCodeActionsProvider(selector, provider, metadata) {
    recorded.codeActionProviders.push({ selector, provider, metadata });
    return new Disposable();
  },
  registerDocumentFormattingEditProvider(selector, provider) {
    recorded.formattingProviders.push({ selector, provider });
    return new Disposable();
  },
};

function message(kind) {
  return (text, ...items) => {
    recorded.messages.push({ kind, text, items });
    return Promise.resolve(undefined);
  };
}

const window = {
  createOutputChannel(name) {
    const channel = {
      name,
      text: '',
      append(value) { channel.text += value; },
      appendLine(value) { channel.text += `${value}\n`; },
      show() {},
      clear() { channel.text = ''; },
      dispose() {},
    };
    recorded.outputs.push(channel);
    return channel;
  },
  showErrorMessage: message('error'),
  showWarningMessage: message('warning'),
  showInformationMessage: message('information'),
};

const commands = {
  registerCommand(id, callback) {
    recorded.commands.set(id, callback);
    return new Disposable(() => recorded.commands.delete(id));
  },
  executeCommand(id, ...args) {
    const callback = recorded.commands.get(id);
    return Promise.resolve(callback ? callback(...args) : undefined);
  },
};

/** A text document as VS Code hands it to extensions. */
class TextDocument {
  constructor(fsPath, text, languageId) {
    this.uri = Uri.file(fsPath);
    this.fileName = fsPath;
    this.languageId = languageId;
    this.version = 1;
    this.text = text;
    this.isClosed = false;
  }
  getText() { return this.text; }
  get lineCount() { return this.text.split('\n').length; }
}

// Test helpers: what the editor does when the user opens, edits and closes files.
const editor = {
  settings,
  recorded,
  open(fsPath, text, languageId) {
    const document = new TextDocument(fsPath, text, languageId);
    workspace.textDocuments.push(document);
    workspace.onDidOpenTextDocument.fire(document);
    return document;
  },
  edit(document, text) {
    document.text = text;
    document.version += 1;
    workspace.onDidChangeTextDocument.fire({ document, contentChanges: [{ text }], reason: undefined });
  },
  close(document) {
    document.isClosed = true;
    workspace.textDocuments.splice(workspace.textDocuments.indexOf(document), 1);
    workspace.onDidCloseTextDocument.fire(document);
  },
  configure(values) {
    Object.assign(settings.navrc, values);
    workspace.onDidChangeConfiguration.fire({
      affectsConfiguration: (section) => section === 'navrc' || Object.keys(values).some((key) => `navrc.${key}` === section),
    });
  },
};

module.exports = {
  version: '1.90.0',
  env: { language: 'en' },
  Uri, Position, Range, Location, Diagnostic, DiagnosticSeverity, DiagnosticTag,
  DiagnosticRelatedInformation, CodeAction, CodeActionKind, TextEdit, WorkspaceEdit, Disposable,
  workspace, languages, window, commands,
  CodeActionTriggerKind: { Invoke: 1, Automatic: 2 },
  EventEmitter: class { constructor() { this.event = event(); } fire(value) { this.event.fire(value); } dispose() {} },
  __editor: editor,
};
