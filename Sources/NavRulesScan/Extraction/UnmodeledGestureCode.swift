import NavRulesCompiler

/// Code that writes the pop gesture's delegate or `isEnabled` at a time the model has no hook
/// for: a navigation controller's own `viewWillAppear`, `viewDidAppear`, `viewWillDisappear`
/// or `viewDidDisappear` (a navigator's hooks run as it loads only), and a
/// `UINavigationControllerDelegate`'s `navigationController(_:willShow:animated:)` or
/// `(_:didShow:animated:)`, which run on every push and pop of the navigators it serves.
/// Left unread, the value such code sets would be taken to be an earlier one: the navigators
/// it may run in are treated like those with an unresolved write (their gesture findings are
/// dropped) and each site is counted.
enum UnmodeledGestureCode {
  struct Site {
    var range: SourceRange
    /// The navigation controller class whose navigators run it; nil when any may (a
    /// delegate object, which any navigation controller may be given).
    var navigationClass: String?
    var what: String
  }

  private static let appearanceMethods: Set<String> = [
    "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
  ]
  private static let showLabels: Set<String> = [
    "willShow", "didShow", "willShowViewController", "didShowViewController",
  ]
  private static let gestureWords = MentionWords(["interactivePopGestureRecognizer"])
  private static let writtenWords = MentionWords(["elegate", "nabled"])

  static func sites(in classes: ClassTable) -> [Site] {
    var sites: [Site] = []
    for name in classes.order {
      guard let entry = classes[name] else { continue }
      let isNavigationController = classes.isNavigationController(name)
      for (method, file) in entry.methods where method.body != nil {
        let isAppearance = isNavigationController && appearanceMethods.contains(method.baseName)
        let isShow =
          method.baseName == "navigationController" && method.argumentLabels.count >= 2
          && method.argumentLabels[1].map(showLabels.contains) == true
        guard isAppearance || isShow,
          classes.mentions(gestureWords, in: method.range, of: file),
          classes.mentions(writtenWords, in: method.range, of: file)
        else { continue }
        let owner = isNavigationController ? name : nil
        let what =
          isAppearance
          ? "pop gesture written in the navigation controller's \(method.baseName), which navrc "
            + "does not model: its gesture findings are left out"
          : "pop gesture written in a navigation controller delegate's "
            + "\(method.swiftName), which navrc does not model: gesture findings of "
            + (owner == nil ? "every navigation controller" : "'\(name)'") + " are left out"
        sites.append(
          Site(range: SourceRange(file, method.nameRange), navigationClass: owner, what: what))
      }
    }
    return sites
  }
}
