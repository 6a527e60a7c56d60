import Dispatch

/// Pass 2 of the resolver on several threads, with exactly the sequential result.
///
/// The bodies of screens and navigators are cut into consecutive chunks, each read by a copy
/// of the resolver as it stands after pass 1 and the styles. A body writes only its own
/// declaration's slot, and reads, besides the syntax, only what pass 2 never changes (the
/// names declared, the styles' attributes, the syntax errors' offsets) and three things it
/// may change:
/// - `possiblyDeclared` (grown by a misspelt declaration among the directives, read when a
///   name is not found), and
/// - `suggestionBudget` (spent by "did you mean"), which decide what later bodies report;
/// - `sortedNames`, only a cache of the declared names in order.
///
/// Everything else a body changes is merged exactly: its diagnostics appended in order, the
/// styles used joined, the "references incomplete" flags (read only by pass 3) or-ed. So a
/// chunk's result is the sequential one when every chunk before it left `possiblyDeclared`
/// and `suggestionBudget` as they were; from the first chunk that did not, the bodies are
/// read again in one piece, in order, by the resolver itself.
extension Resolver {
  /// Fewer bodies than this are read on one thread (`Tuning`).
  static let defaultMinimumParallelBodies = Tuning.minimumParallelBodies

  /// Pass 2 is cut into this many chunks a thread, taken by the threads as they come free
  /// (`Tuning`).
  static let chunksPerThread = Tuning.resolveChunksPerThread

  /// The module's screens and navigators while pass 2 fills them in.
  ///
  /// The screens' slots start uninitialized: each is made by its body (`makeScreen`). The
  /// navigators' hold what pass 1 declared.
  ///
  /// `@unchecked Sendable`: the buffers are written from several threads, but each slot only
  /// by the one body that declared it (a declaration's id is given to one body), and read by
  /// the resolver only after `DispatchQueue.concurrentPerform` has returned.
  struct DeclarationSlots: @unchecked Sendable {
    let screens: UnsafeMutableBufferPointer<Screen>
    let navigators: UnsafeMutableBufferPointer<Navigator>

    /// Makes the uninitialized slot of screen `id`.
    func makeScreen(_ id: ScreenID, _ screen: Screen) {
      (screens.baseAddress! + id.index).initialize(to: screen)
    }
  }

  /// What a chunk of bodies changed besides its slots.
  private struct ChunkOutcome: Sendable {
    var diagnostics: [Diagnostic]
    var usedStyles: Set<StyleID>
    var screenReferencesIncomplete: Bool
    var styleReferencesIncomplete: Bool
    /// Whether it left what later bodies read as it was (see the type's comment).
    var leavesLaterBodiesAlone: Bool
  }

  /// Reads `bodies` (screens and navigators, in declaration order) on `threads` threads.
  mutating func resolveConcurrently(
    _ bodies: [PendingBody], in slots: DeclarationSlots, threads: Int
  ) {
    let count = min(threads * Self.chunksPerThread, bodies.count)
    let bounds = (0...count).map { bodies.count * $0 / count }
    let chunks = zip(bounds, bounds.dropFirst()).map { $0..<$1 }
    var start = self
    start.diagnostics = []
    start.bodies = []
    let base = start
    let outcomes = ResultSlots<ChunkOutcome>(count: chunks.count)
    DispatchQueue.concurrentPerform(iterations: chunks.count) { index in
      var worker = base
      // Trees and file references of its own, made on this thread (see `Resolver.fileIndex`).
      worker.takeOwnReferences()
      for body in bodies[chunks[index]] { worker.resolve(body, in: slots) }
      outcomes.set(
        index,
        ChunkOutcome(
          diagnostics: worker.diagnostics, usedStyles: worker.usedStyles,
          screenReferencesIncomplete: worker.screenReferencesIncomplete,
          styleReferencesIncomplete: worker.styleReferencesIncomplete,
          leavesLaterBodiesAlone: worker.possiblyDeclared.count == base.possiblyDeclared.count
            && worker.suggestionBudget.remaining == base.suggestionBudget.remaining))
    }
    for (chunk, outcome) in zip(chunks, outcomes.values) {
      guard outcome.leavesLaterBodiesAlone else {
        // This chunk and the rest again, in one piece, from the declarations as pass 1 left
        // them.
        for body in bodies[chunk.lowerBound...] { Self.declaredOnly(body, in: slots) }
        for body in bodies[chunk.lowerBound...] { resolve(body, in: slots) }
        return
      }
      diagnostics += outcome.diagnostics
      usedStyles.formUnion(outcome.usedStyles)
      screenReferencesIncomplete = screenReferencesIncomplete || outcome.screenReferencesIncomplete
      styleReferencesIncomplete = styleReferencesIncomplete || outcome.styleReferencesIncomplete
    }
  }

  /// Puts the slot of `body`'s declaration back as pass 1 left it: a screen's uninitialized,
  /// a navigator's with its name only.
  private static func declaredOnly(_ body: PendingBody, in slots: DeclarationSlots) {
    switch body.owner {
    case .screen(let id?):
      (slots.screens.baseAddress! + id.index).deinitialize(count: 1)
    case .navigator(let id?):
      let navigator = slots.navigators[id.index]
      slots.navigators[id.index] = Navigator(name: navigator.name, nameRange: navigator.nameRange)
    default:
      break
    }
  }
}
