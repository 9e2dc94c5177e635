// Two threads increment a counter 200,000 times each under one lock: `Mutex` (Synchronization)
// or `NSLock` (what `Locked` holds), as `locks-under-tsan mutex|nslock`. The program is correct
// either way; built by circles-bench with `swiftc -O -sanitize=thread`, it shows how many races
// ThreadSanitizer reports for each lock, each a false one. It prints the count it reached.
import Foundation
import Synchronization

final class Counter: @unchecked Sendable {
  var value = 0
}

let useMutex = CommandLine.arguments.dropFirst().first == "mutex"
let counter = Counter()
let mutex = Mutex(())
let lock = NSLock()
DispatchQueue.concurrentPerform(iterations: 2) { _ in
  for _ in 0..<200_000 {
    if useMutex {
      mutex.withLock { _ in counter.value += 1 }
    } else {
      lock.lock()
      counter.value += 1
      lock.unlock()
    }
  }
}
print(counter.value)
