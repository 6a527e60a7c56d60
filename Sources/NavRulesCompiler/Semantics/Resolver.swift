import NavRulesModel

/// Turns the syntax trees of all input files into one `Module`: declarations are collected
/// into one namespace per kind, directives are checked against their context, values are
/// parsed and references resolved.
///
/// It runs in three passes, so declaration order never matters:
/// 1. `declare`: every top-level declaration gets an id (duplicates reported at the later one);
/// 2. `resolveBodies`: every directive is read, with references looked up by name;
/// 3. `ModuleChecks`: module-wide facts (`unreachable-screen`, `unused-style`).
public struct Resolver: Sendable {
  var module: Module
  var diagnostics: [Diagnostic] = []
  /// The file whose declaration is being read; ranges in syntax nodes are offsets into it.
  var file: SourceFile
  /// Its index in `module.files`, its syntax tree and what the ranges made in it hold
  /// (`enterFile`): a thread reading bodies has trees and references of its own
  /// (`takeOwnReferences`), so it writes no reference count that another thread writes.
  var fileIndex = 0
  var tree: SyntaxTree
  var fileReference: SourceFileReference
  /// The syntax error offsets of `file` (see `syntaxErrorOffsets`).
  var fileSyntaxErrorOffsets: [Int] = []
  /// Every file's tree and reference, by index in `module.files`.
  var trees: [SyntaxTree]
  var fileReferences: [SourceFileReference]

  /// The names declared, by kind; a name's index is its declaration's id.
  var screenNames = NameTable()
  var navigatorNames = NameTable()
  var styleNames = NameTable()
  var usedStyles: Set<StyleID> = []
  /// Set when a mistake may have hidden a `push` or `root` reference, so reachability warnings
  /// would be a cascade of that mistake rather than news.
  var screenReferencesIncomplete = false
  /// The same for style references and `unused-style`.
  var styleReferencesIncomplete = false
  /// Names that a mistaken declaration (`scren Detail { … }`, `screen "Detail" { … }`) was
  /// probably meant to declare: references to them are not reported as undefined.
  var possiblyDeclared: Set<String> = []
  /// Set when a file ends inside an unterminated comment: any name may have been declared
  /// in the lost text, so no reference is reported as undefined.
  var anyNameMayBeDeclared = false
  /// The byte offsets of syntax errors, per file, sorted: a navigator whose block holds one is
  /// not reported for a missing `root` (the error may have hidden it).
  var syntaxErrorOffsets: [ObjectIdentifier: [Int]] = [:]

  /// Each kind's declared names, sorted, for "did you mean": sorted once, not for every
  /// undefined reference (keyed by kind; the count tells when names were added since).
  var sortedNames: [String: (count: Int, names: [String])] = [:]

  /// What "did you mean" may still spend in this run.
  var suggestionBudget = Suggestions.Budget()

  /// The bodies of screens and navigators, in declaration order; the styles' are apart, since
  /// they are read first (`resolveBodies`).
  var bodies: [PendingBody] = []
  var styleBodies: [PendingBody] = []

  /// The screens pass 1 declared, by id.
  ///
  /// A screen's slot in `module.screens` is made in pass 2, by the thread that reads its body
  /// (`DeclarationSlots`): made in pass 1, a large file's screens were written, and their fresh
  /// pages cleared by the kernel, on one thread.
  var screenDeclarations: [ScreenDeclaration] = []

  /// The first `platform` declaration, valid or not (`module.platform` is its value when it is
  /// valid).
  var firstPlatform: SourceRange?

  /// What pass 1 knows of a screen: its name, and where it is declared.
  struct ScreenDeclaration {
    var name: String
    var nameBytes: Range<Int>
    /// The declaring file's index in `module.files`.
    var fileIndex: Int
  }

