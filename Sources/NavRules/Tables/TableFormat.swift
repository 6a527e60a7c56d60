/// The text form of a `RuleBook` that generated code embeds: one record per line.
///
/// Swift type-checks a string literal in no time, while 2,000 screens written as Swift
/// initializer calls take seconds; so `navrc emit` writes typed enums for the names and this
/// text for the values, and the runtime decodes it once, on first use. `navrc` and the runtime
/// ship together; generated code names the format (`Version`), so a mismatch is a build error,
/// and the version line makes one that slips through an immediate, explained failure.
///
/// ```
/// navrules-table 2
/// platform 13.0.0
/// attributes 0 color=#7B2FF7FF font=system:17.0:semibold
/// style 0 Brand attributes=0
/// navigator 0 Main root=0 popGesture=system backDebounce=300.0 titleStyle=style:0
/// screen 0 Home class=Home push=1,2
/// screen 1 Web class=WebPageViewController title="Article" back=intercept titleStyle=inline:1
/// screen 2 Legacy class=Legacy on=viewDidAppear:gesture.disabled on=viewWillDisappear:gesture.enabled
/// screen 3 Base class=Base onPushed=viewDidAppear:delegate.self on=viewWillDisappear:delegate.system
/// ```
///
/// Records come in that order, each numbered from 0. Fields a screen leaves at its default are
/// omitted. Values: `COLOR` is `#RRGGBBAA` or a `NamedColor`; `FONT` is
/// `system:SIZE:WEIGHT` or `named:SIZE:"NAME"`; a title style is `style:INDEX` or
/// `inline:ATTRIBUTES`; `back` is `allow`, `block`, `intercept` or
/// `confirm:"MESSAGE":"LEAVE":"STAY"`; hook actions are `gesture.enabled|disabled`,
/// `delegate.none|self|guarded|block|system`, `bar.hidden|visible` and `title.ATTRIBUTES`,
/// separated by `;`; a hook is `on=EVENT:ACTIONS`, or `onPushed=EVENT:ACTIONS` for
/// `on EVENT if pushed`, in declaration order (a navigator's `on viewDidLoad` hooks too). Strings are quoted; `\\`, `\"`, `\n`, `\r`, `\t` and `\u{HEX}` escape
/// them, and every control or formatting character is written as `\u{HEX}`.
public enum TableFormat {
  /// The first line of every table this runtime writes.
  public static let header = headerPrefix + "\(version)"
  static let headerPrefix = "navrules-table "
  /// Bumped whenever a record or value changes meaning. Version 2 added `onPushed=` hooks and
  /// navigators' `on=` hooks; version 3 `appearance` records, `barAppearance=SLOTS:INDEX`
  /// fields and `appearance.SLOT.INDEX` hook actions (a table without them is written as
  /// version 2, which means the same).
  public static let version = 3
  /// The versions this runtime reads: a table of version 1 has no `onPushed=` hooks and means
  /// the same under version 2.
  static let readableVersions = 1...version

  /// The formats this runtime reads, as generated code names them:
  /// `RuleBook.generated(table, format: .v2)`.
  ///
  /// Naming the format as a Swift symbol turns a generated file that does not match the
  /// runtime into a build error (`type 'TableFormat.Version' has no member 'v2'`) rather than a
  /// failure when the app starts. Regenerate the file with the `navrc emit` that ships with
  /// this runtime (the build plugin always does).
  public enum Version: Sendable {
    /// `navrules-table 1`.
    case v1
    /// `navrules-table 2`: adds `onPushed=` hooks (`on EVENT if pushed`) and navigators' hooks.
    case v2
    /// `navrules-table 3`: adds bar appearances.
    case v3
  }
}

/// Why a table could not be decoded: a table written by a different `navrc`, or edited by hand.
public struct TableDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The 1-based line of the table.
  public var line: Int
  public var message: String

  public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }

  public var description: String { "navrules table line \(line): \(message)" }
}
