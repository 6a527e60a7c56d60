/// Slots that concurrent work fills, each slot written by one task only, in memory allocated
/// once (no shared array to check for uniqueness or exclusive access); read once all tasks
/// have run, so results come back in a fixed order whatever order the tasks ran in.
///
/// `@unchecked Sendable`: the writes are disjoint, and the reads come after the work's end
/// (`DispatchQueue.concurrentPerform` or `WorkPool.run` returning orders them after the writes).
package final class ResultSlots<Value>: @unchecked Sendable {
  private let storage: UnsafeMutableBufferPointer<Value?>

  package init(count: Int) {
    storage = .allocate(capacity: count)
    storage.initialize(repeating: nil)
  }

  deinit {
    storage.deinitialize()
    storage.deallocate()
  }

  package func set(_ index: Int, _ value: Value) {
    storage[index] = value
  }

  package var values: [Value] { storage.map { $0! } }

  /// The values, moved out of the slots: the caller holds the only reference to each.
  package func take() -> [Value] {
    storage.indices.map { storage[$0].take()! }
  }
}
