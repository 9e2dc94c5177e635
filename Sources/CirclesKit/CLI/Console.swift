import CircleEngine
import CircleRender
import CircleScript
import CircleSystem
import Foundation

/// Where the tool writes: results to standard output, diagnostics to standard error.
///
/// Tests give the tool a console that records both streams (``ConsoleRecording``); the
/// executable uses the process's.
package final class Console: Sendable {
  private let writeOut: @Sendable (String) -> Void
  private let writeError: @Sendable (String) -> Void
  /// Keeps the lines of two threads whole.
  private let lock = Locked(())
  /// Whether diagnostics may use colour: standard error is a terminal and `NO_COLOR` is unset.
  package let colourDiagnostics: Bool
  /// Whether standard error is an interactive terminal (progress may be shown there).
  package let errorIsTerminal: Bool

  /// Creates a console from two writers.
  package init(
    colourDiagnostics: Bool = false, errorIsTerminal: Bool = false,
    out: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void
  ) {
    self.colourDiagnostics = colourDiagnostics
    self.errorIsTerminal = errorIsTerminal
    writeOut = out
    writeError = error
  }

  /// The process's own standard output and standard error; diagnostics are coloured when
  /// standard error is a terminal and the process environment has no `NO_COLOR`.
  package static func standard() -> Console {
    let terminal = isatty(STDERR_FILENO) == 1
    return Console(
      colourDiagnostics: terminal && getenv("NO_COLOR") == nil, errorIsTerminal: terminal,
      // A stream that cannot be written (a terminal that was closed) loses the text.
      out: { write($0, to: STDOUT_FILENO) }, error: { write($0, to: STDERR_FILENO) })
  }

  /// Writes the text's UTF-8 bytes straight to the descriptor: no buffer to flush at exit,
  /// and none of the generic machinery of `FileHandle`, which costs a tenth of start-up.
  private static func write(_ text: String, to descriptor: Int32) {
    var text = text
    _ = text.withUTF8 { AtomicFile.writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
  }

  /// Writes one line of results to standard output.
  package func print(_ line: String) {
    lock.withLock { _ in writeOut(line + "\n") }
  }

  /// Writes text to standard error as it is (diagnostics carry their own line ends).
  package func printError(_ text: String) {
    lock.withLock { _ in writeError(text.hasSuffix("\n") ? text : text + "\n") }
  }

  /// Writes `circles: error: <message>` to standard error.
  package func error(_ message: String) {
    printError("circles: error: \(message)")
  }

  /// Writes `circles: note: <message>` to standard error.
  package func note(_ message: String) {
    printError("circles: note: \(message)")
  }

  /// Notes each file of the user's that a run found where it wrote a frame, and kept.
  package func noteSetAside(_ files: [SetAsideFile], in folder: String) {
    for file in files {
      let (name, kept) = (
        DisplayText.escaped(file.name), DisplayText.escaped(file.keptAs)
      )
      note("'\(folder)/\(name)' was not a file circles wrote: kept as '\(folder)/\(kept)'")
    }
  }

  /// Writes a diagnostic about a script as a compiler does, coloured when allowed.
  package func report(_ diagnostic: Diagnostic, source: [UInt8]) {
    printError(DiagnosticPrinter(colour: colourDiagnostics).render(diagnostic, source: source))
  }

  /// Writes every diagnostic of a failed script (each syntax error, or the one error that
  /// stopped it) as a compiler does.
  package func report(_ failure: ScriptFailure, source: [UInt8]) {
    printError(
      DiagnosticPrinter(colour: colourDiagnostics).render(failure.diagnostics, source: source))
  }
}

/// A console that keeps what is written to it: for tests, and for Swift callers of the tool that
/// want its text rather than the process's streams.
package final class ConsoleRecording: Sendable {
  private let streams: Locked<(out: String, err: String)>
  /// The console to hand the tool.
  package let console: Console

  /// Creates an empty recording.
  package init() {
    let streams = Locked((out: "", err: ""))
    self.streams = streams
    console = Console(
      out: { text in streams.withLock { $0.out += text } },
      error: { text in streams.withLock { $0.err += text } })
  }

  /// What was written to standard output; set it to start again.
  package var out: String {
    get { streams.withLock { $0.out } }
    set { streams.withLock { $0.out = newValue } }
  }

  /// What was written to standard error; set it to start again.
  package var err: String {
    get { streams.withLock { $0.err } }
    set { streams.withLock { $0.err = newValue } }
  }
}
