import SwiftUI

/// A custom back button that always goes back: the hidden system button is why the app copies
/// the swipe-back extension (SwipeBack.swift).
struct NoteView: View {
    let note: Note
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        Text(note.text)
            .navigationBarBackButtonHidden(true)
            .toolbar {
                ToolbarItem(placement: .navigationBarLeading) {
                    Button("Notes") { dismiss() }
                }
            }
    }
}