  /// A declaration whose directives are read in pass 2.
  ///
  /// Indices, no references: copying one retains nothing, so threads reading bodies from one
  /// list do not write the reference counts of a file or tree they share.
  struct PendingBody {
    enum Owner {
      case screen(ScreenID?)
      case navigator(NavigatorID?)
      case style(StyleID?)
    }
    var owner: Owner
    /// The declaring file's index in `module.files`.
    var fileIndex: Int
    /// The node of the directive whose block it is, if it has one.
    var blockOwner: Int?
  }

  init(files: [SyntaxFile]) {
    let placeholder = SyntaxTree(file: SourceFile(path: "", bytes: []))
    let trees = files.map(\.tree)
    let tree = trees.first ?? placeholder
    self.module = Module(files: files.map(\.file))
    self.file = tree.file
    self.tree = tree
    self.fileReference = SourceFileReference(tree.file)
    self.trees = trees
    self.fileReferences = trees.map { SourceFileReference($0.file) }
  }

  /// Makes `module.files[index]` the file being read.
  mutating func enterFile(_ index: Int) {
    fileIndex = index
    file = module.files[index]
    tree = trees[index]
    fileReference = fileReferences[index]
    fileSyntaxErrorOffsets = syntaxErrorOffsets[ObjectIdentifier(file)] ?? []
  }

  /// Gives this copy of the resolver trees and file references of its own, for a thread of
  /// its own (see `fileIndex`).
  mutating func takeOwnReferences() {
    trees = trees.map { $0.forAnotherThread() }
    fileReferences = module.files.map(SourceFileReference.init)
    if !trees.isEmpty { enterFile(fileIndex) }
  }

  /// The block of `body`, in the file being read.
  func block(of body: PendingBody) -> BlockSyntax? {
    body.blockOwner.map { BlockSyntax(tree: tree, owner: $0) }
  }

  /// Resolves a module.
  ///
  /// - Parameters:
  ///   - hasSyntaxErrors: whether lexing or parsing reported errors; if so a directive may be
  ///     missing from the trees, so reachability warnings are not reported.
  ///   - syntaxDiagnostics: the lexer's and parser's diagnostics, which tell where text may
  ///     have been lost (implies `hasSyntaxErrors` when not empty).
  public static func resolve(
    _ files: [SyntaxFile], hasSyntaxErrors: Bool = false, syntaxDiagnostics: [Diagnostic] = []
  ) -> (Module, [Diagnostic]) {
    resolve(
      files, hasSyntaxErrors: hasSyntaxErrors, syntaxDiagnostics: syntaxDiagnostics,
      threads: nil)
  }

  /// `resolve(_:hasSyntaxErrors:syntaxDiagnostics:)`, reading the bodies of screens and
  /// navigators on up to `threads` threads (by default the compiler's count) when there are
  /// at least `minimumParallelBodies`.
  static func resolve(
    _ files: [SyntaxFile], hasSyntaxErrors: Bool, syntaxDiagnostics: [Diagnostic], threads: Int?,
    minimumParallelBodies: Int = Resolver.defaultMinimumParallelBodies
  ) -> (Module, [Diagnostic]) {
    var (module, diagnostics, checks) = resolveDeferringModuleChecks(
      files, hasSyntaxErrors: hasSyntaxErrors, syntaxDiagnostics: syntaxDiagnostics,
      threads: threads, minimumParallelBodies: minimumParallelBodies)
    diagnostics.append(contentsOf: checks.diagnostics())
    return (module, diagnostics)
  }

