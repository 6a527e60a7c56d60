#!/usr/bin/env python3
"""Rewrites a file of `navrc emit` with its table as typed Swift, for scripts/bench-emit-typed.

    typed-table-prototypes.py ENCODING IN.swift OUT.swift
    typed-table-prototypes.py --support OUT.swift

The typed names (the enums) are kept as navrc wrote them; only the table changes, from the
TableFormat string to Swift values, so that the benchmark compares the two encodings of the
same values. ENCODING is one of:

  fields       one `static func` per screen: `var screen = ScreenRule(name:className:)`, one
               assignment per declared field, `return screen`; the book appends their results
  initializer  one `static func` per screen returning one `ScreenRule(…)` call with every
               declared field as an argument; the book is an array of their results
  builder      one builder call per screen with literal arguments and implicit members
               (`book.screen("Web", className: "…", back: .intercept, pushes: 3, 7)`), 50
               screens per `static func`
  literal      one array literal of `ScreenRule(…)` calls

Every type is explicit and no literal is heterogeneous. `--support` writes the small
extension module the encodings call (a `ScreenRule(name:className:)` initializer and the
builder), compiled by the benchmark next to NavRules.
"""
import re
import sys

SUPPORT = """\
import NavRules

extension ScreenRule {
  public init(name: String, className: String) {
    self.init(
      name: name, className: className, title: nil, titleStyle: nil, back: .allow,
      popGesture: nil, navigationBar: .visible, leftBarButton: .none, pushes: [], presents: [],
      hooks: [])
  }
}

extension NavigatorRule {
  public init(name: String, root: ScreenID) {
    self.init(name: name, root: root, titleStyle: nil, popGesture: .system,
      backDebounceMilliseconds: 0)
  }
}

/// Builds a book one declaration at a time; `on` adds a hook to the screen added last.
public struct RuleBookBuilder {
  var platform: PlatformVersion
  var styles: [StyleRule] = []
  var navigators: [NavigatorRule] = []
  var screens: [ScreenRule] = []

  public init(platform: PlatformVersion) { self.platform = platform }

  public mutating func style(_ name: String, _ attributes: TitleAttributes) {
    styles.append(StyleRule(name: name, attributes: attributes))
  }

  public mutating func navigator(_ rule: NavigatorRule) { navigators.append(rule) }

  public mutating func screen(
    _ name: String, className: String, title: String? = nil, titleStyle: TitleStyleRule? = nil,
    back: BackPolicy = .allow, popGesture: PopGesturePolicy? = nil,
    navigationBar: BarVisibility = .visible, leftBarButton: LeftBarButton = .none,
    pushes: Int..., presents: Int...
  ) {
    screens.append(
      ScreenRule(
        name: name, className: className, title: title, titleStyle: titleStyle, back: back,
        popGesture: popGesture, navigationBar: navigationBar, leftBarButton: leftBarButton,
        pushes: pushes.map(ScreenID.init), presents: presents.map(NavigatorID.init), hooks: []))
  }

  public mutating func on(_ event: LifecycleEvent, _ actions: HookAction...) {
    screens[screens.count - 1].hooks.append(HookRule(event: event, actions: actions))
  }

  public var book: RuleBook {
    RuleBook(platform: platform, styles: styles, navigators: navigators, screens: screens)
  }
}
"""

Q = "NavRules."


def quoted(text, index):
    """The `"…"` string at text[index] (escapes kept: TableFormat's are Swift's), and the end."""
    assert text[index] == '"'
    end = index + 1
    while text[end] != '"':
        end += 2 if text[end] == "\\" else 1
    return text[index:end + 1], end + 1


def fields(rest):
    """` key=value` pairs of a record; values may be quoted strings with spaces."""
    result = []
    index = 0
    while index < len(rest):
        assert rest[index] == " ", rest[index:]
        eq = rest.index("=", index)
        key = rest[index + 1:eq]
        index = eq + 1
        value = ""
        while index < len(rest) and rest[index] != " ":
            if rest[index] == '"':
                string, index = quoted(rest, index)
                value += string
            else:
                value += rest[index]
                index += 1
        result.append((key, value))
    return result


def split_quoted(value, separator):
    parts, current, index = [], "", 0
    while index < len(value):
        if value[index] == '"':
            string, index = quoted(value, index)
            current += string
        elif value[index] == separator:
            parts.append(current)
            current = ""
            index += 1
        else:
            current += value[index]
            index += 1
    return parts + [current]


