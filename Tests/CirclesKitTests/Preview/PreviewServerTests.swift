import CirclesKit
import CirclesTestSupport
import Foundation
import Testing

@Suite("The preview's HTTP server on 127.0.0.1", .serialized, .timeLimit(.minutes(2)))
struct PreviewServerTests {
  func server(_ page: String = "<!DOCTYPE html>page") throws -> PreviewServer {
    try PreviewServer(
      port: 0, channel: PreviewChannel(page: Array(page.utf8)), keepAlive: .milliseconds(200))
  }

  @Test("the page is served to the loopback names, with its type and no caching")
  func page() async throws {
    let server = try server()
    defer { server.stop() }
    #expect(server.port > 0)
    let client = LoopbackClient(port: server.port)
    for host in ["127.0.0.1:\(server.port)", "localhost:\(server.port)", "[::1]:\(server.port)"] {
      let answer = try await client.request("/", host: host)
      #expect(answer.status == 200, "\(answer.head)")
      #expect(answer.body == "<!DOCTYPE html>page")
      #expect(answer.head.contains("Content-Type: text/html; charset=utf-8"))
      #expect(answer.head.contains("Cache-Control: no-store"))
    }
    let head = try await client.request("/", method: "HEAD", host: "127.0.0.1:\(server.port)")
    #expect(head.status == 200)
    #expect(head.body.isEmpty)
  }

  /// A Host header with a NUL byte in it reaches the server cut at the NUL (libmicrohttpd 0.9.75
  /// gives the value's length as far as the NUL): docs/preview.md says so.
  @Test("two Host headers are refused with 421, whichever names the server")
  func doubtfulHosts() async throws {
    let server = try server()
    defer { server.stop() }
    let client = LoopbackClient(port: server.port)
    let host = "127.0.0.1:\(server.port)"
    let good = "GET / HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n"
    #expect(try await client.status(ofRaw: good) == 200)
    for head in [
      "GET / HTTP/1.1\r\nHost: \(host)\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
      "GET / HTTP/1.1\r\nHost: evil.example\r\nHost: \(host)\r\nConnection: close\r\n\r\n",
      "GET / HTTP/1.1\r\nHost: \(host)\r\nHost: \(host)\r\nConnection: close\r\n\r\n",
    ] {
      let status = try await client.status(ofRaw: head)
      #expect(status == 421, "\(head.debugDescription): \(status)")
    }
  }

  @Test("another path is 404, another method 405, another Host or none 421")
  func refusals() async throws {
    let server = try server()
    defer { server.stop() }
    let client = LoopbackClient(port: server.port)
    let host = "127.0.0.1:\(server.port)"
    let missing = try await client.request("/s.circles", host: host)
    #expect(missing.status == 404)
    #expect(missing.body == PreviewRoute.notFound.refusal(by: "circles preview"))
    #expect(try await client.request("/", method: "POST", host: host).status == 405)
    let rebound = try await client.request("/", host: "evil.example:\(server.port)")
    #expect(rebound.status == 421)
    #expect(!rebound.body.contains("page"))
    #expect(try await client.request("/", host: "127.0.0.1:1").status == 421)
    // HTTP/1.1 requires a Host header: the library refuses a request without one itself.
    #expect(try await client.request("/").status >= 400)
  }

  @Test("the event stream tells the version at once, each new one, keep-alives between")
  func events() async throws {
    let channel = PreviewChannel(page: [])
    let server = try PreviewServer(port: 0, channel: channel, keepAlive: .milliseconds(200))
    defer { server.stop() }
    let client = LoopbackClient(port: server.port)
    async let stream = client.request(
      "/events", host: "localhost:\(server.port)", until: { $0.contains("data: 2\n\n") })
    let published = await eventually { channel.current.version == 0 }
    #expect(published)
    try await Task.sleep(for: .milliseconds(500))
    channel.publish { _ in [] }
    try await Task.sleep(for: .milliseconds(100))
    channel.publish { _ in [] }
    let answer = try await stream
    #expect(answer.status == 200)
    #expect(answer.head.contains("Content-Type: text/event-stream"))
    #expect(answer.body.contains(PreviewEvent.version(0).text))
    #expect(answer.body.contains(PreviewEvent.keepAlive.text))
    #expect(answer.body.contains(PreviewEvent.version(1).text))
  }

