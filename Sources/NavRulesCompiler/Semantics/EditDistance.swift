/// "Did you mean …?" suggestions.
///
/// Their cost is bounded, because a name can be anything a generator or a half-typed edit
/// produced: names longer than `maximumLength` get none, a candidate whose length differs by
/// more than the allowed edits is skipped without being read, and the distance is computed in
/// a band of `2 × limit + 1` cells per row that stops as soon as a row exceeds the limit (or
/// the best distance found so far). One look-up costs at most
/// `candidates × maximumLength × (2 × maximumLength / 3 + 1)` cell updates, and usually a
/// few cells per candidate; over a whole run, the resolver's `Budget` bounds the total, so
/// thousands of misses among thousands of similar long names cannot add up to minutes.
enum Suggestions {
  /// Work allowed for suggestions in one run, counted in candidates visited plus bytes
  /// compared and table cells computed: about 0.7 s of a release build, which 5,000 misses
  /// among 5,000 names of 125 bytes that differ only at their ends spend after 2,800 of them
  /// (docs/robustness.md). Once it is spent, further names get no suggestion; look-ups happen
  /// in file order, so the result is the same on every run.
  struct Budget {
    static let perRun = Tuning.suggestionWorkPerRun
    var remaining: Int

    init(_ remaining: Int = Budget.perRun) {
      self.remaining = remaining
    }
  }

  /// Names longer than this (in bytes) get no suggestion: nobody mistypes one of that length
  /// by a few letters, and comparing it would cost its length times the edits it allows.
  static let maximumLength = 128

  /// The candidate closest to `name`, if it is close enough to be a plausible typo: at most a
  /// third of the name's length in edits (at least one), and fewer edits than either name has
  /// characters (so `A` never suggests `W`); ties broken by candidate order.
  static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
    var budget = Budget(.max)
    return closest(to: name, among: candidates, budget: &budget)
  }

  /// `closest(to:among:)`, spending from `budget`; `nil` once it is spent.
  static func closest(
    to name: String, among candidates: some Sequence<String>, budget: inout Budget
  ) -> String? {
    let target = Array(name.utf8)
    guard !target.isEmpty, target.count <= maximumLength, budget.remaining > 0 else { return nil }
    let limit = max(1, target.count / 3)
    var rows = Rows()
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      budget.remaining -= 1
      guard budget.remaining > 0 else { return nil }
      // Only a distance below the best one so far can change the answer.
      let bound = min(limit, (best?.distance ?? .max) - 1, target.count - 1)
      let length = candidate.utf8.count
      guard bound >= 1, length > 0, abs(length - target.count) <= bound, candidate != name
      else {
        if bound < 1 { break }
        continue
      }
      let distance = target.withUnsafeBufferPointer { target in
        withBytes(of: candidate) {
          editDistance(target, $0, limit: bound, rows: &rows, cells: &budget.remaining)
        }
      }
      if distance <= bound, distance < length {
        best = (candidate, distance)
      }
    }
    return best?.candidate
  }

  /// Optimal-string-alignment distance (insertions, deletions, substitutions and adjacent
  /// transpositions cost 1; a change of case alone costs 1), or `limit + 1` when it is above
  /// `limit`.
  static func editDistance(_ lhs: String, _ rhs: String, limit: Int) -> Int {
    var rows = Rows()
    var cells = 0
    let a = Array(lhs.utf8)
    let b = Array(rhs.utf8)
    return a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        editDistance(a, b, limit: limit, rows: &rows, cells: &cells)
      }
    }
  }

  /// Three rows of the distance table, reused from one candidate to the next.
  struct Rows {
    var beforePrevious: [Int] = []
    var previous: [Int] = []
    var current: [Int] = []
  }

  private static func withBytes<R>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R)
    -> R
  {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(text.utf8).withUnsafeBufferPointer(body)
  }

  /// The banded computation: only cells within `limit` of the diagonal can hold a distance
  /// of at most `limit`; the cells just outside the band are set to `limit + 1`. A common
  /// prefix and suffix are skipped first (they never cost an edit), so long names that differ
  /// in a few places cost a few cells. Subtracts the cells it computes from `cells`.
  static func editDistance(
    _ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>, limit: Int,
    rows: inout Rows, cells: inout Int
  ) -> Int {
    let over = limit + 1
    if abs(lhs.count - rhs.count) > limit { return over }
    var prefix = 0
    while prefix < min(lhs.count, rhs.count), lhs[prefix] == rhs[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < min(lhs.count, rhs.count) - prefix,
      lhs[lhs.count - 1 - suffix] == rhs[rhs.count - 1 - suffix]
    {
      suffix += 1
    }
    cells -= prefix + suffix
    let a = UnsafeBufferPointer(rebasing: lhs[prefix..<lhs.count - suffix])
    let b = UnsafeBufferPointer(rebasing: rhs[prefix..<rhs.count - suffix])
    if a.isEmpty || b.isEmpty { return min(max(a.count, b.count), over) }
    let width = b.count + 1
    if rows.current.count < width {
      rows.beforePrevious = [Int](repeating: over, count: width)
      rows.previous = rows.beforePrevious
      rows.current = rows.beforePrevious
    }
    for j in 0..<width { rows.previous[j] = min(j, over) }
    for i in 1...a.count {
      let low = max(1, i - limit)
      let high = min(b.count, i + limit)
      rows.current[low - 1] = low == 1 ? min(i, over) : over
      var rowMinimum = rows.current[low - 1]
      for j in low...high {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(
          rows.previous[j] + 1, rows.current[j - 1] + 1, rows.previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, rows.beforePrevious[j - 2] + 1)
        }
        value = min(value, over)
        rows.current[j] = value
        rowMinimum = min(rowMinimum, value)
      }
      cells -= high - low + 1
      if high < b.count { rows.current[high + 1] = over }
      if rowMinimum > limit { return over }
      swap(&rows.beforePrevious, &rows.previous)
      swap(&rows.previous, &rows.current)
    }
    return rows.previous[b.count]
  }
}
