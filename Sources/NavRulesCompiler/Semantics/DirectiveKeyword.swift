/// A directive name the language knows, recognised from its bytes in the source.
///
/// The resolver reads every directive's name; matched here once, it is an enum to switch on
/// and a bit to test, where a `String` made and compared for every directive was a tenth of
/// the resolver's instructions. A name that is no keyword (`nil`) is an unknown directive,
/// and only then is its text made.
enum DirectiveKeyword: UInt8, CaseIterable, Sendable {
  case platform, style, navigator, screen
  case `class`, title, titleStyle, push, present, back, popGesture, navigationBar, leftBarButton
  case on, root, backDebounce, color, font, popGestureDelegate
  case barAppearance, background, backgroundColor

  /// The keyword as written.
  var spelling: StaticString {
    switch self {
    case .platform: "platform"
    case .style: "style"
    case .navigator: "navigator"
    case .screen: "screen"
    case .class: "class"
    case .title: "title"
    case .titleStyle: "titleStyle"
    case .push: "push"
    case .present: "present"
    case .back: "back"
    case .popGesture: "popGesture"
    case .navigationBar: "navigationBar"
    case .leftBarButton: "leftBarButton"
    case .on: "on"
    case .root: "root"
    case .backDebounce: "backDebounce"
    case .color: "color"
    case .font: "font"
    case .popGestureDelegate: "popGestureDelegate"
    case .barAppearance: "barAppearance"
    case .background: "background"
    case .backgroundColor: "backgroundColor"
    }
  }

  /// The keyword as messages quote it.
  var text: String { spelling.withUTF8Buffer { String(decoding: $0, as: UTF8.self) } }

  /// The keyword whose spelling is `name`, if any: the length and a byte or two pick the one
  /// candidate, which is then compared whole.
  init?(_ name: UnsafeBufferPointer<UInt8>) {
    guard let first = name.first else { return nil }
    let candidate: DirectiveKeyword? =
      switch name.count {
      case 2: .on
      case 4:
        switch first {
        case UInt8(ascii: "p"): .push
        case UInt8(ascii: "r"): .root
        case UInt8(ascii: "f"): .font
        default: .back
        }
      case 5:
        switch first {
        case UInt8(ascii: "t"): .title
        case UInt8(ascii: "s"): .style
        default: name[1] == UInt8(ascii: "l") ? .class : .color
        }
      case 6: .screen
      case 7: .present
      case 8: .platform
      case 9: .navigator
      case 10:
        switch first {
        case UInt8(ascii: "t"): .titleStyle
        case UInt8(ascii: "b"): .background
        default: .popGesture
        }
      case 12: .backDebounce
      case 13:
        switch first {
        case UInt8(ascii: "n"): .navigationBar
        case UInt8(ascii: "b"): .barAppearance
        default: .leftBarButton
        }
      case 15: .backgroundColor
      case 18: .popGestureDelegate
      default: nil
      }
    guard let candidate,
      candidate.spelling.withUTF8Buffer({ $0.hasSameBytes(as: name) })
    else { return nil }
    self = candidate
  }

  /// The keyword spelt `text`, if any.
  init?(text: String) {
    var text = text
    guard let keyword = text.withUTF8({ DirectiveKeyword($0) }) else { return nil }
    self = keyword
  }
}

/// A set of keywords as one word of bits: a context's allowed and repeatable directives,
/// tested for every directive.
struct DirectiveKeywordSet: Sendable {
  private var bits: UInt32 = 0

  init(_ texts: [String]) {
    for text in texts {
      guard let keyword = DirectiveKeyword(text: text) else {
        preconditionFailure("'\(text)' is not a DirectiveKeyword")
      }
      bits |= 1 << keyword.rawValue
    }
  }

  init() {}

  func contains(_ keyword: DirectiveKeyword) -> Bool { bits & 1 << keyword.rawValue != 0 }

  mutating func insert(_ keyword: DirectiveKeyword) { bits |= 1 << keyword.rawValue }
}

extension DirectiveSyntax {
  /// The keyword the directive's name is, if any, matched on its bytes.
  var keyword: DirectiveKeyword? { withNameBytes { DirectiveKeyword($0) } }
}
