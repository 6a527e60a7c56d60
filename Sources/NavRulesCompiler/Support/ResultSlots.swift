/// Slots that concurrent work fills, each slot written by one task only, in memory allocated
/// once (no shared array to check for uniqueness or exclusive access).
///
/// `@unchecked Sendable` is safe because each slot is written by exactly one task and read
/// only after all tasks have finished (`DispatchQueue.concurrentPerform` returns after them).
final class ResultSlots<Value>: @unchecked Sendable {
  private let storage: UnsafeMutableBufferPointer<Value?>

  init(count: Int) {
    storage = .allocate(capacity: count)
    storage.initialize(repeating: nil)
  }

  deinit {
    storage.deinitialize()
    storage.deallocate()
  }

  func set(_ index: Int, _ value: Value) {
    storage[index] = value
  }

  var values: [Value] { storage.map { $0! } }
}
