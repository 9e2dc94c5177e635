import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The Chrome DevTools protocol over `--remote-debugging-pipe`: the browser reads commands on
/// its descriptor 3 and writes answers and events on its descriptor 4, each message JSON text
/// ended by a NUL byte.
final class DevToolsPipe {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  private let commands: Int32
  private let answers: Int32
  private var buffer: [UInt8] = []
  private var nextID = 1
  /// Events received so far, in order: each one's method and parameters.
  private(set) var events: [(method: String, params: [String: Any])] = []

  init(commands: Int32, answers: Int32) {
    self.commands = commands
    self.answers = answers
  }

  deinit {
    close(commands)
    close(answers)
  }

  /// Sends a command without waiting for its answer.
  ///
  /// - Returns: the command's id, which its answer carries.
  @discardableResult
  func post(
    _ method: String, _ params: [String: Any] = [:], session: String? = nil
  ) throws -> Int {
    let id = nextID
    nextID += 1
    var message: [String: Any] = ["id": id, "method": method, "params": params]
    if let session { message["sessionId"] = session }
    var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
    bytes.append(0)
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw Failure(description: "the browser closed its pipe") }
      offset += count
    }
    return id
  }

  /// Sends a command and waits for its answer.
  ///
  /// - Returns: the answer's `result`.
  /// - Throws: the protocol's error, or a timeout.
  @discardableResult
  func send(
    _ method: String, _ params: [String: Any] = [:], session: String? = nil,
    timeout: Duration = .seconds(120)
  ) async throws -> [String: Any] {
    let id = try post(method, params, session: session)
    let deadline = ContinuousClock.now + timeout
    while true {
      let answer = try await nextMessage(until: deadline, waitingFor: method)
      if answer["id"] as? Int == id {
        if let error = answer["error"] as? [String: Any] {
          throw Failure(description: "\(method): \(error["message"] ?? error)")
        }
        return answer["result"] as? [String: Any] ?? [:]
      }
      record(answer)
    }
  }

  /// Waits for an event, keeping every event on the way.
  ///
  /// - Returns: the first event named `method`, after the events already received.
  func waitForEvent(
    _ method: String, after seen: Int, timeout: Duration = .seconds(120)
  ) async throws -> [String: Any] {
    let deadline = ContinuousClock.now + timeout
    var index = seen
    while true {
      while index < events.count {
        if events[index].method == method { return events[index].params }
        index += 1
      }
      record(try await nextMessage(until: deadline, waitingFor: method))
    }
  }

  private func record(_ message: [String: Any]) {
    if let method = message["method"] as? String {
      events.append((method, message["params"] as? [String: Any] ?? [:]))
    }
  }

  private func nextMessage(until deadline: ContinuousClock.Instant, waitingFor what: String)
    async throws -> [String: Any]
  {
    while true {
      if let end = buffer.firstIndex(of: 0) {
        let text = Data(buffer[..<end])
        buffer.removeSubrange(...end)
        guard let message = try JSONSerialization.jsonObject(with: text) as? [String: Any] else {
          continue
        }
        return message
      }
      let left = deadline - ContinuousClock.now
      guard left > .zero else { throw Failure(description: "no answer to \(what) in time") }
      var poller = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
      // Looked at without blocking, so that no thread of the tests' pool is held.
      let ready = poll(&poller, 1, 0)
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else {
        try await Task.sleep(for: .milliseconds(10))
        continue
      }
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      let count = chunk.withUnsafeMutableBytes { read(answers, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw Failure(description: "the browser closed its pipe") }
      buffer += chunk[..<count]
    }
  }
}
