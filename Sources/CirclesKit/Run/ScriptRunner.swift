import CircleCanvas
import CircleRender
import CircleScript
import Foundation

/// A script to run: its bytes and the name its diagnostics use.
public struct ScriptSource: Sendable {
  /// The script's text as read, not yet decoded (invalid UTF-8 is reported by the lexer).
  public var bytes: [UInt8]
  /// The name in diagnostics: the path as the user gave it, or `<stdin>`.
  public var fileName: String

  /// Creates a source from bytes.
  public init(bytes: [UInt8], fileName: String) {
    self.bytes = bytes
    self.fileName = fileName
  }

  /// Reads a script file.
  ///
  /// - Throws: `RunError.cannotRead` when the file is missing or unreadable.
  public init(contentsOf url: URL, displayName: String) throws(RunError) {
    do {
      let data = try Data(contentsOf: url)
      self.init(bytes: [UInt8](data), fileName: displayName)
    } catch {
      throw RunError.cannotRead(path: displayName, reason: FileProblem.reason(error, url: url))
    }
  }

  /// The script's name without folder and `.circles` extension (`samples/sun.circles` → `sun`).
  public var baseName: String {
    let last = (fileName as NSString).lastPathComponent
    return last.hasSuffix(".circles") ? String(last.dropLast(".circles".count)) : last
  }
}

/// What went wrong while running a script, other than inside the script's own logic.
public enum RunError: Error, CustomStringConvertible {
  /// The script could not be read.
  case cannotRead(path: String, reason: String)
  /// The script failed: a syntax or run error (exit 2) or a failed `expect` (exit 1).
  case script(ScriptFailure)

  public var description: String {
    switch self {
    case .cannotRead(let path, let reason): "cannot read '\(path)': \(reason)"
    case .script(let failure): failure.diagnostic.message
    }
  }
}

/// The outcome of one run.
public struct RunResult: Sendable {
  /// The frames written, in order (frame 0 first): `<name>.png` in the output folder.
  public var frames: [WrittenFrame]
  /// Files written by `render` commands.
  public var renders: [URL]
  /// The failure that stopped the script, if any; the frames before it were written.
  public var failure: ScriptFailure?
  /// Circles on the canvas when the script stopped.
  public var circleCount: Int
}

/// Runs drawing scripts and writes every frame as a PNG.
public enum ScriptRunner {
  /// Parses a script whole, then runs it, writing `<frame>.png` for every state into a folder.
  ///
  /// A syntax error stops before anything is written. A run error or failed `expect` stops the
  /// script where it happens; frames written before it stay, each one whole.
  ///
  /// - Parameters:
  ///   - source: the script.
  ///   - outputDirectory: where frames and `render` files go; created when missing.
  ///   - options: the frame format and whether frames are written beside the drawing.
  /// - Returns: the frames and files written, and the failure that stopped the script, if any.
  /// - Throws: `RunError.script` for syntax errors (nothing has been written then).
  public static func run(
    _ source: ScriptSource, outputDirectory: URL, options: FrameOptions = FrameOptions()
  ) throws(RunError) -> RunResult {
    let writer = FrameWriter(outputDirectory: outputDirectory, options: options)
    let canvas: Canvas
    var failure: ScriptFailure?
    do {
      (canvas, failure) = try source.run(with: writer)
    } catch {
      throw .script(.syntax(error))
    }
    if let late = writer.finish(), failure == nil {
      // A frame written beside the drawing failed after its command had run.
      let start = SourceLocation(file: source.fileName, line: 1, column: 1)
      failure = .error(
        .error(
          "cannot write frame '\(late.frame.name)': \(late.error)",
          at: SourceRange(start: start, length: 0)))
    }
    return RunResult(
      frames: writer.frames, renders: writer.renders, failure: failure,
      circleCount: canvas.circles.count)
  }
}