  /// Passes 1 and 2, with what pass 3 reads, for a caller that runs it beside the analysis
  /// (`Compilation`): its warnings come after the diagnostics returned here.
  static func resolveDeferringModuleChecks(
    _ files: [SyntaxFile], hasSyntaxErrors: Bool = false, syntaxDiagnostics: [Diagnostic],
    threads: Int? = nil,
    minimumParallelBodies: Int = Resolver.defaultMinimumParallelBodies
  ) -> (Module, [Diagnostic], ModuleChecks) {
    var resolver = Resolver(files: files)
    let hasSyntaxErrors = hasSyntaxErrors || !syntaxDiagnostics.isEmpty
    resolver.screenReferencesIncomplete = hasSyntaxErrors
    resolver.styleReferencesIncomplete = hasSyntaxErrors
    resolver.anyNameMayBeDeclared = files.contains(where: \.endsInsideComment)
    for diagnostic in syntaxDiagnostics {
      resolver.syntaxErrorOffsets[ObjectIdentifier(diagnostic.range.file), default: []].append(
        diagnostic.range.bytes.lowerBound)
    }
    // Sorted, so each question about a range is a binary search: a file with many errors and
    // many declarations must not cost their product.
    for key in resolver.syntaxErrorOffsets.keys { resolver.syntaxErrorOffsets[key]?.sort() }
    // Sized once: a list of screens grown by doubling holds up to twice their size, and a
    // table of names grown by doubling places every name again each time. (Counted by the
    // name's bytes: matching every keyword is for `declare`.) The pending bodies, one per
    // declaration, have room for every top-level directive: each doubling copied them all
    // into memory the kernel had to clear first.
    //
    // A file of `minimumParallelBodies` directives or more, nested ones included, has its
    // screen heads read ahead on all threads (`ScreenHeads`), which counts them as well.
    // Only such a file asks how many threads there are: counting the processors costs a
    // small check more than its own work (`Concurrency`).
    lazy var threadCount = threads ?? Concurrency.threadCount
    var screenCount = 0
    var topLevelCount = 0
    // The heads of the large files, and where each file's are (-1 for none). Not an array of
    // optionals: a small file's check would make the runtime instantiate its type.
    var largeFileHeads: [ScreenHeads] = []
    var headsIndex: [Int] = []
    for syntax in files {
      if syntax.tree.nodes.count >= max(2, minimumParallelBodies), threadCount > 1 {
        let heads = ScreenHeads(tree: syntax.tree, threads: threadCount)
        topLevelCount += heads.nodes.count
        // Malformed screen declarations are not counted: room is all this is for.
        for head in heads.heads where head != nil { screenCount += 1 }
        headsIndex.append(largeFileHeads.count)
        largeFileHeads.append(heads)
        continue
      }
      headsIndex.append(-1)
      for directive in syntax.directives {
        topLevelCount += 1
        if directive.hasName("screen") { screenCount += 1 }
      }
    }
    resolver.screenDeclarations.reserveCapacity(screenCount)
    resolver.screenNames.reserveCapacity(screenCount)
    resolver.bodies.reserveCapacity(topLevelCount)
    for (index, syntax) in files.enumerated() {
      resolver.enterFile(index)
      if headsIndex[index] >= 0 {
        resolver.declare(syntax.tree, largeFileHeads[headsIndex[index]])
        continue
      }
      // The name-table slot a screen a few declarations ahead will look up, asked for early.
      var ahead = syntax.directives.makeIterator()
      let prefetches = resolver.screenNames.outgrowsCaches
      if prefetches { for _ in 0..<declarationPrefetchDistance { _ = ahead.next() } }
      for directive in syntax.directives {
        if prefetches, let later = ahead.next() { resolver.prefetchDeclaredName(of: later) }
        resolver.declare(directive)
      }
    }
    resolver.resolveBodies(threads: threads, minimumParallelBodies: minimumParallelBodies)
    return (resolver.module, resolver.diagnostics, resolver.moduleChecks)
  }

  // MARK: - Diagnostics

  func range(_ bytes: Range<Int>) -> SourceRange { SourceRange(fileReference, bytes) }

  mutating func report(
    _ id: DiagnosticID, _ message: String, at bytes: Range<Int>,
    notes: [Diagnostic.Note] = [], fixIts: [Diagnostic.FixIt] = []
  ) {
    if id == .syntax {
      screenReferencesIncomplete = true
      styleReferencesIncomplete = true
    }
    diagnostics.append(Diagnostic(id, message, at: range(bytes), notes: notes, fixIts: fixIts))
  }

