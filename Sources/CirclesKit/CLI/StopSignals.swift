import CircleRender
import CircleSystem
import Foundation

/// Ending on Ctrl-C (SIGINT), SIGTERM or SIGHUP without leaving a temporary file behind.
///
/// A file is written to a hidden temporary file and renamed into place, so a process that ends
/// at the wrong moment could leave the temporary file. On one of these signals, every
/// temporary file of a write under way is removed first (`TemporaryFiles.abandon()`), then the
/// process ends as the signal's default action would end it, with the same status. A signal
/// that the process was started to ignore (`nohup`, a background job of a script) stays
/// ignored.
///
/// The signals are blocked in every thread and taken by a thread of their own (`sigwait`), not
/// by a Dispatch source: Dispatch waits for ever for a thread the system refuses, and a process
/// short of memory must still end on Ctrl-C. When even that thread cannot be had, the signals
/// keep their default action: the process ends at once, maybe leaving a temporary file.
/// Measured by `circles-bench --machinery`: SIGTERM ends `circles run --watch` in 1–12 ms, with
/// room for threads or none (`ulimit -v 100000`); a process with a Dispatch signal source ends
/// in 2–7 ms with room, but with none never gets the source set up and never ends.
enum StopSignals {
  /// The signals handled.
  static let handled = [SIGINT, SIGTERM, SIGHUP]

  nonisolated(unsafe) private static var installed = false

  /// What Ctrl-C does instead of ending the process, while set: the REPL sets it while it waits
  /// for a line, so that Ctrl-C cancels the line being typed, as in Python's and node's.
  private static let interruption = Locked<(@Sendable () -> Void)?>(nil)

  /// Makes Ctrl-C (SIGINT) call `handler` instead of ending the process, until it is set back
  /// to `nil`. SIGTERM and SIGHUP still end it.
  static func onInterrupt(_ handler: (@Sendable () -> Void)?) {
    interruption.withLock { $0 = handler }
  }

  /// Unblocks the signals (a process started with them blocked, as some test runners and
  /// supervisors do, could otherwise never be stopped) and handles each one not ignored.
  /// Calling it again does nothing more. Call it before any other thread is made: the threads
  /// made after it inherit the blocked signals.
  static func install() {
    guard !installed else { return }
    installed = true
    var signals = sigset_t()
    sigemptyset(&signals)
    for signal in handled { sigaddset(&signals, signal) }
    sigprocmask(SIG_UNBLOCK, &signals, nil)
    var caught = sigset_t()
    sigemptyset(&caught)
    for number in handled {
      let previous = signal(number, SIG_IGN)
      signal(number, previous)
      if !isIgnore(previous) { sigaddset(&caught, number) }
    }
    pthread_sigmask(SIG_BLOCK, &caught, nil)
    let taken = caught
    guard WorkerThreads.startThread({ wait(for: taken) }) else {
      pthread_sigmask(SIG_UNBLOCK, &caught, nil)
      return
    }
  }

  /// Takes the signals as they come, on the thread of their own.
  private static func wait(for signals: sigset_t) -> Never {
    var signals = signals
    while true {
      var number: Int32 = 0
      guard sigwait(&signals, &number) == 0 else { continue }
      if number == SIGINT, let handler = interruption.withLock({ $0 }) {
        handler()
      } else {
        stop(on: number)
      }
    }
  }

  /// Removes the temporary files under way and ends the process as the signal would.
  private static func stop(on number: Int32) -> Never {
    TemporaryFiles.shared.abandon()
    signal(number, SIG_DFL)
    // Blocked everywhere else, the signal is unblocked on this thread and raised here: its
    // default action ends the process at once.
    var only = sigset_t()
    sigemptyset(&only)
    sigaddset(&only, number)
    pthread_sigmask(SIG_UNBLOCK, &only, nil)
    raise(number)
    _exit(128 + number)
  }

  private static func isIgnore(_ handler: sighandler_t?) -> Bool {
    guard let handler else { return false }
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
  }
}
