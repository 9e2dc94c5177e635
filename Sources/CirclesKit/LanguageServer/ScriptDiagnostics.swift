import CircleCanvas
import CircleEngine
import CircleRender
import CircleScript
import Foundation

/// The diagnostics the command line would print for a script: every syntax error, else what
/// stopped its run on a canvas in memory (no file is written), the run cut off at a deadline.
struct ScriptDiagnostics {
  /// Every syntax error, or the runtime error or failed `expect` that stopped the run.
  var diagnostics: [Diagnostic]
  /// Where the run was stopped for lack of time, and after how long; `nil` when it ended.
  var cutOff: (range: SourceRange, seconds: Double)?

  /// Checks a script, its run stopped at the first frame, `render` or `expect pixel` after
  /// `deadline`.
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
    let deadline = Deadline(deadline)
    let failure = FrameEngine(consumer: deadline).run(script).failure
    if deadline.ranOut, case .error(let stop) = failure {
      diagnostics = []
      cutOff = (stop.range, deadline.started.duration(to: .now) / .seconds(1))
    } else {
      diagnostics = failure?.diagnostics ?? []
    }
  }
}

/// What a run for the editor makes of its states: nothing is written, and the first frame,
/// `render` or `expect pixel` after the deadline stops the run.
///
/// Inside a group no frame is made until the group ends, so a group of many commands runs to
/// its end (or to the interpreter's limit of commands) before the deadline is seen.
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
