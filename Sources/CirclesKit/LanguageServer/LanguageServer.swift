import CircleCanvas
import CircleEngine
import CircleScript
import Foundation

/// `circles lsp`: the Language Server Protocol for drawing scripts, so that an editor underlines
/// mistakes as they are typed, completes words and goes to definitions.
///
/// Documents are kept whole in memory as the editor sends them (whole or in ranges); each open
/// or change is answered with the diagnostics the command line would print: every syntax error,
/// else the first runtime error or failed `expect` of a run on a canvas in memory (no file is
/// written). A message that cannot be read is answered with a JSON-RPC error and the server
/// goes on.
final class LanguageServer {
  /// The documents open, by URI.
  private(set) var documents: [String: String] = [:]
  private var shutDown = false
  /// Whether `exit` was received, and the process's exit code then (0 after `shutdown`).
  private(set) var exitCode: Int32?

  private let decoder = JSONDecoder()
  private let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  /// Handles one message's body and returns the bodies of the messages to send back.
  func handle(_ body: Data) -> [Data] {
    let header: LSPHeader
    do {
      header = try decoder.decode(LSPHeader.self, from: body)
    } catch {
      return [failure(nil, code: -32700, "the message is not JSON-RPC: \(error)")]
    }
    guard let method = header.method else { return [] }
    do {
      return try dispatch(method, id: header.id, body: body)
    } catch {
      guard header.id != nil else { return [] }
      return [failure(header.id, code: -32602, "invalid parameters for \(method): \(error)")]
    }
  }

  private func dispatch(_ method: String, id: LSPRequestID?, body: Data) throws -> [Data] {
    switch method {
    case "initialize": return [respond(id, Self.capabilities)]
    case "initialized", "$/cancelRequest", "workspace/didChangeConfiguration": return []
    case "shutdown":
      shutDown = true
      return [respond(id, Optional<Int>.none)]
    case "exit":
      exitCode = shutDown ? 0 : 1
      return []
    case "textDocument/didOpen":
      let document = try parameters(LSPDidOpen.self, body).textDocument
      documents[document.uri] = document.text
      return [publish(document.uri, version: document.version)]
    case "textDocument/didChange":
      let change = try parameters(LSPDidChange.self, body)
      var text = documents[change.textDocument.uri] ?? ""
      for edit in change.contentChanges {
        if let range = edit.range {
          text = DocumentText.replacing(range, in: text, with: edit.text)
        } else {
          text = edit.text
        }
      }
      documents[change.textDocument.uri] = text
      return [publish(change.textDocument.uri, version: change.textDocument.version)]
    case "textDocument/didClose":
      let uri = try parameters(LSPDidClose.self, body).textDocument.uri
      documents[uri] = nil
      return [
        notify("textDocument/publishDiagnostics", LSPPublishDiagnostics(uri: uri, diagnostics: []))
      ]
    case "textDocument/completion":
      let place = try parameters(LSPPositionParameters.self, body)
      let text = documents[place.textDocument.uri] ?? ""
      return [respond(id, ScriptOutline(text).completions(at: place.position))]
    case "textDocument/definition":
      let place = try parameters(LSPPositionParameters.self, body)
      let text = documents[place.textDocument.uri] ?? ""
      let range = ScriptOutline(text).definition(at: place.position)
      return [respond(id, range.map { LSPLocation(uri: place.textDocument.uri, range: $0) })]
    case "textDocument/hover":
      let place = try parameters(LSPPositionParameters.self, body)
      let text = documents[place.textDocument.uri] ?? ""
      return [respond(id, ScriptOutline(text).hover(at: place.position))]
    case "textDocument/documentSymbol":
      let uri = try parameters(LSPDocumentParameters.self, body).textDocument.uri
      return [respond(id, ScriptOutline(documents[uri] ?? "").symbols())]
    default:
      guard id != nil else { return [] }
      return [failure(id, code: -32601, "circles lsp has no method '\(method)'")]
    }
  }

  /// What the server can do, for `initialize`.
  static let capabilities: [String: [String: LSPValue]] = [
    "capabilities": [
      "textDocumentSync": .object(["openClose": .bool(true), "change": .int(2)]),
      "completionProvider": .object(["triggerCharacters": .array([.string(" ")])]),
      "definitionProvider": .bool(true),
      "hoverProvider": .bool(true),
      "documentSymbolProvider": .bool(true),
    ],
    "serverInfo": ["name": .string("circles"), "version": .string(CommandLineTool.version)],
  ]

  private func parameters<Value: Decodable>(_ type: Value.Type, _ body: Data) throws -> Value {
    try decoder.decode(LSPParameters<Value>.self, from: body).params
  }

  /// The diagnostics of a document, as a notification.
  private func publish(_ uri: String, version: Int?) -> Data {
    let text = documents[uri] ?? ""
    let name = URL(string: uri)?.lastPathComponent ?? uri
    let diagnostics = ScriptDiagnostics.of(text, fileName: name).map {
      LSPDiagnostic(
        range: DocumentText.range($0.range, in: text), severity: 1, message: $0.message,
        relatedInformation: $0.notes.compactMap { note in
          note.range.map {
            LSPRelated(
              location: LSPLocation(uri: uri, range: DocumentText.range($0, in: text)),
              message: note.message)
          }
        })
    }
    return notify(
      "textDocument/publishDiagnostics",
      LSPPublishDiagnostics(uri: uri, version: version, diagnostics: diagnostics))
  }

  private func respond<Result: Encodable>(_ id: LSPRequestID?, _ result: Result?) -> Data {
    (try? encoder.encode(LSPResponse(id: id, result: result))) ?? Data()
  }

  private func notify<Parameters: Encodable>(_ method: String, _ parameters: Parameters) -> Data {
    (try? encoder.encode(LSPNotification(method: method, params: parameters))) ?? Data()
  }

  private func failure(_ id: LSPRequestID?, code: Int, _ message: String) -> Data {
    let response = LSPErrorResponse(id: id, error: .init(code: code, message: message))
    return (try? encoder.encode(response)) ?? Data()
  }
}

/// A JSON value of the capabilities.
enum LSPValue: Encodable, Sendable {
  case bool(Bool)
  case int(Int)
  case string(String)
  case array([LSPValue])
  case object([String: LSPValue])

  func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .bool(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }
}

/// The diagnostics the command line would print for a script: every syntax error, else what
/// stopped its run in memory.
enum ScriptDiagnostics {
  static func of(_ text: String, fileName: String) -> [Diagnostic] {
    let source = ScriptSource(bytes: Array(text.utf8), fileName: fileName)
    do {
      return try source.run(with: CanvasHost()).failure?.diagnostics ?? []
    } catch {
      return error.diagnostics
    }
  }
}
