import CircleCanvas
import CircleScript
import UndoKit

/// Running entries: parse them with the rest of the session, run only the new statements, and
/// put the session back as it was when one fails.
extension ReplSession {
  /// What an entry may change, to tell whether a failed entry left something behind.
  private struct Snapshot: Equatable {
    var state: CanvasState
    var undo: [String]
    var redo: [String]

    init(_ canvas: Canvas) {
      state = canvas.state
      undo = canvas.undoManager.undoActionNames
      redo = canvas.undoManager.redoActionNames
    }
  }

  /// Runs the lines of `entry` (0-based line indices) as one entry.
  func run(_ entry: Range<Int>) {
    let script: Script
    do {
      script = try Script.parse(source(including: entry), fileName: Self.fileName)
    } catch {
      errorCount += 1
      console.report(error, source: transcript)
      return
    }
    let statements = script.statements.filter { $0.range.start.line > entry.lowerBound }
    let titles = menuTitles(for: statements)
    let before = Snapshot(canvas)
    do {
      try interpreter.run(Script(fileName: Self.fileName, statements: statements))
    } catch {
      switch error {
      case .error: errorCount += 1
      case .expectationFailed: failedExpectations += 1
      }
      console.report(error.diagnostic, source: transcript)
      if Snapshot(canvas) != before { rebuild() }
      updateLivePicture()
      return
    }
    for index in entry { kept[index] = true }
    for title in titles { console.print(title) }
    updateLivePicture()
  }

  /// For an `undo` or `redo` entry, the menu titles of the steps it will undo or redo, in order.
  private func menuTitles(for statements: [Statement]) -> [String] {
    guard statements.count == 1 else { return [] }
    let manager = canvas.undoManager
    switch statements[0].command {
    case .undo(let count):
      return manager.undoActionNames.prefix(count?.value ?? 1)
        .map { manager.undoMenuTitle(forUndoActionName: $0) }
    case .redo(let count):
      return manager.redoActionNames.prefix(count?.value ?? 1)
        .map { manager.redoMenuTitle(forUndoActionName: $0) }
    default:
      return []
    }
  }

  /// Replays the kept entries on a fresh canvas, without writing `render` files: the canvas and
  /// both stacks become what they were before the entry that failed.
  func rebuild() {
    let directory = host.renderDirectory
    host.renderDirectory = nil
    defer { host.renderDirectory = directory }
    let fresh = Interpreter(host: host)
    if let script = try? Script.parse(source(including: nil), fileName: Self.fileName) {
      try? fresh.run(script)
    }
    interpreter = fresh
  }
}
