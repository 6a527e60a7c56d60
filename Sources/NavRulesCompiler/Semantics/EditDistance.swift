/// "Did you mean …?" suggestions.
enum Suggestions {
  /// The candidate closest to `name`, if it is close enough to be a plausible typo: at most a
  /// third of the name's length in edits (at least one), and fewer edits than either name has
  /// characters (so `A` never suggests `W`); ties broken by candidate order.
  static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
    let limit = max(1, name.utf8.count / 3)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates where candidate != name {
      let distance = editDistance(name, candidate, limit: limit)
      guard distance < min(name.utf8.count, candidate.utf8.count) else { continue }
      if distance <= limit, distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    return best?.candidate
  }

  /// Optimal-string-alignment distance (insertions, deletions, substitutions and adjacent
  /// transpositions cost 1; a change of case alone costs 1), giving up above `limit`.
  static func editDistance(_ lhs: String, _ rhs: String, limit: Int) -> Int {
    let a = Array(lhs.utf8)
    let b = Array(rhs.utf8)
    if abs(a.count - b.count) > limit { return limit + 1 }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var rowMinimum = current[0]
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previousPrevious[j - 2] + 1)
        }
        current[j] = value
        rowMinimum = min(rowMinimum, value)
      }
      if rowMinimum > limit { return limit + 1 }
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
  }
}
