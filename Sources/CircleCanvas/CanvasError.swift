/// Why a canvas refused a change; nothing is changed when one is thrown.
///
/// Each case reads as one terse lower-case phrase through `description`, in the words a
/// compiler would use (`no circle named 'moon'`), naming the value that was wrong.
public enum CanvasError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No circle on the canvas has this id.
  case unknownID(String)
  /// A circle with this id is already on the canvas.
  case duplicateID(String)
  /// The id is not a letter or `_` followed by letters, digits, `_` or `-`.
  case invalidID(String)
  /// A value (`coordinates`, `radius`, `width`, `opacity`, `scale`) is infinite or not a number.
  case notFinite(String)
  /// A value is below its smallest allowed value: `radius must be at least 0, not -3`.
  case belowMinimum(String, value: Double, minimum: Double)
  /// A value is above its largest allowed value: `radius must be at most 1000000, not 2e+06`.
  case aboveMaximum(String, value: Double, maximum: Double)
  /// A value that must be positive is not: `scale must be greater than 0, not -1`.
  case notPositive(String, value: Double)
  /// A value is outside a closed range: `opacity must be between 0 and 1, not 1.5`.
  case outsideRange(String, value: Double, minimum: Double, maximum: Double)
  /// The canvas would render to more than 16384 pixels on a side.
  case imageTooLarge(width: Int, height: Int, scale: Double)
  /// A change with no property set was asked for the circle with this id.
  case emptyChange(String)

  /// The error as one lower-case phrase.
  public var description: String {
    switch self {
    case .unknownID(let id):
      return "no circle named '\(id)'"
    case .duplicateID(let id):
      return "a circle named '\(id)' already exists"
    case .invalidID(let id):
      return "'\(id)' is not a valid circle name; start with a letter or '_' and go on with "
        + "letters, digits, '_' or '-'"
    case .notFinite(let name):
      return "\(name) must be finite"
    case .belowMinimum(let name, let value, let minimum):
      return "\(name) must be at least \(Point.format(minimum)), not \(Point.format(value))"
    case .aboveMaximum(let name, let value, let maximum):
      return "\(name) must be at most \(Point.format(maximum)), not \(Point.format(value))"
    case .notPositive(let name, let value):
      return "\(name) must be greater than 0, not \(Point.format(value))"
    case .outsideRange(let name, let value, let minimum, let maximum):
      return "\(name) must be between \(Point.format(minimum)) and \(Point.format(maximum)), "
        + "not \(Point.format(value))"
    case .imageTooLarge(let width, let height, let scale):
      return "canvas \(width)x\(height) at scale \(Point.format(scale)) is too large; "
        + "each side × scale must be at most \(Canvas.maximumPixelSide)"
    case .emptyChange(let id):
      return "no property to change on '\(id)'"
    }
  }
}
