/// A value the checker's flat storage keeps as one `Int32`: the exploration's frame, path edge
/// and group numbers, and plain numbers (a state's raw value, a list's filler).
///
/// The containers (`PairLists`, `NumberLists`, `FrozenLists`, `StateSlots`, …) store the raw
/// numbers and hand back typed values, so a path edge cannot be read where a frame is meant;
/// the conversions compile to nothing.
protocol PackedNumber: Sendable {
  init(raw: Int32)
  var raw: Int32 { get }
}

extension Int32: PackedNumber {
  init(raw: Int32) { self = raw }
  var raw: Int32 { self }
}
