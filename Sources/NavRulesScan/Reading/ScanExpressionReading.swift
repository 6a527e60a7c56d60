import NavRulesCompiler

/// What the Swift and Objective-C readers share when they build expressions: both read
/// through a `ScanCursor`, and a node is made, given up on, or bounded the same way.
protocol ScanExpressionReading {
  var cursor: ScanCursor { get set }
}

extension ScanExpressionReading {
  /// An expression node spanning from token index `start` to the last token read; a node too
  /// deep for the structure's limit becomes `.unknown` with the same range.
  func make(_ kind: ScanExpr.Kind, from start: Int) -> ScanExpr {
    let expression = ScanExpr(kind, range: cursor.range(from: start))
    guard cursor.depth + expression.height <= ScanCursor.maximumDepth else {
      return ScanExpr(.unknown, range: expression.range)
    }
    return expression
  }

  func unknown(from start: Int) -> ScanExpr {
    ScanExpr(.unknown, range: cursor.range(from: start))
  }

  /// Marks the statement as unreadable and returns an empty `.unknown` here.
  mutating func fail() -> ScanExpr {
    cursor.failed = true
    let offset = cursor.current.lowerBound
    return ScanExpr(.unknown, range: offset..<offset)
  }
}
