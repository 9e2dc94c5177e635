import Foundation

/// A picture filtered into scanlines, ready to be compressed into a PNG file.
package struct PreparedPNG: Sendable {
  let bands: PNGBands

  /// Compresses the bands not shared with an earlier frame (on every core when the picture is
  /// large) and returns the PNG file; waits for shared bands still being compressed elsewhere.
  package func encode() throws(RenderError) -> Data {
    let threads =
      bands.scanlines.count >= PNGWriter.parallelThreshold
      ? ProcessInfo.processInfo.activeProcessorCount : 1
    bands.compressOwnBands(threads: threads)
    return try PNGWriter.file(from: bands)
  }
}
