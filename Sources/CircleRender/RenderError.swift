import CircleCanvas
import CircleSystem

/// What can go wrong while drawing, encoding, decoding or writing an image.
///
/// Each case reads as one terse lower-case phrase through `description`, naming the thing that
/// failed and, where it helps, the reason.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The image would have more pixels on a side than Cairo or the canvas allows (16384).
  case imageTooLarge(width: Int, height: Int)
  /// The image has no pixels: a side is 0 (or negative).
  case emptyImage(width: Int, height: Int)
  /// The canvas scale is zero, negative, infinite or not a number.
  case invalidScale(Double)
  /// The data does not start with the PNG signature.
  case notPNG
  /// The data starts like a PNG but cannot be decoded: it is cut short or damaged.
  case damagedPNG(reason: String)
  /// Cairo reported an error while doing `operation` (`create a surface`, `draw`, …).
  case cairo(operation: String, reason: String)
  /// An image file could not be written at `path` (see ``init(_:)``).
  case cannotWrite(path: String, reason: String)
  /// A pixel was asked for at `x,y`, outside the `width × height` image.
  case pixelOutsideImage(x: Int, y: Int, width: Int, height: Int)
  /// There was not enough memory to do `operation` (`create a 16384×16384 surface`, …).
  case outOfMemory(operation: String)
  /// The compressor (zlib or igzip) failed while compressing the rows of a PNG file.
  case compressionFailed

  /// The error for an image file that could not be written: `.cannotWrite` with the file
  /// error's path and reason.
  package init(_ error: FileError) {
    self = .cannotWrite(path: error.path, reason: error.reason)
  }

  /// Runs a file operation of an image's writing, its failure as `.cannotWrite`.
  @discardableResult
  package static func writing<T>(_ body: () throws(FileError) -> T) throws(RenderError) -> T {
    do {
      return try body()
    } catch {
      throw RenderError(error)
    }
  }

  /// The error as one lower-case phrase, e.g. `image too large: 20000×10 pixels`.
  public var description: String {
    switch self {
    case .imageTooLarge(let width, let height):
      return "image too large: \(width)×\(height) pixels"
    case .emptyImage(let width, let height):
      return "image has no pixels: \(width)×\(height)"
    case .invalidScale(let scale):
      return "scale must be a positive finite number, not \(Point.format(scale))"
    case .notPNG:
      return "not a PNG file"
    case .damagedPNG(let reason):
      return "damaged PNG file: \(reason)"
    case .cairo(let operation, let reason):
      return "cairo could not \(operation): \(reason)"
    case .cannotWrite(let path, let reason):
      return "cannot write '\(path)': \(reason)"
    case .pixelOutsideImage(let x, let y, let width, let height):
      return "pixel \(x),\(y) is outside the \(width)×\(height) image"
    case .outOfMemory(let operation):
      return "not enough memory to \(operation)"
    case .compressionFailed:
      return "the PNG compressor failed"
    }
  }
}
