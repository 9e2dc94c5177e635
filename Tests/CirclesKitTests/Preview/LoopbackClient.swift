import CirclesTestSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A plain HTTP/1.1 client of 127.0.0.1 for the server's tests: it writes the request as given
/// (any `Host` header, any method) and reads what comes back, on a thread of its own.
struct LoopbackClient {
  struct Answer {
    var status: Int
    var head: String
    var body: String
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  var port: Int

  /// Sends the head of a request exactly as given (headers repeated, bytes of any kind) and
  /// returns the answer's status.
  func status(ofRaw head: String) async throws -> Int {
    let port = port
    let text = try await onThreadOfItsOwn { () -> Result<String, Failure> in
      Self.exchange(head, port: port, enough: { _ in false })
    }.get()
    return Int(text.split(separator: " ").dropFirst().first ?? "") ?? -1
  }

  /// Sends one request and reads the answer until the server closes or `until` holds of what
  /// was read, or 60 s pass.
  func request(
    _ path: String, method: String = "GET", host: String? = nil, headers: [String] = [],
    until enough: @escaping @Sendable (String) -> Bool = { _ in false }
  ) async throws -> Answer {
    let hostLine = host.map { "Host: \($0)\r\n" } ?? ""
    let headerLines = headers.map { "\($0)\r\n" }.joined()
    let request =
      "\(method) \(path) HTTP/1.1\r\n\(hostLine)\(headerLines)Connection: close\r\n\r\n"
    let port = port
    let text = try await onThreadOfItsOwn { () -> Result<String, Failure> in
      Self.exchange(request, port: port, enough: enough)
    }.get()
    guard let split = text.range(of: "\r\n\r\n") else {
      throw Failure(description: "no head in '\(text)'")
    }
    let head = String(text[..<split.lowerBound])
    let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? -1
    return Answer(status: status, head: head, body: String(text[split.upperBound...]))
  }

  /// A TCP connection to 127.0.0.1:`port` that gives up reading after 60 s; the caller closes
  /// it.
  static func connection(to port: Int) -> Result<Int32, Failure> {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return .failure(Failure(description: "no socket")) }
    var timeout = timeval(tv_sec: 60, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = in_addr_t(UInt32(0x7f00_0001).bigEndian)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(descriptor)
      return .failure(Failure(description: "cannot connect: \(String(cString: strerror(errno)))"))
    }
    return .success(descriptor)
  }

  private static func exchange(
    _ request: String, port: Int, enough: (String) -> Bool
  ) -> Result<String, Failure> {
    let descriptor: Int32
    switch Self.connection(to: port) {
    case .success(let opened): descriptor = opened
    case .failure(let failure): return .failure(failure)
    }
    defer { close(descriptor) }
    let bytes = Array(request.utf8)
    guard
      bytes.withUnsafeBytes({ Glibc.send(descriptor, $0.baseAddress, $0.count, 0) }) == bytes.count
    else { return .failure(Failure(description: "cannot send")) }
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      received += chunk[..<count]
      if enough(String(decoding: received, as: UTF8.self)) { break }
    }
    return .success(String(decoding: received, as: UTF8.self))
  }
}
