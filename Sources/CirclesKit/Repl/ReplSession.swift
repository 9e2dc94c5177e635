import CircleCanvas
import CircleEngine
import CircleRender
import CircleScript
import CircleSystem
import Foundation

/// An interactive drawing session: the script language typed line by line against one canvas.
///
/// Each entry (one line, or a whole `group` typed over several lines) is one undo step, checked
/// with the same parser and run by the same interpreter as a script. The session keeps every
/// line typed; diagnostics name the session's line number (`<repl>:4:8: error: …`), and an
/// entry that fails leaves the canvas and its history as they were, so the session goes on.
/// The entries that ran make a script that reproduces the canvas and its undo history, which
/// `:save` writes. After every entry that changed the canvas the live picture, if any, is
/// rewritten whole.
package final class ReplSession {
  /// The name diagnostics give the session.
  package static let fileName = "<repl>"

  let console: Console
  let livePicture: URL?
  let workingDirectory: URL
  /// Writes the `render` targets of the entries.
  let renders: ReplRenders
  /// Draws the entries' states, for `expect pixel`, `render` and the live picture.
  let engine: FrameEngine
  var interpreter: Interpreter
  /// Every line of the drawing typed (session commands are not); line `n` of the session is
  /// `lines[n - 1]`.
  package private(set) var lines: [String] = []
  /// For each line, whether it belongs to an entry that ran without error.
  var kept: [Bool] = []
  /// The first line (0-based) and brace depth of a group still being typed.
  var pending: (start: Int, depth: Int)?
  /// The lines of the first entry that ran a `canvas`, and of the first that ran any other
  /// command but `limit`: parsed again before each entry, they are all the parser needs to
  /// judge where a `canvas` may go, so an entry costs the same however long the session is.
  var firstCanvasEntry: Range<Int>?
  var firstOtherEntry: Range<Int>?
  /// For each parse, which session lines its source lines were (see `SessionLines`).
  var parses: [Int: SessionLines] = [:]
  /// Every line of the drawing typed, joined by line breaks, for showing diagnostics.
  private(set) var transcript: [UInt8] = []
  /// The session command being run, for showing its mistakes.
  var commandLine = ""
  private var lastPicture: CanvasState?
  /// The script as `:save` last wrote it, to tell whether the session ends with changes unsaved.
  var savedScript: [String]?
  /// Whether `:quit` was typed.
  package internal(set) var isFinished = false
  /// Entries that failed with an error (exit code 2 in a script).
  package internal(set) var errorCount = 0
  /// Entries whose `expect` did not hold (exit code 1 in a script).
  package internal(set) var failedExpectations = 0

  /// Creates a session on a fresh default canvas.
  ///
  /// - Parameters:
  ///   - console: where results and diagnostics go.
  ///   - livePicture: the file rewritten after every change (`.png`, `.svg` or `.pdf`), if any.
  ///   - workingDirectory: where `render` and `:save` paths are resolved.
  package init(console: Console, livePicture: URL?, workingDirectory: URL) {
    self.console = console
    self.livePicture = livePicture
    self.workingDirectory = workingDirectory
    renders = ReplRenders(directory: workingDirectory)
    engine = FrameEngine(consumer: renders)
    interpreter = engine.interpreter()
  }

  /// The canvas the session draws on.
  package var canvas: Canvas { interpreter.canvas }

  /// What to show before the next line: `circles> `, or `   ...> ` inside an open group.
  package var prompt: String { pending == nil ? "circles> " : "   ...> " }

  /// Writes the live picture of the start state.
  ///
  /// - Returns: `false` when the picture cannot be written (the problem has been reported).
  @discardableResult
  package func start() -> Bool {
    updateLivePicture()
  }

  /// Handles one line of input: a command, part of a group, or a session command (`:help`).
  package func handle(_ line: String) {
    let trimmed = line.drop { $0 == " " || $0 == "\t" }
    if Self.isSessionCommand(line) {
      // A session command is no line of the drawing: `<repl>:N` counts drawing lines alone,
      // and its own mistakes are shown at the number the next drawing line will have.
      runSessionCommand(
        String(trimmed), line: lines.count + 1, column: line.count - trimmed.count + 1,
        text: line)
      return
    }
    if !lines.isEmpty { transcript.append(UInt8(ascii: "\n")) }
    transcript += line.utf8
    lines.append(line)
    kept.append(false)
    let index = lines.count - 1
    let (tokens, depthChange) = Self.scan(line, number: index + 1)
    if var group = pending {
      group.depth += depthChange
      guard group.depth <= 0 else {
        pending = group
        return
      }
      pending = nil
      run(group.start..<(index + 1))
    } else if depthChange > 0 {
      pending = (index, depthChange)
    } else if tokens != 0 {
      run(index..<(index + 1))
    }
  }

  /// Ends the session at the end of input: a group still open is reported as unclosed.
  package func finish() {
    if let group = pending {
      pending = nil
      run(group.start..<lines.count)
    }
    isFinished = true
  }

  /// The script made of the entries that ran, one line per line typed, without the others.
  package var script: [String] {
    zip(lines, kept).filter(\.1).map(\.0)
  }

  /// Whether a line is a session command: its first character other than a space or tab is
  /// `:`, which no command of the language starts with. Such a line typed inside a group runs
  /// at once and is not part of the group.
  static func isSessionCommand(_ line: String) -> Bool {
    line.first { $0 != " " && $0 != "\t" } == ":"
  }

  /// Counts the tokens of a line and how much it changes the depth of open groups: +1 for a
  /// line ending in `{`, −1 for one starting with `}`. A line that does not lex counts as one
  /// token and no change, so that running it reports the problem.
  static func scan(_ line: String, number: Int) -> (tokens: Int, depthChange: Int) {
    var lexer = Lexer(bytes: Array(line.utf8), fileName: fileName)
    guard let tokens = try? lexer.nextLine()?.tokens else {
      return (line.allSatisfy { $0 == " " || $0 == "\t" } ? 0 : 1, 0)
    }
    var change = 0
    if tokens.last?.kind == .openBrace { change += 1 }
    if tokens.first?.kind == .closeBrace { change -= 1 }
    return (tokens.count, change)
  }

  /// The session as a script: the kept lines and the lines of `entry`, every other line blank,
  /// so that line numbers stay those of the session.
  func source(including entry: Range<Int>?) -> [UInt8] {
    var text = ""
    for (index, line) in lines.enumerated() {
      if index > 0 { text += "\n" }
      if kept[index] || entry?.contains(index) == true { text += line }
    }
    return Array(text.utf8)
  }

  /// Rewrites the live picture when the canvas differs from the last picture written.
  ///
  /// - Returns: `false` when it could not be written.
  @discardableResult
  func updateLivePicture() -> Bool {
    guard let livePicture else { return true }
    let state = canvas.state
    guard state != lastPicture else { return true }
    do {
      let format = FrameFormat(fileExtensionOf: livePicture) ?? .png
      let data = try engine.encoded(state, as: format).bytes()
      try AtomicFile.write(data, to: livePicture)
      lastPicture = state
      return true
    } catch {
      console.error(
        "cannot write the live picture '\(livePicture.relativePath(from: workingDirectory))': "
          + "\(error)")
      return false
    }
  }
}
