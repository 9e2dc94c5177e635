import CirclesTestSupport
import Testing

@testable import UndoKit

/// A sheet of cells; each change registers its inverse, which registers the change again.
private final class Sheet {
  let manager: UndoManager
  private(set) var cells: [Int]

  init(cellCount: Int, manager: UndoManager) {
    cells = Array(repeating: 0, count: cellCount)
    self.manager = manager
  }

  func set(_ index: Int, to value: Int) {
    let old = cells[index]
    cells[index] = value
    manager.registerUndo(withTarget: self) { sheet in sheet.set(index, to: old) }
  }
}

@Suite("Randomized sequences against a reference model")
struct RandomizedModelTests {
  static let cellCount = 3
  static let operationsPerSequence = 60

  @Test(
    "thousands of seeded sequences agree with the model after every operation",
    arguments: [0..<700, 700..<1400, 1400..<2100])
  func sequences(seeds: Range<UInt64>) {
    for seed in seeds {
      let failures = Self.check(seed: seed)
      #expect(failures.isEmpty, "seed \(seed): \(failures.prefix(3))")
      if !failures.isEmpty { break }
    }
  }

  /// Runs one sequence; returns a description of each disagreement.
  static func check(seed: UInt64) -> [String] {
    var random = SeededGenerator(seed: seed)
    // Even seeds keep every step, so that undoing everything must reach the initial state.
    let unbounded = seed % 2 == 0
    let manager = UndoManager()
    let sheet = Sheet(cellCount: cellCount, manager: manager)
    var model = ReferenceModel(cellCount: cellCount)
    var misuses = 0
    manager.misuseHandler = { _ in misuses += 1 }
    var failures: [String] = []
    var log: [String] = []

    func compare(_ context: @autoclosure () -> String) {
      if sheet.cells != model.cells { failures.append("\(context()): cells \(sheet.cells)") }
      if manager.undoActionNames != model.undoNames || manager.redoActionNames != model.redoNames {
        failures.append(
          "\(context()): stacks \(manager.undoActionNames)|\(manager.redoActionNames)"
            + " expected \(model.undoNames)|\(model.redoNames)")
      }
      if manager.groupingLevel != model.level { failures.append("\(context()): level") }
      let violations = manager.invariantViolations()
      if !violations.isEmpty { failures.append("\(context()): \(violations)") }
    }

    for _ in 0..<operationsPerSequence {
      let roll = Int.random(in: 0..<100, using: &random)
      let expectedMisuses = misuses
      var refused = false
      switch roll {
      case 0..<35:
        let index = Int.random(in: 0..<cellCount, using: &random)
        let value = Int.random(in: 1...9, using: &random)
        log.append("set\(index)=\(value)")
        sheet.set(index, to: value)
        model.set(index, to: value)
        if Bool.random(using: &random) {
          manager.setActionName("S\(index)\(value)")
          model.name("S\(index)\(value)")
        }
      case 35..<50:
        log.append(";")
        manager.endEvent()
        model.endEvent()
      case 50..<58:
        guard model.level < 4 else { continue }
        log.append("[")
        manager.beginUndoGrouping()
        model.begin()
      case 58..<66:
        log.append("]")
        manager.endUndoGrouping()
        refused = !model.end()
      case 66..<80:
        log.append("u")
        manager.undo()
        refused = !model.undoStep()
      case 80..<93:
        log.append("r")
        manager.redo()
        model.redoStep()
      case 93..<97:
        guard !unbounded else { continue }
        let limit = Int.random(in: 0...4, using: &random)
        log.append("lim\(limit)")
        manager.levelsOfUndo = limit
        model.setLimit(limit)
      default:
        guard !unbounded else { continue }
        log.append("clear")
        manager.removeAllActions()
        model.removeAll()
      }
      if misuses != expectedMisuses + (refused ? 1 : 0) {
        failures.append("\(log.joined(separator: " ")): misuse count \(misuses)")
      }
      compare(log.joined(separator: " "))
      if !failures.isEmpty { return failures }
    }

    // Close whatever is open, then walk the whole history back and forth.
    while manager.groupingLevel > 0 {
      manager.endUndoGrouping()
      _ = model.end()
    }
    compare("closed")
    let finalCells = sheet.cells
    let redoWasEmpty = !manager.canRedo
    while manager.canUndo {
      manager.undo()
      _ = model.undoStep()
    }
    compare("undo all")
    if unbounded, sheet.cells != Array(repeating: 0, count: cellCount) {
      failures.append("undo all did not reach the initial state: \(sheet.cells)")
    }
    while manager.canRedo {
      manager.redo()
      model.redoStep()
    }
    compare("redo all")
    if unbounded, redoWasEmpty, sheet.cells != finalCells {
      failures.append("redo all did not reach the final state: \(sheet.cells)")
    }
    return failures
  }
}
