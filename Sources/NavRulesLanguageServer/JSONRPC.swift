import NavRulesCompiler
import NavRulesScan

/// JSON-RPC 2.0 as the Language Server Protocol uses it: error codes and message builders.
public enum JSONRPC {
  /// The error codes a response can carry.
  public enum ErrorCode: Int, Sendable {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    /// LSP: a request arrived before `initialize`.
    case serverNotInitialized = -32002
    /// LSP: the request was valid but could not be carried out.
    case requestFailed = -32803
  }

  /// A request's id: an integer or a string, echoed in the response.
  public static func isValidID(_ id: JSON) -> Bool {
    switch id {
    case .int, .string: true
    default: false
    }
  }

  public static func response(id: JSON, result: JSON) -> JSON {
    .object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)])
  }

  public static func error(id: JSON, code: ErrorCode, message: String) -> JSON {
    .object([
      ("jsonrpc", .string("2.0")),
      ("id", id),
      ("error", .object([("code", .int(code.rawValue)), ("message", .string(message))])),
    ])
  }

  public static func notification(_ method: String, params: JSON) -> JSON {
    .object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
  }
}

/// A request whose parameters do not have the shape the method needs (`-32602`).
struct InvalidParams: Error {
  var message: String

  init(_ message: String) {
    self.message = message
  }
}
