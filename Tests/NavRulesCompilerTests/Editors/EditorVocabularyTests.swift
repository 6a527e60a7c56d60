import Foundation
import NavRulesModel
import NavRulesTestSupport
import Testing

@testable import NavRulesCompiler

/// The editors highlight the language's own words: the VS Code grammar
/// (`editors/vscode/syntaxes/navrules.tmLanguage.json`) and the Neovim syntax
/// (`editors/nvim/syntax/navrules.vim`) list exactly the words of each category, as the compiler
/// defines them, and the highlighting sample (`Tests/editors/highlight/sample.expect`) shows each
/// one, so that the Neovim and Node tests check how it is highlighted. A directive, event,
/// action, value or colour added to the language without reaching both editors fails here.
///
/// Where a category's words live in each editor comes from `Tests/editors/highlight/categories.txt`:
/// a TextMate scope (the words of the rules and captures named with it) and a Vim syntax group
/// (its `syn keyword` lines).
@Suite struct EditorVocabularyTests {
  /// One category of words and where the compiler defines them.
  struct Category: CustomTestStringConvertible, Sendable {
    var name: String
    var words: Set<String>
    var testDescription: String { name }
  }

  static let categories: [Category] = {
    let allDirectives = Set(
      DirectiveContext.screen.directives + DirectiveContext.navigator.directives
        + DirectiveContext.style.directives)
    let values: [String] =
      PopGesturePolicy.allCases.map(\.rawValue) + GestureDelegate.allCases.map(\.rawValue)
      + BarVisibility.allCases.map(\.rawValue) + LeftBarButton.allCases.map(\.rawValue)
      + BackPolicy.keywords + resolverValueWords + [Resolver.interceptTapsKeyword]
      + BarAppearanceSlot.allCases.map(\.rawValue) + BarBackground.allCases.map(\.rawValue)
    return [
      Category(name: "declaration", words: Set(DirectiveContext.topLevel.directives)),
      Category(name: "directive", words: allDirectives.subtracting([hookKeyword])),
      Category(name: "hook", words: [hookKeyword]),
      Category(name: "event", words: Set(LifecycleEvent.allCases.map(\.rawValue))),
      Category(name: "conditional", words: [Resolver.hookConditionKeyword]),
      Category(
        name: "condition",
        words: Set(HookCondition.allCases.filter { $0 != .always }.map(\.rawValue))),
      Category(name: "action", words: Set(DirectiveContext.hook.directives)),
      Category(name: "value", words: Set(values)),
      Category(name: "platform", words: platformNames),
      Category(name: "colorName", words: Set(NamedColor.allCases.map(\.rawValue))),
      Category(name: "weight", words: Set(FontWeight.allCases.map(\.rawValue))),
    ]
  }()

  /// The screen directive that opens a hook.
  static let hookKeyword = "on"
  /// Value words the resolver reads itself: `back confirm "…" leave "…" stay "…"` and
  /// `font system SIZE`.
  static let resolverValueWords = ["leave", "stay", "system"]
  /// `platform iOS VERSION`: the only platform name (`Resolver.platformVersion`).
  static let platformNames: Set<String> = ["iOS"]

  /// categories.txt: category → (Vim group, TextMate scope).
  static let places: [String: (vimGroup: String, scope: String)] = {
    var places: [String: (String, String)] = [:]
    for line in read("Tests/editors/highlight/categories.txt").split(separator: "\n")
    where !line.hasPrefix("#") {
      let fields = line.split(whereSeparator: \.isWhitespace).map(String.init)
      if fields.count == 4 { places[fields[0]] = (fields[1], fields[3]) }
    }
    return places
  }()

  static func read(_ path: String) -> String {
    let data = FileManager.default.contents(atPath: Repository.url(path).path) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }

  @Test func theCategoriesAreTheLanguagesWords() {
    #expect(DirectiveContext.screen.directives.contains(Self.hookKeyword))
    #expect(!DirectiveContext.hook.directives.isEmpty)
    for category in Self.categories {
      #expect(!category.words.isEmpty, "\(category.name)")
      #expect(Self.places[category.name] != nil, "categories.txt has no line for \(category.name)")
    }
  }

  @Test(arguments: categories)
  func theVSCodeGrammarListsEveryWord(_ category: Category) throws {
    let place = try #require(Self.places[category.name])
    let listed = Self.grammarWords(scope: place.scope)
    let grammar = "editors/vscode/syntaxes/navrules.tmLanguage.json"
    for word in category.words.subtracting(listed).sorted() {
      Issue.record("\(grammar) does not highlight '\(word)' as \(place.scope) (\(category.name))")
    }
    for word in listed.subtracting(category.words).sorted() {
      Issue.record("\(grammar) highlights '\(word)' as \(place.scope), not a \(category.name)")
    }
  }

  @Test(arguments: categories)
  func theVimSyntaxListsEveryWord(_ category: Category) throws {
    let place = try #require(Self.places[category.name])
    let listed = Self.vimKeywords(group: place.vimGroup)
    let syntax = "editors/nvim/syntax/navrules.vim"
    for word in category.words.subtracting(listed).sorted() {
      Issue.record("\(syntax) has no 'syn keyword \(place.vimGroup) \(word)' (\(category.name))")
    }
    for word in listed.subtracting(category.words).sorted() {
      Issue.record("\(syntax) lists '\(word)' in \(place.vimGroup), not a \(category.name)")
    }
  }

