import UndoKit

/// A cell whose every change registers its own inverse, so that undo and redo both work.
final class Cell {
  let manager: UndoManager
  private(set) var value = 0

  init(manager: UndoManager) {
    self.manager = manager
  }

  func set(_ newValue: Int) {
    let oldValue = value
    value = newValue
    manager.registerUndo(withTarget: self) { cell in cell.set(oldValue) }
  }
}

/// Runs a compact script of undo-manager calls against one cell.
///
/// Words, separated by spaces: `=N` sets the cell to N (registering its inverse), `n:Name` sets
/// the action name (`_` stands for a space), `[` and `]` begin and end a group, `;` ends the event,
/// `u`/`r` undo and redo, `un` undoes the nested group, `lim:N` sets levelsOfUndo, `clear`
/// removes all actions, `off`/`on` disable and enable registration, `manual`/`auto` switch
/// groupsByEvent, `disc` marks the latest action discardable.
struct UndoScript {
  let manager = UndoManager()
  let cell: Cell

  init() {
    cell = Cell(manager: manager)
  }

  func run(_ script: String) {
    for word in script.split(separator: " ") {
      perform(String(word))
    }
  }

  private func perform(_ word: String) {
    switch word {
    case "[": manager.beginUndoGrouping()
    case "]": manager.endUndoGrouping()
    case ";": manager.endEvent()
    case "u": manager.undo()
    case "r": manager.redo()
    case "un": manager.undoNestedGroup()
    case "clear": manager.removeAllActions()
    case "off": manager.disableUndoRegistration()
    case "on": manager.enableUndoRegistration()
    case "manual": manager.groupsByEvent = false
    case "auto": manager.groupsByEvent = true
    case "disc": manager.setActionIsDiscardable(true)
    default:
      if word.hasPrefix("="), let value = Int(word.dropFirst()) {
        cell.set(value)
      } else if word.hasPrefix("n:") {
        manager.setActionName(word.dropFirst(2).replacingOccurrences(of: "_", with: " "))
      } else if word.hasPrefix("lim:"), let limit = Int(word.dropFirst(4)) {
        manager.levelsOfUndo = limit
      } else {
        preconditionFailure("unknown script word \(word)")
      }
    }
  }

  /// The stacks as text: undo names, most recent first, then `|`, then redo names.
  var stacks: String {
    let undo = manager.undoActionNames.map { $0.isEmpty ? "-" : $0 }
    let redo = manager.redoActionNames.map { $0.isEmpty ? "-" : $0 }
    return (undo + ["|"] + redo).joined(separator: " ")
  }
}

extension String {
  fileprivate func replacingOccurrences(of target: Character, with replacement: Character)
    -> String
  {
    String(map { $0 == target ? replacement : $0 })
  }
}

extension Substring {
  fileprivate func replacingOccurrences(of target: Character, with replacement: Character)
    -> String
  {
    String(self).replacingOccurrences(of: target, with: replacement)
  }
}
