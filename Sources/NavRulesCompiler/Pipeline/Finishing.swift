/// The last stage of `check` and `scan`, one for both: from what the front end and the checker
/// reported to what the user sees. In this order: `--disable`d ids dropped; suppression
/// comments applied (with `unused-suppression` for those that suppress nothing); findings the
/// front end says do not apply dropped; report order. (Which fix-its a finding carries is the
/// front end's: scan's replace the checker's, `ScanFixes`.)
package struct Finishing {
  /// `--disable`.
  package var disabled: Set<DiagnosticID>
  /// Whether a suppression that suppresses nothing is reported: only once the checker has run,
  /// which it does not on a module with front-end errors.
  package var reportsUnusedSuppressions = true
  /// Findings, by id and range, that do not apply by a fact the model has and the language
  /// cannot state (`AppModel.notApplicable`): dropped after the suppression comments, so that
  /// a comment naming one still counts as used.
  package var notApplicable: Set<Located<DiagnosticID>> = []
  /// Findings that rest on something the model could not resolve, by a test on each: dropped
  /// with `notApplicable`, and likewise returned as dropped, so that `--rules`, whose model
  /// leaves the unresolved value out, suppresses them on their line and `check` agrees.
  package var isUnfounded: ((Diagnostic) -> Bool)?

  package init(disabled: Set<DiagnosticID>) {
    self.disabled = disabled
  }

  /// The diagnostics as reported, and the findings dropped as not applicable or unfounded.
  package func finish(_ diagnostics: consuming [Diagnostic], suppressions: [Suppressions.Entry])
    -> (reported: [Diagnostic], dropped: [Located<DiagnosticID>])
  {
    // Taken, not copied: sorting a shared array would copy every diagnostic.
    var reported = consume diagnostics
    if !disabled.isEmpty { reported.removeAll { disabled.contains($0.id) } }
    reported = Suppressions.apply(
      to: reported, entries: suppressions, disabled: disabled,
      reportUnused: reportsUnusedSuppressions)
    var dropped: [Located<DiagnosticID>] = []
    if !notApplicable.isEmpty || isUnfounded != nil {
      reported.removeAll { diagnostic in
        let key = Located(diagnostic.id, at: diagnostic.range)
        guard notApplicable.contains(key) || isUnfounded?(diagnostic) == true else {
          return false
        }
        dropped.append(key)
        return true
      }
    }
    Diagnostic.sortInReportOrder(&reported)
    return (reported, dropped)
  }
}
