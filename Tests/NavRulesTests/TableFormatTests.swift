import NavRules
import NavRulesTestSupport
import Testing

@Suite struct TableFormatTests {
  /// Strings that would break a careless encoder or the Swift literal around the table.
  static let awkwardStrings = [
    "", "plain", "with \"quotes\"", "back\\slash", "\\u{41}", "\"\"\"#", "\\#(x)", "#\"",
    "line\nbreak", "tab\there", "cr\rlf", "nul\u{0}", "bidi \u{202E}gnirts\u{202C}",
    "zero\u{200B}width", "émoji 😀 文章", "key=value: a,b;c.d", " leading and trailing ",
  ]

  @Test(arguments: awkwardStrings)
  func stringsSurviveTheRoundTrip(_ text: String) throws {
    let book = Self.book(
      title: text,
      back: .confirm(BackConfirmation(message: text, leaveTitle: text, stayTitle: text)),
      font: .named(text, size: 17.5))
    let decoded = try RuleBook(table: book.tableText)
    #expect(decoded == book)
    // One record per line, and nothing invisible written as it is.
    #expect(book.tableText.split(separator: "\n").count == 6)
    #expect(!book.tableText.unicodeScalars.contains { $0.properties.generalCategory == .format })
  }

  @Test func randomBooksSurviveTheRoundTrip() throws {
    var random = SeededGenerator(seed: 0x7AB1E)
    for _ in 0..<300 {
      let book = Self.randomBook(using: &random)
      let text = book.tableText
      #expect(try RuleBook(table: text) == book)
      // The lines the emitter prints are the text's, each without its line break.
      let lines = book.tableLines
      #expect(lines.map { $0 + "\n" }.joined() == text)
      #expect(!lines.contains { $0.utf8.contains(UInt8(ascii: "\n")) })
      #expect(book.tableText == text, "encoding is deterministic")
    }
  }

