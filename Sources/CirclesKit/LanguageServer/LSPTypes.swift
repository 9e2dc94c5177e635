import Foundation

// The messages of the Language Server Protocol that `circles lsp` reads and writes, as
// Codable values (the protocol's names, so that JSONEncoder and JSONDecoder map them as is).

/// A request's id: a number or a string.
enum LSPRequestID: Codable, Hashable, Sendable {
  case number(Int)
  case string(String)

  init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int.self) {
      self = .number(number)
    } else {
      self = .string(try container.decode(String.self))
    }
  }

  func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .number(let number): try container.encode(number)
    case .string(let text): try container.encode(text)
    }
  }
}

/// What every message starts with: a request has an id and a method, a notification a method.
struct LSPHeader: Decodable {
  var id: LSPRequestID?
  var method: String?
}

/// A message's parameters, decoded as the method's type.
struct LSPParameters<Value: Decodable>: Decodable {
  var params: Value
}

/// A position: 0-based line and UTF-16 offset in it.
struct LSPPosition: Codable, Hashable {
  var line: Int
  var character: Int
}

struct LSPRange: Codable, Hashable {
  var start: LSPPosition
  var end: LSPPosition
}

struct LSPLocation: Codable, Hashable {
  var uri: String
  var range: LSPRange
}

struct LSPDocumentID: Codable {
  var uri: String
}

struct LSPDocumentItem: Codable {
  var uri: String
  var languageId: String?
  var version: Int?
  var text: String
}

struct LSPDidOpen: Codable {
  var textDocument: LSPDocumentItem
}

struct LSPVersionedDocument: Codable {
  var uri: String
  var version: Int?
}

struct LSPChange: Codable {
  var range: LSPRange?
  var text: String
}

struct LSPDidChange: Codable {
  var textDocument: LSPVersionedDocument
  var contentChanges: [LSPChange]
}

struct LSPDidClose: Codable {
  var textDocument: LSPDocumentID
}

struct LSPPositionParameters: Codable {
  var textDocument: LSPDocumentID
  var position: LSPPosition
}

struct LSPDocumentParameters: Codable {
  var textDocument: LSPDocumentID
}

struct LSPRelated: Codable, Hashable {
  var location: LSPLocation
  var message: String
}

struct LSPDiagnostic: Codable, Hashable {
  var range: LSPRange
  /// 1 error, 2 warning, 3 information, 4 hint.
  var severity: Int
  var source = "circles"
  var message: String
  var relatedInformation: [LSPRelated]?
}

struct LSPPublishDiagnostics: Codable {
  var uri: String
  var version: Int?
  var diagnostics: [LSPDiagnostic]
}

struct LSPCompletionItem: Codable, Hashable {
  var label: String
  /// 14 keyword, 16 colour, 6 variable, 3 function, 12 value.
  var kind: Int
  var detail: String?
}

struct LSPMarkup: Codable, Hashable {
  var kind = "markdown"
  var value: String
}

struct LSPHover: Codable, Hashable {
  var contents: LSPMarkup
  var range: LSPRange?
}

struct LSPSymbol: Codable, Hashable {
  var name: String
  /// 19 object (a circle), 3 namespace (a group), 2 module (a loop).
  var kind: Int
  var range: LSPRange
  var selectionRange: LSPRange
  var children: [LSPSymbol]?
}

struct LSPTextEdit: Codable, Hashable {
  var range: LSPRange
  var newText: String
}

struct LSPWorkspaceEdit: Codable, Hashable {
  /// The edits of each document, by URI.
  var changes: [String: [LSPTextEdit]]
}

struct LSPRenameParameters: Codable {
  var textDocument: LSPDocumentID
  var position: LSPPosition
  var newName: String
}

struct LSPPrepareRename: Codable, Hashable {
  var range: LSPRange
  var placeholder: String
}

/// What `initialize` is told of the client: only what changes the answer.
struct LSPInitializeParameters: Decodable {
  struct Capabilities: Decodable {
    struct TextDocument: Decodable {
      struct Rename: Decodable {
        var prepareSupport: Bool?
      }
      var rename: Rename?
    }
    var textDocument: TextDocument?
  }
  var capabilities: Capabilities?
}

/// A request the server cannot carry out, answered with a JSON-RPC error (LSP's
/// `RequestFailed`, -32803, unless another code is given) whose message says why.
struct LSPRequestFailed: Error {
  var code = -32803
  var message: String
}

/// An answer to a request: its result, `null` included.
struct LSPResponse<Result: Encodable>: Encodable {
  var id: LSPRequestID?
  var result: Result?

  enum CodingKeys: String, CodingKey { case jsonrpc, id, result }

  func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode("2.0", forKey: .jsonrpc)
    try container.encode(id, forKey: .id)
    if let result {
      try container.encode(result, forKey: .result)
    } else {
      try container.encodeNil(forKey: .result)
    }
  }
}

/// An answer that is an error (JSON-RPC's codes: -32700 parse error, -32600 invalid request,
/// -32601 method not found, -32602 invalid parameters; LSP's -32803 request failed).
struct LSPErrorResponse: Encodable {
  struct Failure: Encodable {
    var code: Int
    var message: String
  }
  var jsonrpc = "2.0"
  var id: LSPRequestID?
  var error: Failure

  enum CodingKeys: String, CodingKey { case jsonrpc, id, error }

  func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(jsonrpc, forKey: .jsonrpc)
    try container.encode(id, forKey: .id)
    try container.encode(error, forKey: .error)
  }
}

/// A notification from the server.
struct LSPNotification<Parameters: Encodable>: Encodable {
  var jsonrpc = "2.0"
  var method: String
  var params: Parameters
}