def color(value):
    if value.startswith("#"):
        r, g, b, a = (value[i:i + 2] for i in (1, 3, 5, 7))
        return f".rgba(red: 0x{r}, green: 0x{g}, blue: 0x{b}, alpha: 0x{a})"
    return f".named(.{value})"


def font(value):
    kind, size, rest = split_quoted(value, ":")
    if kind == "system":
        return f".system(size: {size}, weight: .{rest})"
    return f".named({rest}, size: {size})"


def attributes(record):
    args = []
    for key, value in record:
        args.append(f"color: {color(value)}" if key == "color" else f"font: {font(value)}")
    return f"{Q}TitleAttributes({', '.join(args)})"


def action(text):
    kind, value = text.split(".")
    if kind == "gesture":
        return f".setGestureEnabled({'true' if value == 'enabled' else 'false'})"
    if kind == "delegate":
        return f".setGestureDelegate(.{'viewController' if value == 'self' else value})"
    if kind == "bar":
        return f".setNavigationBar(.{value})"
    return f".setTitleStyle(ATTRIBUTES{value})"


def parse(table):
    book = {"attributes": [], "styles": [], "navigators": [], "screens": []}
    for line in table[1:]:
        kind, _, rest = line.partition(" ")
        if kind == "platform":
            book["platform"] = rest.split(".")
            continue
        number, _, rest = rest.partition(" ")
        if kind == "attributes":
            book["attributes"].append(attributes(fields(" " + rest) if rest else []))
            continue
        name, _, rest = rest.partition(" ")
        book[kind + "s"].append((name, fields(" " + rest) if rest else []))
    return book


def title_style(value, book):
    kind, index = value.split(":")
    attrs = book["attributes"][int(index)]
    style = f"{Q}StyleID({index})" if kind == "style" else "nil"
    return f"{Q}TitleStyleRule(attributes: {attrs}, style: {style})"


def screen_arguments(name, record, book, builder):
    args = [f'"{name}"' if builder else f'name: "{name}"']
    hooks = []
    for key, value in record:
        if key == "class":
            args.append(f'className: "{value}"')
        elif key == "title":
            args.append(f"title: {value}")
        elif key == "titleStyle":
            args.append(f"titleStyle: {title_style(value, book)}")
        elif key == "back":
            if value.startswith("confirm:"):
                message, leave, stay = split_quoted(value[len("confirm:"):], ":")
                args.append(
                    f"back: .confirm({Q}BackConfirmation(message: {message}, "
                    f"leaveTitle: {leave}, stayTitle: {stay}))")
            else:
                args.append(f"back: .{value}")
        elif key in ("popGesture", "navigationBar", "leftBarButton"):
            args.append(f"{key}: .{value}")
        elif key in ("push", "present"):
            label = "pushes" if key == "push" else "presents"
            if builder:
                args.append(f"{label}: {value.replace(',', ', ')}")
            else:
                kind = "ScreenID" if key == "push" else "NavigatorID"
                ids = ", ".join(f"{Q}{kind}({i})" for i in value.split(","))
                args.append(f"{label}: [{ids}]")
        elif key == "on":
            event, _, actions = value.partition(":")
            hooks.append((event, [action(a) for a in actions.split(";")]))
    return args, hooks


def expand(text, book):
    return re.sub(r"ATTRIBUTES(\d+)", lambda m: book["attributes"][int(m.group(1))], text)


def hook_rules(hooks, book):
    rules = ", ".join(
        f"{Q}HookRule(event: .{event}, actions: [{', '.join(actions)}])" for event, actions in hooks)
    return expand(f"[{rules}]", book)


def screen_call(name, record, book):
    args, hooks = screen_arguments(name, record, book, builder=False)
    if hooks:
        args.append("hooks: " + hook_rules(hooks, book))
    full = {"title": "nil", "titleStyle": "nil", "back": ".allow", "popGesture": "nil",
            "navigationBar": ".visible", "leftBarButton": ".none", "pushes": "[]",
            "presents": "[]", "hooks": "[]"}
    given = {a.split(":")[0]: a for a in args[2:]}
    ordered = args[:2] + [given.get(key, f"{key}: {default}") for key, default in full.items()]
    return f"{Q}ScreenRule({', '.join(ordered)})"


