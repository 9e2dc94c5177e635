import CircleCanvas
import CircleRender
import CircleScript
import Foundation

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
  /// - Throws: `RunError.script` for a syntax error (nothing has been written then).
  public static func run(
    _ source: ScriptSource, outputDirectory: URL, options: FrameOptions = FrameOptions()
  ) throws(RunError) -> RunResult {
    let writer = FrameWriter(outputDirectory: outputDirectory, options: options)
    let canvas: Canvas
    var failure: ScriptFailure?
    do {
      (canvas, failure) = try source.run(with: writer)
    } catch {
      throw .script(.error(error))
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