  @Test("connections up to the limit that send nothing do not keep a page out: the oldest go")
  func connectionLimit() async throws {
    let server = try server()
    defer { server.stop() }
    let client = LoopbackClient(port: server.port)
    let host = "127.0.0.1:\(server.port)"
    var idle: [Int32] = []
    defer { for descriptor in idle { close(descriptor) } }
    for _ in 0..<PreviewServer.connectionLimit {
      idle.append(try LoopbackClient.connection(to: server.port).get())
    }
    let served = try await Self.within(.seconds(30)) {
      (try? await client.request("/", host: host))?.status == 200
    }
    #expect(served, "a page was kept out by connections that send nothing")
    // The server closed some of the silent connections to make room: they read the end.
    let ended = idle.filter { descriptor in
      var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      var byte: UInt8 = 0
      return poll(&waiting, 1, 0) > 0 && recv(descriptor, &byte, 1, Int32(MSG_DONTWAIT)) == 0
    }
    #expect(!ended.isEmpty, "no silent connection was closed")
  }

  /// Whether `holds` comes true within `limit`, asked every tenth of a second.
  static func within(_ limit: Duration, _ holds: () async -> Bool) async throws -> Bool {
    let end = ContinuousClock.now + limit
    while ContinuousClock.now < end {
      if await holds() { return true }
      try await Task.sleep(for: .milliseconds(100))
    }
    return false
  }

  @Test("stopping ends an open stream, and frees the port")
  func stop() async throws {
    let server = try server()
    let port = server.port
    let client = LoopbackClient(port: port)
    async let stream = client.request("/events", host: "127.0.0.1:\(port)")
    try await Task.sleep(for: .milliseconds(300))
    let stopping = await onThreadOfItsOwn {
      let start = ContinuousClock.now
      server.stop()
      return ContinuousClock.now - start
    }
    #expect(stopping < .seconds(10))
    let answer = try await stream
    #expect(answer.body.contains(PreviewEvent.version(0).text), "the stream, in chunks")
    let again = try PreviewServer(port: port, channel: PreviewChannel())
    #expect(again.port == port)
    again.stop()
  }