  /// Reports `message` at `value`, with a "did you mean" note and fix-it when one of
  /// `candidates` is close to what was written.
  mutating func report(
    _ id: DiagnosticID, _ message: String, at value: ValueSyntax, suggesting candidates: [String],
    notes extraNotes: [Diagnostic.Note] = []
  ) {
    var notes = extraNotes
    var fixIts: [Diagnostic.FixIt] = []
    if let suggestion = Suggestions.closest(
      to: value.text, among: candidates, budget: &suggestionBudget)
    {
      notes.append(Diagnostic.Note(SemanticMessages.didYouMean(suggestion), at: range(value.range)))
      fixIts.append(
        Diagnostic.FixIt(
          "replace '\(value.text)' with '\(suggestion)'",
          edits: [Diagnostic.TextEdit(range: range(value.range), replacement: suggestion)]))
    }
    report(id, message, at: value.range, notes: notes, fixIts: fixIts)
  }

  // MARK: - Pass 1: declarations

  /// How many top-level directives ahead of the one declared `prefetchDeclaredName` looks.
  static let declarationPrefetchDistance = 8

  /// Starts bringing into the cache the name-table slot `declare` will look `directive`'s name
  /// up in, if it declares a screen (the only declarations there are many of).
  private func prefetchDeclaredName(of directive: DirectiveSyntax) {
    guard directive.hasName("screen") else { return }
    let arguments = directive.arguments
    guard !arguments.isEmpty, arguments.kind(at: 0) == .identifier else { return }
    screenNames.prefetch(arguments.range(at: 0), in: file)
  }

  /// Declares the top-level directives of `tree`, the file being read, whose screen heads
  /// `heads` has read: each well-formed screen head from there, any other directive by
  /// `declare(_:)`, in order.
  private mutating func declare(_ tree: SyntaxTree, _ heads: ScreenHeads) {
    let prefetches = screenNames.outgrowsCaches
    let distance = Self.declarationPrefetchDistance
    for (position, node) in heads.nodes.enumerated() {
      if prefetches, position + distance < heads.heads.count,
        let later = heads.heads[position + distance]
      {
        screenNames.prefetch(hash: later.hash)
      }
      guard let head = heads.heads[position] else {
        declare(DirectiveSyntax(tree: tree, index: Int(node)))
        continue
      }
      // The name's bytes are read from its `String`, made on another thread a moment ago,
      // not from the source, read long before: that waited for memory at every screen.
      var text = head.text
      let probe = text.withUTF8 { screenNames.probe($0, hash: head.hash) }
      let id = declareScreen(head.name, probe: probe, text: text)
      // A well-formed head has a block.
      bodies.append(PendingBody(owner: .screen(id), fileIndex: fileIndex, blockOwner: Int(node)))
    }
  }

  /// Declares the screen named at `name` unless `probe`, its look-up, found it declared;
  /// `text` is the name's text, when it is made already.
  private mutating func declareScreen(
    _ name: Range<Int>, probe: NameTable.Probe, text: String? = nil
  ) -> ScreenID? {
    let existing = probe.index.map { index in
      let screen = screenDeclarations[index]
      return SourceRange(fileReferences[screen.fileIndex], screen.nameBytes)
    }
    guard isNew(name, kind: "screen", existing: existing) else { return nil }
    let id = ScreenID(screenDeclarations.count)
    let declared: String
    if let text {
      // Its bytes read from the `String` (see `declare(_:_:)`): a declared name is an
      // identifier, so its text is its bytes.
      declared = text
      screenNames.append(text, probe: probe)
    } else {
      declared = file.text(name)
      screenNames.append(declared, at: name, in: file, probe: probe)
    }
    screenDeclarations.append(
      ScreenDeclaration(name: declared, nameBytes: name, fileIndex: fileIndex))
    return id
  }