  @Test(arguments: categories)
  func theHighlightingSampleShowsEveryWord(_ category: Category) {
    let shown = Self.sampleExpectations[category.name] ?? []
    for word in category.words.subtracting(shown).sorted() {
      Issue.record(
        """
        Tests/editors/highlight/sample.expect has no '\(word)=\(category.name)': add \(word) to \
        sample.navrules and its expected highlighting to sample.expect
        """)
    }
  }

  // MARK: - Reading the editors' files

  /// sample.expect: category → the words expected with it.
  static let sampleExpectations: [String: Set<String>] = {
    var result: [String: Set<String>] = [:]
    for line in read("Tests/editors/highlight/sample.expect").split(separator: "\n")
    where !line.hasPrefix("#") {
      guard let colon = line.firstIndex(of: ":") else { continue }
      for item in line[line.index(after: colon)...].split(separator: " ") {
        guard let equals = item.lastIndex(of: "=") else { continue }
        result[String(item[item.index(after: equals)...]), default: []].insert(
          String(item[..<equals]))
      }
    }
    return result
  }()

  /// The words the grammar highlights with `scope`: those listed as alternatives (`a|b|c`) in the
  /// rules named `scope` and in the capture groups named `scope`.
  static func grammarWords(scope: String) -> Set<String> {
    let data = FileManager.default.contents(
      atPath: Repository.url("editors/vscode/syntaxes/navrules.tmLanguage.json").path)
    guard let data, let json = try? JSONSerialization.jsonObject(with: data) else { return [] }
    var words: Set<String> = []
    func visit(_ node: Any) {
      if let array = node as? [Any] {
        array.forEach(visit)
        return
      }
      guard let rule = node as? [String: Any] else { return }
      for (key, capturesKey) in [("match", "captures"), ("begin", "beginCaptures")] {
        guard let pattern = rule[key] as? String else { continue }
        let groups = RegexGroups.groups(of: pattern)
        if rule["name"] as? String == scope {
          for group in groups { words.formUnion(RegexGroups.words(in: group.content)) }
        }
        let captures = (rule[capturesKey] ?? rule["captures"]) as? [String: Any] ?? [:]
        let capturing = groups.filter(\.isCapturing)
        for (index, capture) in captures {
          guard (capture as? [String: Any])?["name"] as? String == scope, let number = Int(index)
          else { continue }
          if number == 0 {
            for group in groups { words.formUnion(RegexGroups.words(in: group.content)) }
          } else if number <= capturing.count {
            words.formUnion(RegexGroups.words(in: capturing[number - 1].content))
          }
        }
      }
      rule.values.forEach(visit)
    }
    visit(json)
    return words
  }

  /// The words of the `syn keyword GROUP …` lines for `group` (continuation lines joined,
  /// options such as `contained` and `nextgroup=…` left out), and of its `syn match GROUP
  /// /\<WORD\>/` lines: a word that is also a `:syntax` option (`transparent`) cannot be a
  /// keyword.
  static func vimKeywords(group: String) -> Set<String> {
    var statements: [String] = []
    for line in read("editors/nvim/syntax/navrules.vim").split(separator: "\n") {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if trimmed.hasPrefix("\\"), !statements.isEmpty {
        statements[statements.count - 1] += " " + trimmed.dropFirst()
      } else {
        statements.append(String(line))
      }
    }
    let options: Set<String> = [
      "contained", "transparent", "skipwhite", "skipnl", "skipempty", "display", "fold",
      "extend", "conceal", "concealends",
    ]
    var words: Set<String> = []
    for statement in statements {
      let tokens = statement.split(whereSeparator: \.isWhitespace).map(String.init)
      if tokens.count >= 4, ["syn", "syntax"].contains(tokens[0]), tokens[1] == "match",
        tokens[2] == group, tokens[3].hasPrefix("/\\<"), tokens[3].hasSuffix("\\>/")
      {
        words.insert(String(tokens[3].dropFirst(3).dropLast(3)))
        continue
      }
      guard tokens.count > 3, ["syn", "syntax"].contains(tokens[0]), tokens[1] == "keyword",
        tokens[2] == group
      else { continue }
      words.formUnion(tokens.dropFirst(3).filter { !$0.contains("=") && !options.contains($0) })
    }
    return words
  }
}

/// The groups of a regular expression, enough to read the word lists of a TextMate grammar.
enum RegexGroups {
  struct Group {
    var isCapturing: Bool
    var content: String
  }

  /// Every parenthesised group, in the order they open (look-arounds and `(?:…)` included).
  static func groups(of pattern: String) -> [Group] {
    let characters = Array(pattern)
    var groups: [Group] = []
    var open: [(index: Int, start: Int)] = []
    var inClass = false
    var position = 0
    while position < characters.count {
      let character = characters[position]
      if character == "\\" {
        position += 2
        continue
      }
      if inClass {
        if character == "]" { inClass = false }
      } else if character == "[" {
        inClass = true
      } else if character == "(" {
        let isCapturing = position + 1 >= characters.count || characters[position + 1] != "?"
        groups.append(Group(isCapturing: isCapturing, content: ""))
        open.append((groups.count - 1, position + 1))
      } else if character == ")", let group = open.popLast() {
        var content = String(characters[group.start..<position])
        if content.hasPrefix("?:") { content.removeFirst(2) }
        groups[group.index].content = content
      }
      position += 1
    }
    return groups
  }

  /// The words of a group that is only a list of alternative words (`allow|block`), else none.
  static func words(in content: String) -> Set<String> {
    let alternatives = content.split(separator: "|", omittingEmptySubsequences: false)
    let isWordList = alternatives.allSatisfy { alternative in
      !alternative.isEmpty && alternative.allSatisfy { $0.isASCII && $0.isLetter }
    }
    return isWordList ? Set(alternatives.map(String.init)) : []
  }
}
