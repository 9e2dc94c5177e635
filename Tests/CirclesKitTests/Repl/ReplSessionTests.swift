import CircleCanvas
import CircleRender
import CirclesKit
import Foundation
import Testing

/// A console that keeps what a session prints.
typealias RecordedConsole = ConsoleRecording

/// A session in a temporary folder, fed lines one at a time.
final class SessionFixture {
  let folder: URL
  let recorded = RecordedConsole()
  let session: ReplSession

  init(live: String? = "live.png") throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "circles-repl-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    self.folder = folder
    session = ReplSession(
      console: recorded.console, livePicture: live.map { folder.appendingPathComponent($0) },
      workingDirectory: folder)
    session.start()
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  func type(_ text: String) {
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      session.handle(String(line))
    }
  }

  func livePixel(x: Int, y: Int) throws -> Colour {
    let data = try Data(contentsOf: folder.appendingPathComponent("live.png"))
    return try PNGCodec.decode(data).colour(atX: x, y: y)
  }
}

@Suite("The interactive session")
struct ReplSessionTests {
  @Test("undo and redo print the menu titles of the steps they reverse, in order")
  func undoTitles() throws {
    let fixture = try SessionFixture()
    fixture.type(
      """
      add sun at 10,10 radius 5
      add moon at 20,20 radius 3
      remove sun
      undo
      undo 2
      redo 2
      """)
    #expect(fixture.recorded.err == "")
    #expect(
      fixture.recorded.out == """
        Undo Remove sun
        Undo Add moon
        Undo Add sun
        Redo Add sun
        Redo Add moon

        """)
    #expect(fixture.session.canvas.circles.map(\.id) == ["sun", "moon"])
  }

  @Test("an error names the session's line, changes nothing, and the session goes on")
  func errorsKeepTheSession() throws {
    let fixture = try SessionFixture()
    fixture.type("add sun at 10,10 radius 5\n\nremove moon\nadd moon at 20,20 radius 3")
    #expect(
      fixture.recorded.err == """
        <repl>:3:8: error: no circle named 'moon'
        remove moon
               ^~~~

        """)
    #expect(fixture.session.errorCount == 1)
    #expect(fixture.session.canvas.circles.map(\.id) == ["sun", "moon"])
    #expect(fixture.session.script == ["add sun at 10,10 radius 5", "add moon at 20,20 radius 3"])
  }

  @Test("a group typed over several lines runs at its '}' as one step")
  func groupsOverLines() throws {
    let fixture = try SessionFixture()
    fixture.type("group \"Pair\" {\n  add a at 1,1 radius 1")
    #expect(fixture.session.prompt == "   ...> ")
    #expect(fixture.session.canvas.circles.isEmpty)
    fixture.type("  group \"inner\" {\n    add b at 2,2 radius 1\n  }")
    #expect(fixture.session.canvas.circles.isEmpty)
    fixture.type("}")
    #expect(fixture.session.prompt == "circles> ")
    #expect(fixture.session.canvas.circles.map(\.id) == ["a", "b"])
    #expect(fixture.session.canvas.undoManager.undoActionNames == ["Pair"])
  }

  @Test("a group that fails half way is taken back whole, history included")
  func failedGroupIsUndone() throws {
    let fixture = try SessionFixture()
    fixture.type("add a at 1,1 radius 1\nadd b at 2,2 radius 1\nundo")
    fixture.type("group \"Bad\" {\n  add c at 3,3 radius 1\n  remove zzz\n}")
    #expect(fixture.recorded.err.hasPrefix("<repl>:6:10: error: no circle named 'zzz'"))
    let manager = fixture.session.canvas.undoManager
    #expect(fixture.session.canvas.circles.map(\.id) == ["a"])
    #expect(manager.undoActionNames == ["Add a"])
    #expect(manager.redoActionNames == ["Add b"])
    fixture.type("redo")
    #expect(fixture.session.canvas.circles.map(\.id) == ["a", "b"])
  }

  @Test(":history lists both stacks by their menu titles")
  func historyCommand() throws {
    let fixture = try SessionFixture()
    fixture.type("add sun at 1,1 radius 1\nclear\nundo\n:history")
    #expect(
      fixture.recorded.out == """
        Undo Clear
        Undo (1 step, most recent first):
          Undo Add sun
        Redo (1 step, next first):
          Redo Clear

        """)
  }

  @Test(":save writes a script that reproduces the canvas and both stacks")
  func saveReproduces() throws {
    let fixture = try SessionFixture()
    fixture.type(
      """
      canvas 60x40 background navy
      add sun at 10,10 radius 5 fill gold
      move sun by 3,0
      remove nothing
      add at 30,20 radius 4
      undo
      :save saved.circles
      """)
    #expect(fixture.recorded.out.hasSuffix("saved 5 lines to saved.circles\n"))
    let saved = try Data(contentsOf: fixture.folder.appendingPathComponent("saved.circles"))
    let replay = try SessionFixture(live: nil)
    replay.type(String(decoding: saved, as: UTF8.self))
    #expect(replay.recorded.err == "")
    #expect(replay.session.canvas.state == fixture.session.canvas.state)
    let (a, b) = (replay.session.canvas.undoManager, fixture.session.canvas.undoManager)
    #expect(a.undoActionNames == b.undoActionNames)
    #expect(a.redoActionNames == b.redoActionNames)
  }

  @Test("the live picture follows every change")
  func livePicture() throws {
    let fixture = try SessionFixture()
    fixture.type("canvas 20x20 background white")
    #expect(try fixture.livePixel(x: 10, y: 10) == .white)
    fixture.type("add dot at 10,10 radius 8 fill #ff0000")
    #expect(try fixture.livePixel(x: 10, y: 10) == Colour(red: 255, green: 0, blue: 0))
    fixture.type("undo")
    #expect(try fixture.livePixel(x: 10, y: 10) == .white)
  }

  @Test("<repl>:N counts the lines of the drawing: session commands take no number")
  func sessionCommandsTakeNoLine() throws {
    let fixture = try SessionFixture(live: nil)
    fixture.type(":help add\nadd a at 1,1 r 1\n:history\n:sav x")
    #expect(
      fixture.recorded.err == """
        <repl>:2:1: error: unknown session command ':sav'; did you mean ':save'? (:help lists them)
        :sav x
        ^~~~

        """)
    fixture.type(":list\nremove moon")
    #expect(
      fixture.recorded.err.hasSuffix(
        "<repl>:2:8: error: no circle named 'moon'\nremove moon\n       ^~~~\n"),
      "\(fixture.recorded.err)")
    #expect(fixture.session.lines == ["add a at 1,1 r 1", "remove moon"])
  }

  @Test(
    "session commands are checked like commands",
    arguments: [
      (":sav x", "<repl>:1:1: error: unknown session command ':sav'; did you mean ':save'?"),
      (":save", "<repl>:1:1: error: :save needs a file name, as in ':save drawing.circles'"),
    ])
  func sessionCommandErrors(line: String, message: String) throws {
    let fixture = try SessionFixture(live: nil)
    fixture.type(line)
    #expect(fixture.recorded.err.hasPrefix(message), "\(fixture.recorded.err)")
  }

  @Test(
    "checks that span entries name the session's lines, notes included",
    arguments: [
      (
        "limit 5\nadd sun at 1,1 r 1\nexpect count 1\nadd sun at 2,2 r 1",
        "<repl>:4:5: error: a circle named 'sun' already exists\nadd sun at 2,2 r 1\n    ^~~\n"
          + "<repl>:2:5: note: 'sun' is added here\n"
      ),
      (
        "canvas 10x10\nlimit 3\ncanvas 20x20",
        "<repl>:3:1: error: duplicate 'canvas'; a script configures its canvas once\n"
          + "canvas 20x20\n^~~~~~\n<repl>:1:1: note: the canvas is configured here\n"
      ),
      (
        "limit 3\ngroup \"g\" {\n  add a at 1,1 r 1\n}\nadd b at 2,2 r 1\ncanvas 20x20",
        "<repl>:6:1: error: 'canvas' must come before any other command except 'limit', "
          + "'let' and 'seed'\n"
          + "canvas 20x20\n^~~~~~\n<repl>:2:1: note: first command here\n"
      ),
    ])
  func sessionLineNumbers(typed: String, expected: String) throws {
    let fixture = try SessionFixture(live: nil)
    fixture.type(typed)
    #expect(fixture.recorded.err == expected)
    #expect(fixture.session.errorCount == 1)
  }

  @Test("a session command typed inside a group runs at once and is not part of the group")
  func sessionCommandInsideGroup() throws {
    let fixture = try SessionFixture(live: nil)
    fixture.type("group \"g\" {\n  add a at 1,1 r 1\n  :history\n}\n:list")
    #expect(fixture.recorded.err == "")
    #expect(
      fixture.recorded.out == """
        Undo: nothing to undo
        Redo: nothing to redo
        group "g" {
          add a at 1,1 r 1
        }

        """)
  }

  @Test("the end of input reports a group left open; :quit ends the session")
  func endings() throws {
    let fixture = try SessionFixture(live: nil)
    fixture.type("group \"open\" {\n  add a at 1,1 radius 1")
    fixture.session.finish()
    #expect(fixture.recorded.err.hasPrefix("<repl>:1:14: error: unclosed group 'open'"))
    #expect(fixture.session.canvas.circles.isEmpty)
    let other = try SessionFixture(live: nil)
    other.type(":help")
    #expect(other.recorded.out.contains(":save FILE"))
    #expect(!other.session.isFinished)
    other.type(":quit")
    #expect(other.session.isFinished)
  }
}
