import SwiftUI

struct Note: Hashable, Identifiable {
    let id: Int
    var text: String
}

enum Route: Hashable {
    case editor
}

/// The stack's first screen: a list of notes pushed by value, and a button that appends a
/// route to the path.
struct ContentView: View {
    @State private var path: [Route] = []
    @State private var notes: [Note] = []

    var body: some View {
        NavigationStack(path: $path) {
            List {
                ForEach(notes) { note in
                    NavigationLink(value: note) {
                        Text(note.text)
                    }
                }
            }
            .navigationTitle("Notes")
            .toolbar {
                Button("New") { path.append(.editor) }
            }
            .navigationDestination(for: Note.self) { note in
                NoteView(note: note)
            }
            .navigationDestination(for: Route.self) { route in
                switch route {
                case .editor: EditorView()
                }
            }
        }
    }
}