def book_header(book, p, indent):
    major, minor, patch = book["platform"]
    p(f"{indent}let styles: [{Q}StyleRule] = [")
    for name, record in book["styles"]:
        attrs = book["attributes"][int(dict(record)["attributes"])]
        p(f'{indent}  {Q}StyleRule(name: "{name}", attributes: {attrs}),')
    p(f"{indent}]")
    p(f"{indent}var navigators: [{Q}NavigatorRule] = []")
    for index, (name, record) in enumerate(book["navigators"]):
        values = dict(record)
        rule = f"navigator{index}"
        p(f'{indent}var {rule} = {Q}NavigatorRule(name: "{name}", '
          f'root: {Q}ScreenID({values["root"]}))')
        p(f"{indent}{rule}.popGesture = .{values['popGesture']}")
        p(f"{indent}{rule}.backDebounceMilliseconds = {values['backDebounce']}")
        if "titleStyle" in values:
            p(f"{indent}{rule}.titleStyle = {title_style(values['titleStyle'], book)}")
        p(f"{indent}navigators.append({rule})")
    return f"{Q}PlatformVersion({major}, {minor}, {patch})"


def encode(encoding, book, access):
    out = []
    p = out.append
    screens = book["screens"]
    p(f"  {access}static let book: {Q}RuleBook = makeBook()")
    p("")
    if encoding == "builder":
        p(f"  private static func makeBook() -> {Q}RuleBook {{")
        platform = book_header(book, p, "    ")
        p(f"    var book = RuleBookBuilder(platform: {platform})")
        p("    for style in styles { book.style(style.name, style.attributes) }")
        p("    for navigator in navigators { book.navigator(navigator) }")
        for chunk in range(0, len(screens), 50):
            p(f"    screens{chunk // 50}(&book)")
        p("    return book.book")
        p("  }")
        for chunk in range(0, len(screens), 50):
            p(f"  private static func screens{chunk // 50}(_ book: inout RuleBookBuilder) {{")
            for name, record in screens[chunk:chunk + 50]:
                args, hooks = screen_arguments(name, record, book, builder=True)
                p(f"    book.screen({', '.join(args)})")
                for event, actions in hooks:
                    p(expand(f"    book.on(.{event}, {', '.join(actions)})", book))
            p("  }")
        return out
    p(f"  private static func makeBook() -> {Q}RuleBook {{")
    platform = book_header(book, p, "    ")
    if encoding == "literal":
        p(f"    let screens: [{Q}ScreenRule] = [")
        for name, record in screens:
            p(f"      {screen_call(name, record, book)},")
        p("    ]")
    else:
        p(f"    var screens: [{Q}ScreenRule] = []")
        p(f"    screens.reserveCapacity({len(screens)})")
        for index in range(len(screens)):
            p(f"    screens.append(screen{index}())")
    p(f"    return {Q}RuleBook(platform: {platform}, styles: styles, navigators: navigators, "
      "screens: screens)")
    p("  }")
    if encoding == "literal":
        return out
    for index, (name, record) in enumerate(screens):
        p(f"  private static func screen{index}() -> {Q}ScreenRule {{")
        if encoding == "initializer":
            p(f"    return {screen_call(name, record, book)}")
        else:
            args, hooks = screen_arguments(name, record, book, builder=False)
            p(f"    var screen = {Q}ScreenRule({args[0]}, {args[1]})")
            for argument in args[2:]:
                key, _, value = argument.partition(": ")
                p(f"    screen.{key} = {value}")
            if hooks:
                p(f"    screen.hooks = {hook_rules(hooks, book)}")
            p("    return screen")
        p("  }")
    return out


def main():
    if sys.argv[1] == "--support":
        open(sys.argv[2], "w").write(SUPPORT)
        return
    encoding, source, target = sys.argv[1:4]
    lines = open(source).read().split("\n")
    start = next(i for i, line in enumerate(lines) if "static let book:" in line)
    if not lines[start + 3].endswith('#"""'):
        sys.exit("typed-table-prototypes.py: expects a table in a raw string literal (#\"\"\")")
    table_start = start + 3
    table_end = next(i for i in range(table_start, len(lines)) if lines[i].strip() == '"""#')
    table = [line.strip() for line in lines[table_start + 1:table_end]]
    access = "public " if lines[start].lstrip().startswith("public ") else ""
    head = lines[:start]
    head.insert(head.index("import NavRules") + 1, "import NavRulesTypedPrototypes")
    body = encode(encoding, parse(table), access)
    open(target, "w").write("\n".join(head + body + ["}", ""]))


main()
