import Foundation

extension PNGHeader {
  /// Reads the header of a PNG file: the signature, then an `IHDR` chunk of 13 bytes whose CRC
  /// matches, declaring sides of at least 1 and a valid bit depth for its colour type.
  ///
  /// The size is not limited here: ``PNGCodec/decode(_:)`` refuses sides past 16384 when asked
  /// to decode.
  ///
  /// - Parameter data: the bytes of the file (only the first 33 are read).
  /// - Throws: `RenderError.notPNG` when the data does not start with the PNG signature,
  ///   `.damagedPNG` when the header is cut short, damaged or declares an impossible image.
  public init(_ data: Data) throws(RenderError) {
    let bytes = [UInt8](data.prefix(33))
    guard PNGChunkWalk.hasSignature(bytes) else { throw .notPNG }
    guard bytes.count == 33 else { throw .damagedPNG(reason: "the file ends too early") }
    let fields = bytes.withUnsafeBytes { raw -> PNGHeader? in
      let chunk = PNGChunk(type: PNGChunk.header, bytes: 8..<33)
      let length = raw[8..<12].reduce(0) { $0 << 8 | Int($1) }
      let type = raw[12..<16].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      guard length == 13, type == PNGChunk.header, chunk.hasValidCRC(in: raw) else { return nil }
      return PNGHeader(UnsafeRawBufferPointer(rebasing: raw[chunk.data]))
    }
    guard let fields else { throw .damagedPNG(reason: "its header is damaged") }
    let allowedDepths: [UInt8: Set<UInt8>] = [
      0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16],
    ]
    guard fields.width > 0, fields.height > 0, fields.width <= Int(Int32.max),
      fields.height <= Int(Int32.max),
      allowedDepths[fields.colourType]?.contains(fields.bitDepth) == true,
      fields.compression == 0, fields.filter == 0, fields.interlace <= 1
    else { throw .damagedPNG(reason: "its header declares an impossible image") }
    self = fields
  }

  /// The number of pixels the header declares.
  public var pixelCount: Int { width * height }

  /// Whether the rows are stored interlaced (Adam7).
  public var isInterlaced: Bool { interlace == 1 }
}
