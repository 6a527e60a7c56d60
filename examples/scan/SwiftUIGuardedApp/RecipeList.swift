import SwiftUI

struct RecipeList: View {
    let recipes = ["Bread", "Soup"]

    var body: some View {
        List(recipes, id: \.self) { recipe in
            NavigationLink(destination: RecipeView(name: recipe)) {
                Text(recipe)
            }
        }
        .navigationTitle("Recipes")
    }
}

/// A custom back button that always goes back, and a full-screen photo with the bar hidden.
struct RecipeView: View {
    let name: String
    @Environment(\.presentationMode) private var presentationMode

    var body: some View {
        VStack {
            Text(name)
            NavigationLink("Photo") { PhotoView() }
        }
        .navigationBarBackButtonHidden(true)
        .navigationBarItems(leading: Button("Recipes") { presentationMode.wrappedValue.dismiss() })
    }
}

struct PhotoView: View {
    var body: some View {
        Image(systemName: "photo")
            .toolbar(.hidden, for: .navigationBar)
    }
}
