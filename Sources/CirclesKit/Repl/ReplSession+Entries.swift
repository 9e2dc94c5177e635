import CircleCanvas
import CircleEngine
import CircleScript
import UndoKit

/// Running entries: parse them with the rest of the session, run only the new statements, and
/// put the session back as it was when one fails.
extension ReplSession {
  /// What an entry may change, to tell whether a failed entry left something behind.
  private struct Snapshot: Equatable {
    var state: CanvasState
    var undoCount: Int
    var redoCount: Int
    var undoName: String
    var redoName: String

    init(_ canvas: Canvas) {
      let manager = canvas.undoManager
      state = canvas.state
      undoCount = manager.undoCount
      redoCount = manager.redoCount
      undoName = manager.undoActionName
      redoName = manager.redoActionName
    }
  }

  /// Runs the lines of `entry` (0-based line indices) as one entry.
  ///
  /// The entry is parsed after the lines of the first `canvas` entry and the first entry of
  /// another command, if the session has them, so that the parser judges a `canvas` as it
  /// would in the saved script; only the entry's own statements run.
  func run(_ entry: Range<Int>) {
    let context = [firstCanvasEntry, firstOtherEntry].compactMap { $0 }
      .sorted { $0.lowerBound < $1.lowerBound }
    var map = SessionLines()
    var text = ""
    for range in context + [entry] {
      map.append(range)
      for index in range {
        text += (Self.isSessionCommand(lines[index]) ? "" : lines[index]) + "\n"
      }
    }
    let id = parses.count + 1
    parses[id] = map
    let fileName = "\(Self.fileName)#\(id)"
    let script: Script
    do {
      script = try Parser.parse(
        Array(text.utf8), fileName: fileName, bound: Set(interpreter.variables.keys),
        procedures: interpreter.definedProcedures)
    } catch {
      errorCount += 1
      error.diagnostics.forEach(report)
      return
    }
    let firstEntryLine = map.count - entry.count
    let statements = script.statements.filter { $0.range.start.line > firstEntryLine }
    let manager = canvas.undoManager
    let names = (undo: manager.undoActionNames, redo: manager.redoActionNames)
    let counts = (undo: manager.undoCount, redo: manager.redoCount)
    // Only a block can change the canvas and then fail; a snapshot of the state is taken for
    // blocks alone, as holding one makes the next change copy the circles.
    let isBlock = statements.contains {
      switch $0.command {
      case .group, .repeat, .if, .call: true
      default: false
      }
    }
    let before = isBlock ? Snapshot(canvas) : nil
    let variables = interpreter.variables
    let generator = interpreter.generator
    do {
      try interpreter.run(
        Script(
          fileName: fileName, statements: statements, variables: script.variables,
          procedures: script.procedures))
    } catch {
      switch error {
      case .error, .syntax: errorCount += 1
      case .expectationFailed: failedExpectations += 1
      }
      error.diagnostics.forEach(report)
      if let before, Snapshot(canvas) != before {
        rebuild()
      } else {
        interpreter.variables = variables
        interpreter.generator = generator
      }
      updateLivePicture()
      return
    }
    for index in entry where !Self.isSessionCommand(lines[index]) { kept[index] = true }
    remember(statements, of: entry)
    let titles = menuTitles(
      for: statements, undone: counts.undo - manager.undoCount, names: names.undo,
      redone: counts.redo - manager.redoCount, names: names.redo)
    for title in titles { console.print(title) }
    updateLivePicture()
  }

  /// Notes the first entries that configure the canvas and that do anything else.
  private func remember(_ statements: [Statement], of entry: Range<Int>) {
    for statement in statements {
      switch statement.command {
      case .canvas: if firstCanvasEntry == nil { firstCanvasEntry = entry }
      case .limit, .let, .seed: break
      default: if firstOtherEntry == nil { firstOtherEntry = entry }
      }
    }
  }

  /// Prints a diagnostic with the session's line numbers.
  func report(_ diagnostic: Diagnostic) {
    console.report(sessionDiagnostic(diagnostic), source: transcript)
  }

  /// For an `undo` or `redo` entry, the menu titles of the steps it undid or redid, in order:
  /// the first `undone` of the undo stack's names as they were before it, or the first
  /// `redone` of the redo stack's.
  private func menuTitles(
    for statements: [Statement], undone: Int, names undoNames: [String], redone: Int,
    names redoNames: [String]
  ) -> [String] {
    guard statements.count == 1 else { return [] }
    let manager = canvas.undoManager
    switch statements[0].command {
    case .undo:
      return undoNames.prefix(max(0, undone)).map { manager.undoMenuTitle(forUndoActionName: $0) }
    case .redo:
      return redoNames.prefix(max(0, redone)).map { manager.redoMenuTitle(forUndoActionName: $0) }
    default:
      return []
    }
  }

  /// Replays the kept entries on a fresh canvas, without writing `render` files: the canvas and
  /// both stacks become what they were before the entry that failed.
  func rebuild() {
    let directory = renders.directory
    renders.directory = nil
    defer { renders.directory = directory }
    let fresh = engine.interpreter()
    if let script = try? Script.parse(source(including: nil), fileName: Self.fileName) {
      try? fresh.run(script)
    }
    interpreter = fresh
  }
}
