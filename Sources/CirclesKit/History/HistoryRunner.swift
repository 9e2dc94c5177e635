import CircleCanvas
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
  public static func run(_ source: ScriptSource) throws(RunError) -> HistoryResult {
    let script: Script
    do {
      script = try Script.parse(source.bytes, fileName: source.fileName)
    } catch {
      throw .script(.error(error))
    }
    let host = CanvasHost()
    host.keepsFrames = true
    let interpreter = Interpreter(host: host)
    var failure: ScriptFailure?
    do {
      try interpreter.run(script)
    } catch {
      failure = error
    }
    return HistoryResult(
      history: EditMenuHistory(interpreter.canvas.undoManager), frames: host.frames,
      failure: failure)
  }
}