  /// Tables written before `onPushed=` existed still decode, to the same book.
  @Test func versionOneTablesStillDecode() throws {
    let table = """
      navrules-table 1
      platform 13.0.0
      navigator 0 Main root=0 popGesture=system backDebounce=0.0
      screen 0 Home class=Home push=1 on=viewDidAppear:delegate.self;gesture.enabled
      screen 1 Detail class=Detail

      """
    let book = try RuleBook(table: table)
    #expect(
      book.screens[0].hooks == [
        HookRule(
          event: .viewDidAppear,
          actions: [.setGestureDelegate(.viewController), .setGestureEnabled(true)])
      ])
    #expect(book.tableText == table.replacing("table 1", with: "table 2"))
  }

  @Test func pushedHooksAreWrittenAsOnPushed() throws {
    let base = Self.book(title: "t", back: .allow, font: .system(size: 17, weight: .regular))
    var screen = base.screens[0]
    screen.hooks = [
      HookRule(event: .viewDidAppear, condition: .pushed, actions: [.setGestureEnabled(false)]),
      HookRule(event: .viewDidAppear, actions: [.setGestureEnabled(true)]),
    ]
    let book = RuleBook(
      platform: base.platform, styles: base.styles, navigators: base.navigators, screens: [screen])
    #expect(
      book.tableText.contains(
        " onPushed=viewDidAppear:gesture.disabled on=viewDidAppear:gesture.enabled"))
    #expect(try RuleBook(table: book.tableText) == book)
    #expect(
      book.screens[0].actions(at: .viewDidAppear, isRootAtDepthOne: true) == [
        .setGestureEnabled(true)
      ])
    #expect(
      book.screens[0].actions(at: .viewDidAppear, isRootAtDepthOne: false) == [
        .setGestureEnabled(false), .setGestureEnabled(true),
      ])
  }

  @Test(arguments: [
    ("", 1, "expected 'navrules-table 3'"),
    ("navrules-table 4\n", 1, "different navrc"),
    ("navrules-table 0\n", 1, "different navrc"),
    (
      "navrules-table 1\nplatform 13.0.0\nscreen 0 A onPushed=viewDidLoad:gesture.enabled\n", 3,
      "unknown field 'onPushed'"
    ),
    ("navrules-table 1\n", 1, "missing 'platform'"),
    ("navrules-table 1\nplatform 13\n", 2, "bad platform version"),
    ("navrules-table 1\nplatform 13.0.0\nscreen 1 A class=A\n", 3, "expected record 0"),
    ("navrules-table 1\nplatform 13.0.0\nscreen 0 A class=A push=4\n", 3, "no screen 4"),
    ("navrules-table 1\nplatform 13.0.0\nscreen 0 A colour=red\n", 3, "unknown field 'colour'"),
    ("navrules-table 1\nplatform 13.0.0\nscreen 0 A title=\"open\n", 3, "bad string"),
    ("navrules-table 1\nplatform 13.0.0\nscreen 0 A back=maybe\n", 3, "unknown back policy"),
    ("navrules-table 1\nplatform 13.0.0\nnavigator 0 M root=0\n", 3, "no screen 0"),
    ("navrules-table 1\nplatform 13.0.0\nwidget 0\n", 3, "unknown record 'widget'"),
    ("navrules-table 1\nplatform 13.0.0\nscreen 0 A on=viewDidLoad:gesture.maybe\n", 3, "gesture"),
    ("navrules-table 1\nplatform 13.0.0\nscreen 0 A titleStyle=inline:0\n", 3, "no attributes 0"),
  ])
  func malformedTablesAreRejectedWithTheirLine(text: String, line: Int, message: String) {
    #expect {
      _ = try RuleBook(table: text)
    } throws: { error in
      guard let error = error as? TableDecodingError else { return false }
      return error.line == line && error.message.contains(message)
    }
  }

  static func book(title: String, back: BackPolicy, font: TitleFont) -> RuleBook {
    let attributes = TitleAttributes(color: .named(.tint), font: font)
    return RuleBook(
      platform: PlatformVersion(12, 4, 1),
      styles: [StyleRule(name: "S", attributes: attributes)],
      navigators: [
        NavigatorRule(
          name: "N", root: ScreenID(0), titleStyle: nil, popGesture: .forced,
          backDebounceMilliseconds: 0.25)
      ],
      screens: [
        ScreenRule(
          name: "A", className: "AViewController", title: title,
          titleStyle: TitleStyleRule(attributes: attributes, style: StyleID(0)), back: back,
          popGesture: nil, navigationBar: .hidden, leftBarButton: .custom, pushes: [ScreenID(0)],
          presents: [NavigatorID(0)],
          hooks: [HookRule(event: .viewWillAppear, actions: [.setTitleStyle(attributes)])])
      ])
  }

  static func randomBook(using random: inout SeededGenerator) -> RuleBook {
    func attributes() -> TitleAttributes {
      TitleAttributes(
        color: random.chance(0.5)
          ? .rgba(
            red: .random(in: 0...255, using: &random), green: .random(in: 0...255, using: &random),
            blue: .random(in: 0...255, using: &random), alpha: .random(in: 0...255, using: &random))
          : random.chance(0.5) ? .named(random.pick(NamedColor.allCases)) : nil,
        font: random.chance(0.3)
          ? .system(
            size: Double.random(in: 1...40, using: &random),
            weight: random.pick(FontWeight.allCases))
          : random.chance(0.3) ? .named(random.pick(awkwardStrings), size: 17) : nil)
    }
    let styles = (0..<Int.random(in: 0...3, using: &random)).map {
      StyleRule(name: "Style\($0)", attributes: attributes())
    }
    let screenCount = Int.random(in: 1...6, using: &random)
    let navigatorCount = Int.random(in: 0...2, using: &random)
    func titleStyle() -> TitleStyleRule? {
      if !styles.isEmpty, random.chance(0.3) {
        let index = Int.random(in: 0..<styles.count, using: &random)
        return TitleStyleRule(attributes: styles[index].attributes, style: StyleID(index))
      }
      return random.chance(0.3) ? TitleStyleRule(attributes: attributes(), style: nil) : nil
    }
    let navigators = (0..<navigatorCount).map { index in
      NavigatorRule(
        name: "N\(index)", root: ScreenID(Int.random(in: 0..<screenCount, using: &random)),
        titleStyle: titleStyle(), popGesture: random.pick(PopGesturePolicy.allCases),
        backDebounceMilliseconds: random.pick([0, 300, 0.1, 1e-7]))
    }
    let actions: [HookAction] =
      [.setGestureEnabled(true), .setGestureEnabled(false), .setNavigationBar(.hidden)]
      + GestureDelegate.allCases.map(HookAction.setGestureDelegate)
    let screens = (0..<screenCount).map { index in
      ScreenRule(
        name: "S\(index)", className: random.chance(0.5) ? "S\(index)" : "Controller\(index)",
        title: random.chance(0.5) ? random.pick(awkwardStrings) : nil,
        titleStyle: titleStyle(),
        back: random.pick([
          .allow, .block, .intercept,
          .confirm(BackConfirmation(message: random.pick(awkwardStrings))),
        ]),
        popGesture: random.chance(0.5) ? random.pick(PopGesturePolicy.allCases) : nil,
        navigationBar: random.pick(BarVisibility.allCases),
        leftBarButton: random.pick(LeftBarButton.allCases),
        pushes: (0..<screenCount).filter { _ in random.chance(0.4) }.map(ScreenID.init),
        presents: (0..<navigatorCount).filter { _ in random.chance(0.4) }.map(NavigatorID.init),
        hooks: (0..<Int.random(in: 0...3, using: &random)).map { _ in
          HookRule(
            event: random.pick(LifecycleEvent.allCases),
            condition: random.pick(HookCondition.allCases),
            actions: (0..<Int.random(in: 0...3, using: &random)).map { _ in
              random.chance(0.2) ? .setTitleStyle(attributes()) : random.pick(actions)
            })
        })
    }
    return RuleBook(
      platform: PlatformVersion(
        Int.random(in: 12...30, using: &random), Int.random(in: 0...9, using: &random)),
      styles: styles, navigators: navigators, screens: screens)
  }
}
