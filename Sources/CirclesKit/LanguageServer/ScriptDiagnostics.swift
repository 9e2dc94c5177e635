import CircleCanvas
import CircleEngine
import CircleRender
import CircleScript
import Foundation

/// The diagnostics the command line would print for a script: every syntax error, else what
/// stopped its run on a canvas in memory (no file is written), the run cut short at the
/// editor's budgets.
struct ScriptDiagnostics {
  /// Every syntax error, or the runtime error or failed `expect` that stopped the run.
  var diagnostics: [Diagnostic]
  /// Where the run was cut short, why, and after how long; `nil` when it ended.
  var cutOff: EditorRun.CutOff?

  /// Checks a script, its run cut short at `deadline` or at the editor's memory budget.
  init(_ text: String, fileName: String, deadline: ContinuousClock.Instant = .now + .seconds(3600))
  {
    let source = ScriptSource(bytes: Array(text.utf8), fileName: fileName)
    let script: Script
    do {
      script = try source.parsed()
    } catch {
      diagnostics = error.diagnostics
      return
    }
    let run = EditorRun(script, deadline: deadline)
    diagnostics = run.failure?.diagnostics ?? []
    cutOff = run.cutOff
  }
}

/// A run of a document's script for the editor, within two budgets: time (the deadline given)
/// and memory (``keptChangesBudget``). Nothing is written; a run that reaches either is cut
/// short where it was, which is not an error of the script: `circles run` goes on past it.
struct EditorRun {
  /// The most changes the run's undo history keeps: 250,000, about 90 MB at the 360 bytes a
  /// kept change takes, where a run keeps 2,000,000 (`--max-undo`). In the editor's time budget
  /// a release build makes about that many changes of a group of moves, so the bound stops a
  /// run that the time would have let grow (docs/language-server.md, "Limits").
  static let keptChangesBudget = 250_000

  /// Where a run was cut short, and why.
  struct CutOff {
    /// The command the run had reached.
    var range: SourceRange
    /// Which budget it reached.
    var reason: Interpreter.BudgetStop
    /// How long the run had taken.
    var seconds: Double
  }

  /// The canvas as the run left it.
  var canvas: Canvas
  /// The runtime error or failed `expect` that stopped the run; `nil` when it ended or was cut
  /// short.
  var failure: ScriptFailure?
  /// Where and why the run was cut short, if it was.
  var cutOff: CutOff?

  init(_ script: Script, deadline: ContinuousClock.Instant) {
    let budget = Deadline(deadline)
    var options = FrameEngine.Options(maximumKeptChanges: Self.keptChangesBudget)
    options.deadline = deadline
    let interpreter = FrameEngine(options: options, consumer: budget).interpreter()
    canvas = interpreter.canvas
    do {
      try interpreter.run(script)
    } catch {
      let reason = budget.ranOut ? .time : interpreter.budgetStop
      guard let reason, case .error(let stop) = error else {
        failure = error
        return
      }
      cutOff = CutOff(
        range: stop.range, reason: reason,
        seconds: budget.started.duration(to: .now) / .seconds(1))
    }
  }
}

/// What a run for the editor makes of its states: nothing is written, and the first frame,
/// `render` or `expect pixel` after the deadline stops the run (the interpreter stops a run
/// between them at the same deadline).
final class Deadline: FrameConsumer {
  let deadline: ContinuousClock.Instant
  let started = ContinuousClock.now
  /// Whether the run was stopped at the deadline.
  private(set) var ranOut = false

  init(_ deadline: ContinuousClock.Instant) {
    self.deadline = deadline
  }

  struct OutOfTime: Error, CustomStringConvertible {
    var description: String { "the run was stopped at its deadline" }
  }

  private func check() throws {
    if ContinuousClock.now >= deadline {
      ranOut = true
      throw OutOfTime()
    }
  }

  func consume(_ frame: EngineFrame) throws { try check() }

  func consume(_ render: EngineRender) throws { try check() }

  func willReadPixel() throws { try check() }
}