  private mutating func declare(_ directive: DirectiveSyntax) {
    switch directive.keyword {
    case .platform:
      declarePlatform(directive)
    case .screen:
      var id: ScreenID?
      if let name = declaredName(of: directive, keyword: "screen") {
        id = declareScreen(name, probe: screenNames.probe(name, in: file))
      }
      bodies.append(
        PendingBody(owner: .screen(id), fileIndex: fileIndex, blockOwner: directive.block?.owner))
    case .navigator:
      var id: NavigatorID?
      if let name = declaredName(of: directive, keyword: "navigator"),
        case let probe = navigatorNames.probe(name, in: file),
        isNew(
          name, kind: "navigator",
          existing: probe.index.map { module[NavigatorID($0)].nameRange })
      {
        id = NavigatorID(module.navigators.count)
        let text = file.text(name)
        navigatorNames.append(text, at: name, in: file, probe: probe)
        // As declared, with only its name: `declaredOnly` makes a slot so again.
        module.navigators.append(Navigator(name: text, nameRange: range(name)))
      }
      bodies.append(
        PendingBody(owner: .navigator(id), fileIndex: fileIndex, blockOwner: directive.block?.owner)
      )
    case .style:
      var id: StyleID?
      if let name = declaredName(of: directive, keyword: "style"),
        case let probe = styleNames.probe(name, in: file),
        isNew(name, kind: "style", existing: probe.index.map { module[StyleID($0)].nameRange })
      {
        id = StyleID(module.styles.count)
        let text = file.text(name)
        styleNames.append(text, at: name, in: file, probe: probe)
        module.styles.append(
          Style(name: text, nameRange: range(name), attributes: TitleAttributes()))
      }
      styleBodies.append(
        PendingBody(owner: .style(id), fileIndex: fileIndex, blockOwner: directive.block?.owner))
    default:
      reportUnknown(directive, in: .topLevel)
    }
  }

  /// The range of the name of a `screen`, `navigator` or `style` (`keyword`) declaration,
  /// diagnosing a malformed head.
  ///
  /// A well-formed head is read from the argument nodes: the name's text is made once, by the
  /// caller, and no `ArgumentSyntax` is made, copied and destroyed for every declaration.
  private mutating func declaredName(of directive: DirectiveSyntax, keyword: String)
    -> Range<Int>?
  {
    let arguments = directive.arguments
    guard !arguments.isEmpty, arguments.kind(at: 0) == .identifier else {
      if let first = arguments.first {
        // `screen "Home" { … }` was meant to declare Home: references to it are no news.
        possiblyDeclared.insert(first.value.text)
        possiblyDeclared.formUnion(Self.probableNames(spelling(first.value)))
        if first.value.isInvalid { return nil }
      }
      if !hasSyntaxErrorInHead(of: directive) {
        report(
          .syntax, SemanticMessages.expectedName(after: keyword),
          at: directive.arguments.first?.range ?? directive.block?.leftBrace
            ?? directive.name.range)
      }
      return nil
    }
    let name = arguments.range(at: 0)
    // Made only when reported.
    var head: String { "\(keyword) \(file.text(name))" }
    // `screen Check out { … }` was probably meant to declare Checkout (asked of the nodes
    // first: reading the arguments makes their texts).
    if arguments.count > 1, arguments.comma(at: 0) == nil, arguments.kind(at: 1) == .identifier {
      let words = arguments.prefix { $0.value.kind == .identifier && $0.comma == nil }
      if words.count > 1 { possiblyDeclared.insert(words.map(\.value.text).joined()) }
    }
    // One diagnostic for a malformed head, none if the lexer or parser reported one in it.
    if hasSyntaxErrorInHead(of: directive) { return name }
    if !directive.hasBlock {
      report(.syntax, SemanticMessages.expectedBlock(after: head), at: directive.headRange)
    } else if arguments.count > 1 {
      let extra = arguments[1].value
      report(
        .syntax, SemanticMessages.unexpectedArgument(spelling(extra), after: head),
        at: extra.range)
    } else if let comma = arguments.comma(at: 0) {
      report(.syntax, SemanticMessages.unexpectedArgument(",", after: head), at: comma)
    }
    return name
  }

