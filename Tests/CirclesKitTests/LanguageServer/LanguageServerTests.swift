import Foundation
import Testing

@testable import CirclesKit

/// `circles lsp` message by message: what the server answers each method of the protocol.
@Suite("The language server, message by message")
struct LanguageServerTests {
  static let uri = "file:///work/scene.circles"

  /// A message's body.
  static func message(_ id: Int?, _ method: String, _ params: [String: Any] = [:]) -> Data {
    var object: [String: Any] = ["jsonrpc": "2.0", "method": method, "params": params]
    if let id { object["id"] = id }
    return try! JSONSerialization.data(withJSONObject: object)
  }

  /// A server that has answered `initialize`, as an editor starts it.
  static func server() -> LanguageServer {
    let server = LanguageServer()
    _ = server.handle(message(0, "initialize"))
    return server
  }

  /// The server's replies to a message, as JSON objects.
  static func replies(_ server: LanguageServer, _ body: Data) throws -> [[String: Any]] {
    try server.handle(body).map {
      try #require(try JSONSerialization.jsonObject(with: $0) as? [String: Any])
    }
  }

  static func open(_ server: LanguageServer, _ text: String) throws -> [[String: Any]] {
    try replies(
      server,
      message(
        nil, "textDocument/didOpen",
        ["textDocument": ["uri": uri, "languageId": "circles", "version": 1, "text": text]]))
  }

  static func diagnostics(_ reply: [String: Any]) -> [[String: Any]] {
    ((reply["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]) ?? []
  }

  static func position(_ line: Int, _ character: Int) -> [String: Any] {
    ["textDocument": ["uri": uri], "position": ["line": line, "character": character]]
  }

  @Test(
    "initialize names what the server does; shutdown then exit ends it with 0, exit alone with 1")
  func lifecycle() throws {
    let server = LanguageServer()
    let initialized = try Self.replies(server, Self.message(1, "initialize"))
    let capabilities =
      (initialized[0]["result"] as? [String: Any])?["capabilities"] as? [String: Any]
    #expect((capabilities?["textDocumentSync"] as? [String: Any])?["change"] as? Int == 2)
    #expect(capabilities?["definitionProvider"] as? Bool == true)
    #expect(capabilities?["documentFormattingProvider"] as? Bool == true)
    // prepareRename only for a client that says it sends it.
    #expect(capabilities?["renameProvider"] as? Bool == true)
    let preparing = try Self.replies(
      LanguageServer(),
      Self.message(
        1, "initialize", ["capabilities": ["textDocument": ["rename": ["prepareSupport": true]]]]))
    let offered =
      (preparing[0]["result"] as? [String: Any])?["capabilities"] as? [String: Any]
    #expect(
      (offered?["renameProvider"] as? [String: Any])?["prepareProvider"] as? Bool == true)
    let shutdown = try Self.replies(server, Self.message(2, "shutdown"))
    #expect(shutdown[0].keys.contains("result") && shutdown[0]["id"] as? Int == 2)
    #expect(try Self.replies(server, Self.message(nil, "exit")).isEmpty)
    #expect(server.exitCode == 0)
    let abrupt = LanguageServer()
    _ = try Self.replies(abrupt, Self.message(nil, "exit"))
    #expect(abrupt.exitCode == 1)
  }

  @Test("every syntax error, with the range of its caret; a runtime error and a failed expect too")
  func diagnostics() throws {
    let server = Self.server()
    let syntax = try Self.open(server, "circel\nadd a at 1,1 radus 2\n")
    let found = Self.diagnostics(syntax[0])
    #expect(
      found.map { $0["message"] as? String } == [
        "unknown command 'circel'; did you mean 'clear'?",
        "unknown keyword 'radus' in 'add'; did you mean 'radius'?",
      ])
    let range = found[1]["range"] as? [String: [String: Int]]
    #expect(range?["start"] == ["line": 1, "character": 13])
    #expect(range?["end"] == ["line": 1, "character": 18])
    let runtime = try Self.open(server, "add sun at 1,1 r 1\nadd sun at 2,2 r 1\n")
    let duplicate = Self.diagnostics(runtime[0])
    #expect(duplicate.count == 1)
    let related = duplicate.first?["relatedInformation"] as? [[String: Any]]
    #expect(related?.first?["message"] as? String == "'sun' is added here")
    let expect = try Self.open(server, "expect count 2\n")
    #expect(
      Self.diagnostics(expect[0]).first?["message"] as? String == "expected 2 circles, found none")
    #expect(Self.diagnostics(try Self.open(server, "add a at 1,1 r 1\n")[0]).isEmpty)
  }

