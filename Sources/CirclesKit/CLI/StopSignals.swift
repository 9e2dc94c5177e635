import CircleRender
import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ending on Ctrl-C (SIGINT), SIGTERM or SIGHUP without leaving a temporary file behind.
///
/// A file is written to a hidden temporary file and renamed into place, so a process that ends
/// at the wrong moment could leave the temporary file. On one of these signals, every
/// temporary file of a write under way is removed first (`TemporaryFiles.abandon()`), then the
/// process ends as the signal's default action would end it, with the same status. A signal
/// that the process was started to ignore (`nohup`, a background job of a script) stays
/// ignored.
enum StopSignals {
  /// The signals handled.
  static let handled = [SIGINT, SIGTERM, SIGHUP]

  /// The sources delivering the signals, kept for the life of the process.
  nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

  /// Unblocks the signals (a process started with them blocked, as some test runners and
  /// supervisors do, could otherwise never be stopped) and handles each one not ignored.
  /// Calling it again does nothing more.
  static func install() {
    guard sources.isEmpty else { return }
    var signals = sigset_t()
    sigemptyset(&signals)
    for signal in handled { sigaddset(&signals, signal) }
    sigprocmask(SIG_UNBLOCK, &signals, nil)
    for number in handled {
      let previous = signal(number, SIG_IGN)
      guard !isIgnore(previous) else { continue }
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { stop(on: number) }
      source.resume()
      sources.append(source)
    }
  }

  /// Removes the temporary files under way and ends the process as the signal would.
  private static func stop(on number: Int32) -> Never {
    TemporaryFiles.shared.abandon()
    signal(number, SIG_DFL)
    // Dispatch reads the signal with the signal blocked; unblocked on this thread and raised
    // here, its default action ends the process at once.
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
