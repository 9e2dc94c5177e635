/// Why the chunks of a PNG file could not be walked.
package enum PNGChunkError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The bytes do not start with the PNG signature.
  case notPNG
  /// Fewer bytes are left than a chunk's length, type and CRC take (at `offset`).
  case truncatedHeader(offset: Int)
  /// The chunk at `offset` claims more bytes than the file holds.
  case truncatedChunk(offset: Int)
  /// The type at `offset` is not four ASCII letters.
  case badType(offset: Int)
  /// The CRC stored in a chunk of type `name` does not match its type and data.
  case badCRC(name: String)
  /// The file ends without an `IEND` chunk.
  case noEnd

  /// Whether the file is cut short, rather than damaged within.
  package var isTruncation: Bool {
    switch self {
    case .truncatedHeader, .truncatedChunk, .noEnd: true
    case .notPNG, .badType, .badCRC: false
    }
  }

  /// The reason as one lower-case phrase, such as `bad CRC in IHDR chunk`.
  package var description: String {
    switch self {
    case .notPNG: "not a PNG file"
    case .truncatedHeader: "truncated chunk header"
    case .truncatedChunk: "truncated chunk"
    case .badType(let offset): "bad chunk type at byte \(offset)"
    case .badCRC(let name): "bad CRC in \(name) chunk"
    case .noEnd: "no IEND chunk"
    }
  }
}
