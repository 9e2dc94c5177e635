import Foundation

/// What a PNG file's header (its `IHDR` chunk) declares, read without decoding anything.
///
/// Reading the header costs the same for any image: comparing two files' sizes this way answers
/// "sizes differ" for a 16384×16384 image as quickly as for a 10×10 one, with no pixel memory.
///
/// ```swift
/// let header = try PNGHeader(data)
/// print(header.width, header.height)  // 1920 1080
/// ```
public struct PNGHeader: Hashable, Sendable {
  /// Width in pixels, at least 1.
  public var width: Int
  /// Height in pixels, at least 1.
  public var height: Int
  /// Bits per sample: 1, 2, 4, 8 or 16.
  public var bitDepth: Int
  /// The PNG colour type: 0 grey, 2 RGB, 3 palette, 4 grey with alpha, 6 RGBA.
  public var colourType: Int
  /// Whether the rows are stored interlaced (Adam7).
  public var isInterlaced: Bool

  /// The number of pixels the header declares.
  public var pixelCount: Int { width * height }

  /// Reads the header of a PNG file.
  ///
  /// The signature must come first, then an `IHDR` chunk of 13 bytes whose CRC matches; its
  /// sides must be at least 1. The size is not limited here: ``PNGCodec/decode(_:)`` refuses
  /// sides past 16384 when asked to decode.
  ///
  /// - Parameter data: the bytes of the file (only the first 33 are read).
  /// - Throws: `RenderError.notPNG` when the data does not start with the PNG signature,
  ///   `.damagedPNG` when the header is cut short, damaged or declares an impossible image.
  public init(_ data: Data) throws(RenderError) {
    let bytes = [UInt8](data.prefix(33))
    try self.init(bytes: bytes)
  }

  init(_ buffer: UnsafeRawBufferPointer) throws(RenderError) {
    try self.init(bytes: [UInt8](buffer.prefix(33)))
  }

  private init(bytes: [UInt8]) throws(RenderError) {
    let signature = PNGCodec.signature
    guard bytes.count >= signature.count, bytes.prefix(signature.count).elementsEqual(signature)
    else { throw .notPNG }
    guard bytes.count == 33 else { throw .damagedPNG(reason: "the file ends too early") }
    func number(at offset: Int) -> UInt32 {
      bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
    guard number(at: 8) == 13, bytes[12..<16].elementsEqual("IHDR".utf8),
      PNGCodec.crc32(bytes[12..<29]) == number(at: 29)
    else { throw .damagedPNG(reason: "its header is damaged") }
    let width = Int(number(at: 16))
    let height = Int(number(at: 20))
    let depth = Int(bytes[24])
    let colour = Int(bytes[25])
    let allowedDepths: [Int: Set<Int>] = [
      0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16],
    ]
    guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max),
      allowedDepths[colour]?.contains(depth) == true, bytes[26] == 0, bytes[27] == 0,
      bytes[28] <= 1
    else { throw .damagedPNG(reason: "its header declares an impossible image") }
    self.width = width
    self.height = height
    self.bitDepth = depth
    self.colourType = colour
    self.isInterlaced = bytes[28] == 1
  }
}
