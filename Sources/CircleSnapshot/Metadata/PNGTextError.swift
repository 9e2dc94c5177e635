/// Why PNG bytes could not be read or changed.
package enum PNGTextError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The bytes do not start with the PNG signature.
  case notPNG
  /// A chunk runs past the end, has a bad CRC, or `IEND` is missing.
  case malformed(String)
  /// A text key is empty, longer than 79 bytes, or not printable Latin-1.
  case invalidKey(String)

  /// The reason as one phrase.
  package var description: String {
    switch self {
    case .notPNG: "not a PNG file (wrong signature)"
    case .malformed(let reason): "malformed PNG: \(reason)"
    case .invalidKey(let key): "invalid PNG text key '\(key)'"
    }
  }
}
