import Foundation


/// How busy the machine's processors are: whether splitting work between threads pays now.
package enum MachineLoad {
  /// Whether a processor is free now (fewer threads runnable than processors), or has mostly
  /// been over the last minute (the load average below the processors by a quarter).
  ///
  /// The runnable count is asked as well as the load average, which follows the last minute: a
  /// machine whose other work has just stopped still shows a high load average for a while.
  package static func hasFreeProcessor(processors: Int) -> Bool {
    if let runnable = runnableThreads(), runnable < processors { return true }
    var load = [0.0]
    guard getloadavg(&load, 1) == 1 else { return true }
    return load[0] < Double(processors) - 0.25
  }

  /// The threads of the whole system that are running or ready to run now, the caller's among
  /// them, from `/proc/loadavg` (Linux); `nil` where it cannot be read.
  package static func runnableThreads() -> Int? {
    let descriptor = open("/proc/loadavg", O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let count = read(descriptor, &buffer, buffer.count)
    guard count > 0 else { return nil }
    return runnableThreads(inLoadAverage: String(decoding: buffer[..<count], as: UTF8.self))
  }

  /// The runnable count of a `/proc/loadavg` line such as `0.52 0.61 0.70 3/412 9876`: the
  /// number before the slash of the fourth field.
  package static func runnableThreads(inLoadAverage line: String) -> Int? {
    let fields = line.split(separator: " ")
    guard fields.count >= 4, let slash = fields[3].firstIndex(of: "/") else { return nil }
    return Int(fields[3][..<slash])
  }
}
