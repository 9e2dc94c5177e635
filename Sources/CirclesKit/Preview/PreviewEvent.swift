/// The server-sent events the preview's page listens to (the `text/event-stream` format).
package enum PreviewEvent: Equatable, Sendable {
  /// The page's history is now at this version: a page of another version loads the new one.
  case version(Int)
  /// A comment that keeps an idle connection open through proxies and timeouts.
  case keepAlive

  /// How soon the page's `EventSource` connects again after losing the stream, in
  /// milliseconds.
  package static let retry = 300

  /// The event as it is written on the stream, ended by its blank line.
  package var text: String {
    switch self {
    case .version(let number): "retry: \(Self.retry)\nevent: version\ndata: \(number)\n\n"
    case .keepAlive: ": keep-alive\n\n"
    }
  }
}
