import Foundation

extension Duration {
  /// The duration in seconds.
  package var inSeconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }

  /// As the console's lines show a time: `0.12 s`, `3.4 s`.
  package var formattedSeconds: String { Self.formatted(seconds: inSeconds) }

  /// A time in seconds as the console's lines show it: two decimals under 10 s, one above.
  package static func formatted(seconds: Double) -> String {
    String(format: seconds < 10 ? "%.2f s" : "%.1f s", seconds)
  }
}
