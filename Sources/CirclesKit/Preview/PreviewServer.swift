internal import CMicroHTTPD
import CircleSystem
import Foundation

/// Why the preview server did not start.
package struct PreviewServerError: Error, Equatable, CustomStringConvertible {
  /// What went wrong, naming the address and port.
  package var description: String

  package init(description: String) {
    self.description = description
  }
}

/// One request to an action of the server (`POST /accept?frame=…` of `circles review`).
package struct PreviewActionRequest: Sendable {
  /// The action's name: the path without its `/`.
  package var name: String
  /// The query's arguments, decoded; of an argument given twice, the first.
  package var arguments: [String: String]
  /// The `X-Circles-Token` header, which only the page holds: an action refuses a request
  /// without the session's token with 403.
  package var token: String?
}

/// What an action answers: a status code and a line of text.
package struct PreviewActionAnswer: Equatable, Sendable {
  package var status: Int
  package var text: String

  package init(status: Int, text: String) {
    self.status = status
    self.text = text
  }
}

/// The preview's HTTP server (and the review's): GNU libmicrohttpd on a socket of 127.0.0.1,
/// answering each request by its `PreviewRoute` with the channel's page, its stream of events,
/// or one of its actions.
///
/// Each connection has a thread of the library's: the event stream's thread waits in the channel
/// for the next version, writing a keep-alive comment every `keepAlive`. `stop()` closes the
/// channel, which ends every stream, then stops the library, which closes the connections.
package final class PreviewServer: Sendable {
  /// The port it listens on, chosen by the system when asked for 0.
  package let port: Int
  /// Where the page and its versions come from.
  package let channel: PreviewChannel
  /// How long an idle event stream waits before writing a comment to keep the connection.
  package let keepAlive: Duration
  /// The server's name in its refusals (`circles preview`).
  package let name: String
  /// What each `POST /<name>` does; none by default.
  package let actions: [String: @Sendable (PreviewActionRequest) -> PreviewActionAnswer]
  /// The page's pictures by number (`/images/<n>.png`), when it has some apart from the page:
  /// each number names one picture for the server's life, so the browser may keep it.
  package let images: (@Sendable (Int) -> Data?)?
  /// The running daemon, until ``stop()``.
  private let daemon = Locked<Daemon?>(nil)

  /// libmicrohttpd's daemon: a C pointer, used from any thread only to stop it, which the
  /// library allows.
  private struct Daemon: @unchecked Sendable {
    let pointer: OpaquePointer
  }

  /// Starts serving on `127.0.0.1:<port>`.
  ///
  /// - Parameters:
  ///   - port: the port, 0 for one the system chooses.
  ///   - channel: the page and its versions.
  ///   - keepAlive: see `keepAlive`.
  ///   - headerDeadline: how long a request may take to arrive whole (``PreviewConnections``).
  ///   - name: see ``name``.
  ///   - actions: see ``actions``.
  ///   - images: see ``images``.
  /// - Throws: `PreviewServerError` when the port is in use or cannot be had.
  /// The most connections served at once. Each has a thread of the library's, whose stack is
  /// reserved, not used, so 64 cost little memory; ``PreviewConnections`` keeps some of them free
  /// for a new page.
  package static let connectionLimit = 64
  /// The connections held, and the rules that keep a place for a new page.
  let connections: PreviewConnections

  package init(
    port: Int, channel: PreviewChannel, keepAlive: Duration = .seconds(15),
    headerDeadline: Duration = .seconds(10), name: String = "circles preview",
    actions: [String: @Sendable (PreviewActionRequest) -> PreviewActionAnswer] = [:],
    images: (@Sendable (Int) -> Data?)? = nil
  ) throws(PreviewServerError) {
    self.images = images
    self.channel = channel
    self.keepAlive = keepAlive
    self.name = name
    self.actions = actions
    connections = PreviewConnections(
      limit: Self.connectionLimit, headerDeadline: headerDeadline,
      closedToMakeRoom: { [channel] in channel.wake() })
    let socket = try Self.listen(on: port)
    self.port = socket.port
    let flags =
      MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue
      | MHD_USE_POLL.rawValue
    let options: [any CVarArg] = [
      MHD_OPTION.LISTEN_SOCKET.rawValue, socket.descriptor,
      // An idle connection is closed after two minutes; a stream writes more often.
      MHD_OPTION.CONNECTION_TIMEOUT.rawValue, UInt32(120),
      // A thread per connection: at most 64 held at once (each reserves a stack), so that a
      // process opening connections without end cannot make the preview's memory grow with
      // them. The library's own limit is 16 higher: connections closed to make room count there
      // until their threads end, which on a busy machine took long enough for the library to
      // refuse a new page outright (the crowded test, under the whole suite's load).
      MHD_OPTION.CONNECTION_LIMIT.rawValue, UInt32(Self.connectionLimit + 16),
      // What each connection does, for the rules of PreviewConnections.
      MHD_OPTION.NOTIFY_CONNECTION.rawValue,
      OpaquePointer(unsafeBitCast(Self.notify, to: UnsafeRawPointer.self)),
      OpaquePointer(Unmanaged.passUnretained(self).toOpaque()),
      MHD_OPTION.URI_LOG_CALLBACK.rawValue,
      OpaquePointer(unsafeBitCast(Self.began, to: UnsafeRawPointer.self)),
      OpaquePointer(Unmanaged.passUnretained(self).toOpaque()),
      MHD_OPTION.END.rawValue,
    ]
    let context = Unmanaged.passUnretained(self).toOpaque()
    let started = withVaList(options) {
      MHD_start_daemon_va(flags, 0, nil, nil, Self.answer, context, $0)
    }
    daemon.withLock { $0 = started.map(Daemon.init) }
    guard started != nil else {
      close(socket.descriptor)
      throw PreviewServerError(
        description: "cannot serve on 127.0.0.1:\(socket.port): the HTTP server did not start")
    }
    let watched = connections
    let running = channel
    let watching = WorkerThreads.startThread(stackSize: 1 << 20) {
      while !running.isClosed {
        watched.closeLate()
        Thread.sleep(forTimeInterval: 0.25)
      }
    }
    guard watching else {
      stop()
      throw PreviewServerError(
        description:
          "cannot serve on 127.0.0.1:\(socket.port): no thread could be had to close late requests")
    }
  }

  deinit {
    stop()
  }

  /// Ends every event stream, closes every connection and the socket, and waits for the
  /// library's threads. Calling it again does nothing.
  package func stop() {
    channel.close()
    let running = daemon.withLock { daemon in
      defer { daemon = nil }
      return daemon
    }
    if let running { MHD_stop_daemon(running.pointer) }
  }

  /// A listening socket on 127.0.0.1.
  private static func listen(on port: Int) throws(PreviewServerError) -> (
    descriptor: Int32, port: Int
  ) {
    func failure(_ what: String, _ code: Int32 = errno) -> PreviewServerError {
      let reason =
        code == EADDRINUSE
        ? "the port is in use (choose another with --port, or 0 for a free one)"
        : code == EACCES
          ? "permission denied (ports below 1024 need privileges; choose another with --port)"
          : String(cString: strerror(code))
      return PreviewServerError(description: "cannot \(what) 127.0.0.1:\(port): \(reason)")
    }
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw failure("open a socket for") }
    var yes: Int32 = 1
    _ = setsockopt(
      descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = in_addr_t(UInt32(0x7f00_0001).bigEndian)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, Glibc.listen(descriptor, 64) == 0 else {
      let code = errno
      close(descriptor)
      throw failure("listen on", code)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    guard named == 0 else {
      let code = errno
      close(descriptor)
      throw failure("listen on", code)
    }
    return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
  }

  // MARK: The library's callbacks, kept small: the rules are PreviewRoute's.

  private static let answer: MHD_AccessHandlerCallback = {
    context, connection, url, method, _, _, _, _ in
    guard let context, let connection else { return .NO }
    let server = Unmanaged<PreviewServer>.fromOpaque(context).takeUnretainedValue()
    let host = hostHeader(of: connection)
    let key = UInt(bitPattern: connection)
    let route = PreviewRoute.of(
      method: method.map { String(cString: $0) } ?? "",
      path: url.map { String(cString: $0) } ?? "", host: host, port: server.port,
      actions: Set(server.actions.keys), servesImages: server.images != nil)
    server.connections.requestRead(key, streaming: route == .events)
    return server.respond(route, on: connection)
  }

  /// A connection opened or closed.
  private static let notify: MHD_NotifyConnectionCallback = { context, connection, _, code in
    guard let context, let connection else { return }
    let server = Unmanaged<PreviewServer>.fromOpaque(context).takeUnretainedValue()
    let key = UInt(bitPattern: connection)
    if code == .CONNECTION_NOTIFY_STARTED {
      server.connections.opened(key, socket: circles_mhd_connection_socket(connection))
    } else {
      server.connections.closed(key)
    }
  }

  /// A request's first line arrived: its headers are on their way.
  private static let began:
    @convention(c) (
      UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?
    ) -> UnsafeMutableRawPointer? = { context, _, connection in
      guard let context, let connection else { return nil }
      let server = Unmanaged<PreviewServer>.fromOpaque(context).takeUnretainedValue()
      server.connections.requestBegan(UInt(bitPattern: connection))
      return nil
    }

  /// The request's one `Host` header; `nil` when there is none or more than one, so that such a
  /// request is refused. (A value with a NUL byte reaches this point cut at the NUL: libmicrohttpd
  /// 0.9.75 gives its length so; the part kept is what is checked.)
  private static func hostHeader(of connection: OpaquePointer) -> String? {
    var found = HostHeaders()
    withUnsafeMutablePointer(to: &found) { pointer in
      _ = MHD_get_connection_values_n(
        connection, .HEADER_KIND,
        { context, _, key, keySize, value, valueSize in
          guard let context, let key, keySize == 4, strncasecmp(key, "host", 4) == 0 else {
            return .YES
          }
          let headers = context.assumingMemoryBound(to: HostHeaders.self)
          headers.pointee.count += 1
          if let value {
            let bytes = UnsafeRawBufferPointer(start: value, count: valueSize)
            headers.pointee.value = String(decoding: bytes, as: UTF8.self)
          }
          return .YES
        }, pointer)
    }
    guard found.count == 1 else { return nil }
    return found.value
  }

  /// What the `Host` headers of a request are.
  private struct HostHeaders {
    var count = 0
    var value: String?
  }

  /// The header an action's request carries its token in.
  package static let tokenHeader = "X-Circles-Token"

  private func respond(_ route: PreviewRoute, on connection: OpaquePointer) -> MHD_Result {
    let response: OpaquePointer?
    var status = route.status
    var cacheable = false
    switch route {
    case .page:
      var page = channel.current.page
      response = page.withUnsafeMutableBytes {
        MHD_create_response_from_buffer($0.count, $0.baseAddress, .RESPMEM_MUST_COPY)
      }
      header(response, "Content-Type", "text/html; charset=utf-8")
    case .events:
      let key = UInt(bitPattern: connection)
      let stream = Unmanaged.passRetained(
        EventStream(channel: channel, keepAlive: keepAlive) { [connections] in
          !connections.holds(key)
        })
      response = MHD_create_response_from_callback(
        UInt64.max, 1024, EventStream.read, stream.toOpaque(), EventStream.release)
      if response == nil { stream.release() }
      header(response, "Content-Type", "text/event-stream; charset=utf-8")
    case .image(let number):
      if var bytes = images?(number).map(Array.init) {
        response = bytes.withUnsafeMutableBytes {
          MHD_create_response_from_buffer($0.count, $0.baseAddress, .RESPMEM_MUST_COPY)
        }
        header(response, "Content-Type", "image/png")
        cacheable = true
      } else {
        status = 404
        response = textResponse(PreviewRoute.notFound.refusal(by: name))
      }
    case .action(let name):
      let request = PreviewActionRequest(
        name: name, arguments: Self.arguments(of: connection),
        token: MHD_lookup_connection_value(connection, .HEADER_KIND, Self.tokenHeader).map {
          String(cString: $0)
        })
      let answer =
        actions[name]?(request)
        ?? PreviewActionAnswer(status: 404, text: PreviewRoute.notFound.refusal(by: self.name))
      status = answer.status
      response = textResponse(answer.text)
    case .notFound, .methodNotAllowed, .misdirected:
      response = textResponse(route.refusal(by: name))
      if route == .methodNotAllowed {
        header(response, "Allow", actions.isEmpty ? "GET, HEAD" : "GET, HEAD, POST")
      }
    }
    guard let response else { return .NO }
    header(
      response, "Cache-Control", cacheable ? "private, max-age=86400, immutable" : "no-store")
    header(response, "X-Content-Type-Options", "nosniff")
    header(response, "Referrer-Policy", "no-referrer")
    header(response, "Content-Security-Policy", "frame-ancestors 'none'")
    let result = MHD_queue_response(connection, UInt32(status), response)
    MHD_destroy_response(response)
    return result
  }

  private func textResponse(_ text: String) -> OpaquePointer? {
    var bytes = Array(text.utf8)
    let response = bytes.withUnsafeMutableBytes {
      MHD_create_response_from_buffer($0.count, $0.baseAddress, .RESPMEM_MUST_COPY)
    }
    header(response, "Content-Type", "text/plain; charset=utf-8")
    return response
  }

  /// The query's arguments, decoded by the library; of a name given twice, the first.
  private static func arguments(of connection: OpaquePointer) -> [String: String] {
    var found: [String: String] = [:]
    withUnsafeMutablePointer(to: &found) { pointer in
      _ = MHD_get_connection_values_n(
        connection, .GET_ARGUMENT_KIND,
        { context, _, key, keySize, value, valueSize in
          guard let context, let key else { return .YES }
          let arguments = context.assumingMemoryBound(to: [String: String].self)
          let name = String(
            decoding: UnsafeRawBufferPointer(start: key, count: keySize), as: UTF8.self)
          let text =
            value.map {
              String(decoding: UnsafeRawBufferPointer(start: $0, count: valueSize), as: UTF8.self)
            } ?? ""
          if arguments.pointee[name] == nil { arguments.pointee[name] = text }
          return .YES
        }, pointer)
    }
    return found
  }

  private func header(_ response: OpaquePointer?, _ name: String, _ value: String) {
    guard let response else { return }
    _ = MHD_add_response_header(response, name, value)
  }
}

/// One page's stream of events: the version at once, then each new one, and comments between.
private final class EventStream {
  let channel: PreviewChannel
  let keepAlive: Duration
  /// Whether the stream's connection was closed to make room: the stream then ends.
  let dropped: () -> Bool
  var seen: Int?
  var pending: [UInt8] = []

  init(channel: PreviewChannel, keepAlive: Duration, dropped: @escaping () -> Bool) {
    self.channel = channel
    self.keepAlive = keepAlive
    self.dropped = dropped
  }

  /// The next bytes of the stream, waiting for them; `nil` at its end.
  func next() -> [UInt8]? {
    guard let seen else {
      guard !channel.isClosed else { return nil }
      let version = channel.current.version
      self.seen = version
      return Array(PreviewEvent.version(version).text.utf8)
    }
    guard let version = channel.version(after: seen, timeout: keepAlive, stopping: dropped) else {
      return nil
    }
    if version == seen { return Array(PreviewEvent.keepAlive.text.utf8) }
    self.seen = version
    return Array(PreviewEvent.version(version).text.utf8)
  }

  static let read: MHD_ContentReaderCallback = { context, _, buffer, room in
    guard let context, let buffer, room > 0 else { return MHD_CONTENT_READER_END_OF_STREAM }
    let stream = Unmanaged<EventStream>.fromOpaque(context).takeUnretainedValue()
    if stream.pending.isEmpty {
      guard let bytes = stream.next() else { return MHD_CONTENT_READER_END_OF_STREAM }
      stream.pending = bytes
    }
    let count = min(room, stream.pending.count)
    stream.pending.withUnsafeBytes {
      UnsafeMutableRawPointer(buffer).copyMemory(from: $0.baseAddress!, byteCount: count)
    }
    stream.pending.removeFirst(count)
    return count
  }

  static let release: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    Unmanaged<EventStream>.fromOpaque(context).release()
  }
}
