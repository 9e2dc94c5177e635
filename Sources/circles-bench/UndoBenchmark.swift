import Foundation
import UndoKit


/// A million undo-engine operations: a third registrations (each its own step, as a script
/// command is), a third undos, a third redos, each undo and redo registering the inverse.
enum UndoBenchmark {
  final class Counter {
    var value = 0
  }

  static func set(_ counter: Counter, to value: Int, in manager: UndoManager) {
    let old = counter.value
    counter.value = value
    manager.registerUndo(withTarget: counter) { [unowned manager] target in
      set(target, to: old, in: manager)
    }
  }

  /// The process's resident memory in bytes (from `/proc/self/statm`).
  static func allocatedBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return 0
    }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// Seconds for `operations` operations, and bytes of memory per history entry.
  static func run(operations: Int) -> (seconds: Double, bytesPerEntry: Double) {
    let steps = operations / 3
    let manager = UndoManager()
    let counter = Counter()
    let start = DispatchTime.now()
    let before = allocatedBytes()
    for step in 0..<steps {
      set(counter, to: step + 1, in: manager)
      manager.endEvent()
    }
    let after = allocatedBytes()
    for _ in 0..<steps { manager.undo() }
    for _ in 0..<steps { manager.redo() }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    precondition(counter.value == steps, "the undo benchmark ended in the wrong state")
    return (seconds, Double(after - before) / Double(steps))
  }
}
