/// What the header chunk (`IHDR`) of a PNG file declares: the image's size and how its pixels
/// are stored.
///
/// ``init(_:)-(Data)`` reads it from a file without decoding anything: comparing two files'
/// sizes this way answers "sizes differ" for a 16384×16384 image as quickly as for a 10×10 one,
/// with no pixel memory.
///
/// ```swift
/// let header = try PNGHeader(data)
/// print(header.width, header.height)  // 1920 1080
/// ```
public struct PNGHeader: Hashable, Sendable {
  /// Pixels a row.
  public var width: Int
  /// Rows.
  public var height: Int
  /// Bits a sample: 1, 2, 4, 8 or 16.
  public var bitDepth: UInt8
  /// 0 grey, 2 RGB, 3 palette, 4 grey and alpha, 6 RGBA.
  public var colourType: UInt8
  /// The compression method (0, deflate, is the only one defined).
  package var compression: UInt8
  /// The filter method (0, adaptive, is the only one defined).
  package var filter: UInt8
  /// 0 not interlaced, 1 Adam7.
  public var interlace: UInt8

  /// `.imageTooLarge` when a side is past what circles renders or decodes (16384 pixels), as
  /// every reader refuses it before sizing anything by it; `nil` otherwise.
  package var tooLarge: RenderError? {
    width > CairoSurface.maximumSide || height > CairoSurface.maximumSide
      ? .imageTooLarge(width: width, height: height) : nil
  }

  /// Reads the data of a header chunk; `nil` unless it is 13 bytes long.
  package init?(_ data: UnsafeRawBufferPointer) {
    guard data.count == 13 else { return nil }
    func number(_ offset: Int) -> Int {
      (0..<4).reduce(0) { $0 << 8 | Int(data[offset + $1]) }
    }
    width = number(0)
    height = number(4)
    bitDepth = data[8]
    colourType = data[9]
    compression = data[10]
    filter = data[11]
    interlace = data[12]
  }

  /// The data of a header chunk: 13 bytes.
  package var data: [UInt8] {
    var bytes: [UInt8] = []
    PNGChunk.appendBigEndian(UInt32(width), to: &bytes)
    PNGChunk.appendBigEndian(UInt32(height), to: &bytes)
    return bytes + [bitDepth, colourType, compression, filter, interlace]
  }

  /// Creates a header.
  package init(
    width: Int, height: Int, bitDepth: UInt8, colourType: UInt8, compression: UInt8 = 0,
    filter: UInt8 = 0, interlace: UInt8 = 0
  ) {
    self.width = width
    self.height = height
    self.bitDepth = bitDepth
    self.colourType = colourType
    self.compression = compression
    self.filter = filter
    self.interlace = interlace
  }
}