  @Test("a port in use is an error that names it")
  func busyPort() throws {
    let server = try server()
    defer { server.stop() }
    #expect(
      throws: PreviewServerError(
        description:
          "cannot listen on 127.0.0.1:\(server.port): the port is in use (choose another with "
          + "--port, or 0 for a free one)")
    ) {
      try PreviewServer(port: server.port, channel: PreviewChannel())
    }
  }

  /// A client that sends a request's first line and then one header line every half second,
  /// never finishing it, as a slow or hostile client does; it notes when the server closes it.
  final class Trickler: @unchecked Sendable {
    let socket: Int32
    private let state = NSLock()
    private var stopped = false
    private(set) var closedByServer = false

    init(port: Int) throws {
      socket = try LoopbackClient.connection(to: port).get()
      _ = send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n")
      Thread {
        var line = 0
        while true {
          Thread.sleep(forTimeInterval: 0.5)
          if self.state.withLock({ self.stopped }) { return }
          line += 1
          if !self.send("X-Slow-\(line): still here\r\n") {
            self.state.withLock { self.closedByServer = true }
            return
          }
        }
      }.start()
    }

    var wasClosed: Bool { state.withLock { closedByServer } }

    @discardableResult
    func send(_ text: String) -> Bool {
      let bytes = Array(text.utf8)
      // MSG_NOSIGNAL: a socket the server closed is an error here, not a SIGPIPE.
      return bytes.withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) == bytes.count
      }
    }

    func stop() {
      state.withLock { stopped = true }
      close(socket)
    }
  }

  @Test("64 clients trickling headers, or 64 open streams, leave a page served at once")
  func crowded() async throws {
    let server = try PreviewServer(
      port: 0, channel: PreviewChannel(page: Array("<!DOCTYPE html>page".utf8)),
      keepAlive: .seconds(15), headerDeadline: .seconds(60))
    defer { server.stop() }
    let host = "127.0.0.1:\(server.port)"
    let client = LoopbackClient(port: server.port)
    let tricklers = try (0..<64).map { _ in try Trickler(port: server.port) }
    defer { tricklers.forEach { $0.stop() } }
    try await Task.sleep(for: .milliseconds(500))
    let start = ContinuousClock.now
    let page = try await client.request("/", host: host)
    #expect(page.status == 200, "\(page.head)")
    #expect(ContinuousClock.now - start < .seconds(20), "served at once, not after a timeout")
    // 64 event streams, each left open once it has its first event.
    let port = server.port
    let streams = try await onThreadOfItsOwn { () -> [Int32] in
      (0..<64).compactMap { _ -> Int32? in
        guard let socket = try? LoopbackClient.connection(to: port).get() else { return nil }
        let request = Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        _ = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        return socket
      }
    }
    defer { for socket in streams { close(socket) } }
    #expect(streams.count == 64)
    let again = try await client.request("/", host: host)
    #expect(again.status == 200, "\(again.head)")
  }

  @Test("a request that does not arrive whole within the deadline is closed")
  func lateRequest() async throws {
    let server = try PreviewServer(
      port: 0, channel: PreviewChannel(page: Array("page".utf8)), headerDeadline: .seconds(1))
    defer { server.stop() }
    let trickler = try Trickler(port: server.port)
    defer { trickler.stop() }
    let limit = ContinuousClock.now + .seconds(60)
    while !trickler.wasClosed, ContinuousClock.now < limit {
      try await Task.sleep(for: .milliseconds(100))
    }
    #expect(trickler.wasClosed, "the server closed the trickling client")
    let page = try await LoopbackClient(port: server.port).request(
      "/", host: "127.0.0.1:\(server.port)")
    #expect(page.status == 200)
  }

  @Test("an action gets its query's arguments and the token header, and answers with its status")
  func actions() async throws {
    let server = try PreviewServer(
      port: 0, channel: PreviewChannel(page: Array("page".utf8)), name: "circles review",
      actions: [
        "accept": { request in
          PreviewActionAnswer(
            status: request.token == "secret" ? 200 : 403,
            text: "\(request.name) \(request.arguments["frame"] ?? "-")\n")
        }
      ])
    defer { server.stop() }
    let client = LoopbackClient(port: server.port)
    let host = "127.0.0.1:\(server.port)"
    let good = try await client.request(
      "/accept?frame=0%3A0002-add%20b&frame=other", method: "POST", host: host,
      headers: ["X-Circles-Token: secret", "Content-Length: 0"])
    #expect(good.status == 200, "\(good.head)")
    #expect(good.body == "accept 0:0002-add b\n")
    let forged = try await client.request(
      "/accept?frame=x", method: "POST", host: host,
      headers: ["X-Circles-Token: guess", "Content-Length: 0"])
    #expect(forged.status == 403)
    let none = try await client.request(
      "/accept?frame=x", method: "POST", host: host, headers: ["Content-Length: 0"])
    #expect(none.status == 403)
    let read = try await client.request("/accept", host: host)
    #expect(read.status == 405)
    #expect(read.head.contains("Allow: GET, HEAD, POST"))
    #expect(read.body == PreviewRoute.methodNotAllowed.refusal(by: "circles review"))
    let elsewhere = try await client.request(
      "/accept?frame=x", method: "POST", host: "evil.example:\(server.port)",
      headers: ["X-Circles-Token: secret", "Content-Length: 0"])
    #expect(elsewhere.status == 421)
  }

  @Test("pictures are served by number with their type, kept by the browser; others are 404")
  func images() async throws {
    let picture = Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3])
    let server = try PreviewServer(
      port: 0, channel: PreviewChannel(page: Array("page".utf8)),
      images: { $0 == 3 ? picture : nil })
    defer { server.stop() }
    let client = LoopbackClient(port: server.port)
    let host = "127.0.0.1:\(server.port)"
    let found = try await client.request("/images/3.png", host: host)
    #expect(found.status == 200)
    #expect(found.head.contains("Content-Type: image/png"))
    #expect(found.head.contains("Cache-Control: private, max-age=86400, immutable"))
    // The first byte is not UTF-8: the client's text shows it as one replacement character.
    #expect(found.body == "\u{FFFD}PNG\u{1}\u{2}\u{3}")
    let missing = try await client.request("/images/4.png", host: host)
    #expect(missing.status == 404)
    #expect(missing.head.contains("Cache-Control: no-store"))
    let page = try await client.request("/", host: host)
    #expect(page.head.contains("Cache-Control: no-store"))
  }
}