  /// Whether the name at `name` is not declared yet; reports a `duplicate-declaration` if it
  /// is.
  private mutating func isNew(_ name: Range<Int>, kind: String, existing: SourceRange?) -> Bool {
    guard let existing else { return true }
    diagnostics.append(
      Diagnostic(
        .duplicateDeclaration, SemanticMessages.duplicateDeclaration(kind, file.text(name)),
        at: range(name),
        notes: [Diagnostic.Note(SemanticMessages.firstDeclaredHere, at: existing)]))
    return false
  }

  /// A `platform` declaration. Whatever its values, it is a module's one declaration of its
  /// platform: a second one is a duplicate even when either has an invalid value (each value
  /// is reported as well), and only a valid first one sets the module's.
  private mutating func declarePlatform(_ directive: DirectiveSyntax) {
    rejectBlock(directive)
    let version = platformVersion(directive)
    if let first = firstPlatform {
      diagnostics.append(
        Diagnostic(
          .duplicateDeclaration, SemanticMessages.duplicatePlatform,
          at: range(directive.name.range),
          notes: [Diagnostic.Note(SemanticMessages.firstDeclaredHere, at: first)]))
      return
    }
    firstPlatform = range(directive.range)
    if let version { module.platform = Located(version, at: range(directive.range)) }
  }

  // MARK: - Pass 2: bodies

  /// Styles first, so a `titleStyle NAME` anywhere can copy the style's attributes; then the
  /// screens and navigators, in declaration order (on several threads, see
  /// `resolveConcurrently`).
  private mutating func resolveBodies(threads: Int?, minimumParallelBodies: Int) {
    for body in styleBodies {
      guard case .style(let id) = body.owner else { continue }
      enterFile(body.fileIndex)
      let appearance = barAppearanceContents(in: block(of: body))
      if let id {
        module[id].attributes = appearance.title ?? TitleAttributes()
        module[id].background = appearance.background
        module[id].backgroundColor = appearance.backgroundColor
      }
    }
    // Moved out of the module, so the buffer below is its only owner (no copy).
    var navigators = module.navigators
    module.navigators = []
    let screenCount = screenDeclarations.count
    let screens = [Screen](unsafeUninitializedCapacity: screenCount) { screens, initialized in
      navigators.withUnsafeMutableBufferPointer { navigators in
        let slots = DeclarationSlots(screens: screens, navigators: navigators)
        let threads =
          bodies.count >= max(2, minimumParallelBodies) ? threads ?? Concurrency.threadCount : 1
        if threads > 1 {
          resolveConcurrently(bodies, in: slots, threads: threads)
        } else {
          for body in bodies { resolve(body, in: slots) }
        }
      }
      // Each declared screen has one body, which made its slot.
      initialized = screenCount
    }
    module.screens = screens
    module.navigators = navigators
  }

  /// Reads the body of a screen or navigator into its slot.
  mutating func resolve(_ body: PendingBody, in slots: DeclarationSlots) {
    if body.fileIndex != fileIndex { enterFile(body.fileIndex) }
    let block = block(of: body)
    switch body.owner {
    case .screen(let id):
      // Read in its slot: a copy out and back cost a dozen retains and releases.
      if let id {
        let declaration = screenDeclarations[id.index]
        slots.makeScreen(
          id, Screen(name: declaration.name, nameRange: range(declaration.nameBytes)))
        resolveScreenBody(block, into: &slots.screens[id.index])
      } else {
        noteDroppedBody(block)
        var dropped = Screen(name: "", nameRange: range(0..<0))
        resolveScreenBody(block, into: &dropped)
      }
    case .navigator(let id):
      guard let id else {
        noteDroppedBody(block)
        var dropped = Navigator(name: "", nameRange: range(0..<0))
        _ = resolveNavigatorBody(block, into: &dropped)
        return
      }
      let sawRoot = resolveNavigatorBody(block, into: &slots.navigators[id.index])
      if !sawRoot, let block = block, !mayHaveLostText(in: block) {
        let navigator = slots.navigators[id.index]
        diagnostics.append(
          Diagnostic(
            .missingRoot, SemanticMessages.missingRoot(navigator.name), at: navigator.nameRange)
        )
      }
    case .style:
      break
    }
  }

