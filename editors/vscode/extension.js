'use strict';
// navrc for VS Code: a language client for `navrc lsp`, written against the documented `vscode`
// API, with no dependencies.
//
// One server runs per window. It gets every open `.navrules` document (and, when the
// `navrc.scanSwift` setting is on, the Swift and Objective-C ones, for `navrc scan`), with full
// text on every change; what it publishes goes to a DiagnosticCollection. Quick fixes and
// formatting are forwarded to it as requests.

const vscode = require('vscode');
const childProcess = require('child_process');
const os = require('os');
const path = require('path');
const { Connection } = require('./connection');

const RULES_LANGUAGE = 'navrules';
const SCAN_LANGUAGES = ['swift', 'objective-c', 'objective-cpp'];
const SCAN_EXTENSIONS = ['.swift', '.m', '.mm', '.h'];
const SCHEMES = ['file', 'untitled'];
const RESTARTS_ALLOWED = 3;
const RESTART_WINDOW_MS = 3 * 60 * 1000;
const STOP_TIMEOUT_MS = 2000;

function readSettings() {
  const configuration = vscode.workspace.getConfiguration('navrc');
  return {
    path: configuration.get('path', 'navrc'),
    scanSwift: configuration.get('scanSwift', false) === true,
    trace: configuration.get('trace.server', 'off'),
  };
}

/**
 * The executable `navrc.path` names: a command looked up on PATH (`navrc`), an absolute path, a
 * path starting with `~/`, or a path relative to the first workspace folder (`.build/debug/navrc`).
 */
function resolveExecutable(setting) {
  let command = typeof setting === 'string' && setting.trim() !== '' ? setting.trim() : 'navrc';
  if (command === '~' || command.startsWith('~/')) command = path.join(os.homedir(), command.slice(1));
  if (!path.isAbsolute(command) && /[\\/]/.test(command)) {
    const folder = (vscode.workspace.workspaceFolders || []).find((f) => f.uri.scheme === 'file');
    if (folder) command = path.join(folder.uri.fsPath, command);
  }
  return command;
}

// MARK: - Conversions between the protocol's values and VS Code's

function toPosition(position) {
  return new vscode.Position(position.line, position.character);
}

function toRange(range) {
  return new vscode.Range(toPosition(range.start), toPosition(range.end));
}

function fromRange(range) {
  return {
    start: { line: range.start.line, character: range.start.character },
    end: { line: range.end.line, character: range.end.character },
  };
}

function toSeverity(severity) {
  switch (severity) {
    case 2: return vscode.DiagnosticSeverity.Warning;
    case 3: return vscode.DiagnosticSeverity.Information;
    case 4: return vscode.DiagnosticSeverity.Hint;
    default: return vscode.DiagnosticSeverity.Error;
  }
}

function toTag(tag) {
  if (tag === 1) return vscode.DiagnosticTag.Unnecessary;
  if (tag === 2) return vscode.DiagnosticTag.Deprecated;
  return undefined;
}

function toCodeActionKind(kind) {
  if (typeof kind !== 'string' || kind === '') return undefined;
  if (kind === 'quickfix') return vscode.CodeActionKind.QuickFix;
  return vscode.CodeActionKind.Empty.append(kind);
}

function toWorkspaceEdit(edit) {
  const result = new vscode.WorkspaceEdit();
  if (edit && edit.changes && typeof edit.changes === 'object') {
    for (const uri of Object.keys(edit.changes)) {
      for (const change of edit.changes[uri] || []) {
        result.replace(vscode.Uri.parse(uri), toRange(change.range), change.newText);
      }
    }
  }
  if (edit && Array.isArray(edit.documentChanges)) {
    for (const change of edit.documentChanges) {
      if (!change || !change.textDocument || !Array.isArray(change.edits)) continue;
      for (const text of change.edits) {
        result.replace(vscode.Uri.parse(change.textDocument.uri), toRange(text.range), text.newText);
      }
    }
  }
  return result;
}

function sameDiagnostic(a, b) {
  return a && b && a.message === b.message && a.code === b.code
    && JSON.stringify(a.range) === JSON.stringify(b.range);
}

