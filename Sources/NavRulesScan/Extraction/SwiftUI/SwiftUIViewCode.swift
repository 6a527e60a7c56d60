import NavRulesCompiler

/// What one piece of SwiftUI code says about navigation (docs/scan.md, "SwiftUI"): the
/// pushes it makes, the destinations it registers, the navigation facts its modifiers set,
/// the app views it builds inline, and the stacks it holds. Read once per view type (and
/// once per stack's content); `SwiftUINavigation` puts the pieces together per screen.
struct SwiftUIViewCode {
  /// A push this code makes.
  indirect enum Link {
    /// `NavigationLink(destination: D())`, `.navigationDestination(isPresented:) { D() }`:
    /// the view `D`, and the code written around `D` there (`D().navigationBarHidden(true)`),
    /// which is `D`'s too.
    case view(String, at: SourceRange, content: SwiftUIViewCode)
    /// `NavigationLink(value: v)`, `path.append(v)`: pushed through the stack's
    /// `navigationDestination(for:)` of `v`'s type.
    case value(SwiftUIValue, at: SourceRange)
  }

  var links: [Link] = []
  var registrations: [SwiftUIRegistration] = []
  var facts = SwiftUIFacts()
  /// App view types built inline, in order, each once.
  var subviews: [String] = []
  var stacks: [SwiftUIStackSite] = []
  /// `NavigationStack(path: $name)`: the names of the paths this code binds to a stack.
  var boundPaths: Set<String> = []
  /// `name.append(v)` calls, resolved once the app's bound path names are known.
  var appends: [(receiver: String, value: SwiftUIValue, at: SourceRange)] = []
  var unresolved: [AppModel.Unresolved] = []
  /// The names this code uses (`header`, `row(for:)`'s `row`, `self.detail`): the members of
  /// its view that it runs.
  var referenced: Set<String> = []

  /// Whether the code holds any SwiftUI navigation (a push, a destination or a fact).
  var holdsNavigation: Bool {
    !links.isEmpty || !registrations.isEmpty || !facts.isEmpty || !appends.isEmpty
  }
}

/// The navigation facts of one screen's SwiftUI content.
struct SwiftUIFacts {
  /// `.navigationBarBackButtonHidden(true)` (or read as its `true` case for a leading button
  /// that asks): with the back button gone, UIKit refuses the swipe as under a custom left item.
  var backButtonHidden: SourceRange?
  /// A leading toolbar item or `navigationBarItems(leading:)`. Alone it is nothing: SwiftUI
  /// puts it beside the back button (UIKit's `leftItemsSupplementBackButton`), which stays,
  /// and so does the swipe. It is the custom back button only where the back button is hidden.
  var leadingItem: SourceRange?
  /// `leftBarButton custom`: a hidden back button, at the leading item that replaces it, if any.
  var leftBarButton: SourceRange? { backButtonHidden.map { leadingItem ?? $0 } }
  /// `.navigationBarHidden(true)` and the `toolbar` spellings: `navigationBar hidden`.
  var barHidden: SourceRange?
  /// A hidden back button whose leading button can stay: `back intercept taps`, at the
  /// `navigationBarBackButtonHidden` modifier; `condition` is its argument when it is not a
  /// literal (read as its `true` case).
  var interceptTaps: (at: SourceRange, condition: String?)?
  /// A leading button whose action dismisses at its top level (a plain custom back button,
  /// `Button("Back") { dismiss() }`): a tap on it leaves, at that button. It matters only
  /// with the back button hidden (`leftBarButton`).
  var leadingButtonLeaves: SourceRange?

  var isEmpty: Bool { leftBarButton == nil && barHidden == nil && interceptTaps == nil }

  /// The first of each fact, `self`'s before `other`'s.
  mutating func merge(_ other: SwiftUIFacts) {
    backButtonHidden = backButtonHidden ?? other.backButtonHidden
    leadingItem = leadingItem ?? other.leadingItem
    barHidden = barHidden ?? other.barHidden
    interceptTaps = interceptTaps ?? other.interceptTaps
    leadingButtonLeaves = leadingButtonLeaves ?? other.leadingButtonLeaves
  }
}

/// The value of a value-based push: its type and, for an enum case written as one
/// (`Route.detail(x)`, `.detail`), the case's name.
struct SwiftUIValue {
  var type: String?
  var caseName: String?
  /// The expression, for messages when the type is not known.
  var text: String
}

/// `.navigationDestination(for: T.self) { value in … }`: the views it builds, per case of a
/// `switch` over the value (nil case for a destination without a switch, or `default`).
struct SwiftUIRegistration {
  struct Arm {
    var caseName: String?
    var views: [String]
    /// The case's code, which is the code of the views it builds (`D().navigationBarHidden()`).
    var content: SwiftUIViewCode
  }

  var type: String
  var arms: [Arm]
  var at: SourceRange
}

/// `NavigationStack { … }` or `NavigationView { … }` met in a view's code.
struct SwiftUIStackSite {
  /// `NavigationStack` or `NavigationView`.
  var kind: String
  /// The view (or `App`) whose code holds it.
  var holder: String
  /// The one app view type its content builds, if any; else the holder is the root and its
  /// inline content is the holder's.
  var root: String?
  /// Its content, read as the root's code when the root is not the holder.
  var content: SwiftUIViewCode
  var at: SourceRange
}
