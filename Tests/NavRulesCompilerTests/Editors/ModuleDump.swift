import NavRulesCompiler
import NavRulesModel

/// A canonical, position-free text of a resolved module: equal dumps mean the same rules.
enum ModuleDump {
  static func dump(_ module: Module) -> String {
    var lines: [String] = []
    lines.append("platform \(module.platform.map { "\($0.value)" } ?? "-")")
    for style in module.styles {
      lines.append("style \(style.name) \(style.attributes)")
    }
    for navigator in module.navigators {
      lines.append(
        "navigator \(navigator.name) root=\(navigator.root.map { module[$0.value].name } ?? "-")"
          + " title=\(titleStyle(navigator.titleStyle?.value, module))"
          + " popGesture=\(navigator.popGesture.map { "\($0.value)" } ?? "-")"
          + " backDebounce=\(navigator.backDebounce.map { "\($0.value)" } ?? "-")")
    }
    for screen in module.screens {
      lines.append(
        "screen \(screen.name) class=\(screen.className?.value ?? "-")"
          + " title=\(screen.title.map { "\"\($0.value)\"" } ?? "-")"
          + " titleStyle=\(titleStyle(screen.titleStyle?.value, module))"
          + " push=\(screen.pushes.map { module[$0.value].name })"
          + " present=\(screen.presents.map { module[$0.value].name })"
          + " back=\(screen.back.map { "\($0.value)" } ?? "-")"
          + " popGesture=\(screen.popGesture.map { "\($0.value)" } ?? "-")"
          + " bar=\(screen.navigationBar.map { "\($0.value)" } ?? "-")"
          + " left=\(screen.leftBarButton.map { "\($0.value)" } ?? "-")")
      for hook in screen.hooks {
        lines.append(
          "  on \(hook.event.value) (\(hook.condition)): \(hook.actions.map { "\($0.action)" })")
      }
    }
    return lines.joined(separator: "\n")
  }

  static func titleStyle(_ style: TitleStyle?, _ module: Module) -> String {
    guard let style else { return "-" }
    switch style.source {
    case .inline: return "inline \(style.attributes)"
    case .style(let id): return "\(module[id].name) \(style.attributes)"
    }
  }

  /// The diagnostics without positions: ids and messages, sorted.
  static func diagnostics(_ compilation: Compilation) -> [String] {
    compilation.diagnostics.map {
      "\($0.id.rawValue): \($0.message) notes=\($0.notes.map(\.message)) fixes=\($0.fixIts.map(\.message))"
    }.sorted()
  }
}
