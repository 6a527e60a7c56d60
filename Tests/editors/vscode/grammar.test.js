'use strict';
// The VS Code extension's static parts under Node: the TextMate grammar is valid JSON whose
// patterns all compile, and it highlights the sample and the examples as expected; the manifest
// and the language configuration hold together.
//
//   node --test Tests/editors/vscode/
//
// VS Code tokenizes with vscode-textmate and Oniguruma, which this machine cannot install from
// npm. The grammar keeps to the regular expressions that JavaScript and Oniguruma read alike
// (checked here by compiling each one in Unicode mode, which rejects Oniguruma-only escapes such
// as \h, \A or \G, and by keeping look-behinds fixed-length), and `tokenize` below follows
// vscode-textmate's rules for the constructs the grammar uses: at each position the earliest
// match wins, the end pattern first on a tie, then the patterns in order; begin/end rules nest.
// scripts/test-editors also compiles every pattern with Oniguruma itself (onigurumacffi).

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '../../..');
const EXTENSION = path.join(ROOT, 'editors/vscode');
const HIGHLIGHT = path.join(ROOT, 'Tests/editors/highlight');
const grammarPath = path.join(EXTENSION, 'syntaxes/navrules.tmLanguage.json');

// MARK: - A TextMate tokenizer for the grammar's constructs

class Grammar {
  constructor(json) {
    this.json = json;
    this.repository = json.repository || {};
    this.compiled = new Map();
  }

  regex(source) {
    if (!this.compiled.has(source)) this.compiled.set(source, new RegExp(source, 'dgu'));
    return this.compiled.get(source);
  }

  /** The match and begin rules of a pattern list, includes resolved. */
  rules(list, seen = new Set()) {
    const result = [];
    for (const pattern of list || []) {
      let rule = pattern;
      if (pattern.include) {
        if (pattern.include === '$self' || pattern.include === '$base') rule = { patterns: this.json.patterns };
        else if (pattern.include.startsWith('#')) rule = this.repository[pattern.include.slice(1)];
        else throw new Error(`unsupported include ${pattern.include}`);
        if (!rule) throw new Error(`no rule ${pattern.include}`);
      }
      if (rule.match || rule.begin) {
        result.push(rule);
      } else if (rule.patterns && !seen.has(rule)) {
        seen.add(rule);
        result.push(...this.rules(rule.patterns, seen));
      }
    }
    return result;
  }

  search(source, line, position) {
    const regex = this.regex(source);
    regex.lastIndex = position;
    return regex.exec(line);
  }

  /** The scopes of each character of `text`: an array per line, of an array per character. */
  tokenize(text) {
    let stack = [{ rule: null, end: null, rules: this.rules(this.json.patterns), scopes: [this.json.scopeName] }];
    return text.replace(/\r/g, '').split('\n').map((line) => {
      const result = this.tokenizeLine(line, stack);
      stack = result.stack;
      return result.scopes;
    });
  }

  tokenizeLine(line, initialStack, scopes = new Array(line.length).fill(null)) {
    let stack = initialStack;
    let position = 0;
    const fill = (from, to, value) => { for (let i = from; i < to; i += 1) scopes[i] = value; };
    for (let steps = 0; position <= line.length; steps += 1) {
      if (steps > 10 * (line.length + 10)) throw new Error(`no progress tokenizing: ${line}`);
      const frame = stack[stack.length - 1];
      let best = null;
      if (frame.end !== null) {
        const match = this.search(frame.end, line, position);
        if (match) best = { match, end: true };
      }
      for (const rule of frame.rules) {
        const match = this.search(rule.match || rule.begin, line, position);
        if (match && (!best || match.index < best.match.index)) best = { match, rule };
      }
      if (!best) {
        fill(position, line.length, frame.scopes);
        break;
      }
      const { match } = best;
      const matchEnd = match.index + match[0].length;
      fill(position, match.index, frame.scopes);
      if (best.end) {
        fill(match.index, matchEnd, frame.scopes);
        this.captures(frame.rule.endCaptures || frame.rule.captures, match, frame.scopes, line, scopes);
        stack = stack.slice(0, -1);
        position = matchEnd;
        continue;
      }
      const rule = best.rule;
      const ruleScopes = rule.name ? frame.scopes.concat(rule.name) : frame.scopes;
      fill(match.index, matchEnd, ruleScopes);
      if (rule.match) {
        this.captures(rule.captures, match, ruleScopes, line, scopes);
        position = matchEnd > position ? matchEnd : position + 1;
        continue;
      }
      this.captures(rule.beginCaptures || rule.captures, match, ruleScopes, line, scopes);
      stack = stack.concat({
        rule,
        end: rule.end,
        rules: this.rules(rule.patterns),
        scopes: rule.contentName ? ruleScopes.concat(rule.contentName) : ruleScopes,
      });
      position = matchEnd;
    }
    return { scopes, stack };
  }

