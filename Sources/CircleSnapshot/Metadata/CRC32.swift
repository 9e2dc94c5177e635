/// The CRC-32 of PNG chunks, zlib and gzip (polynomial 0xEDB88320, reflected, inverted).
///
/// ```swift
/// CRC32.checksum(Array("IEND".utf8)) == 0xAE42_6082
/// ```
public struct CRC32: Sendable {
  private static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 {
      value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
    }
    return value
  }

  /// The checksum of the bytes fed so far.
  public private(set) var value: UInt32 = 0

  /// Creates a checksum of no bytes (0).
  public init() {}

  /// Feeds more bytes.
  public mutating func update(_ bytes: some Sequence<UInt8>) {
    var register = ~value
    for byte in bytes {
      register = CRC32.table[Int((register ^ UInt32(byte)) & 0xFF)] ^ (register >> 8)
    }
    value = ~register
  }

  /// The checksum of a sequence of bytes.
  public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc = CRC32()
    crc.update(bytes)
    return crc.value
  }
}
