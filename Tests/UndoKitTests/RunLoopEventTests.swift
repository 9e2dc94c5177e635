import Foundation
import Testing
import UndoKit

/// What a run of passes left: the undo steps, the open groups and the cell's value.
struct PassOutcome: Equatable, Sendable {
  var undoCount: Int
  var groupingLevel: Int
  var value: Int
}

/// Runs `body` on a thread of its own, whose run loop it may run, without holding a thread of the
/// cooperative pool while it waits.
private func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    let thread = Thread { continuation.resume(returning: body()) }
    thread.start()
  }
}

/// A timer that fires once, as soon as the current thread's run loop looks at its timers.
///
/// The run loop calls the timer on the thread that runs it, the thread that made the changes.
private func timer(_ body: @escaping () -> Void) -> Timer {
  nonisolated(unsafe) let body = body
  return Timer(timeInterval: 0, repeats: false) { _ in body() }
}

/// Runs the current thread's run loop in `mode` until `done` holds: a pass at a time, each
/// returning when the loop has handled a source or after a twentieth of a second, for at most a
/// minute. It waits for what it needs — a timer that fired — never for a slice of the clock, so
/// that on a busy machine a timer the scheduler runs late is still waited for.
private func runLoop(_ mode: RunLoop.Mode = .default, until done: () -> Bool) {
  let ceiling = Date(timeIntervalSinceNow: 60)
  while !done(), Date() < ceiling {
    _ = RunLoop.current.run(mode: mode, before: Date(timeIntervalSinceNow: 0.05))
  }
}

/// Runs passes of the current thread's run loop until the one in which `changes` run, from a
/// timer, has run.
private func pass(_ changes: @escaping () -> Void) {
  var fired = false
  RunLoop.current.add(
    timer {
      changes()
      fired = true
    }, forMode: .default)
  runLoop { fired }
}

/// Runs a script of passes on the current thread: each word is one pass, and each character of a
/// word one call in it (`s` sets the cell, `[` and `]` begin and end a group, `u` undoes).
private func runPasses(_ script: String) -> PassOutcome {
  let run = UndoScript()
  var next = 0
  for word in script.split(separator: " ") {
    pass {
      for call in word {
        switch call {
        case "s":
          next += 1
          run.cell.set(next)
        case "[": run.manager.beginUndoGrouping()
        case "]": run.manager.endUndoGrouping()
        case "u": run.manager.undo()
        default: preconditionFailure("unknown call \(call)")
        }
      }
    }
  }
  return PassOutcome(
    undoCount: run.manager.undoCount, groupingLevel: run.manager.groupingLevel,
    value: run.cell.value)
}

@Suite(
  "With groupsByEvent, the end of a run-loop pass ends the event", .timeLimit(.minutes(5)))
struct RunLoopEventTests {
  static let scripts: [(String, PassOutcome)] = [
    // Two changes in two passes are two steps; two in one pass are one.
    ("s s", PassOutcome(undoCount: 2, groupingLevel: 0, value: 2)),
    ("ss", PassOutcome(undoCount: 1, groupingLevel: 0, value: 2)),
    ("ss s ss", PassOutcome(undoCount: 3, groupingLevel: 0, value: 5)),
    // A group open at the end of a pass keeps the event open; the pass that closes it ends it.
    ("[s s] s", PassOutcome(undoCount: 2, groupingLevel: 0, value: 3)),
    ("[s s", PassOutcome(undoCount: 1, groupingLevel: 2, value: 2)),
    // Undo in the pass after a change undoes that change's step alone.
    ("s s u", PassOutcome(undoCount: 1, groupingLevel: 0, value: 1)),
    ("s su", PassOutcome(undoCount: 1, groupingLevel: 0, value: 1)),
  ]

  @Test("on a thread of its own, each pass is one step", arguments: scripts)
  func ownThread(script: String, expected: PassOutcome) async {
    let outcome = await onOwnThread { runPasses(script) }
    #expect(outcome == expected)
  }

  // Under `swift test` on Linux, main-actor code runs on a thread of libdispatch's, not on the
  // main thread, so RunLoop.main cannot be run from it; main-actor code that runs the run loop of
  // its thread gets the same steps.
  @Test("on the main actor, each pass of its thread's run loop is one step", arguments: scripts)
  func mainActor(script: String, expected: PassOutcome) async {
    let outcome = await MainActor.run { runPasses(script) }
    #expect(outcome == expected)
  }

  @Test("run(until:) runs passes: a change made from a change's timer is a step of its own")
  func runUntil() async {
    let outcome = await onOwnThread {
      let run = UndoScript()
      var stepsSeenBySecond = -1
      let second = timer {
        stepsSeenBySecond = run.manager.undoCount
        run.cell.set(2)
      }
      let first = timer {
        run.cell.set(1)
        RunLoop.current.add(second, forMode: .default)
      }
      RunLoop.current.add(first, forMode: .default)
      // The pass that runs the second timer ends its change's event as it exits.
      runLoop { run.cell.value == 2 }
      return [stepsSeenBySecond, run.manager.undoCount, run.manager.groupingLevel]
    }
    #expect(outcome == [1, 2, 0])
  }

  @Test("without a running run loop the event stays open until endEvent()")
  func noRunLoop() async {
    let outcome = await onOwnThread {
      let run = UndoScript()
      run.cell.set(1)
      // A pass of the loop after the change does not end an event opened while it was not
      // running.
      pass {}
      run.cell.set(2)
      let level = run.manager.groupingLevel
      run.manager.endEvent()
      return [level, run.manager.undoCount, run.manager.groupingLevel]
    }
    #expect(outcome == [1, 1, 0])
  }

  @Test("the event's group closes only in the passes of the manager's run-loop modes")
  func modes() async {
    let outcome = await onOwnThread {
      let run = UndoScript()
      let other = RunLoop.Mode("UndoKitTestMode")
      run.manager.runLoopModes = [other]
      pass { run.cell.set(1) }
      pass { run.cell.set(2) }
      let afterDefaultPasses = [run.manager.groupingLevel, run.manager.undoCount]
      // The first pass in the manager's mode ends the event of the two changes before its timer
      // makes a third, which is a step of its own.
      RunLoop.current.add(timer { run.cell.set(3) }, forMode: other)
      runLoop(other) { run.cell.value == 3 }
      return afterDefaultPasses + [run.manager.undoCount, run.manager.groupingLevel]
    }
    #expect(outcome == [1, 1, 2, 0])
  }

  @Test("the end of a pass announces the close of the event's group")
  func notifications() async {
    let outcome = await onOwnThread {
      let run = UndoScript()
      var seen: [String] = []
      run.manager.addObserver { event in
        switch event {
        case .checkpoint: seen.append("cp")
        case .didOpenUndoGroup: seen.append("open")
        case .willCloseUndoGroup: seen.append("willClose")
        case .didCloseUndoGroup: seen.append("didClose")
        default: seen.append("other")
        }
      }
      pass { run.cell.set(1) }
      return seen.joined(separator: " ")
    }
    #expect(outcome == "cp open cp willClose didClose")
  }
}
