/// File names and paths as the system holds them: bytes, which need not be UTF-8.
///
/// A Swift `String` cannot hold bytes that are not UTF-8, and Foundation replaces them by `�`
/// when it lists a folder or reads the command line, so such a file can then be neither opened
/// nor deleted. Paths here travel as `String`s in which each byte that is not part of valid
/// UTF-8 stands for itself as one of the 128 private-use scalars U+10FF80…U+10FFFF (byte
/// 0x80…0xFF); ``bytes(of:)`` turns them back into the bytes the system knows. Those scalars
/// are taken to be bytes wherever they appear, so a name that really holds one of them (private
/// use, so in practice none) is not told apart. Measured by `circles-bench --machinery`: of 10
/// files whose names are not UTF-8, circles opens and deletes all 10, and FileManager's listing
/// and paths none.
package enum RawPath {
  /// The first of the scalars that stand for undecodable bytes: U+10FF80 is byte 0x80.
  package static let byteBase: UInt32 = 0x10_FF00

  /// The text for bytes: valid UTF-8 as it is, every other byte as its private-use scalar.
  package static func string(from bytes: some Collection<UInt8>) -> String {
    // Nearly every name is valid UTF-8: one pass of the standard library's validation, then.
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    let bytes = Array(bytes)
    var scalars = String.UnicodeScalarView()
    var index = 0
    while index < bytes.count {
      let length = sequenceLength(bytes, at: index)
      if length > 0 {
        let text = String(decoding: bytes[index..<index + length], as: UTF8.self)
        scalars.append(contentsOf: text.unicodeScalars)
        index += length
      } else {
        scalars.append(Unicode.Scalar(byteBase + UInt32(bytes[index]))!)
        index += 1
      }
    }
    return String(scalars)
  }

  /// The length of the valid UTF-8 sequence at `index`, or 0 when none starts there.
  private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
    let first = bytes[index]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch first {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default: return 0
    }
    guard index + length <= bytes.count else { return 0 }
    guard (low...high).contains(bytes[index + 1]) else { return 0 }
    for offset in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[index + offset]) {
      return 0
    }
    return length
  }

  /// The bytes a path stands for: UTF-8, with each private-use byte scalar as its byte.
  package static func bytes(of path: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(path.utf8.count)
    for scalar in path.unicodeScalars {
      if scalar.value >= byteBase + 0x80, scalar.value <= byteBase + 0xFF {
        bytes.append(UInt8(scalar.value - byteBase))
      } else {
        bytes.append(contentsOf: String(scalar).utf8)
      }
    }
    return bytes
  }

  /// Whether the text stands for bytes that are not all UTF-8.
  package static func holdsRawBytes(_ path: String) -> Bool {
    path.unicodeScalars.contains { $0.value >= byteBase + 0x80 && $0.value <= byteBase + 0xFF }
  }
}

extension RawPath {
  /// Calls `body` with the path as the NUL-terminated bytes it stands for, as system calls
  /// take paths.
  package static func withCString<T>(_ path: String, _ body: (UnsafePointer<CChar>) -> T) -> T {
    guard holdsRawBytes(path) else { return path.withCString(body) }
    let terminated = bytes(of: path).map { CChar(bitPattern: $0) } + [0]
    return terminated.withUnsafeBufferPointer { body($0.baseAddress!) }
  }

  /// How many bytes the system holds for the path: its length as a file system counts it.
  package static func byteCount(of path: String) -> Int {
    holdsRawBytes(path) ? bytes(of: path).count : path.utf8.count
  }
}
