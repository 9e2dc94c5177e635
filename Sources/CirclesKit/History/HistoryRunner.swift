import CircleCanvas
import CircleEngine
import CircleScript
import UndoKit

/// What `circles history` found: the stacks after the script, and why it stopped early, if it
/// did.
package struct HistoryResult: Sendable {
  /// The undo and redo stacks when the script ended (or stopped).
  package var history: EditMenuHistory
  /// The failure that stopped the script, if any.
  package var failure: ScriptFailure?
}

/// Runs a script only to see its undo history: nothing is written, `render` commands are
/// skipped, `expect` commands are checked.
package enum HistoryRunner {
  /// Parses and runs a script in memory.
  ///
  /// - Parameters:
  ///   - source: the script.
  ///   - maximumKeptChanges: the most changes the undo history keeps (0 for no bound); a
  ///     change past it stops the script with an error at it.
  /// - Returns: the stacks after the last command, or after the command that failed.
  /// - Throws: `RunError.script` for a syntax error (nothing ran).
  package static func run(
    _ source: ScriptSource, maximumKeptChanges: Int = Interpreter.defaultMaximumKeptChanges
  ) throws(RunError) -> HistoryResult {
    let script: Script
    do {
      script = try source.parsed()
    } catch {
      throw .script(.syntax(error))
    }
    let engine = FrameEngine(
      options: FrameEngine.Options(maximumKeptChanges: maximumKeptChanges), consumer: NoFrames())
    let (canvas, failure) = engine.run(script)
    return HistoryResult(history: EditMenuHistory(canvas.undoManager), failure: failure)
  }

  /// Keeps nothing: the stacks are all that is printed, so a long history holds no frame (each
  /// kept frame added some 500 bytes to every step of a history of millions).
  private final class NoFrames: FrameConsumer {
    func consume(_ frame: EngineFrame) throws {}

    func consume(_ render: EngineRender) throws {}
  }
}
