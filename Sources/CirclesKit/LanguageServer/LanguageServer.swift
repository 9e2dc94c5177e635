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
  /// Whether `initialize` was answered: before it, a request other than `initialize` is refused
  /// with the protocol's `ServerNotInitialized` (-32002) and a notification other than `exit`
  /// is dropped.
  private var initialized = false
  /// Whether `exit` was received, and the process's exit code then (0 after `shutdown`).
  private(set) var exitCode: Int32?

  private let decoder = JSONDecoder()
  private let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  /// How long the run on the canvas may take for diagnostics, from the start of the check; the
  /// syntax check always runs whole.
  ///
  /// Measured in a release build on a 2-core machine by `circles-bench --language-server`
  /// (BENCHMARKS.md), a script of 10 MB (250,000 `add` lines): diagnostics 0.76 s after
  /// `didOpen` and 0.63 s after a one-character `didChange`; of 50 MB, 3.5 s after `didOpen`,
  /// most of it the parse. Without the budget, the run of those 250,000 adds takes 83 s of
  /// processor time (each `add` looks its id up in the canvas's list of circles): the run is
  /// what this bounds, and ``EditorRun/keptChangesBudget`` bounds its memory.
  static let defaultRunBudget = Duration.milliseconds(600)
  var runBudget = LanguageServer.defaultRunBudget

  /// Whether another message is already waiting: then the diagnostics of a change are put
  /// off, so that a burst of changes (typing in a long document) is checked once, after its
  /// last change, instead of once a change with the editor waiting behind each check.
  var defersDiagnostics = false
  /// The documents whose diagnostics are put off, with the version they were last changed to.
  private var stale: [String: Int?] = [:]
  /// Each document's words, made when a request first needs them after a change.
  private var outlines: [String: ScriptOutline] = [:]

  /// Handles one message's body and returns the bodies of the messages to send back: the
  /// answer, then the diagnostics put off, unless `defersDiagnostics` puts them off further.
  func handle(_ body: Data) -> [Data] {
    var replies = answer(body)
    if !defersDiagnostics {
      for (uri, version) in stale.sorted(by: { $0.key < $1.key }) {
        replies.append(publish(uri, version: version))
      }
      stale = [:]
    }
    return replies
  }

  private func outline(_ uri: String) -> ScriptOutline {
    if let outline = outlines[uri] { return outline }
    let outline = ScriptOutline(documents[uri] ?? "")
    if documents[uri] != nil { outlines[uri] = outline }
    return outline
  }

  /// The document is now `text`: its diagnostics are due, after the answer to this message.
  private func changed(_ uri: String, to text: String, version: Int?) -> [Data] {
    documents[uri] = text
    outlines[uri] = nil
    stale[uri] = version
    return []
  }

  private func answer(_ body: Data) -> [Data] {
    let header: LSPHeader
    do {
      header = try decoder.decode(LSPHeader.self, from: body)
    } catch {
      return [failure(nil, code: -32700, "the message is not JSON-RPC: \(error)")]
    }
    guard let method = header.method else { return [] }
    if !initialized, method != "initialize", method != "exit" {
      guard header.id != nil else { return [] }
      return [
        failure(header.id, code: -32002, "the server is not initialized: send 'initialize' first")
      ]
    }
    do {
      return try dispatch(method, id: header.id, body: body)
    } catch let failed as LSPRequestFailed {
      guard header.id != nil else { return [] }
      return [failure(header.id, code: failed.code, failed.message)]
    } catch {
      guard header.id != nil else { return [] }
      return [failure(header.id, code: -32602, "invalid parameters for \(method): \(error)")]
    }
  }

  private func dispatch(_ method: String, id: LSPRequestID?, body: Data) throws -> [Data] {
    switch method {
    case "initialize":
      let client = try? parameters(LSPInitializeParameters.self, body)
      let prepares = client?.capabilities?.textDocument?.rename?.prepareSupport == true
      initialized = true
      return [respond(id, Self.capabilities(preparingRename: prepares))]
    case "initialized", "$/cancelRequest", "workspace/didChangeConfiguration": return []
    case "shutdown":
      shutDown = true
      return [respond(id, Optional<Int>.none)]
    case "exit":
      exitCode = shutDown ? 0 : 1
      return []
    case "textDocument/didOpen":
      let document = try parameters(LSPDidOpen.self, body).textDocument
      return changed(document.uri, to: document.text, version: document.version)
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
      return changed(change.textDocument.uri, to: text, version: change.textDocument.version)
    case "textDocument/didClose":
      let uri = try parameters(LSPDidClose.self, body).textDocument.uri
      documents[uri] = nil
      outlines[uri] = nil
      stale[uri] = nil
      return [
        notify("textDocument/publishDiagnostics", LSPPublishDiagnostics(uri: uri, diagnostics: []))
      ]
    case "textDocument/completion":
      let place = try parameters(LSPPositionParameters.self, body)
      return [respond(id, outline(place.textDocument.uri).completions(at: place.position))]
    case "textDocument/definition":
      let place = try parameters(LSPPositionParameters.self, body)
      let range = outline(place.textDocument.uri).definition(at: place.position)
      return [respond(id, range.map { LSPLocation(uri: place.textDocument.uri, range: $0) })]
    case "textDocument/hover":
      let place = try parameters(LSPPositionParameters.self, body)
      return [
        respond(
          id, outline(place.textDocument.uri).hover(at: place.position, deadline: .now + runBudget))
      ]
    case "textDocument/documentSymbol":
      let uri = try parameters(LSPDocumentParameters.self, body).textDocument.uri
      return [respond(id, outline(uri).symbols())]
    case "textDocument/prepareRename":
      let place = try parameters(LSPPositionParameters.self, body)
      let text = documents[place.textDocument.uri] ?? ""
      do {
        return [respond(id, try Self.prepareRename(text, at: place.position))]
      } catch {
        throw LSPRequestFailed(message: error.message)
      }
    case "textDocument/rename":
      let request = try parameters(LSPRenameParameters.self, body)
      let uri = request.textDocument.uri
      let text = documents[uri] ?? ""
      do {
        let edits = try Self.renameEdits(text, at: request.position, to: request.newName)
        return [respond(id, edits.map { LSPWorkspaceEdit(changes: [uri: $0]) })]
      } catch {
        throw LSPRequestFailed(message: error.message)
      }
    case "textDocument/formatting":
      let uri = try parameters(LSPDocumentParameters.self, body).textDocument.uri
      return [respond(id, try formattingEdits(documents[uri] ?? ""))]
    default:
      guard id != nil else { return [] }
      return [failure(id, code: -32601, "circles lsp has no method '\(method)'")]
    }
  }

  /// The name under a position a rename would change: a procedure's, a parameter's or a
  /// circle's.
  private static func prepareRename(
    _ text: String, at position: LSPPosition
  ) throws(ScriptRename.Refusal) -> LSPPrepareRename? {
    if let prepared = try ScriptProcedures(text).prepare(at: position) { return prepared }
    return try ScriptRename(text).prepare(at: position)
  }

  /// The edits that rename the procedure, the parameter or the circle under a position.
  private static func renameEdits(
    _ text: String, at position: LSPPosition, to newName: String
  ) throws(ScriptRename.Refusal) -> [LSPTextEdit]? {
    if let edits = try ScriptProcedures(text).edits(at: position, to: newName) { return edits }
    return try ScriptRename(text).edits(at: position, to: newName)
  }

  /// What the server can do, for `initialize`; `prepareRename` is offered to a client that says
  /// it asks for it, as the protocol requires.
  static func capabilities(preparingRename: Bool) -> [String: [String: LSPValue]] {
    [
      "capabilities": [
        "textDocumentSync": .object(["openClose": .bool(true), "change": .int(2)]),
        "completionProvider": .object(["triggerCharacters": .array([.string(" ")])]),
        "definitionProvider": .bool(true),
        "hoverProvider": .bool(true),
        "documentSymbolProvider": .bool(true),
        "renameProvider": preparingRename ? .object(["prepareProvider": .bool(true)]) : .bool(true),
        "documentFormattingProvider": .bool(true),
      ],
      "serverInfo": ["name": .string("circles"), "version": .string(CommandLineTool.version)],
    ]
  }

  /// The edits that format a document: none when it is formatted already, else one that
  /// replaces the whole text.
  ///
  /// - Throws: `LSPRequestFailed` for a document with syntax errors, which is left as it is.
  private func formattingEdits(_ text: String) throws(LSPRequestFailed) -> [LSPTextEdit] {
    let formatted: String
    do {
      formatted = try ScriptFormatter.format(text)
    } catch {
      throw LSPRequestFailed(message: error.message)
    }
    guard formatted != text else { return [] }
    let whole = LSPRange(
      start: LSPPosition(line: 0, character: 0), end: LineIndex(text).end)
    return [LSPTextEdit(range: whole, newText: formatted)]
  }

  private func parameters<Value: Decodable>(_ type: Value.Type, _ body: Data) throws -> Value {
    try decoder.decode(LSPParameters<Value>.self, from: body).params
  }

  /// The diagnostics of a document, as a notification.
  private func publish(_ uri: String, version: Int?) -> Data {
    let text = documents[uri] ?? ""
    let name = URL(string: uri)?.lastPathComponent ?? uri
    let lines = LineIndex(text)
    let checked = ScriptDiagnostics(text, fileName: name, deadline: .now + runBudget)
    var diagnostics = checked.diagnostics.map {
      LSPDiagnostic(
        range: lines.range($0.range), severity: $0.severity == .error ? 1 : 2,
        message: $0.message,
        relatedInformation: $0.notes.compactMap { note in
          note.range.map {
            LSPRelated(
              location: LSPLocation(uri: uri, range: lines.range($0)),
              message: note.message)
          }
        })
    }
    if let cutOff = checked.cutOff {
      let seconds = (cutOff.seconds * 10).rounded(.up) / 10
      let budget =
        cutOff.reason == .time
        ? "time budget"
        : "memory budget of \(EditorRun.keptChangesBudget) changes kept for undo"
      diagnostics.append(
        LSPDiagnostic(
          range: lines.range(cutOff.range), severity: 3,
          message: "checked up to here in \(seconds) s; the run goes on past the editor's "
            + "\(budget): 'circles run' checks the rest"))
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

  /// The answer to a message whose body was over the size limit and was skipped unread: an
  /// `InvalidRequest` error (-32600) without an id, since none could be read.
  func refuse(length: Int) -> Data {
    failure(
      nil, code: -32600,
      "a message of \(length) bytes is over the limit of \(LSPFraming.sizeLimit >> 20) MiB; "
        + "it was skipped unread")
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