  /// A declaration whose body is not part of the module (a duplicate, or one without a name)
  /// may hold the only `push`, `root` or `titleStyle` naming something.
  private mutating func noteDroppedBody(_ block: BlockSyntax?) {
    guard let block, !block.directives.isEmpty else { return }
    screenReferencesIncomplete = true
    styleReferencesIncomplete = true
  }

  /// Whether a syntax error lies in `block` or left it unclosed, so a directive may be missing.
  private func mayHaveLostText(in block: BlockSyntax) -> Bool {
    guard block.rightBrace != nil, !block.leftBrace.isEmpty else { return true }
    return hasSyntaxError(from: block.range.lowerBound, through: block.range.upperBound - 1)
  }

  /// Whether the lexer or parser reported an error at an offset in `first...last` of `file`.
  func hasSyntaxError(from first: Int, through last: Int) -> Bool {
    let offsets = fileSyntaxErrorOffsets
    guard first <= last, !offsets.isEmpty else { return false }
    var low = 0
    var high = offsets.count
    while low < high {
      let mid = (low + high) / 2
      if offsets[mid] < first { low = mid + 1 } else { high = mid }
    }
    return low < offsets.count && offsets[low] <= last
  }

  /// Records that a failed or dropped `directive` may have named screens or styles.
  mutating func noteLostReferences(of keyword: DirectiveKeyword) {
    switch keyword {
    case .push, .root: screenReferencesIncomplete = true
    case .titleStyle: styleReferencesIncomplete = true
    default: break
    }
  }

  /// The source text of a value, as a message quotes it: a string with its quotes and escapes.
  func spelling(_ value: ValueSyntax) -> String {
    value.kind == .identifier ? value.text : file.text(value.range)
  }

  /// Calls `handle` for each directive of `block` that is allowed in `context`, with its
  /// keyword (matched on its bytes: the tree holds no `String`), after reporting unknown
  /// directives and repeats of directives allowed once.
  mutating func forEachDirective(
    in block: BlockSyntax?, context: DirectiveContext,
    _ handle: (inout Resolver, DirectiveSyntax, DirectiveKeyword) -> Void
  ) {
    guard let block else { return }
    let allowed = context.allowedKeywords
    let repeatable = context.repeatableKeywords
    // The directives allowed once that were seen: bits, not a list made for every block; a
    // repeat (rare) finds the first again.
    var seen = DirectiveKeywordSet()
    for directive in block.directives {
      guard let keyword = directive.keyword, allowed.contains(keyword) else {
        reportUnknown(directive, in: context)
        continue
      }
      if !repeatable.contains(keyword) {
        if seen.contains(keyword) {
          let first = block.directives.first { $0.keyword == keyword }!.range
          diagnostics.append(
            Diagnostic(
              .duplicateDirective, SemanticMessages.duplicateDirective(keyword.text),
              at: range(directive.name.range),
              notes: [Diagnostic.Note(SemanticMessages.firstWrittenHere, at: range(first))]))
          noteLostReferences(of: keyword)
          continue
        }
        seen.insert(keyword)
      }
      let reported = diagnostics.count
      handle(&self, directive, keyword)
      // Compared first: a slice of an empty array retains and releases its storage.
      if diagnostics.count > reported,
        diagnostics[reported...].contains(where: { $0.severity == .error })
      {
        noteLostReferences(of: keyword)
      }
    }
  }

  /// Whether the lexer or parser reported an error on the line of `directive`'s head, from its
  /// name on: its words may not be what the user wrote (a line of prose, a malformed name, a
  /// line cut short by an unterminated comment), so they are not reported again.
  func hasSyntaxErrorInHead(of directive: DirectiveSyntax) -> Bool {
    // Most files have none: no line to find then.
    guard !fileSyntaxErrorOffsets.isEmpty else { return false }
    let start = directive.headRange.lowerBound
    let lineEnd = file.lineRange(at: file.lineIndex(of: start)).upperBound
    return hasSyntaxError(from: start, through: max(lineEnd, directive.headRange.upperBound))
  }

