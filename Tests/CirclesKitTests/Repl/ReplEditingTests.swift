import CircleScript
import CirclesKit
import CirclesTestSupport
import Foundation
import Testing

/// A terminal that types given lines, keeping what the session asked of it.
final class TypedLines: LineReader {
  let isInteractive: Bool
  var completion: ((String) -> [String])?
  var lines: [String]
  var prompts: [String] = []
  var remembered: [String] = []
  /// What Tab offered, asked while the session ran, for each line typed.
  var completionsAsked: [String: [String]] = [:]
  var asking: [String]

  init(_ lines: [String], interactive: Bool = true, asking: [String] = []) {
    self.lines = lines
    self.isInteractive = interactive
    self.asking = asking
  }

  func readLine(prompt: String) -> String? {
    prompts.append(prompt)
    for line in asking { completionsAsked[line] = completion?(line) }
    return lines.isEmpty ? nil : lines.removeFirst()
  }

  func remember(_ line: String) { remembered.append(line) }
}

@Suite("The session at a terminal: history, completion, help")
struct ReplEditingTests {
  /// The commands of the language; those the parser does not know yet are left out of the
  /// expectations.
  static let languageCommands = [
    "canvas", "add", "remove", "move", "set", "front", "back", "clear", "undo", "redo", "group",
    "limit", "render", "expect", "seed", "let", "repeat", "if", "def", "return",
  ]

  @Test("lines typed at a terminal go to the editor's history and the file, once each in a row")
  func history() throws {
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("state/history")
    try folder.write("old one\nold two\n", to: "state/history")
    let fixture = try SessionFixture(live: nil)
    let typed = TypedLines(["add a at 1,1 r 1", "add a at 1,1 r 1", "   ", "undo", ":quit"])
    fixture.session.run(reading: typed, history: ReplHistory(file: file))
    #expect(typed.remembered == ["old one", "old two", "add a at 1,1 r 1", "undo", ":quit"])
    #expect(
      try String(contentsOf: file, encoding: .utf8)
        == "old one\nold two\nadd a at 1,1 r 1\nundo\n:quit\n")
    #expect(typed.prompts == ["circles> ", "circles> ", "circles> ", "circles> ", "circles> "])
    #expect(
      fixture.recorded.out.hasPrefix("circles \(CommandLineTool.version): type drawing commands"))
    #expect(fixture.recorded.err.contains("error: a circle named 'a' already exists"))
    #expect(typed.completion == nil)
  }

  @Test("piped lines: no banner, no prompt, no history")
  func piped() throws {
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("history")
    let fixture = try SessionFixture(live: nil)
    let typed = TypedLines(["add a at 1,1 r 1"], interactive: false)
    fixture.session.run(reading: typed, history: ReplHistory(file: file))
    #expect(typed.prompts == ["", ""])
    #expect(typed.remembered == [])
    #expect(fixture.recorded.out == "")
    #expect(!FileManager.default.fileExists(atPath: file.path))
    #expect(fixture.session.isFinished)
  }

  @Test("a history file that cannot be written is reported once; the session goes on")
  func unwritableHistory() throws {
    let folder = try TemporaryFolder()
    try folder.write("not a folder", to: "file")
    let fixture = try SessionFixture(live: nil)
    let typed = TypedLines(["add a at 1,1 r 1", "add b at 2,2 r 1"])
    fixture.session.run(
      reading: typed, history: ReplHistory(file: folder.url.appendingPathComponent("file/history")))
    #expect(fixture.session.canvas.circles.count == 2)
    #expect(
      fixture.recorded.err.components(separatedBy: "circles: warning: the history is not kept")
        .count == 2, "\(fixture.recorded.err)")
  }

  @Test(
    "Tab offers what may stand where the cursor is",
    arguments: [
      ("", Self.languageCommands + [":help", ":history", ":list", ":quit", ":save"]),
      ("re", ["redo", "remove", "render", "repeat", "return"]),
      (":h", [":help", ":history"]),
      (":help s", ["seed", "set"]),
      ("add a at 1,1 r 2 fill corn", ["cornflowerblue", "cornsilk"]),
      ("add a at 1,1 r 2 fill CornF", ["cornflowerblue"]),
      ("add a at 1,1 r 2 stroke ", NamedColours.names),
      ("canvas 10x10 background rebecca", ["rebeccapurple"]),
      ("remove ", ["moon", "sun"]),
      ("move s", ["sun"]),
      ("move sun ", ["by", "to"]),
      ("set moon op", ["opacity"]),
      ("set moon opacity 0.5 ", ["at", "fill", "r", "radius", "stroke", "width"]),
      ("add at 1,1 r", ["r", "radius"]),
      ("front moon ", []),
      ("expect ", ["count", "pixel", "redo", "undo"]),
      ("expect undo ", ["none"]),
      ("expect pixel 1,1 red ", ["within"]),
      ("canvas 10x10 ", ["background", "scale"]),
      ("nonsense ", []),
      ("clear ", []),
    ])
  func completions(line: String, expected: [String]) throws {
    let fixture = try SessionFixture(live: nil)
    fixture.type("add sun at 1,1 r 1\nadd moon at 2,2 r 1")
    let known = Set(Parser.commandNames)
    #expect(
      fixture.session.completions(for: line)
        == expected.filter { !Self.languageCommands.contains($0) || known.contains($0) }.sorted())
  }

  @Test("the session's completion is the reader's while it runs")
  func completionWhileRunning() throws {
    let fixture = try SessionFixture(live: nil)
    let typed = TypedLines(["add sun at 1,1 r 1", ":quit"], asking: ["remove s"])
    fixture.session.run(reading: typed, history: ReplHistory(file: nil))
    #expect(typed.completionsAsked["remove s"] == ["sun"])
  }

  @Test("':help add' shows one command; ':help :save' a session command; a typo is an error")
  func helpForOne() throws {
    let fixture = try SessionFixture(live: nil)
    fixture.type(":help add")
    #expect(
      fixture.recorded.out == """
        add [<id>] at <x>,<y> radius <r> [fill <c>] [stroke <c>] [width <w>] [opacity <o>]

        Adds a circle on top (named c1, c2, … without an id): one undo step, 'Add <id>'.

        Example: add sun at 60,60 radius 40 fill gold

        """)
    let session = try SessionFixture(live: nil)
    session.type(":help save")
    #expect(
      session.recorded.out
        == ":save FILE\n\nWrite that script to FILE; running it reproduces the canvas and its "
        + "history.\n")
    let typo = try SessionFixture(live: nil)
    typo.type(":help  ad")
    #expect(
      typo.recorded.err == """
        <repl>:1:8: error: no command 'ad'; did you mean 'add'? (:help lists them)
        :help  ad
               ^~

        """)
    #expect(typo.session.errorCount == 1)
  }

  @Test("every command of the language has help", arguments: Parser.commandNames)
  func everyCommandHasHelp(name: String) throws {
    let fixture = try SessionFixture(live: nil)
    fixture.type(":help \(name)")
    #expect(fixture.recorded.err == "")
    #expect(fixture.recorded.out.hasPrefix(name), "\(fixture.recorded.out)")
    #expect(fixture.recorded.out.contains("Example: \(name)"))
  }
}
