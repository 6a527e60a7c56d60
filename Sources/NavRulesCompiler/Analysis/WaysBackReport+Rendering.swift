/// `--ways-back`'s two forms: a table for people, a `waysBack` member for tools.
extension WaysBackReport {
  /// The JSON member written beside `"diagnostics"`.
  public var jsonMember: (String, JSON) {
    (
      "waysBack",
      .array(
        screens.map { screen in
          let start = screen.range.start
          return .object([
            ("screen", .string(screen.screen)),
            ("file", .string(screen.range.file.path)),
            ("line", .int(start.line)),
            ("ways", .array(screen.ways.map(Self.json))),
          ])
        })
    )
  }

  private static func json(_ way: Way) -> JSON {
    var fields: [(String, JSON)] = [
      ("way", .string(way.way.rawValue)),
      ("ios", .string(way.ios.rawValue)),
      ("verdict", .string(way.outcome.verdict.rawValue)),
      ("reason", .string(way.outcome.reason)),
    ]
    if let at = way.outcome.at { fields.append(("at", json(at))) }
    if !way.cases.isEmpty {
      fields.append(
        (
          "cases",
          .array(
            way.cases.map { item in
              var fields: [(String, JSON)] = [
                ("verdict", .string(item.outcome.verdict.rawValue)),
                ("reason", .string(item.outcome.reason)),
              ]
              if let at = item.outcome.at { fields.append(("at", json(at))) }
              fields.append(("path", .string(item.path)))
              return .object(fields)
            })
        ))
    }
    return .object(fields)
  }

  private static func json(_ range: SourceRange) -> JSON {
    let start = range.start
    return .object([
      ("file", .string(range.file.path)),
      ("line", .int(start.line)),
      ("column", .int(start.column)),
    ])
  }

  /// The table: a block per screen, a line per way and band.
  ///
  /// ```
  /// Form (Form.navrules:5)
  ///   tap           13-26  asks     'back confirm "Discard?"' asks first  Form.navrules:6:5
  /// ```
  public var text: String {
    var lines = ["ways back (iOS 13-25, and 26 where it differs; the back menu is iOS 14+):"]
    for screen in screens {
      let start = screen.range.start
      lines.append("\(screen.screen) (\(screen.range.file.path):\(start.line))")
      for way in screen.ways {
        var line =
          "  " + Self.padded(way.way.rawValue, 13) + Self.padded(way.ios.rawValue, 7)
          + Self.padded(way.outcome.verdict.rawValue, 9) + way.outcome.reason
        if let at = way.outcome.at { line += "  " + Self.location(at) }
        lines.append(line)
        for item in way.cases {
          var line = "      \(item.outcome.verdict.rawValue): \(item.outcome.reason)"
          if let at = item.outcome.at { line += "  " + Self.location(at) }
          lines.append(line)
          lines.append("        \(item.path)")
        }
      }
    }
    if unreachedCount > 0 {
      let screens = unreachedCount == 1 ? "screen is" : "screens are"
      lines.append("\(unreachedCount) \(screens) on top in no reachable configuration: not listed")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func location(_ range: SourceRange) -> String {
    let start = range.start
    return "\(range.file.path):\(start.line):\(start.column)"
  }

  private static func padded(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }
}