  @Test("changes by range, in UTF-16 columns, and whole")
  func changes() throws {
    let server = Self.server()
    // 😀 takes two UTF-16 units: the edit after it counts them.
    _ = try Self.open(server, "add a at 1,1 r 1 // 😀x\nremove moon\n")
    let edit: [String: Any] = [
      "textDocument": ["uri": Self.uri, "version": 2],
      "contentChanges": [
        [
          "range": ["start": ["line": 0, "character": 22], "end": ["line": 0, "character": 23]],
          "text": "y",
        ],
        [
          "range": ["start": ["line": 1, "character": 7], "end": ["line": 1, "character": 11]],
          "text": "a",
        ],
      ],
    ]
    let after = try Self.replies(server, Self.message(nil, "textDocument/didChange", edit))
    #expect(Self.diagnostics(after[0]).isEmpty, "\(after)")
    #expect(server.documents[Self.uri] == "add a at 1,1 r 1 // 😀y\nremove a\n")
    let whole: [String: Any] = [
      "textDocument": ["uri": Self.uri, "version": 3], "contentChanges": [["text": "clear\n"]],
    ]
    _ = try Self.replies(server, Self.message(nil, "textDocument/didChange", whole))
    #expect(server.documents[Self.uri] == "clear\n")
  }

  @Test("a document with \\r\\n line breaks: lines and edits as the editor counts them")
  func crlf() throws {
    let server = Self.server()
    let opened = try Self.open(server, "add a at 1,1 r 1\r\nremove moon\r\n")
    let range = Self.diagnostics(opened[0]).first?["range"] as? [String: [String: Int]]
    #expect(range?["start"] == ["line": 1, "character": 7])
    let edit: [String: Any] = [
      "textDocument": ["uri": Self.uri, "version": 2],
      "contentChanges": [
        [
          "range": ["start": ["line": 1, "character": 7], "end": ["line": 1, "character": 11]],
          "text": "a",
        ]
      ],
    ]
    let after = try Self.replies(server, Self.message(nil, "textDocument/didChange", edit))
    #expect(Self.diagnostics(after[0]).isEmpty, "\(after)")
    #expect(server.documents[Self.uri] == "add a at 1,1 r 1\r\nremove a\r\n")
  }

  static let script = """
    let size = 4
    add sun at 10,10 radius size fill gold
    add moon at 30,30 r 2
    group "Sky" {
      repeat 3 as i {
        move sun by i,0
      }
    }
    set 
    """

  @Test("completion: commands, colour names, circle ids, keywords, variables and functions")
  func completion() throws {
    let server = Self.server()
    _ = try Self.open(server, Self.script)
    func labels(_ line: Int, _ character: Int) throws -> [String] {
      let reply = try Self.replies(
        server, Self.message(9, "textDocument/completion", Self.position(line, character)))
      return (reply[0]["result"] as? [[String: Any]])?.compactMap { $0["label"] as? String } ?? []
    }
    #expect(try labels(0, 0).starts(with: ["canvas", "add", "remove"]))
    #expect(try labels(1, 34).contains("cornflowerblue"))
    #expect(try labels(8, 4) == ["moon", "sun"])
    let inside = try labels(5, 16)
    #expect(inside.contains("size") && inside.contains("i") && inside.contains("sqrt"))
  }

