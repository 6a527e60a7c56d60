/// Explanations of the front end's diagnostics, which are about the language itself.
enum FrontEndExplanations {
  static let all: [Explanation] = [
    Explanation(
      id: .syntax,
      severity: .error,
      summary: "The file is not well-formed .navrules text.",
      symptom:
        "navrc cannot read the file as .navrules text, so nothing in it is checked or emitted.",
      cause: """
        A token is malformed (an unterminated string or block comment, a bad escape, a \
        number with an unknown unit, bytes that are not UTF-8), or a statement does not have \
        the shape `name value… { … }`: a stray `}`, a missing `{` after a declaration, a \
        misplaced comma. Each mistake is reported once; the parser resumes at the end of the \
        statement.
        """,
      bad: """
        navigator Main { root Home }
        screen Home {
            title "Home
            push Detail,
        }
        screen Detail { }
        """,
      good: """
        navigator Main { root Home }
        screen Home {
            title "Home"
            push Detail
        }
        screen Detail { }
        """,
      fix: "Correct the text at the reported line and column."),
    Explanation(
      id: .unknownDirective,
      severity: .error,
      summary: "A directive that does not exist, or is not allowed where it is written.",
      symptom: "A directive is ignored because navrc does not know it in that place.",
      cause: """
        Each declaration allows a fixed set of directives: `screen` allows class, title, \
        titleStyle, push, present, back, popGesture, navigationBar, leftBarButton and on; \
        `navigator` allows root, titleStyle, popGesture and backDebounce; `style` allows \
        color and font; a hook allows popGesture, popGestureDelegate, navigationBar and \
        titleStyle. A near miss gets a "did you mean" note.
        """,
      bad: """
        navigator Main { root Home }
        screen Home { popGesure disabled }
        """,
      good: """
        navigator Main { root Home }
        screen Home { popGesture disabled }
        """,
      fix: "Fix the spelling, or move the directive to the declaration it belongs to."),
    Explanation(
      id: .invalidValue,
      severity: .error,
      summary: "A directive's value is missing, malformed or not one of the allowed words.",
      symptom: "A directive is ignored because its value is missing or malformed.",
      cause: """
        Values have fixed forms: policies are one of a few words, durations carry a unit \
        (`300ms`, `0.3s`) and are at most 10 s, font sizes are 1 to 1000 points, colours are \
        `#RRGGBB`, `#RRGGBBAA` or a system colour name, the platform is `iOS` 12.0 or later.
        """,
      bad: """
        navigator Main {
            root Home
            backDebounce 300
        }
        screen Home { }
        """,
      good: """
        navigator Main {
            root Home
            backDebounce 300ms
        }
        screen Home { }
        """,
      fix: "Write one of the values the message lists."),
    Explanation(
      id: .duplicateDeclaration,
      severity: .error,
      summary: "Two declarations of the same kind share a name.",
      symptom: "A second declaration with the same name is ignored.",
      cause: """
        All files of one run form one module: two screens, two navigators or two styles \
        cannot share a name, even in different files, and there is at most one `platform`. \
        The later declaration (in sorted path order) is reported, with a note at the first.
        """,
      bad: """
        navigator Main { root Home }
        screen Home { }
        screen Home { title "Again" }
        """,
      good: """
        navigator Main { root Home }
        screen Home { title "Again" }
        """,
      fix: "Rename one of them, or merge them."),
    Explanation(
      id: .duplicateDirective,
      severity: .error,
      summary: "A directive allowed once is written twice in one declaration.",
      symptom: "A directive written twice in one declaration: the second is ignored.",
      cause: """
        Directives such as `title`, `back` or `popGesture` may appear once per declaration; \
        only `push`, `present` and `on` may repeat.
        """,
      bad: """
        navigator Main { root Home }
        screen Home {
            popGesture disabled
            popGesture forced
        }
        """,
      good: """
        navigator Main { root Home }
        screen Home { popGesture disabled }
        """,
      fix: "Keep one of them."),
    Explanation(
      id: .undefinedReference,
      severity: .error,
      summary: "A name refers to a screen, navigator or style that is not declared.",
      symptom: "A push, root, present or titleStyle names something that is not declared.",
      cause: """
        Screens are referred to by `root` and `push`, navigators by `present`, styles by \
        `titleStyle`. Declaration order and file do not matter, but the name must exist in \
        the module, with the right kind.
        """,
      bad: """
        navigator Main { root Home }
        screen Home { push Detial }
        screen Detail { }
        """,
      good: """
        navigator Main { root Home }
        screen Home { push Detail }
        screen Detail { }
        """,
      fix: "Fix the name (see the \"did you mean\" note) or declare it."),
    Explanation(
      id: .missingRoot,
      severity: .error,
      summary: "A navigator has no root screen.",
      symptom: "A navigator has no first screen, so nothing can be shown in it.",
      cause:
        "Every navigator stands for one UINavigationController and needs exactly one `root`.",
      bad: """
        navigator Main { titleStyle { color systemBlue } }
        """,
      good: """
        navigator Main {
            root Home
            titleStyle { color systemBlue }
        }
        screen Home { }
        """,
      fix: "Add `root SCREEN` to the navigator."),
    Explanation(
      id: .unreachableScreen,
      severity: .warning,
      summary: "No navigator's root reaches the screen through push edges.",
      symptom: "A screen's rules are never checked against a real navigation path.",
      cause: """
        No navigator's root reaches the screen through `push` edges, so it can never be on \
        a navigation stack the rules describe; usually a `push` is missing.
        """,
      bad: """
        navigator Main { root Home }
        screen Home { }
        screen Detail { }
        """,
      good: """
        navigator Main { root Home }
        screen Home { push Detail }
        screen Detail { }
        """,
      fix: "Add the missing `push`, or remove the screen."),
    Explanation(
      id: .unusedStyle,
      severity: .warning,
      summary: "A style no titleStyle uses.",
      symptom: "A style is declared but no title uses it.",
      cause: "Styles only take effect through `titleStyle NAME` on a navigator, screen or hook.",
      bad: """
        style Brand { color #7B2FF7 }
        navigator Main { root Home }
        screen Home { }
        """,
      good: """
        style Brand { color #7B2FF7 }
        navigator Main {
            root Home
            titleStyle Brand
        }
        screen Home { }
        """,
      fix: "Use it with `titleStyle`, or remove it."),
  ]
}
