import CircleCanvas

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
  /// A file or folder could not be written at `path`.
  case cannotWrite(path: String, reason: String)
  /// Memory for an image could not be had: `bytes` were asked for.
  case outOfMemory(bytes: Int)

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
    case .outOfMemory(let bytes):
      let mebibytes = bytes >> 20 + (bytes & (1 << 20 - 1) == 0 ? 0 : 1)
      return "not enough memory for an image of \(mebibytes) MiB"
    }
  }
}
