import SwiftUI

/// Asks before throwing a draft away: the Cancel button shows a dialog instead of leaving. The
/// swipe-back that the extension allows on every screen leaves without asking.
struct EditorView: View {
    @State private var draft = ""
    @State private var confirmingDiscard = false
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        TextEditor(text: $draft)
            .navigationBarBackButtonHidden(true)  // expect: error back-bypass
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { confirmingDiscard = true }
                }
            }
            .confirmationDialog("Discard this note?", isPresented: $confirmingDiscard) {
                Button("Discard", role: .destructive) { dismiss() }
            }
    }
}
