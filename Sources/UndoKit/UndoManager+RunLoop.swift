import CoreFoundation
import Foundation

/// Closing the event's group at the end of a pass of the run loop, as Apple's manager does.
///
/// When the event's group opens on a thread whose run loop is running, a one-shot observer of
/// that run loop, in ``UndoManager/runLoopModes``, closes the group when the pass ends: before the
/// loop waits for input, or when it exits. Two changes made in two passes are then two steps, and
/// changes made in one pass one step. Without a running run loop nothing is scheduled, and
/// ``UndoManager/endEvent()`` ends the event.
extension UndoManager {
  /// Apple's `NSUndoCloseGroupingRunLoopOrdering`: the order of the observer among the run
  /// loop's observers.
  static let closeGroupingRunLoopOrdering = 350_000

  /// Sets the end of the current pass of the thread's run loop to close the event's group, when
  /// that run loop is running and nothing is set yet.
  func closeEventAtEndOfPass() {
    guard !closesAtEndOfPass, !runLoopModes.isEmpty, let loop = CFRunLoopGetCurrent(),
      CFRunLoopCopyCurrentMode(loop) != nil
    else { return }
    let box = Unmanaged.passRetained(WeakManager(self))
    defer { box.release() }
    var context = CFRunLoopObserverContext(
      version: 0, info: box.toOpaque(),
      retain: { info in
        info.map { _ = Unmanaged<WeakManager>.fromOpaque($0).retain() }
        return info
      },
      release: { info in info.map { Unmanaged<WeakManager>.fromOpaque($0).release() } },
      copyDescription: nil)
    let activities = CFRunLoopActivity.beforeWaiting.rawValue | CFRunLoopActivity.exit.rawValue
    let observer = CFRunLoopObserverCreate(
      nil, activities, false, Self.closeGroupingRunLoopOrdering,
      { _, _, info in
        guard let info else { return }
        Unmanaged<WeakManager>.fromOpaque(info).takeUnretainedValue().manager?.passEnded()
      }, &context)
    for mode in runLoopModes {
      CFRunLoopAddObserver(loop, observer, Self.cfMode(mode))
    }
    closesAtEndOfPass = true
  }

  /// Closes the event's group at the end of a pass, unless a group is still open inside it.
  private func passEnded() {
    closesAtEndOfPass = false
    closeEventGroupIfClosable()
  }

  /// The Core Foundation name of a mode; the common modes are one name that Core Foundation
  /// recognises by identity.
  private static func cfMode(_ mode: RunLoop.Mode) -> CFRunLoopMode {
    switch mode.rawValue {
    case "kCFRunLoopCommonModes": kCFRunLoopCommonModes
    case "kCFRunLoopDefaultMode": kCFRunLoopDefaultMode
    default: CFStringCreateWithCString(nil, mode.rawValue, CFStringBuiltInEncodings.UTF8.rawValue)
    }
  }
}

/// The observer's reference to its manager, which does not keep the manager alive.
private final class WeakManager {
  weak var manager: UndoManager?

  init(_ manager: UndoManager) {
    self.manager = manager
  }
}
