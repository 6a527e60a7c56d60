/// One more strong reference to a `SourceFile`, for the source ranges one thread makes.
///
/// A `SourceRange` retains what it holds, so threads making ranges in one file at once all
/// write the file's reference count: one cache line passed back and forth between the cores
/// (a third more work per body in the resolver's second pass on two threads). Ranges made
/// through a thread's own reference retain that instead, and still keep the file alive.
final class SourceFileReference: Sendable {
  let file: SourceFile

  init(_ file: SourceFile) { self.file = file }
}
