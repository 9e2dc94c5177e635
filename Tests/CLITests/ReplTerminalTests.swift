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
  func start(in folder: TemporaryFolder, history: String? = nil) async throws -> TmuxSession {
    let path = history ?? folder.url.appendingPathComponent(".history").path
    let session = try await TmuxSession(
      [try Executable.url.path, "repl"], in: folder.url, environment: ["CIRCLES_HISTORY": path])
    try await session.wait(for: "circles>")
    return session
  }

  /// Presses Enter and waits for the next prompt.
  func enter(_ session: TmuxSession) async throws {
    let prompts = try await session.screen().components(separatedBy: "circles>").count
    try await session.press("Enter")
    try await session.wait("the next prompt") {
      $0.components(separatedBy: "circles>").count > prompts
    }
  }

  /// The session's script as `:list` prints it (the screen shows no spaces at line ends).
  func listed(_ session: TmuxSession) async throws -> [String] {
    try await session.type(":list")
    try await enter(session)
    let screen = try await session.screen()
    let after = screen.components(separatedBy: "circles> :list\n").last ?? ""
    return after.components(separatedBy: "\ncircles>").first?
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init) ?? []
  }

  @Test("keys edit the line as in a shell: ← → Home End, Ctrl-A E K U W, Delete")
  func lineEditing() async throws {
    let folder = try TemporaryFolder()
    let session = try await start(in: folder)
    // ← moves back into a typo, which is fixed mid-line.
    try await session.type("add sun at 10,10 radus 5")
    try await session.press("Left", "Left", "Left", "Left")
    try await session.type("i")
    try await enter(session)
    // Ctrl-A goes to the start, Ctrl-E to the end.
    try await session.type("dd moon at 20,20 r 3")
    try await session.press("C-a")
    try await session.type("a")
    try await session.press("C-e")
    try await session.type(" fill red")
    try await enter(session)
    // Ctrl-K cuts to the end of the line.
    try await session.type("add c at 2,2 r 1 garbage")
    try await session.press("Left", "Left", "Left", "Left", "Left", "Left", "Left", "Left", "C-k")
    try await enter(session)
    // Ctrl-U cuts to the start of the line, Ctrl-W the word before the cursor.
    try await session.type("nonsense")
    try await session.press("C-u")
    try await session.type("add d at 3,3 r 1 oops")
    try await session.press("C-w")
    try await enter(session)
    // Delete removes the character under the cursor; Home and End move to either end.
    try await session.type("aadd e at 4,4 r 1")
    try await session.press("Home", "DC", "End")
    try await session.type(" fill blue")
    try await session.press("Right")
    try await enter(session)
    let lines = try await listed(session)
    let shown = (try? await session.screen()) ?? ""
    #expect(
      lines == [
        "add sun at 10,10 radius 5", "add moon at 20,20 r 3 fill red", "add c at 2,2 r 1",
        "add d at 3,3 r 1", "add e at 4,4 r 1 fill blue",
      ], "\(shown)")
    #expect(!(try await session.screen()).contains("error"))
  }

  @Test("↑ brings back the line before, to run again or to change")
  func upRepeatsALine() async throws {
    let folder = try TemporaryFolder()
    let session = try await start(in: folder)
    try await session.type("add at 10,10 r 2")
    try await enter(session)
    try await session.press("Up")
    try await enter(session)
    try await session.press("Up", "BSpace")
    try await session.type("4")
    try await enter(session)
    let lines = try await listed(session)
    #expect(lines == ["add at 10,10 r 2", "add at 10,10 r 2", "add at 10,10 r 4"])
  }

  @Test("Tab completes colour names, circle ids, commands and keywords")
  func tabCompletes() async throws {
    let folder = try TemporaryFolder()
    let session = try await start(in: folder)
    // 'corn' starts two colour names: Tab lists them; one more letter makes it one.
    try await session.type("add sun at 10,10 r 5 fill corn")
    try await session.press("Tab", "Tab")
    try await session.wait(for: "cornflowerblue  cornsilk")
    try await session.type("f")
    try await session.press("Tab")
    try await session.wait(for: "fill cornflowerblue")
    try await enter(session)
    try await session.type("rem")
    try await session.press("Tab")
    try await session.type("su")
    try await session.press("Tab")
    try await session.wait(for: "circles> remove sun")
    try await enter(session)
    try await session.type("undo")
    try await enter(session)
    try await session.type("set sun opa")
    try await session.press("Tab")
    try await session.type("0.5")
    try await enter(session)
    let lines = try await listed(session)
    let shown = (try? await session.screen()) ?? ""
    #expect(
      lines == [
        "add sun at 10,10 r 5 fill cornflowerblue", "remove sun", "undo", "set sun opacity 0.5",
      ], "\(shown)")
  }

  @Test("the history survives a restart, ↑ and Ctrl-R find earlier lines; no history when asked")
  func historyAcrossSessions() async throws {
    let folder = try TemporaryFolder()
    let first = try await start(in: folder)
    try await first.type("add keep at 1,1 r 1")
    try await enter(first)
    try await first.type("add other at 2,2 r 1")
    try await enter(first)
    try await first.type(":quit")
    try await first.press("Enter")
    #expect(try await first.exitStatus() == 0)
    let file = folder.url.appendingPathComponent(".history")
    #expect(
      try String(contentsOf: file, encoding: .utf8)
        == "add keep at 1,1 r 1\nadd other at 2,2 r 1\n:quit\n")

    let second = try await start(in: folder)
    try await second.press("Up", "Up", "Up")
    try await enter(second)
    // Ctrl-R searches back as you type ("bck:" shows the search).
    try await second.press("C-r")
    try await second.type("other")
    try await second.wait(for: "circles> add other at 2,2 r 1\nbck:other")
    try await enter(second)
    let lines = try await listed(second)
    let shown = (try? await second.screen()) ?? ""
    #expect(
      lines == ["add keep at 1,1 r 1", "add other at 2,2 r 1"], "\(shown)")

    // An empty CIRCLES_HISTORY keeps none.
    let none = try await start(in: folder, history: "")
    try await none.type("add forgotten at 1,1 r 1")
    try await enter(none)
    try await none.press("C-d")
    try await none.wait(for: "Ctrl-D again ends the session")
    try await none.press("C-d")
    #expect(try await none.exitStatus() == 0)
    #expect(!(try String(contentsOf: file, encoding: .utf8)).contains("forgotten"))
  }

  @Test("Ctrl-C cancels the line or the block being typed and the session goes on; Ctrl-D ends it")
  func controlC() async throws {
    let folder = try TemporaryFolder()
    let session = try await start(in: folder)
    try await session.type("add a at 10,10 r 5")
    try await enter(session)
    try await session.type("add b at 1")
    try await session.press("C-c")
    try await session.wait(for: "(cancelled; Ctrl-D on an empty line or :quit ends the session)")
    try await session.type("group \"G\" {")
    try await session.press("Enter")
    try await session.wait(for: "...>")
    try await session.type("add c at 5,5 r 2")
    try await session.press("Enter")
    try await session.press("C-c")
    try await session.wait("a fresh prompt after the block") {
      $0.components(separatedBy: "circles>").count == 5
    }
    await #expect(try listed(session) == ["add a at 10,10 r 5"])
    try await session.type("add d at 3,3 r 1")
    try await enter(session)
    // The first Ctrl-D says the drawing is not saved, while it can be; the second ends.
    try await session.press("C-d")
    try await session.wait(
      for: "the drawing is not saved: ':save <file.circles>' keeps it as a script; "
        + "Ctrl-D again ends the session")
    try await session.press("C-d")
    await #expect(try session.exitStatus() == 0)
    let screen = try await session.screen()
    #expect(screen.contains("the drawing was not saved"), "\(screen)")
    #expect(screen.components(separatedBy: "(cancelled;").count == 2, "the hint comes once")
  }

  @Test("a line repeating the one before is kept once in the history, across sessions too")
  func repeatsKeptOnce() async throws {
    let folder = try TemporaryFolder()
    let first = try await start(in: folder)
    for _ in 0..<3 {
      try await first.type("add at 1,1 r 1")
      try await enter(first)
    }
    try await first.type(":save s.circles")
    try await enter(first)
    try await first.press("C-d")
    await #expect(try first.exitStatus() == 0)
    await #expect(!(try first.screen()).contains("not saved"))
    let second = try await start(in: folder)
    try await second.type(":save s.circles")
    try await enter(second)
    try await second.press("C-d")
    await #expect(try second.exitStatus() == 0)
    #expect(
      try String(contentsOf: folder.url.appendingPathComponent(".history"), encoding: .utf8)
        == "add at 1,1 r 1\n:save s.circles\n")
  }

  @Test("closing the terminal ends the session cleanly, the lines typed kept")
  func terminalCloses() async throws {
    let folder = try TemporaryFolder()
    let status = folder.url.appendingPathComponent("status")
    let history = folder.url.appendingPathComponent(".history")
    let session = try await TmuxSession(
      [try Executable.url.path, "repl"], in: folder.url,
      environment: ["CIRCLES_HISTORY": history.path], statusFile: status)
    try await session.wait(for: "circles>")
    try await session.type("add a at 1,1 r 1")
    try await enter(session)
    try await session.type("half a line")
    await session.close()
    _ = await eventually { FileManager.default.fileExists(atPath: status.path) }
    #expect(try String(contentsOf: status, encoding: .utf8) == "0\n")
    #expect(try String(contentsOf: history, encoding: .utf8) == "add a at 1,1 r 1\n")
  }
}