  captures(captures, match, base, line, scopes) {
    if (!captures) return;
    for (const key of Object.keys(captures).sort((a, b) => a - b)) {
      const range = match.indices[Number(key)];
      if (!range) continue;
      const capture = captures[key];
      const captureScopes = capture.name ? base.concat(capture.name) : base;
      for (let i = range[0]; i < range[1]; i += 1) scopes[i] = captureScopes;
      if (capture.patterns) {
        const inner = line.slice(range[0], range[1]);
        const frame = { rule: null, end: null, rules: this.rules(capture.patterns), scopes: captureScopes };
        const { scopes: innerScopes } = this.tokenizeLine(inner, [frame]);
        innerScopes.forEach((value, i) => { scopes[range[0] + i] = value; });
      }
    }
  }
}

/** The scope that decides a character's colour: the innermost one that is not `meta.…`. */
function innermost(scopes) {
  for (let i = scopes.length - 1; i >= 0; i -= 1) if (!scopes[i].startsWith('meta.')) return scopes[i];
  return undefined;
}

// MARK: - Shared test data

const grammarText = fs.readFileSync(grammarPath, 'utf8');
const grammarJSON = JSON.parse(grammarText);
const grammar = new Grammar(grammarJSON);

/** category -> TextMate scope, from categories.txt. */
const scopes = new Map();
for (const line of fs.readFileSync(path.join(HIGHLIGHT, 'categories.txt'), 'utf8').split('\n')) {
  const fields = line.trim().split(/\s+/);
  if (fields.length === 4 && !line.startsWith('#')) scopes.set(fields[0], fields[3]);
}

/** sample.expect: [{ line, items: [[text, category]] }]. */
const expectations = fs.readFileSync(path.join(HIGHLIGHT, 'sample.expect'), 'utf8').split('\n')
  .map((line) => /^(\d+):\s*(.*)$/.exec(line))
  .filter(Boolean)
  .map(([, number, items]) => ({
    line: Number(number),
    items: items.split(/\s+/).filter(Boolean).map((item) => {
      const at = item.lastIndexOf('=');
      return [item.slice(0, at), item.slice(at + 1)];
    }),
  }));

function regexSources(node, found = []) {
  if (Array.isArray(node)) {
    node.forEach((child) => regexSources(child, found));
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (['match', 'begin', 'end', 'while'].includes(key) && typeof value === 'string') found.push(value);
      else regexSources(value, found);
    }
  }
  return found;
}

function exampleFiles(folder = path.join(ROOT, 'examples')) {
  const files = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === '.build') continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) files.push(...exampleFiles(full));
    else if (entry.name.endsWith('.navrules')) files.push(full);
  }
  return files.sort();
}

// MARK: - Tests

test('the grammar is valid JSON for source.navrules whose patterns all compile', () => {
  assert.equal(grammarJSON.scopeName, 'source.navrules');
  assert.deepEqual(grammarJSON.fileTypes, ['navrules']);
  const sources = regexSources(grammarJSON);
  assert.ok(sources.length > 30, `only ${sources.length} patterns`);
  for (const source of sources) {
    assert.doesNotThrow(() => new RegExp(source, 'u'), `pattern ${source}`);
    for (const [, inside] of source.matchAll(/\(\?<[=!]((?:[^()\\]|\\.)*)\)/g)) {
      assert.doesNotMatch(inside, /[*+?]|\{\d*,/, `a look-behind of fixed length: ${source}`);
    }
  }
});

test('every include names a rule and every rule is used', () => {
  const used = new Set();
  const walk = (node) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      if (typeof node.include === 'string') {
        assert.ok(node.include === '$self' || node.include.startsWith('#'), node.include);
        if (node.include.startsWith('#')) {
          assert.ok(grammarJSON.repository[node.include.slice(1)], `no rule ${node.include}`);
          used.add(node.include.slice(1));
        }
      }
      Object.values(node).forEach(walk);
    }
  };
  walk(grammarJSON);
  assert.deepEqual(Object.keys(grammarJSON.repository).filter((key) => !used.has(key)), []);
});

test('every token of the sample gets the scope sample.expect says', () => {
  const lines = fs.readFileSync(path.join(HIGHLIGHT, 'sample.navrules'), 'utf8').split('\n');
  const tokens = grammar.tokenize(lines.join('\n'));
  assert.ok(expectations.length > 50);
  const failures = [];
  let checked = 0;
  for (const { line, items } of expectations) {
    const text = lines[line - 1];
    let from = 0;
    for (const [token, category] of items) {
      const scope = scopes.get(category);
      assert.ok(scope, `sample.expect line ${line}: unknown category ${category}`);
      const start = text.indexOf(token, from);
      assert.ok(start >= 0, `sample line ${line}: no '${token}' after column ${from + 1}`);
      for (let i = start; i < start + token.length; i += 1) {
        const actual = innermost(tokens[line - 1][i]);
        if (actual !== scope) {
          failures.push(`sample line ${line}: '${token}' should be ${category} (${scope}), `
            + `but column ${i + 1} is ${tokens[line - 1][i].join(' ')}`);
          break;
        }
      }
      checked += 1;
      from = start + token.length;
    }
  }
  assert.deepEqual(failures, []);
  assert.ok(checked > 200, `only ${checked} tokens`);
});

