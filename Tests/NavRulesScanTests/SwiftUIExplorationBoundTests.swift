import NavRulesCompiler
import Testing

@testable import NavRulesScan

/// The SwiftUI exploration on the shape that made it quadratic (docs/performance.md): every
/// view holds a stack that reaches every other view, and each view pushes values no stack
/// can resolve. What it keeps must grow with the app's code, not with stacks times views.
@Suite struct SwiftUIExplorationBoundTests {
  /// `count` views in a ring: each a `NavigationStack` whose link pushes the next view, with
  /// a value link of its own type and one of a type not known (left out).
  static func ring(_ count: Int) -> String {
    (0..<count).map { index in
      let next = "Ring\((index + 1) % count)"
      return """
        enum Ring\(index)Route: Hashable { case detail(Int) }
        struct Ring\(index): View {
          @State private var path: [Ring\(index)Route] = []
          var body: some View {
            NavigationStack(path: $path) {
              NavigationLink(value: Ring\(index)Route.detail(1)) { Text("Detail") }
              NavigationLink(value: pick) { Text("Pick") }
              NavigationLink("Next") { \(next)() }
              .navigationDestination(for: Ring\(index)Route.self) { route in
                Text("Detail")
              }
            }
          }
        }

        """
    }.joined()
  }

  @Test func eachUnresolvedValueIsListedOnceHoweverManyStacksReachIt() {
    let count = 60
    let navigation = SwiftUINavigation([scanSwift(Self.ring(count))])
    #expect(navigation.stacks.count == count)
    #expect(navigation.screens.count == count)
    let sites = Set(navigation.unresolved.map(\.range))
    // One entry per site: the old walk listed each value once per stack (count² entries).
    #expect(navigation.unresolved.count == sites.count)
    #expect(sites.count <= 3 * count)
  }

  @Test func stacksThatReachOneAnotherAreWalkedOnce() {
    let count = 60
    let navigation = SwiftUINavigation([scanSwift(Self.ring(count))])
    #expect(navigation.screens.count == count)
    #expect(navigation.pushes.count == count)
    // A walk per stack visited count² screens; the classifying walks visit at most two
    // screens per stack after the first, and one full walk visits each view once.
    #expect(navigation.screenVisits <= 4 * count)
  }

  /// A stack whose root another stack pushes, but that does not reach the other stack's
  /// registration, is walked on its own: its value is left out there.
  @Test func aStackThatDoesNotReachTheRegistrationIsStillWalked() {
    let source = """
      enum Route: Hashable { case next }
      struct Home: View {
        var body: some View {
          NavigationStack {
            NavigationLink("Inner") { Inner() }
            .navigationDestination(for: Route.self) { route in Leaf() }
          }
        }
      }
      struct Inner: View {
        var body: some View {
          NavigationStack { NavigationLink(value: Route.next) { Text("Go") } }
        }
      }
      struct Leaf: View {
        var body: some View { NavigationLink("Back home") { Home() } }
      }
      """
    let navigation = SwiftUINavigation([scanSwift(source)])
    #expect(navigation.stacks.count == 2)
    #expect(navigation.unresolved.count == 1)
    #expect(navigation.unresolved.first?.what.contains("no navigationDestination") == true)
  }
}
