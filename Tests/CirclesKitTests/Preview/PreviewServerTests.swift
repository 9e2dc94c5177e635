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
    #expect(missing.body == PreviewRoute.notFound.refusal)
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

  @Test("connections past the limit are refused while the others stay open, then served again")
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
    // The server accepts them all (on its own thread); the next one is closed unanswered.
    let refused = try await Self.within(.seconds(30)) {
      (try? await client.request("/", host: host))?.status != 200
    }
    #expect(refused, "a connection past the limit was served")
    for descriptor in idle { close(descriptor) }
    idle.removeAll()
    let served = try await Self.within(.seconds(30)) {
      (try? await client.request("/", host: host))?.status == 200
    }
    #expect(served, "no connection served once the others closed")
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
}