  @Test("definition of a circle and of a variable; hover over a colour, a function and a circle")
  func definitionAndHover() throws {
    let server = Self.server()
    _ = try Self.open(server, Self.script)
    let sun = try Self.replies(
      server, Self.message(3, "textDocument/definition", Self.position(5, 10)))
    #expect(
      ((sun[0]["result"] as? [String: Any])?["range"] as? [String: [String: Int]])?["start"]
        == ["line": 1, "character": 4])
    let size = try Self.replies(
      server, Self.message(4, "textDocument/definition", Self.position(1, 25)))
    #expect(
      ((size[0]["result"] as? [String: Any])?["range"] as? [String: [String: Int]])?["start"]
        == ["line": 0, "character": 4])
    func hover(_ line: Int, _ character: Int) throws -> String? {
      let reply = try Self.replies(
        server, Self.message(5, "textDocument/hover", Self.position(line, character)))
      return ((reply[0]["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"]
        as? String
    }
    #expect(try hover(1, 35) == "colour `gold`: `#ffd700`")
    #expect(try hover(0, 2) == nil)
    #expect(try hover(1, 6)?.hasPrefix("circle `sun` at 10.0,10.0 radius 4.0") == true)
    // The run up to the line has the same time budget as the run for diagnostics.
    server.runBudget = .zero
    #expect(
      try hover(1, 6)
        == "circle `sun`: the run did not reach this line within the editor's time budget")
  }

  @Test("hover on a circle inside a block shows it at the script's end; with an error, why not")
  func hoverWithoutAParse() throws {
    let server = Self.server()
    _ = try Self.open(server, "group \"g\" {\n  add sun at 1,2 r 3\n}\nmove sun by 1,0\n")
    func hover(_ line: Int, _ character: Int) throws -> String? {
      let reply = try Self.replies(
        server, Self.message(5, "textDocument/hover", Self.position(line, character)))
      return ((reply[0]["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"]
        as? String
    }
    #expect(
      try hover(1, 7)?.hasPrefix("circle `sun` at the end of the script at 2.0,2.0 radius 3.0")
        == true)
    let broken: [String: Any] = [
      "textDocument": ["uri": Self.uri, "version": 2],
      "contentChanges": [["text": "group \"g\" {\n  add sun at 1,2 r 3\n  add at 1,\n}\n"]],
    ]
    _ = try Self.replies(server, Self.message(nil, "textDocument/didChange", broken))
    let why = try hover(1, 7)
    #expect(
      why?.hasPrefix(
        "circle `sun`: its properties show once the script reads without an error (line 3: ")
        == true, "\(why ?? "nil")")
  }

  @Test("an id is found as the parser reads it: 'add at at …' names 'at'; a string is no id")
  func idsAsParsed() throws {
    let server = Self.server()
    _ = try Self.open(server, "add at at 1,1 r 1\nadd r 2 at 1,1\nremove at\n")
    let at = try Self.replies(
      server, Self.message(3, "textDocument/definition", Self.position(2, 8)))
    #expect(
      ((at[0]["result"] as? [String: Any])?["range"] as? [String: [String: Int]])?["start"]
        == ["line": 0, "character": 4])
    let reply = try Self.replies(
      server,
      Self.message(6, "textDocument/documentSymbol", ["textDocument": ["uri": Self.uri]]))
    let symbols = reply[0]["result"] as? [[String: Any]] ?? []
    #expect(symbols.map { $0["name"] as? String } == ["at"])
  }

  @Test("symbols: circles, and groups and loops holding what they hold")
  func symbols() throws {
    let server = Self.server()
    _ = try Self.open(server, Self.script)
    let reply = try Self.replies(
      server,
      Self.message(6, "textDocument/documentSymbol", ["textDocument": ["uri": Self.uri]]))
    let symbols = reply[0]["result"] as? [[String: Any]] ?? []
    #expect(symbols.map { $0["name"] as? String } == ["sun", "moon", "group \"Sky\""])
    let loop = (symbols.last?["children"] as? [[String: Any]])?.first
    #expect(loop?["name"] as? String == "repeat 3 as i")
  }

  @Test("symbols: an if and each else branch hold what they hold")
  func ifSymbols() throws {
    let server = Self.server()
    _ = try Self.open(
      server,
      "if x > 1 {\n  add a at 1,1 r 1\n} else if x < 0 {\n  add b at 1,1 r 1\n} else {\n"
        + "  add c at 1,1 r 1\n}\nadd d at 1,1 r 1\n")
    let reply = try Self.replies(
      server,
      Self.message(6, "textDocument/documentSymbol", ["textDocument": ["uri": Self.uri]]))
    let symbols = reply[0]["result"] as? [[String: Any]] ?? []
    #expect(symbols.map { $0["name"] as? String } == ["if x > 1", "else if x < 0", "else", "d"])
    let children = symbols.prefix(3).map {
      ($0["children"] as? [[String: Any]] ?? []).map { $0["name"] as? String }
    }
    #expect(children == [["a"], ["b"], ["c"]])
    let lines = symbols.map {
      (($0["range"] as? [String: Any])?["start"] as? [String: Int])?["line"]
    }
    #expect(lines == [0, 2, 4, 7])
  }

  @Test("rename: a workspace edit of every id, prepareRename's range, a refusal as an error")
  func rename() throws {
    let server = Self.server()
    _ = try Self.open(server, Self.script)
    var params = Self.position(5, 10)
    params["newName"] = "star"
    let renamed = try Self.replies(server, Self.message(11, "textDocument/rename", params))
    let changes = (renamed[0]["result"] as? [String: Any])?["changes"] as? [String: Any]
    let edits = changes?[Self.uri] as? [[String: Any]] ?? []
    #expect(edits.map { $0["newText"] as? String } == ["star", "star"])
    #expect(
      edits.map { ($0["range"] as? [String: [String: Int]])?["start"] } == [
        ["line": 1, "character": 4], ["line": 5, "character": 9],
      ])
    let prepared = try Self.replies(
      server, Self.message(12, "textDocument/prepareRename", Self.position(2, 5)))
    #expect((prepared[0]["result"] as? [String: Any])?["placeholder"] as? String == "moon")
    let nothing = try Self.replies(
      server, Self.message(13, "textDocument/prepareRename", Self.position(0, 1)))
    #expect(nothing[0].keys.contains("result") && nothing[0]["result"] is NSNull)
    params["newName"] = "moon"
    let refused = try Self.replies(server, Self.message(14, "textDocument/rename", params))
    let error = refused[0]["error"] as? [String: Any]
    #expect(error?["code"] as? Int == -32803)
    #expect(error?["message"] as? String == "'moon' already names another circle (line 3)")
  }

  @Test("formatting: one edit of the whole text, none when formatted, an error on a syntax error")
  func formatting() throws {
    let server = Self.server()
    _ = try Self.open(server, "add a at 1,1 r 1\n   remove  a\n")
    func format(_ id: Int) throws -> [String: Any] {
      let params: [String: Any] = [
        "textDocument": ["uri": Self.uri], "options": ["tabSize": 2, "insertSpaces": true],
      ]
      return try Self.replies(server, Self.message(id, "textDocument/formatting", params))[0]
    }
    let edits = try format(20)["result"] as? [[String: Any]] ?? []
    #expect(edits.count == 1)
    #expect(edits.first?["newText"] as? String == "add a at 1,1 r 1\nremove a\n")
    #expect(
      edits.first?["range"] as? [String: [String: Int]] == [
        "start": ["line": 0, "character": 0], "end": ["line": 2, "character": 0],
      ])
    _ = try Self.open(server, "add a at 1,1 r 1\nremove a\n")
    #expect((try format(21)["result"] as? [Any])?.isEmpty == true)
    _ = try Self.open(server, "add a at 1,1 r 1\nremove\n")
    let error = try format(22)["error"] as? [String: Any]
    #expect(error?["code"] as? Int == -32803)
    #expect(
      error?["message"] as? String
        == "the script is not formatted while it has syntax errors; the first is at line 2: "
        + "expected a circle id after 'remove'")
  }

  @Test("didClose clears the document's diagnostics and forgets its text")
  func close() throws {
    let server = Self.server()
    _ = try Self.open(server, "remove moon\n")
    let closed = try Self.replies(
      server, Self.message(nil, "textDocument/didClose", ["textDocument": ["uri": Self.uri]]))
    #expect(closed.count == 1)
    #expect(closed.first?["method"] as? String == "textDocument/publishDiagnostics")
    #expect(Self.diagnostics(closed[0]).isEmpty)
    #expect(server.documents[Self.uri] == nil)
    // `initialized` and `$/cancelRequest` are notifications with nothing to answer.
    #expect(try Self.replies(server, Self.message(nil, "initialized")).isEmpty)
    #expect(try Self.replies(server, Self.message(nil, "$/cancelRequest", ["id": 3])).isEmpty)
  }

  @Test("changes while more messages wait are checked once, after the last, with its version")
  func burstOfChanges() throws {
    let server = Self.server()
    server.defersDiagnostics = true
    #expect(try Self.open(server, "remove moon\n").isEmpty)
    let whole: [String: Any] = [
      "textDocument": ["uri": Self.uri, "version": 2], "contentChanges": [["text": "remove sun\n"]],
    ]
    #expect(try Self.replies(server, Self.message(nil, "textDocument/didChange", whole)).isEmpty)
    server.defersDiagnostics = false
    let replies = try Self.replies(
      server, Self.message(30, "textDocument/completion", Self.position(0, 0)))
    #expect(replies.count == 2)
    #expect(replies.first?["id"] as? Int == 30)
    #expect((replies.last?["params"] as? [String: Any])?["version"] as? Int == 2)
    #expect(
      Self.diagnostics(replies.last ?? [:]).map { $0["message"] as? String }
        == ["no circle named 'sun'"])
    // Nothing is left over to publish again.
    #expect(try Self.replies(server, Self.message(31, "shutdown")).count == 1)
  }

  @Test("a run past its time budget is cut off with an information where it stopped")
  func runBudget() throws {
    let script = "add a at 1,1 r 1\nadd b at 2,2 r 1\nremove moon\n"
    let server = Self.server()
    #expect(
      Self.diagnostics(try Self.open(server, script)[0]).map { $0["message"] as? String }
        == ["no circle named 'moon'"])
    server.runBudget = .zero
    let cut = Self.diagnostics(try Self.open(server, script)[0])
    #expect(cut.count == 1)
    #expect(cut.first?["severity"] as? Int == 3)
    let message = cut.first?["message"] as? String ?? ""
    #expect(message.hasPrefix("checked up to here in 0."), "\(message)")
    #expect(
      message.hasSuffix(
        " s; the run goes on past the editor's time budget: 'circles run' checks the rest"))
    // The start frame, made before the first add, is where the run stopped.
    #expect(
      (cut.first?["range"] as? [String: [String: Int]])?["start"] == ["line": 0, "character": 0])
    // Syntax errors are never cut off.
    let syntax = Self.diagnostics(try Self.open(server, "add a at 1,1 r 1\nremove\n")[0])
    #expect(syntax.map { $0["message"] as? String } == ["expected a circle id after 'remove'"])
  }

  @Test("a run that would keep more changes than the editor's memory budget is cut off there")
  func memoryBudget() throws {
    let server = Self.server()
    server.runBudget = .seconds(3600)
    // One change past the budget, inside a group, which keeps every change made in it.
    let script = """
      add a at 1,1 r 1
      group "g" {
        repeat \(EditorRun.keptChangesBudget) {
          move a by 0,0
        }
      }

      """
    let cut = Self.diagnostics(try Self.open(server, script)[0])
    #expect(cut.count == 1)
    #expect(cut.first?["severity"] as? Int == 3)
    let message = cut.first?["message"] as? String ?? ""
    #expect(
      message.hasSuffix(
        " s; the run goes on past the editor's memory budget of 250000 changes kept for undo: "
          + "'circles run' checks the rest"), "\(message)")
    #expect(
      (cut.first?["range"] as? [String: [String: Int]])?["start"] == ["line": 3, "character": 4])
    let hover = try Self.replies(
      server, Self.message(5, "textDocument/hover", Self.position(3, 9)))
    let value =
      ((hover.first?["result"] as? [String: Any])?["contents"] as? [String: Any])?[
        "value"] as? String
    #expect(
      value == "circle `a`: the run did not reach this line within the editor's memory budget")
    // One change fewer, and the run ends: nothing to say.
    let within = script.replacingOccurrences(
      of: "repeat \(EditorRun.keptChangesBudget)", with: "repeat \(EditorRun.keptChangesBudget - 1)"
    )
    #expect(Self.diagnostics(try Self.open(server, within)[0]).isEmpty)
  }

  @Test(
    "a message that is not JSON, or a method there is not, gets a JSON-RPC error; the server goes on"
  )
  func errors() throws {
    let server = Self.server()
    let garbage = try Self.replies(server, Data("{oops".utf8))
    #expect((garbage[0]["error"] as? [String: Any])?["code"] as? Int == -32700)
    let unknown = try Self.replies(server, Self.message(8, "textDocument/nothing"))
    #expect((unknown[0]["error"] as? [String: Any])?["code"] as? Int == -32601)
    let bad = try Self.replies(server, Self.message(9, "textDocument/completion", ["x": 1]))
    #expect((bad[0]["error"] as? [String: Any])?["code"] as? Int == -32602)
    #expect(try Self.replies(server, Self.message(10, "shutdown")).count == 1)
  }

  @Test("framing: Content-Length headers, messages split anywhere, a bad header stops the stream")
  func framing() throws {
    let bodies = ["{\"a\":1}", "{\"b\":\"é\"}"]
    let stream = Array(
      bodies.map { "Content-Length: \($0.utf8.count)\r\nContent-Type: x\r\n\r\n\($0)" }.joined()
        .utf8)
    var offset = 0
    var framing = LSPFraming { buffer in
      // Three bytes at a time.
      let count = min(3, stream.count - offset, buffer.count)
      for index in 0..<count { buffer[index] = stream[offset + index] }
      offset += count
      return count
    }
    #expect(String(decoding: try framing.next(), as: UTF8.self) == bodies[0])
    #expect(String(decoding: try framing.next(), as: UTF8.self) == bodies[1])
    #expect(throws: LSPFraming.Problem.end) { _ = try framing.next() }
    var bad = LSPFraming { buffer in
      let text = Array("Content-Length: many\r\n\r\n".utf8)
      for (index, byte) in text.enumerated() { buffer[index] = byte }
      return text.count
    }
    #expect(throws: LSPFraming.Problem.badHeader("Content-Length is not a whole number")) {
      _ = try bad.next()
    }
  }

  @Test("before initialize, requests get ServerNotInitialized and notifications are dropped")
  func beforeInitialize() throws {
    let server = LanguageServer()
    let early = try Self.replies(
      server, Self.message(3, "textDocument/completion", Self.position(0, 0)))
    #expect((early[0]["error"] as? [String: Any])?["code"] as? Int == -32002)
    #expect(early[0]["id"] as? Int == 3)
    #expect(try Self.open(server, "add sun at 1,1 r 1 fill bogus").isEmpty, "dropped, not checked")
    #expect(try Self.replies(server, Self.message(4, "shutdown"))[0]["error"] != nil)
    _ = try Self.replies(server, Self.message(5, "initialize"))
    #expect(try Self.replies(server, Self.message(6, "shutdown"))[0].keys.contains("result"))
  }

  @Test("a message over the size limit is skipped unread, and the next one is read")
  func tooLarge() throws {
    let length = LSPFraming.sizeLimit + 1
    let header = Array("Content-Length: \(length)\r\n\r\n".utf8)
    let next = Array("Content-Length: 2\r\n\r\n{}".utf8)
    var sent = 0
    var largest = 0
    var framing = LSPFraming { buffer in
      // The header, then the body in the pieces asked for (never kept whole), then the next.
      let total = header.count + length + next.count
      let count = min(buffer.count, total - sent)
      for index in 0..<count {
        let position = sent + index
        buffer[index] =
          position < header.count
          ? header[position]
          : position < header.count + length ? 0x20 : next[position - header.count - length]
      }
      sent += count
      largest = max(largest, count)
      return count
    }
    #expect(throws: LSPFraming.Problem.tooLarge(length)) { _ = try framing.next() }
    #expect(String(decoding: try framing.next(), as: UTF8.self) == "{}")
    #expect(largest <= 64 << 10, "read in pieces")
    let refusal = try #require(
      try JSONSerialization.jsonObject(with: Self.server().refuse(length: length))
        as? [String: Any])
    #expect((refusal["error"] as? [String: Any])?["code"] as? Int == -32600)
  }
}
