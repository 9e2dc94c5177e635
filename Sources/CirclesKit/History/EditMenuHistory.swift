import CircleSystem
import UndoKit

/// The undo and redo stacks of an undo manager as an Edit menu would list them.
///
/// Titles come from the manager (`undoMenuTitle(forUndoActionName:)`), so they read "Undo Add
/// sun", "Redo Clear", or a bare "Undo" for a step without a name.
package struct EditMenuHistory: Hashable, Sendable {
  /// The undo titles, the step the next undo reverses first.
  package var undoTitles: [String]
  /// The redo titles, the step the next redo repeats first.
  package var redoTitles: [String]

  /// Reads the stacks of a manager.
  package init(_ manager: UndoManager) {
    undoTitles = manager.undoActionNames.map { manager.undoMenuTitle(forUndoActionName: $0) }
    redoTitles = manager.redoActionNames.map { manager.redoMenuTitle(forUndoActionName: $0) }
  }

  /// Creates a history from titles.
  package init(undoTitles: [String], redoTitles: [String]) {
    self.undoTitles = undoTitles
    self.redoTitles = redoTitles
  }

  /// The history as lines of text: a heading for each stack, then its titles, next step first.
  ///
  /// ```
  /// Undo (2 steps, most recent first):
  ///   Undo Add moon
  ///   Undo Add sun
  /// Redo: nothing to redo
  /// ```
  package var lines: [String] {
    Self.section("Undo", titles: undoTitles, order: "most recent first")
      + Self.section("Redo", titles: redoTitles, order: "next first")
  }

  /// `lines` joined by line breaks, without a final one.
  package var text: String { lines.joined(separator: "\n") }

  private static func section(_ verb: String, titles: [String], order: String) -> [String] {
    guard !titles.isEmpty else { return ["\(verb): nothing to \(verb.lowercased())"] }
    let steps = Plural.count(titles.count, "step")
    return ["\(verb) (\(steps), \(order)):"] + titles.map { "  " + $0 }
  }
}
