import Foundation

extension PNGCodec {
  /// Rejects a file that is not a PNG, whose chunks do not fit in it, or whose header declares
  /// an image larger than the renderer would ever make, before a decoder sees it.
  ///
  /// A chunk length larger than what is left of the file can only belong to a damaged or cut
  /// file, yet a PNG library (libpng, or libspng without its chunk limits) would first allocate
  /// that many bytes (up to 2 GB) for it: a 100-byte file could make a check allocate gigabytes. The header's size is trusted only when its
  /// CRC matches; a header whose CRC does not is left for the decoder to report as damaged.
  /// CRCs of other chunks are left to the decoder too.
  ///
  /// - Throws: `RenderError.notPNG` without the PNG signature, `.imageTooLarge` for more than
  ///   16384 pixels a side, `.damagedPNG` saying the file ends too early when a chunk does not
  ///   fit or `IEND` is missing, as the decoder would, naming a chunk type that is not four
  ///   letters or a chunk whose CRC does not match, or saying there is no image data.
  static func checkChunks(_ data: Data) throws(RenderError) {
    var header: PNGHeader?
    var failure: PNGChunkError?
    var hasData = false
    data.withUnsafeBytes { bytes in
      do throws(PNGChunkError) {
        // The header first, whatever its CRC, so that an image too large is named as such.
        var peek = try PNGChunkWalk(bytes, verifyingCRC: false)
        if let first = try? peek.next(), first.type == PNGChunk.header,
          first.hasValidCRC(in: bytes)
        {
          header = PNGHeader(UnsafeRawBufferPointer(rebasing: bytes[first.data]))
        }
        var walk = try PNGChunkWalk(bytes, verifyingCRC: true)
        while let chunk = try walk.next() {
          if chunk.type == PNGChunk.imageData { hasData = true }
        }
      } catch {
        failure = error
      }
    }
    if let tooLarge = header?.tooLarge { throw tooLarge }
    guard let failure else {
      if !hasData { throw .damagedPNG(reason: "no image data (no IDAT chunk)") }
      return
    }
    switch failure {
    case .notPNG: throw .notPNG
    case _ where failure.isTruncation: throw .damagedPNG(reason: "the file ends too early")
    default: throw .damagedPNG(reason: failure.description)
    }
  }
}
