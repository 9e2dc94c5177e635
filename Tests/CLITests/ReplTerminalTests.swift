import CirclesTestSupport
import Foundation
import Testing

/// The REPL in a real terminal: tmux runs it in a pseudo-terminal and types keys into it.
///
/// tmux is installed by `scripts/ensure-deps --test` (which the first test runs when it is
/// missing); where it cannot be, the tests fail saying so.
@Suite("circles repl at a terminal", .serialized)
struct ReplTerminalTests {
  /// Starts the REPL in a folder with its history in `.history` there.
  func start(in folder: TemporaryFolder, history: String? = nil) throws -> TmuxSession {
    let path = history ?? folder.url.appendingPathComponent(".history").path
    let session = try TmuxSession(
      [try Executable.url.path, "repl"], in: folder.url, environment: ["CIRCLES_HISTORY": path])
    try session.wait(for: "circles>")
    return session
  }

  /// Presses Enter and waits for the next prompt.
  func enter(_ session: TmuxSession) throws {
    let prompts = try session.screen().components(separatedBy: "circles>").count
    try session.press("Enter")
    try session.wait("the next prompt") { $0.components(separatedBy: "circles>").count > prompts }
  }

  /// The session's script as `:list` prints it (the screen shows no spaces at line ends).
  func listed(_ session: TmuxSession) throws -> [String] {
    try session.type(":list")
    try enter(session)
    let screen = try session.screen()
    let after = screen.components(separatedBy: "circles> :list\n").last ?? ""
    return after.components(separatedBy: "\ncircles>").first?
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init) ?? []
  }

  @Test("keys edit the line as in a shell: ← → Home End, Ctrl-A E K U W, Delete")
  func lineEditing() throws {
    let folder = try TemporaryFolder()
    let session = try start(in: folder)
    // ← moves back into a typo, which is fixed mid-line.
    try session.type("add sun at 10,10 radus 5")
    try session.press("Left", "Left", "Left", "Left")
    try session.type("i")
    try enter(session)
    // Ctrl-A goes to the start, Ctrl-E to the end.
    try session.type("dd moon at 20,20 r 3")
    try session.press("C-a")
    try session.type("a")
    try session.press("C-e")
    try session.type(" fill red")
    try enter(session)
    // Ctrl-K cuts to the end of the line.
    try session.type("add c at 2,2 r 1 garbage")
    try session.press("Left", "Left", "Left", "Left", "Left", "Left", "Left", "Left", "C-k")
    try enter(session)
    // Ctrl-U cuts to the start of the line, Ctrl-W the word before the cursor.
    try session.type("nonsense")
    try session.press("C-u")
    try session.type("add d at 3,3 r 1 oops")
    try session.press("C-w")
    try enter(session)
    // Delete removes the character under the cursor; Home and End move to either end.
    try session.type("aadd e at 4,4 r 1")
    try session.press("Home", "DC", "End")
    try session.type(" fill blue")
    try session.press("Right")
    try enter(session)
    let lines = try listed(session)
    #expect(
      lines == [
        "add sun at 10,10 radius 5", "add moon at 20,20 r 3 fill red", "add c at 2,2 r 1",
        "add d at 3,3 r 1", "add e at 4,4 r 1 fill blue",
      ], "\((try? session.screen()) ?? "")")
    #expect(!(try session.screen()).contains("error"))
  }

  @Test("↑ brings back the line before, to run again or to change")
  func upRepeatsALine() throws {
    let folder = try TemporaryFolder()
    let session = try start(in: folder)
    try session.type("add at 10,10 r 2")
    try enter(session)
    try session.press("Up")
    try enter(session)
    try session.press("Up", "BSpace")
    try session.type("4")
    try enter(session)
    let lines = try listed(session)
    #expect(lines == ["add at 10,10 r 2", "add at 10,10 r 2", "add at 10,10 r 4"])
  }

  @Test("Tab completes colour names, circle ids, commands and keywords")
  func tabCompletes() throws {
    let folder = try TemporaryFolder()
    let session = try start(in: folder)
    // 'corn' starts two colour names: Tab lists them; one more letter makes it one.
    try session.type("add sun at 10,10 r 5 fill corn")
    try session.press("Tab", "Tab")
    try session.wait(for: "cornflowerblue  cornsilk")
    try session.type("f")
    try session.press("Tab")
    try session.wait(for: "fill cornflowerblue")
    try enter(session)
    try session.type("rem")
    try session.press("Tab")
    try session.type("su")
    try session.press("Tab")
    try session.wait(for: "circles> remove sun")
    try enter(session)
    try session.type("undo")
    try enter(session)
    try session.type("set sun opa")
    try session.press("Tab")
    try session.type("0.5")
    try enter(session)
    let lines = try listed(session)
    #expect(
      lines == [
        "add sun at 10,10 r 5 fill cornflowerblue", "remove sun", "undo", "set sun opacity 0.5",
      ], "\((try? session.screen()) ?? "")")
  }

  @Test("the history survives a restart, ↑ and Ctrl-R find earlier lines; no history when asked")
  func historyAcrossSessions() throws {
    let folder = try TemporaryFolder()
    let first = try start(in: folder)
    try first.type("add keep at 1,1 r 1")
    try enter(first)
    try first.type("add other at 2,2 r 1")
    try enter(first)
    try first.type(":quit")
    try first.press("Enter")
    #expect(try first.exitStatus() == 0)
    let file = folder.url.appendingPathComponent(".history")
    #expect(
      try String(contentsOf: file, encoding: .utf8)
        == "add keep at 1,1 r 1\nadd other at 2,2 r 1\n:quit\n")

    let second = try start(in: folder)
    try second.press("Up", "Up", "Up")
    try enter(second)
    // Ctrl-R searches back as you type ("bck:" shows the search).
    try second.press("C-r")
    try second.type("other")
    try second.wait(for: "circles> add other at 2,2 r 1\nbck:other")
    try enter(second)
    let lines = try listed(second)
    #expect(
      lines == ["add keep at 1,1 r 1", "add other at 2,2 r 1"], "\((try? second.screen()) ?? "")")

    // An empty CIRCLES_HISTORY keeps none.
    let none = try start(in: folder, history: "")
    try none.type("add forgotten at 1,1 r 1")
    try enter(none)
    try none.press("C-d")
    #expect(try none.exitStatus() == 0)
    #expect(!(try String(contentsOf: file, encoding: .utf8)).contains("forgotten"))
  }

  @Test("Ctrl-C cancels the line or the block being typed and the session goes on; Ctrl-D ends it")
  func controlC() throws {
    let folder = try TemporaryFolder()
    let session = try start(in: folder)
    try session.type("add a at 10,10 r 5")
    try enter(session)
    try session.type("add b at 1")
    try session.press("C-c")
    try session.wait(for: "(cancelled; Ctrl-D on an empty line or :quit ends the session)")
    try session.type("group \"G\" {")
    try session.press("Enter")
    try session.wait(for: "...>")
    try session.type("add c at 5,5 r 2")
    try session.press("Enter")
    try session.press("C-c")
    try session.wait("a fresh prompt after the block") {
      $0.components(separatedBy: "circles>").count == 5
    }
    #expect(try listed(session) == ["add a at 10,10 r 5"])
    try session.type("add d at 3,3 r 1")
    try enter(session)
    try session.press("C-d")
    #expect(try session.exitStatus() == 0)
    let screen = try session.screen()
    #expect(
      screen.contains(
        "the drawing was not saved: ':save <file.circles>' before ending keeps it as a script"),
      "\(screen)")
    #expect(screen.components(separatedBy: "(cancelled;").count == 2, "the hint comes once")
  }

  @Test("a line repeating the one before is kept once in the history, across sessions too")
  func repeatsKeptOnce() throws {
    let folder = try TemporaryFolder()
    let first = try start(in: folder)
    for _ in 0..<3 {
      try first.type("add at 1,1 r 1")
      try enter(first)
    }
    try first.type(":save s.circles")
    try enter(first)
    try first.press("C-d")
    #expect(try first.exitStatus() == 0)
    #expect(!(try first.screen()).contains("not saved"))
    let second = try start(in: folder)
    try second.type(":save s.circles")
    try enter(second)
    try second.press("C-d")
    #expect(try second.exitStatus() == 0)
    #expect(
      try String(contentsOf: folder.url.appendingPathComponent(".history"), encoding: .utf8)
        == "add at 1,1 r 1\n:save s.circles\n")
  }

  @Test("closing the terminal ends the session cleanly, the lines typed kept")
  func terminalCloses() throws {
    let folder = try TemporaryFolder()
    let status = folder.url.appendingPathComponent("status")
    let history = folder.url.appendingPathComponent(".history")
    let session = try TmuxSession(
      [try Executable.url.path, "repl"], in: folder.url,
      environment: ["CIRCLES_HISTORY": history.path], statusFile: status)
    try session.wait(for: "circles>")
    try session.type("add a at 1,1 r 1")
    try enter(session)
    try session.type("half a line")
    session.close()
    let deadline = ContinuousClock.now + .seconds(10)
    while !FileManager.default.fileExists(atPath: status.path), ContinuousClock.now < deadline {
      usleep(20_000)
    }
    #expect(try String(contentsOf: status, encoding: .utf8) == "0\n")
    #expect(try String(contentsOf: history, encoding: .utf8) == "add a at 1,1 r 1\n")
  }
}
