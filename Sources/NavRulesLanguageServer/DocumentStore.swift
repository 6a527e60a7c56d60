import NavRulesCompiler
import NavRulesScan

/// The documents the client has open, with the text it sent: the server checks this text, not
/// what is on disk, for as long as a document is open.
struct DocumentStore {
  struct Document {
    var uri: String
    /// The file system path, or the URI itself for documents that are not files.
    var path: String
    var version: Int?
    var text: [UInt8]
    /// Counts the texts this document has had, so a result can tell which one it is for.
    var revision = 0

    var isFile: Bool { DocumentURI.path(fromURI: uri) != nil }
  }

  private(set) var documents: [String: Document] = [:]

  subscript(uri: String) -> Document? { documents[uri] }

  mutating func open(uri: String, version: Int?, text: String) {
    let path = DocumentURI.path(fromURI: uri) ?? uri
    documents[uri] = Document(uri: uri, path: path, version: version, text: Array(text.utf8))
  }

  mutating func update(uri: String, version: Int?, text: [UInt8]) {
    documents[uri]?.text = text
    documents[uri]?.version = version
    documents[uri]?.revision += 1
  }

  mutating func close(uri: String) {
    documents[uri] = nil
  }

  /// The open documents, in URI order, so publishing is deterministic.
  var all: [Document] {
    documents.values.sorted { $0.uri.utf8.lexicographicallyPrecedes($1.uri.utf8) }
  }
}