function withTimeout(promise, milliseconds) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), milliseconds);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// MARK: - The client

class NavrcClient {
  constructor(context) {
    this.context = context;
    this.version = (context && context.extension && context.extension.packageJSON
      && context.extension.packageJSON.version) || '0.0.0';
    this.output = vscode.window.createOutputChannel('navrc');
    this.diagnostics = vscode.languages.createDiagnosticCollection('navrc');
    this.settings = readSettings();
    /** The running server: { process, connection, ready, opened: Map<uri, version>, … }. */
    this.server = undefined;
    /** The protocol's diagnostic behind each VS Code diagnostic, for code action requests. */
    this.published = new WeakMap();
    this.crashes = [];
    this.watchedChanges = [];
    this.watchTimer = undefined;
  }

  /** Whether `document` goes to the server. */
  serves(document) {
    const uri = document.uri;
    if (!SCHEMES.includes(uri.scheme)) return false;
    if (document.languageId === RULES_LANGUAGE) return true;
    if (!this.settings.scanSwift || uri.scheme !== 'file') return false;
    return SCAN_LANGUAGES.includes(document.languageId)
      || SCAN_EXTENSIONS.includes(path.extname(uri.fsPath).toLowerCase());
  }

  // MARK: Server process

  start() {
    if (this.server) return this.server;
    const command = resolveExecutable(this.settings.path);
    if (this.failedCommand === command) return undefined; // Said once; a restart tries again.
    const folder = (vscode.workspace.workspaceFolders || []).find((f) => f.uri.scheme === 'file');
    this.output.appendLine(`Starting ${command} lsp`);
    let child;
    try {
      child = childProcess.spawn(command, ['lsp'], {
        cwd: folder ? folder.uri.fsPath : undefined,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
    } catch (error) {
      this.couldNotStart(command, error);
      return undefined;
    }
    const connection = new Connection(child.stdout, child.stdin);
    const server = { process: child, connection, command, opened: new Map(), ended: false };
    this.server = server;
    child.stdin.on('error', () => {}); // A write after the server died; 'exit' reports it.
    child.stderr.on('data', (chunk) => this.output.append(chunk.toString()));
    child.on('error', (error) => this.ended(server, error));
    child.on('exit', (code, signal) => this.ended(server, undefined, code, signal));
    connection.on('notification', (method, params) => this.notification(method, params));
    connection.on('request', (method, params, respond) => this.request(method, params, respond));
    connection.on('error', (error) => this.output.appendLine(`navrc lsp: ${error.message}`));
    connection.on('message', (direction, message) => this.trace(direction, message));
    server.ready = connection.request('initialize', this.initializeParams())
      .then((result) => {
        server.capabilities = (result && result.capabilities) || {};
        connection.notify('initialized', {});
        return true;
      })
      .catch((error) => {
        if (!server.ended) this.output.appendLine(`navrc lsp did not initialize: ${error.message}`);
        return false;
      });
    return server;
  }

  initializeParams() {
    const folders = (vscode.workspace.workspaceFolders || []).map((folder) => ({
      uri: folder.uri.toString(),
      name: folder.name,
    }));
    return {
      processId: process.pid,
      clientInfo: { name: 'navrc for VS Code', version: this.version },
      locale: vscode.env && vscode.env.language,
      rootUri: folders.length > 0 ? folders[0].uri : null,
      workspaceFolders: folders.length > 0 ? folders : null,
      capabilities: {
        general: { positionEncodings: ['utf-16'] },
        workspace: {
          workspaceFolders: true,
          didChangeWatchedFiles: { dynamicRegistration: false },
        },
        textDocument: {
          synchronization: { dynamicRegistration: false, didSave: true },
          publishDiagnostics: {
            relatedInformation: true,
            versionSupport: true,
            codeDescriptionSupport: true,
            tagSupport: { valueSet: [1, 2] },
          },
          codeAction: {
            dynamicRegistration: false,
            isPreferredSupport: true,
            codeActionLiteralSupport: {
              codeActionKind: { valueSet: ['', 'quickfix', 'refactor', 'source'] },
            },
          },
          formatting: { dynamicRegistration: false },
        },
      },
    };
  }

  couldNotStart(command, error) {
    this.failedCommand = command;
    const reason = error && error.code === 'ENOENT' ? 'not found' : (error && error.message) || 'failed';
    this.output.appendLine(`Could not start ${command} lsp: ${reason}`);
    vscode.window.showErrorMessage(
      `navrc: could not start '${command} lsp' (${reason}). Set navrc.path to the navrc executable.`,
      'Open Settings',
    ).then((choice) => {
      if (choice === 'Open Settings') {
        vscode.commands.executeCommand('workbench.action.openSettings', 'navrc.path');
      }
    }, () => {});
  }

  /** The server process ended or could not be started. */
  ended(server, error, code, signal) {
    if (server.ended) return;
    server.ended = true;
    server.connection.close('the server exited');
    if (this.server !== server) return; // Stopped on purpose.
    this.server = undefined;
    this.diagnostics.clear();
    if (error) {
      this.couldNotStart(server.command, error);
      return;
    }
    this.output.appendLine(`navrc lsp exited (${signal || `status ${code}`})`);
    const now = Date.now();
    this.crashes = this.crashes.filter((time) => now - time < RESTART_WINDOW_MS);
    this.crashes.push(now);
    if (this.crashes.length <= RESTARTS_ALLOWED) {
      this.syncAll();
      return;
    }
    vscode.window.showErrorMessage(
      `navrc lsp stopped ${this.crashes.length} times in a few minutes; see the navrc output.`,
      'Restart',
    ).then((choice) => {
      if (choice === 'Restart') this.restart();
    }, () => {});
  }

  /** Stops the server: `shutdown`, then `exit`, then a kill if it lingers. */
  async stop() {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    this.diagnostics.clear();
    try {
      if (await withTimeout(server.ready, STOP_TIMEOUT_MS)) {
        await withTimeout(server.connection.request('shutdown', null), STOP_TIMEOUT_MS);
        server.connection.notify('exit');
      }
    } catch (error) {
      this.output.appendLine(`navrc lsp did not shut down: ${error.message}`);
    }
    server.connection.close('stopped');
    if (server.process.exitCode === null && server.process.signalCode === null && !server.ended) {
      const exited = new Promise((resolve) => server.process.once('exit', resolve));
      try {
        await withTimeout(exited, STOP_TIMEOUT_MS);
      } catch {
        server.process.kill();
      }
    }
  }

  async restart() {
    await this.stop();
    this.crashes = [];
    this.failedCommand = undefined;
    this.settings = readSettings();
    this.syncAll();
  }

  dispose() {
    clearTimeout(this.watchTimer);
    const stopped = this.stop();
    this.diagnostics.dispose();
    this.output.dispose();
    return stopped;
  }

  trace(direction, message) {
    if (this.settings.trace !== 'messages' && this.settings.trace !== 'verbose') return;
    const arrow = direction === 'send' ? '→' : '←';
    const what = message.method || (message.error ? `error ${message.error.code}` : 'result');
    const params = message.params || {};
    const uri = params.uri || (params.textDocument && params.textDocument.uri) || '';
    const id = message.id !== undefined ? ` #${message.id}` : '';
    let line = `${arrow} ${what}${id}${uri ? ` ${uri}` : ''}`;
    if (params.textDocument && params.textDocument.languageId) line += ` (${params.textDocument.languageId})`;
    if (Array.isArray(params.diagnostics)) line += ` (${params.diagnostics.length} diagnostics)`;
    this.output.appendLine(line);
    if (this.settings.trace === 'verbose') this.output.appendLine(JSON.stringify(message, null, 2));
  }

  // MARK: Messages from the server

  notification(method, params) {
    switch (method) {
      case 'textDocument/publishDiagnostics':
        this.publish(params);
        break;
      case 'window/logMessage':
      case 'window/showMessage':
        if (params && typeof params.message === 'string') this.output.appendLine(params.message);
        break;
      default:
        break;
    }
  }

  request(method, params, respond) {
    switch (method) {
      case 'workspace/workspaceFolders':
        respond((vscode.workspace.workspaceFolders || []).map((f) => ({ uri: f.uri.toString(), name: f.name })));
        break;
      default:
        respond(undefined, { code: -32601, message: `unhandled method ${method}` });
    }
  }

  publish(params) {
    if (!params || typeof params.uri !== 'string' || !Array.isArray(params.diagnostics)) return;
    this.diagnostics.set(vscode.Uri.parse(params.uri), params.diagnostics.map((d) => this.toDiagnostic(d)));
  }

  toDiagnostic(source) {
    const diagnostic = new vscode.Diagnostic(toRange(source.range), source.message, toSeverity(source.severity));
    diagnostic.source = source.source || 'navrc';
    if (source.code !== undefined) {
      diagnostic.code = source.codeDescription && source.codeDescription.href
        ? { value: source.code, target: vscode.Uri.parse(source.codeDescription.href) }
        : source.code;
    }
    if (Array.isArray(source.relatedInformation)) {
      diagnostic.relatedInformation = source.relatedInformation.map((related) =>
        new vscode.DiagnosticRelatedInformation(
          new vscode.Location(vscode.Uri.parse(related.location.uri), toRange(related.location.range)),
          related.message,
        ));
    }
    if (Array.isArray(source.tags)) {
      diagnostic.tags = source.tags.map(toTag).filter((tag) => tag !== undefined);
    }
    this.published.set(diagnostic, source);
    return diagnostic;
  }

  // MARK: Document synchronisation

  send(server, method, params) {
    server.ready.then((ok) => {
      if (ok) server.connection.notify(method, params);
    });
  }

  open(document) {
    if (!this.serves(document)) return;
    const server = this.start();
    if (!server) return;
    const uri = document.uri.toString();
    if (server.opened.has(uri)) return;
    server.opened.set(uri, document.version);
    this.send(server, 'textDocument/didOpen', {
      textDocument: { uri, languageId: document.languageId, version: document.version, text: document.getText() },
    });
  }

  change(event) {
    const document = event.document;
    const server = this.server;
    const uri = document.uri.toString();
    if (!server || !server.opened.has(uri)) {
      this.open(document);
      return;
    }
    if (event.contentChanges.length === 0) return; // Only the dirty state changed.
    server.opened.set(uri, document.version);
    this.send(server, 'textDocument/didChange', {
      textDocument: { uri, version: document.version },
      contentChanges: [{ text: document.getText() }],
    });
  }

  save(document) {
    const server = this.server;
    const uri = document.uri.toString();
    if (server && server.opened.has(uri)) this.send(server, 'textDocument/didSave', { textDocument: { uri } });
  }

  close(document) {
    const server = this.server;
    const uri = document.uri.toString();
    if (!server || !server.opened.has(uri)) return;
    server.opened.delete(uri);
    this.diagnostics.delete(document.uri);
    this.send(server, 'textDocument/didClose', { textDocument: { uri } });
  }

  /** Opens every served document and closes those no longer served. */
  syncAll() {
    for (const document of vscode.workspace.textDocuments) {
      if (this.serves(document)) {
        this.open(document);
      } else {
        this.close(document);
      }
    }
  }

  foldersChanged(event) {
    const server = this.server;
    if (!server) return;
    const folder = (f) => ({ uri: f.uri.toString(), name: f.name });
    this.send(server, 'workspace/didChangeWorkspaceFolders', {
      event: { added: event.added.map(folder), removed: event.removed.map(folder) },
    });
  }

  /** A rule file was created, changed or deleted on disk: batched into one notification. */
  fileChanged(uri, type) {
    if (!this.server) return;
    this.watchedChanges.push({ uri: uri.toString(), type });
    clearTimeout(this.watchTimer);
    this.watchTimer = setTimeout(() => {
      const changes = this.watchedChanges;
      this.watchedChanges = [];
      if (this.server && changes.length > 0) {
        this.send(this.server, 'workspace/didChangeWatchedFiles', { changes });
      }
    }, 100);
  }

  configurationChanged(event) {
    if (!event.affectsConfiguration('navrc')) return;
    const before = this.settings;
    this.settings = readSettings();
    if (before.path !== this.settings.path) {
      this.restart();
    } else if (before.scanSwift !== this.settings.scanSwift) {
      this.syncAll();
    }
  }

  // MARK: Requests for the editor

  async serverFor(document) {
    const server = this.server;
    if (!server || !server.opened.has(document.uri.toString())) return undefined;
    return (await server.ready) ? server : undefined;
  }

  async provideCodeActions(document, range, context, token) {
    const server = await this.serverFor(document);
    if (!server) return [];
    const params = {
      textDocument: { uri: document.uri.toString() },
      range: fromRange(range),
      context: {
        diagnostics: context.diagnostics.map((d) => this.published.get(d)).filter((d) => d !== undefined),
      },
    };
    if (context.only) params.context.only = [context.only.value];
    let result;
    try {
      result = await server.connection.request('textDocument/codeAction', params);
    } catch (error) {
      this.output.appendLine(error.message);
      return [];
    }
    if ((token && token.isCancellationRequested) || !Array.isArray(result)) return [];
    const actions = [];
    for (const item of result) {
      if (!item || typeof item.title !== 'string' || typeof item.command === 'string') continue;
      const action = new vscode.CodeAction(item.title, toCodeActionKind(item.kind));
      if (item.edit) action.edit = toWorkspaceEdit(item.edit);
      if (item.isPreferred === true) action.isPreferred = true;
      if (Array.isArray(item.diagnostics)) {
        action.diagnostics = item.diagnostics.map((wanted) =>
          context.diagnostics.find((d) => sameDiagnostic(this.published.get(d), wanted))
          || this.toDiagnostic(wanted));
      }
      actions.push(action);
    }
    return actions;
  }

  async provideDocumentFormattingEdits(document, options, token) {
    const server = await this.serverFor(document);
    if (!server) return [];
    let result;
    try {
      result = await server.connection.request('textDocument/formatting', {
        textDocument: { uri: document.uri.toString() },
        options: { tabSize: options.tabSize, insertSpaces: options.insertSpaces },
      });
    } catch (error) {
      this.output.appendLine(error.message);
      return [];
    }
    if ((token && token.isCancellationRequested) || !Array.isArray(result)) return [];
    return result.map((edit) => vscode.TextEdit.replace(toRange(edit.range), edit.newText));
  }
}

// MARK: - Activation

let current;

function activate(context) {
  const client = new NavrcClient(context);
  current = client;
  const rules = SCHEMES.map((scheme) => ({ language: RULES_LANGUAGE, scheme }));
  const scanned = SCAN_LANGUAGES.map((language) => ({ language, scheme: 'file' }))
    .concat([{ scheme: 'file', pattern: '**/*.h' }]);
  const watcher = vscode.workspace.createFileSystemWatcher('**/*.navrules');
  context.subscriptions.push(
    client,
    watcher,
    watcher.onDidCreate((uri) => client.fileChanged(uri, 1)),
    watcher.onDidChange((uri) => client.fileChanged(uri, 2)),
    watcher.onDidDelete((uri) => client.fileChanged(uri, 3)),
    vscode.workspace.onDidOpenTextDocument((document) => client.open(document)),
    vscode.workspace.onDidChangeTextDocument((event) => client.change(event)),
    vscode.workspace.onDidSaveTextDocument((document) => client.save(document)),
    vscode.workspace.onDidCloseTextDocument((document) => client.close(document)),
    vscode.workspace.onDidChangeWorkspaceFolders((event) => client.foldersChanged(event)),
    vscode.workspace.onDidChangeConfiguration((event) => client.configurationChanged(event)),
    vscode.languages.registerCodeActionsProvider(rules.concat(scanned), client, {
      providedCodeActionKinds: [vscode.CodeActionKind.QuickFix],
    }),
    vscode.languages.registerDocumentFormattingEditProvider(rules, client),
    vscode.commands.registerCommand('navrc.restartServer', () => client.restart()),
  );
  client.syncAll();
  return { client };
}

function deactivate() {
  const client = current;
  current = undefined;
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate, NavrcClient, resolveExecutable };
