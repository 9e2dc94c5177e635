import Foundation

/// Messages of the Language Server Protocol as they travel: a `Content-Length` header, an empty
/// line, then that many bytes of JSON.
struct LSPFraming {
  /// The largest message read: 96 MiB, room for a script of the 64 MiB a script may hold and
  /// its JSON escapes (docs/language-server.md). A larger one is skipped, never held.
  static let sizeLimit = 96 << 20

  /// Why a message could not be read.
  enum Problem: Error, Equatable {
    /// The input ended.
    case end
    /// A header without a usable `Content-Length`: the stream cannot be followed any further.
    case badHeader(String)
    /// A body of this many bytes, over `sizeLimit`: skipped without being kept, so that the
    /// next message can be read.
    case tooLarge(Int)
  }

  private let read: (UnsafeMutableRawBufferPointer) -> Int
  private let ready: () -> Bool
  private var buffer: [UInt8] = []
  private var start = 0

  /// Reads from a function that fills a buffer and returns how many bytes it read (0 at the
  /// end of the input); `ready` tells whether the input has bytes that can be read at once.
  init(
    read: @escaping (UnsafeMutableRawBufferPointer) -> Int, ready: @escaping () -> Bool = { false }
  ) {
    self.read = read
    self.ready = ready
  }

  /// Reads standard input.
  static func standardInput() -> LSPFraming {
    LSPFraming(
      read: { buffer in
        while true {
          let count = Foundation.read(STDIN_FILENO, buffer.baseAddress, buffer.count)
          if count >= 0 { return count }
          if errno != EINTR { return 0 }
        }
      },
      ready: {
        var waiting = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&waiting, 1, 0) > 0 && waiting.revents & Int16(POLLIN) != 0
      })
  }

  /// Whether more of the input is there already, buffered or waiting to be read: the start of
  /// another message.
  var hasMoreInput: Bool {
    buffer.count > start || ready()
  }

  /// The next message's body.
  mutating func next() throws(Problem) -> Data {
    var length: Int?
    while true {
      let line = try headerLine()
      if line.isEmpty { break }
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2 else { throw .badHeader("a header line without ':'") }
      if parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" {
        guard let value = Int(parts[1].trimmingCharacters(in: .whitespaces)), value >= 0 else {
          throw .badHeader("Content-Length is not a whole number")
        }
        length = value
      }
    }
    guard let length else { throw .badHeader("a message without Content-Length") }
    guard length <= Self.sizeLimit else {
      try skip(length)
      throw .tooLarge(length)
    }
    try fill(length)
    defer { start += length }
    return Data(buffer[start..<start + length])
  }

  /// A header line without its `\r\n`.
  private mutating func headerLine() throws(Problem) -> String {
    var scanned = start
    while true {
      while scanned + 1 < buffer.count {
        if buffer[scanned] == 13, buffer[scanned + 1] == 10 {
          let line = String(decoding: buffer[start..<scanned], as: UTF8.self)
          start = scanned + 2
          return line
        }
        scanned += 1
      }
      guard buffer.count - start < 8192 else { throw .badHeader("a header line too long") }
      scanned -= try more()
    }
  }

  /// Reads past `count` bytes, keeping none of them.
  private mutating func skip(_ count: Int) throws(Problem) {
    var left = count
    while left > 0 {
      if buffer.count == start { try more() }
      let taken = min(left, buffer.count - start)
      start += taken
      left -= taken
    }
  }

  /// Reads until `count` bytes are buffered after `start`.
  private mutating func fill(_ count: Int) throws(Problem) {
    while buffer.count - start < count { try more() }
  }

  /// Reads more bytes, dropping those already taken.
  ///
  /// - Returns: how many bytes were dropped from the buffer's front.
  @discardableResult
  private mutating func more() throws(Problem) -> Int {
    let dropped = start
    if start > 0 {
      buffer.removeFirst(start)
      start = 0
    }
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    let count = chunk.withUnsafeMutableBytes { read($0) }
    guard count > 0 else { throw .end }
    buffer += chunk[0..<count]
    return dropped
  }

  /// A message framed for writing.
  static func frame(_ body: Data) -> Data {
    Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
  }
}