test('the examples: no invalid scope, statements start with their keyword, expect comments are comments', () => {
  const keywords = new Set();
  for (const { items } of expectations) {
    for (const [token, category] of items) {
      if (['declaration', 'directive', 'hook', 'action'].includes(category)) keywords.add(token);
    }
  }
  const keywordScopes = new Set(['declaration', 'directive', 'hook', 'action'].map((c) => scopes.get(c)));
  const files = exampleFiles();
  assert.ok(files.length >= 10);
  const failures = [];
  for (const file of files) {
    const relative = path.relative(ROOT, file);
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    const tokens = grammar.tokenize(lines.join('\n'));
    lines.forEach((text, index) => {
      const at = (column) => innermost(tokens[index][column]);
      const invalid = tokens[index].findIndex((s) => s.some((scope) => scope.startsWith('invalid.')));
      if (invalid >= 0) failures.push(`${relative}:${index + 1}:${invalid + 1} is ${at(invalid)}`);
      const word = /^(\s*)([A-Za-z_]\w*)/.exec(text);
      if (word && !at(word[1].length).startsWith('comment.')) {
        const isKeyword = keywordScopes.has(at(word[1].length));
        if (isKeyword !== keywords.has(word[2])) {
          failures.push(`${relative}:${index + 1}: '${word[2]}' is ${at(word[1].length)}`);
        }
      }
      const comment = text.indexOf('// expect:');
      if (comment >= 0) {
        for (let i = comment; i < text.length; i += 1) {
          if (at(i) !== 'comment.line.double-slash.navrules') {
            failures.push(`${relative}:${index + 1}:${i + 1}: the expect comment is ${at(i)}`);
            break;
          }
        }
      }
    });
  }
  assert.deepEqual(failures, []);
});

test('the manifest contributes the language, the grammar, the settings and the client', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(EXTENSION, 'package.json'), 'utf8'));
  assert.equal(manifest.dependencies, undefined, 'no npm dependencies');
  assert.equal(manifest.devDependencies, undefined, 'no npm dependencies');
  assert.ok(fs.existsSync(path.join(EXTENSION, manifest.main)));
  assert.ok(manifest.activationEvents.includes('onLanguage:navrules'));
  const [language] = manifest.contributes.languages;
  assert.equal(language.id, 'navrules');
  assert.deepEqual(language.extensions, ['.navrules']);
  assert.ok(fs.existsSync(path.join(EXTENSION, language.configuration)));
  const [grammarContribution] = manifest.contributes.grammars;
  assert.equal(grammarContribution.language, 'navrules');
  assert.equal(grammarContribution.scopeName, grammarJSON.scopeName);
  assert.equal(path.resolve(EXTENSION, grammarContribution.path), grammarPath);
  const settings = manifest.contributes.configuration.properties;
  assert.equal(settings['navrc.path'].default, 'navrc');
  assert.equal(settings['navrc.scanSwift'].default, false);
  assert.deepEqual(manifest.contributes.commands.map((c) => c.command), ['navrc.restartServer']);
});

test('the language configuration: comments, brackets, indentation, folding', () => {
  const configuration = JSON.parse(fs.readFileSync(path.join(EXTENSION, 'language-configuration.json'), 'utf8'));
  assert.deepEqual(configuration.comments, { lineComment: '//', blockComment: ['/*', '*/'] });
  assert.deepEqual(configuration.brackets, [['{', '}']]);
  const increase = new RegExp(configuration.indentationRules.increaseIndentPattern);
  const decrease = new RegExp(configuration.indentationRules.decreaseIndentPattern);
  assert.ok(increase.test('screen Home {'));
  assert.ok(increase.test('    on viewWillAppear if pushed {  // a comment'));
  assert.ok(!increase.test('navigator Main { root Home }'));
  assert.ok(!increase.test('    title "{"'));
  assert.ok(!increase.test('    title "a"  // {'));
  assert.ok(decrease.test('    }'));
  assert.ok(!decrease.test('    push Home'));
  const start = new RegExp(configuration.folding.markers.start);
  const end = new RegExp(configuration.folding.markers.end);
  assert.ok(start.test('// #region Checkout') && end.test('// #endregion'));
  const word = new RegExp(`^(?:${configuration.wordPattern})$`);
  for (const text of ['popGestureDelegate', '#7B2FF7', '300ms', '13.0.1', '_Name1']) assert.ok(word.test(text), text);
});
