import Foundation
import Testing

@testable import CirclesKit

/// `circles lsp` on procedures: symbols, going to a `def`, renaming a procedure or a parameter,
/// completion and hover.
@Suite("The language server and procedures")
struct LanguageServerProcedureTests {
  typealias Server = LanguageServerTests

  static let script = """
    let size = 4
    def petal(angle, r) {
      let x = 100 + r * cos(angle)
      add p{angle} at (x),100 r (size)
    }
    repeat 6 as i {
      petal(i * 60, 40)
    }
    petal(30, 10)
    """

  /// The position of the `occurrence`-th (from 0) `text` on 0-based line `line`, plus `offset`.
  static func at(_ line: Int, _ text: String, occurrence: Int = 0, offset: Int = 0) -> [String: Any]
  {
    let lines = script.split(separator: "\n", omittingEmptySubsequences: false)
    var start = lines[line].startIndex
    var found = lines[line].range(of: text)!
    for _ in 0..<occurrence {
      start = found.upperBound
      found = lines[line][start...].range(of: text)!
    }
    let character = lines[line].distance(from: lines[line].startIndex, to: found.lowerBound)
    return Server.position(line, character + offset)
  }

  static func opened() throws -> LanguageServer {
    let server = Server.server()
    let published = try Server.open(server, script)
    #expect(Server.diagnostics(published[0]).isEmpty)
    return server
  }

  /// Each edit of a rename as `line:character newText`.
  static func edits(_ reply: [String: Any]) -> [String] {
    let changes = (reply["result"] as? [String: Any])?["changes"] as? [String: Any]
    let edits = changes?[Server.uri] as? [[String: Any]] ?? []
    return edits.map { edit in
      let start = (edit["range"] as? [String: [String: Int]])?["start"] ?? [:]
      return "\(start["line"] ?? -1):\(start["character"] ?? -1) \(edit["newText"] ?? "")"
    }
  }

  static func rename(_ server: LanguageServer, _ place: [String: Any], to name: String) throws
    -> [String: Any]
  {
    var params = place
    params["newName"] = name
    return try Server.replies(server, Server.message(20, "textDocument/rename", params))[0]
  }

  @Test("symbols: a procedure by its signature, holding what it holds")
  func symbols() throws {
    let server = try Self.opened()
    let reply = try Server.replies(
      server,
      Server.message(2, "textDocument/documentSymbol", ["textDocument": ["uri": Server.uri]]))
    let symbols = reply[0]["result"] as? [[String: Any]] ?? []
    #expect(symbols.map { $0["name"] as? String } == ["petal(angle, r)", "repeat 6 as i"])
    #expect(symbols.first?["kind"] as? Int == 12)
    let children = symbols.first?["children"] as? [[String: Any]] ?? []
    #expect(children.map { $0["name"] as? String } == ["p{angle}"])
    let range = symbols.first?["range"] as? [String: [String: Int]]
    #expect(range?["start"]?["line"] == 1 && range?["end"]?["line"] == 4)
  }

  @Test("definition: from a call to its def's name, from a parameter's use to the parameter")
  func definition() throws {
    let server = try Self.opened()
    for (place, expected) in [
      (Self.at(6, "petal", offset: 2), ["line": 1, "character": 4]),
      (Self.at(8, "petal"), ["line": 1, "character": 4]),
      (Self.at(2, " r ", offset: 1), ["line": 1, "character": 17]),
      (Self.at(3, "angle"), ["line": 1, "character": 10]),
    ] {
      let reply = try Server.replies(server, Server.message(3, "textDocument/definition", place))
      let range = (reply[0]["result"] as? [String: Any])?["range"] as? [String: [String: Int]]
      #expect(range?["start"] == expected, "\(place)")
    }
  }

  @Test("rename a procedure: its def and every call; a taken or reserved name is refused")
  func renameProcedure() throws {
    let server = try Self.opened()
    let renamed = try Self.rename(server, Self.at(6, "petal"), to: "leaf")
    #expect(Self.edits(renamed) == ["1:4 leaf", "6:2 leaf", "8:0 leaf"])
    for (name, message) in [
      ("add", "'add' is a command word and cannot name a procedure"),
      ("max", "'max' is a function and cannot name a procedure"),
      (
        "two words",
        "'two words' is not a valid procedure name; a name is a letter or '_' "
          + "followed by letters, digits, '_' or '-'"
      ),
    ] {
      let refused = try Self.rename(server, Self.at(1, "petal"), to: name)
      #expect((refused["error"] as? [String: Any])?["message"] as? String == message)
    }
  }

