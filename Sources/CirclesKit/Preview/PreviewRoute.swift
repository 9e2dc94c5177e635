/// What the preview server answers to one request, decided from its method, path and `Host`
/// header alone, so that the rules can be tested without a socket.
///
/// The server listens on the loopback address, and a page of another site could still reach
/// it through a name of its own that resolves to 127.0.0.1 (DNS rebinding): such a request
/// carries that name in its `Host` header and is refused. Only the page, its event stream and
/// the server's actions (`POST /accept` and `POST /reject` of `circles review`) are served; any
/// other path is not found.
package enum PreviewRoute: Equatable, Sendable {
  /// The history viewer's page of the script (`/`).
  case page
  /// The stream of server-sent events that tells the page of each new history (`/events`).
  case events
  /// A picture of the page (`/images/<n>.png`), on a server that serves them.
  case image(Int)
  /// A `POST` to one of the server's actions (`accept` for `/accept`), which checks the
  /// request's token itself.
  case action(String)
  /// Any other path.
  case notFound
  /// A method other than GET or HEAD.
  case methodNotAllowed
  /// A `Host` header that does not name the loopback address and the server's port.
  case misdirected

  /// The path of the event stream.
  package static let eventsPath = "/events"
  /// The folder of the page's pictures.
  package static let imagesPath = "/images/"

  /// The route of a request.
  ///
  /// - Parameters:
  ///   - method: the request's method (`GET`).
  ///   - path: the request's path, without its query.
  ///   - host: the `Host` header, `nil` when there is none.
  ///   - port: the port the server listens on.
  ///   - actions: the names of the server's actions, each `POST` to `/<name>`.
  ///   - servesImages: whether `/images/<n>.png` are the page's pictures.
  package static func of(
    method: String, path: String, host: String?, port: Int, actions: Set<String> = [],
    servesImages: Bool = false
  ) -> PreviewRoute {
    guard accepts(host: host, port: port) else { return .misdirected }
    if path.hasPrefix("/"), actions.contains(String(path.dropFirst())) {
      return method == "POST" ? .action(String(path.dropFirst())) : .methodNotAllowed
    }
    guard method == "GET" || method == "HEAD" else { return .methodNotAllowed }
    switch path {
    case "/": return .page
    case eventsPath: return .events
    default:
      guard servesImages, path.hasPrefix(imagesPath), path.hasSuffix(".png") else {
        return .notFound
      }
      let number = path.dropFirst(imagesPath.count).dropLast(4)
      guard !number.isEmpty, number.count <= 9, number.allSatisfy({ ("0"..."9").contains($0) }),
        let value = Int(number), value >= 0
      else { return .notFound }
      return .image(value)
    }
  }

  /// Whether a `Host` header names this server on the loopback address: `127.0.0.1:<port>`,
  /// `localhost:<port>` (any case) or `[::1]:<port>`, with the server's own port; without the
  /// port when the port is HTTP's own, 80, as browsers send it then.
  package static func accepts(host: String?, port: Int) -> Bool {
    guard let host else { return false }
    for name in ["127.0.0.1", "localhost", "[::1]"] {
      for expected in ["\(name):\(port)"] + (port == 80 ? [name] : []) {
        if host.count == expected.count, host.lowercased() == expected { return true }
      }
    }
    return false
  }

  /// The status code of the answer.
  package var status: Int {
    switch self {
    case .page, .events, .image, .action: 200
    case .notFound: 404
    case .methodNotAllowed: 405
    case .misdirected: 421
    }
  }

  /// The text of an answer that is not the page, the stream or an action.
  ///
  /// - Parameter server: the server's name in the text (`circles preview`).
  package func refusal(by server: String) -> String {
    switch self {
    case .page, .events, .image, .action: ""
    case .notFound: "not found: \(server) serves the page at / only\n"
    case .methodNotAllowed:
      "method not allowed: \(server) answers GET and HEAD, and POST to its actions only\n"
    case .misdirected:
      "misdirected request: \(server) answers requests for 127.0.0.1, localhost or "
        + "[::1] at its port only\n"
    }
  }
}
