import CircleSystem
import Foundation


/// The connections the preview server holds, so that no client can shut the page out: a
/// connection whose request has not been read whole within ``headerDeadline`` is closed, and when
/// the server nears its ``PreviewServer/connectionLimit`` the oldest connection that matters least
/// is closed to keep ``reserve`` places for a new page.
///
/// Every client is on the loopback address, so a limit per client address would be one limit for
/// all: the rules go by what a connection does instead. What matters least, first: a request
/// still being sent (a client that trickles a header line every half second is never idle, so
/// libmicrohttpd's idle timeout never ends it); then a connection kept open between requests;
/// then an event stream (a browser's `EventSource` opens it again by itself). Measured by the
/// preview's tests: 64 sockets trickling headers, or 64 open event streams, and a new page is
/// still served at once, where before it was refused until the idle timeout, 120 s.
final class PreviewConnections: Sendable {
  /// How long a request may take to arrive whole.
  let headerDeadline: Duration
  /// How many places are kept free for a new page and its stream.
  let reserve: Int
  /// The most connections at once.
  let limit: Int

  /// One connection: its socket, when it opened and when its current request began, and what it
  /// is doing.
  struct Connection: Sendable {
    var socket: Int32
    var opened: ContinuousClock.Instant
    var since: ContinuousClock.Instant
    var state: State
    /// Whether it was closed to make room or for being late: counted until the library has
    /// closed it (its count of connections goes down only then), never chosen again.
    var closing = false
  }

  enum State: Int, Comparable, Sendable {
    /// A request being sent, not yet read whole.
    case arriving
    /// Between requests, kept open.
    case idle
    /// An event stream.
    case streaming

    static func < (a: State, b: State) -> Bool { a.rawValue < b.rawValue }
  }

  private let connections = Locked([UInt: Connection]())
  /// Called after a connection is closed to make room, so that an event stream waiting for the
  /// next version wakes and ends.
  private let closedToMakeRoom: @Sendable () -> Void
  private let clock = ContinuousClock()

  init(
    limit: Int, reserve: Int = 4, headerDeadline: Duration = .seconds(10),
    closedToMakeRoom: @escaping @Sendable () -> Void = {}
  ) {
    self.limit = limit
    self.reserve = reserve
    self.headerDeadline = headerDeadline
    self.closedToMakeRoom = closedToMakeRoom
  }

  /// A connection was accepted: it is counted, and while fewer than ``reserve`` places are left,
  /// the connection that matters least (the oldest of its kind) is closed.
  func opened(_ key: UInt, socket: Int32) {
    let victims = connections.withLock { held -> [Int32] in
      let now = clock.now
      held[key] = Connection(socket: socket, opened: now, since: now, state: .arriving)
      var victims: [Int32] = []
      while held.count > limit - reserve {
        let choice = held.filter { $0.key != key && !$0.value.closing }.min { a, b in
          (a.value.state, a.value.opened) < (b.value.state, b.value.opened)
        }
        guard let choice else { break }
        held[choice.key]?.closing = true
        // Under the lock: the library tells of a close (`closed(_:)`) before it closes the
        // socket, so the number is still this connection's and no newer one's.
        close(socket: choice.value.socket)
        victims.append(choice.value.socket)
      }
      return victims
    }
    if !victims.isEmpty { closedToMakeRoom() }
  }

  /// Whether the connection is still held: an event stream ends when it is not.
  func holds(_ key: UInt) -> Bool {
    connections.withLock { $0[key].map { !$0.closing } ?? false }
  }

  /// A request of the connection began (its first line arrived).
  func requestBegan(_ key: UInt) {
    connections.withLock { held in
      held[key]?.since = clock.now
      held[key]?.state = .arriving
    }
  }

  /// The connection's request was read whole; `streaming` when it is answered with a stream.
  func requestRead(_ key: UInt, streaming: Bool) {
    connections.withLock { held in
      held[key]?.state = streaming ? .streaming : .idle
      held[key]?.since = clock.now
    }
  }

  /// The connection closed.
  func closed(_ key: UInt) {
    connections.withLock { $0[key] = nil }
  }

  /// Closes the connections whose request has been arriving for longer than the deadline.
  ///
  /// - Returns: how many were closed.
  @discardableResult
  func closeLate() -> Int {
    let now = clock.now
    let late = connections.withLock { held -> [Int32] in
      let keys = held.filter {
        $0.value.state == .arriving && !$0.value.closing && now - $0.value.since > headerDeadline
      }.map(\.key)
      for key in keys {
        held[key]?.closing = true
        // Under the lock, as in `opened(_:socket:)`.
        if let socket = held[key]?.socket { close(socket: socket) }
      }
      return keys.compactMap { held[$0]?.socket }
    }
    return late.count
  }

  /// How many connections are held.
  var count: Int { connections.withLock { $0.count } }

  /// Ends a connection's socket both ways: libmicrohttpd reads its end and closes it.
  private func close(socket: Int32) {
    guard socket >= 0 else { return }
    _ = shutdown(socket, Int32(SHUT_RDWR))
  }
}
