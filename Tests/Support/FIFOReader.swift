import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A named pipe the test made, with a reader on the other end that keeps everything written to
/// it, so a program can be pointed at the pipe as at a file.
///
/// The reader holds a write end of its own, so a writer that comes, writes and goes does not end
/// the reading early and a program that never opens the pipe does not leave the reader waiting:
/// `finish()` closes that end and returns what arrived.
public final class FIFOReader: @unchecked Sendable {
  /// The pipe.
  public let url: URL
  private let readEnd: Int32
  private let ownWriteEnd: Int32
  private let lock = NSLock()
  private var received = Data()
  private var ended = false
  private var waiting: CheckedContinuation<Data, Never>?

  /// Makes the pipe at `url` (which must not exist) and starts reading it on a thread of its own.
  public init(at url: URL) throws {
    self.url = url
    guard mkfifo(url.path, 0o600) == 0 else { throw Self.failure("mkfifo", url) }
    readEnd = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard readEnd >= 0 else { throw Self.failure("open", url) }
    ownWriteEnd = open(url.path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
    guard ownWriteEnd >= 0 else { throw Self.failure("open", url) }
    _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) & ~O_NONBLOCK)
    let thread = Thread { [self] in readToEnd() }
    thread.start()
  }

  private static func failure(_ call: String, _ url: URL) -> NSError {
    NSError(
      domain: "FIFOReader", code: Int(errno),
      userInfo: [
        NSLocalizedDescriptionKey: "\(call) \(url.path): \(String(cString: strerror(errno)))"
      ])
  }

  private func readToEnd() {
    var block = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = block.withUnsafeMutableBytes { read(readEnd, $0.baseAddress!, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      lock.withLock { received.append(contentsOf: block[..<count]) }
    }
    close(readEnd)
    let continuation = lock.withLock { () -> CheckedContinuation<Data, Never>? in
      ended = true
      defer { waiting = nil }
      return waiting
    }
    continuation?.resume(returning: received)
  }

  /// Ends the reading once every other writer has closed the pipe.
  ///
  /// - Returns: every byte written to the pipe.
  public func finish() async -> Data {
    close(ownWriteEnd)
    return await withCheckedContinuation { continuation in
      let done = lock.withLock { () -> Bool in
        if ended { return true }
        waiting = continuation
        return false
      }
      if done { continuation.resume(returning: lock.withLock { received }) }
    }
  }
}
