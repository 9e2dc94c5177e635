import CircleCanvas
import CircleEngine
import CircleScript
import UndoKit

/// What `circles history` found: the stacks after the script, and why it stopped early, if it
/// did.
public struct HistoryResult: Sendable {
  /// The undo and redo stacks when the script ended (or stopped).
  public var history: EditMenuHistory
  /// The frames the script produced, in order.
  public var frames: [Frame]
  /// The failure that stopped the script, if any.
  public var failure: ScriptFailure?
}

/// Runs a script only to see its undo history: nothing is written, `render` commands are
/// skipped, `expect` commands are checked.
public enum HistoryRunner {
  /// Parses and runs a script in memory.
  ///
  /// - Returns: the stacks after the last command, or after the command that failed.
  /// - Throws: `RunError.script` for a syntax error (nothing ran).
  package static func run(_ source: ScriptSource) throws(RunError) -> HistoryResult {
    let host = CanvasHost()
    host.keepsFrames = true
    let canvas: Canvas
    let failure: ScriptFailure?
    do {
      (canvas, failure) = try source.run(with: host)
    } catch {
      throw .script(.syntax(error))
    }
    return HistoryResult(
      history: EditMenuHistory(canvas.undoManager), frames: host.frames,
      failure: failure)
  }
}
