import Dispatch
import NavRulesCompiler
import NavRulesScan

/// Framing events handed from the thread that reads the input to the server's loop
/// (`LanguageServer.serve`), so the server can tell whether a message is waiting and answer
/// it between two slices of checking work.
///
/// It holds at most `capacity` events and `byteCapacity` bytes of messages (one message always
/// fits): a reader that gets ahead waits, so a client that floods the server cannot make it
/// buffer without bound.
public final class MessageQueue: @unchecked Sendable {
  private let condition = ThreadCondition()
  private var events: [MessageReader.Event] = []
  private var head = 0
  private var bytes = 0
  private let capacity: Int
  private let byteCapacity: Int
  /// Set by `wake`: the next `next(waiting:)` returns even with no event.
  private var isWoken = false

  public init(capacity: Int = 256, byteCapacity: Int = 128 << 20) {
    self.capacity = max(1, capacity)
    self.byteCapacity = byteCapacity
  }

  private static func size(_ event: MessageReader.Event) -> Int {
    if case .message(let content) = event { content.count } else { 0 }
  }

  /// Adds an event, waiting while the queue is full.
  public func push(_ event: MessageReader.Event) {
    condition.lock()
    defer { condition.unlock() }
    while head < events.count,
      events.count - head >= capacity || bytes + Self.size(event) > byteCapacity
    {
      condition.wait()
    }
    events.append(event)
    bytes += Self.size(event)
    condition.broadcast()
  }

  /// The next event; when none is waiting, `nil` or (if `waiting`) the next one to arrive.
  public func next(waiting: Bool) -> MessageReader.Event? {
    condition.lock()
    defer { condition.unlock() }
    while waiting, head == events.count, !isWoken { condition.wait() }
    guard head < events.count else {
      isWoken = false
      return nil
    }
    let event = events[head]
    head += 1
    bytes -= Self.size(event)
    if head > 64, head * 2 > events.count {
      events.removeFirst(head)
      head = 0
    }
    condition.broadcast()
    return event
  }

  /// Makes a waiting (or the next) `next(waiting:)` return: work done on another thread has
  /// finished.
  public func wake() {
    condition.lock()
    defer { condition.unlock() }
    isWoken = true
    condition.broadcast()
  }

  /// Reads events from `reader` on a thread of their own until the input ends.
  ///
  /// A serial queue of its own runs on an overcommitting thread, so the reader blocked in
  /// `read` never takes one of the threads the checks run on.
  public static func reading(_ makeReader: @escaping @Sendable () -> MessageReader) -> MessageQueue
  {
    let queue = MessageQueue()
    DispatchQueue(label: "navrc.language-server.input").async {
      var reader = makeReader()
      while true {
        let event = reader.next()
        queue.push(event)
        if event == .end { return }
      }
    }
    return queue
  }
}
