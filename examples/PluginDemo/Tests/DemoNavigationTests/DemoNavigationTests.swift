import NavRules
import Testing

@testable import DemoNavigation

@Test func theGeneratedSymbolsNameTheDeclaredScreens() {
  #expect(Checkout.catalogDestinations == [.product, .cart])
  #expect(Checkout.leaveCartMessage == "Leave your cart? It is kept.")
  #expect(NavigationRules.rule(.cardPayment).back == .intercept)
  // Files are read in sorted order: Account.navrules comes first.
  #expect(NavigationRules.Navigator.allCases == [.account, .shop])
  #expect(NavigationRules.rule(.account).titleStyle?.style == NavigationRules.id(.shopBrand))
}

@Test func theRuntimeCoreAppliesTheRules() {
  var session = Checkout.shopSession()
  _ = session.launch(classNames: ["CatalogViewController"])
  _ = session.transitionDidEnd()
  _ = session.didBeginPush(className: "CartViewController", animated: true)
  _ = session.transitionDidEnd()
  // The cart confirms before a back tap pops, and never lets the swipe walk around it.
  let step = session.backButtonTapped(viewControllerCount: 2, itemCount: 2, nowMilliseconds: 0)
  guard case .answer(let answer) = step else {
    Issue.record("expected an answer, got \(step)")
    return
  }
  #expect(!answer.shouldPop)
  #expect(answer.effects.contains { if case .presentConfirmation = $0 { true } else { false } })
  #expect(!session.swipeShouldBegin { _, _ in true })
  #expect(session.state.title == NavigationRules.rule(.shopBrand).attributes)
}