  @Test("rename a parameter: in its def and where its body reads or binds it, nowhere else")
  func renameParameter() throws {
    let server = try Self.opened()
    // The 'r' of the radius keyword and of other lines is not the parameter.
    let radius = try Self.rename(server, Self.at(1, "r)"), to: "reach")
    #expect(Self.edits(radius) == ["1:17 reach", "2:16 reach"])
    let angle = try Self.rename(server, Self.at(3, "angle"), to: "a")
    #expect(Self.edits(angle) == ["1:10 a", "2:24 a", "3:8 a"])
    let taken = try Self.rename(server, Self.at(1, "angle"), to: "size")
    #expect(
      (taken["error"] as? [String: Any])?["message"] as? String
        == "'petal' already uses a variable named 'size'; the parameter would take its place")
    let twin = try Self.rename(server, Self.at(1, "angle"), to: "r")
    #expect(
      (twin["error"] as? [String: Any])?["message"] as? String
        == "'r' already names a parameter of 'petal'")
    let prepared = try Server.replies(
      server, Server.message(5, "textDocument/prepareRename", Self.at(2, "angle")))
    #expect((prepared[0]["result"] as? [String: Any])?["placeholder"] as? String == "angle")
  }

  @Test("a parameter's use is not renamed while the script does not parse")
  func renameNeedsAParse() throws {
    let server = Server.server()
    _ = try Server.open(server, Self.script + "\nad a at 1,1 r 1")
    let refused = try Self.rename(server, Self.at(2, "angle"), to: "a")
    #expect(
      (refused["error"] as? [String: Any])?["message"] as? String
        == "the script has errors (line 10: unknown command 'ad'; did you mean 'add'?); fix them "
        + "before renaming a parameter")
    // The procedure's name is still renamed: its def and calls are read from the words.
    #expect(Self.edits(try Self.rename(server, Self.at(8, "petal"), to: "leaf")).count == 3)
  }

  @Test("completion: procedures at the start of a line, parameters inside the body")
  func completion() throws {
    let server = try Self.opened()
    let start = try Server.replies(
      server, Server.message(6, "textDocument/completion", Server.position(9, 0)))
    let items = start[0]["result"] as? [[String: Any]] ?? []
    let petal = items.first { $0["label"] as? String == "petal" }
    #expect(petal?["detail"] as? String == "procedure petal(angle, r)")
    #expect(petal?["kind"] as? Int == 3)
    let inside = try Server.replies(
      server, Server.message(7, "textDocument/completion", Self.at(3, "(x)", offset: 1)))
    let labels = (inside[0]["result"] as? [[String: Any]] ?? []).compactMap {
      $0["kind"] as? Int == 6 ? $0["label"] as? String : nil
    }
    #expect(Set(labels).isSuperset(of: ["angle", "r", "x", "size"]))
    let outside = try Server.replies(
      server, Server.message(8, "textDocument/completion", Self.at(6, "60")))
    let outsideLabels = (outside[0]["result"] as? [[String: Any]] ?? []).compactMap {
      $0["kind"] as? Int == 6 ? $0["label"] as? String : nil
    }
    #expect(!outsideLabels.contains("angle"))
  }

  @Test("hover on a procedure's name: its signature and its def line")
  func hover() throws {
    let server = try Self.opened()
    let reply = try Server.replies(
      server, Server.message(9, "textDocument/hover", Self.at(6, "petal", offset: 1)))
    let value = ((reply[0]["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"]
    #expect(
      value as? String
        == "procedure `petal(angle, r)`, defined on line 2: `def petal(angle, r) {`")
  }

  @Test("diagnostics: an unknown procedure and a wrong argument count, as the parser gives them")
  func diagnostics() throws {
    let server = Server.server()
    let published = try Server.open(server, Self.script + "\npetl(1, 2)\npetal(1)")
    let messages = Server.diagnostics(published[0]).map { $0["message"] as? String }
    #expect(
      messages == [
        "unknown procedure 'petl'; did you mean 'petal'?", "'petal' takes 2 arguments, not 1",
      ])
  }
}
