import CircleCanvas
import CircleEngine
import CircleRender
import CircleScript
import CircleSystem
import Foundation

/// The history viewer: one self-contained HTML page with a script beside its pictures, every
/// state on a timeline, and the Edit menu at the selected state.
///
/// The page needs no network and nothing beside it: the pictures are PNG files inlined as
/// `data:` URLs, a whole picture every so often and, for the steps between, only the rectangle
/// that changed, which the page draws over the picture before. Stepping with the arrow keys
/// highlights the command's line, outlines the region that changed, and shows the undo and
/// redo stacks by their menu titles.
package enum HistoryViewer {
  /// Pictures are drawn smaller when the canvas has more pixels than this on a side.
  package static let largestSide = 2048
  /// The most states a page shows: a script that makes more stops there with an error, its
  /// page showing the states before. (A page of this many states weighs some 100 MB.)
  package static let largestHistory = 100_000

  /// Runs a script in memory and records what the viewer shows of every state.
  ///
  /// Nothing is written: `render` commands are skipped, `expect` commands are checked. A run
  /// error or a failed `expect` stops the script; the history holds the frames before it and
  /// the failure.
  ///
  /// - Parameters:
  ///   - source: the script.
  ///   - limit: the most states recorded (`largestHistory` unless given); a script that makes
  ///     more stops with an error at the command that would make one more.
  ///   - maximumKeptChanges: the most changes the undo history keeps (0 for no bound); a
  ///     change past it stops the script with an error at it.
  /// - Returns: the history.
  /// - Throws: `ViewerError.script` for a syntax error (nothing ran).
  package static func record(
    _ source: ScriptSource, limit: Int = largestHistory,
    maximumKeptChanges: Int = Interpreter.defaultMaximumKeptChanges
  ) throws(ViewerError) -> ViewerHistory {
    let script: Script
    do {
      script = try source.parsed()
    } catch {
      throw .script(.syntax(error))
    }
    let canvas = Canvas()
    let recorder = ViewerRecorder(canvas: canvas, limit: limit)
    let engine = FrameEngine(
      options: FrameEngine.Options(
        largestSide: largestSide, tracksChanges: true, maximumKeptChanges: maximumKeptChanges),
      consumer: recorder)
    var failure: ScriptFailure?
    do {
      try engine.interpreter(on: canvas).run(script)
    } catch {
      failure = error
    }
    let first = recorder.frames.first.map { _ in engine.pictureState(canvas.state) }
    return ViewerHistory(
      source: source, frames: recorder.frames, menus: recorder.menus, failure: failure,
      pixelWidth: first?.pixelWidth ?? 0, pixelHeight: first?.pixelHeight ?? 0)
  }

  /// The page of a history, as HTML text.
  ///
  /// - Parameter history: what `record(_:)` returned.
  /// - Returns: the whole page.
  package static func page(for history: ViewerHistory) -> String {
    ViewerPage(history: history).html
  }

  /// Runs a script and writes its page to a file, whole or not at all.
  ///
  /// When the script stops at a run error or a failed `expect`, the page shows the states
  /// before it and the diagnostic. A script that stops before its first state (a `canvas`
  /// out of range) writes nothing.
  ///
  /// - Parameters:
  ///   - source: the script.
  ///   - url: the page's file; its folder is created when missing.
  ///   - maximumKeptChanges: the most changes the undo history keeps, as `record` takes it.
  /// - Returns: the history the page shows.
  /// - Throws: `ViewerError.script` for a syntax error or a failure before the first state
  ///   (nothing is written then), `.cannotWrite` when the page cannot be written.
  @discardableResult
  package static func write(
    _ source: ScriptSource, to url: URL,
    maximumKeptChanges: Int = Interpreter.defaultMaximumKeptChanges
  ) throws(ViewerError) -> ViewerHistory {
    let history = try record(source, maximumKeptChanges: maximumKeptChanges)
    if history.frames.isEmpty, let failure = history.failure { throw .script(failure) }
    do {
      try AtomicFile.write(Data(page(for: history).utf8), to: url)
    } catch {
      throw .cannotWrite(reason: error.reason)
    }
    return history
  }
}