  mutating func reportUnknown(_ directive: DirectiveSyntax, in context: DirectiveContext) {
    // A statement with a syntax error in its head has been reported as such; calling its
    // first word an unknown directive would say it twice.
    if !hasSyntaxErrorInHead(of: directive) {
      let name = ValueSyntax(
        kind: .identifier, range: directive.name.range, text: directive.nameText)
      report(
        .unknownDirective, SemanticMessages.unknownDirective(directive.nameText, context),
        at: name, suggesting: context.directives)
    }
    // A misspelt or misplaced `push`, `root`, `titleStyle` or declaration (or anything with a
    // block) may be what made a screen or style look unused.
    func resembles(_ words: [String]) -> Bool {
      words.contains { directive.nameText.hasPrefix($0) }
        || Suggestions.closest(to: directive.nameText, among: words) != nil
    }
    // Any name may be a screen (`pu Payment`); only a `titleStyle` look-alike names a style.
    let hasNames = directive.arguments.contains { $0.value.kind == .identifier }
    // Only declarations live at the top level, so a block there declares something.
    let mayDeclare =
      resembles(["screen", "navigator", "style"])
      || (context == .topLevel && directive.block != nil)
    if directive.block != nil || hasNames || resembles(["push", "root", "present"]) {
      screenReferencesIncomplete = true
    }
    if directive.block != nil || (hasNames && (mayDeclare || resembles(["titleStyle"]))) {
      styleReferencesIncomplete = true
    }
    // `scren Detail { … }` or a `screen` nested by mistake was meant to declare Detail.
    if mayDeclare, let first = directive.arguments.first, first.value.kind == .identifier {
      possiblyDeclared.insert(first.value.text)
    }
    // `screenDetail { … }`: a keyword and a name run together.
    if context == .topLevel, directive.block != nil, directive.arguments.isEmpty {
      possiblyDeclared.formUnion(Self.namesAfterKeyword(in: directive.nameText))
    }
  }

  /// The names `word` may hold after a (possibly misspelt) declaration keyword:
  /// `screenDetail` → `Detail`, `screeDetail` → `Detail` (and other splits).
  static func namesAfterKeyword(in word: String) -> [String] {
    let keywords = ["screen", "navigator", "style"]
    let characters = Array(word)
    guard characters.count > 3 else { return [] }
    // A prefix longer than this is too far from every keyword to be one (9 letters and a
    // third of its length in edits); stopping there keeps a huge word linear.
    let longestPrefix = 13
    var names: [String] = []
    for split in 3..<min(characters.count, longestPrefix + 1) {
      guard let first = characters[split].unicodeScalars.first,
        first.properties.isAlphabetic || first == "_"
      else { continue }
      let prefix = String(characters[..<split])
      if keywords.contains(prefix) || Suggestions.closest(to: prefix, among: keywords) != nil {
        names.append(String(characters[split...]))
      }
    }
    return names
  }

  /// The names a malformed declared name was probably meant to be: `Searché` → `Search`,
  /// `Det@il` → `Detil` and `Det`.
  static func probableNames(_ text: String) -> [String] {
    let isNameCharacter = { (scalar: Unicode.Scalar) in
      scalar.isASCII && Lexer.isIdentifierContinue(UInt8(scalar.value))
    }
    let kept = String(String.UnicodeScalarView(text.unicodeScalars.filter(isNameCharacter)))
    let prefix = String(
      String.UnicodeScalarView(text.unicodeScalars.prefix(while: isNameCharacter)))
    return [kept, prefix].filter { !$0.isEmpty }
  }

  // MARK: - Pass 3: the module

  /// What the third pass reads, once the bodies are resolved.
  private var moduleChecks: ModuleChecks {
    ModuleChecks(
      module: module, reportsUnreachableScreens: !screenReferencesIncomplete,
      reportsUnusedStyles: !styleReferencesIncomplete, usedStyles: usedStyles)
  }
}
