import CircleCanvas
import CircleRender
import CircleScript
import Foundation

/// Runs drawing scripts and writes every frame as a PNG.
public enum ScriptRunner {
  /// Parses a script whole, then runs it, writing `<frame>.png` for every state into a folder
  /// (or only the last, or none, as `options.frames` says), and the animation and contact sheet
  /// that `options` asks for, made from the same pictures.
  ///
  /// A syntax error stops before anything is written. A run error or failed `expect` stops the
  /// script where it happens; frames written before it stay, each one whole.
  ///
  /// - Parameters:
  ///   - source: the script.
  ///   - outputDirectory: where frames and `render` files go; created when missing.
  ///   - options: the frame format, which frames to write, whether frames are written beside
  ///     the drawing, the animation and the sheet.
  /// - Returns: the frames and files written, and the failure that stopped the script, if any;
  ///   an animation or sheet that could not be written is in `outputProblems`.
  /// - Throws: `RunError.script` for a syntax error (nothing has been written then),
  ///   `.cannotWrite` when the animation cannot be created (nothing has run).
  public static func run(
    _ source: ScriptSource, outputDirectory: URL, options: FrameOptions = FrameOptions()
  ) throws(RunError) -> RunResult {
    let writer = FrameWriter(outputDirectory: outputDirectory, options: options)
    let outputs = try RunOutputs(writer: writer, options: options)
    let canvas: Canvas
    var failure: ScriptFailure?
    do {
      (canvas, failure) = try source.run(with: outputs)
    } catch {
      outputs.discard()
      throw .script(.error(error))
    }
    // With `--frames last`, the one frame is written now that the script has ended.
    var late: (name: String, error: any Error)?
    do {
      try outputs.writeLastFrame()
    } catch {
      late = (outputs.lastFrameName ?? "", error)
    }
    if let failed = writer.finish() { late = late ?? (failed.frame.name, failed.error) }
    if let late, failure == nil {
      // A frame written beside the drawing failed after its command had run.
      let start = SourceLocation(file: source.fileName, line: 1, column: 1)
      failure = .error(
        .error(
          "cannot write frame '\(late.name)': \(late.error)",
          at: SourceRange(start: start, length: 0)))
    }
    let made = outputs.finish()
    return RunResult(
      frames: writer.frames, renders: writer.renders, failure: failure,
      circleCount: canvas.circles.count, animation: made.animation, sheet: made.sheet,
      outputProblems: made.problems)
  }
}
