import CircleCanvas

/// A parsed `.circles` script: its statements in order, ready to run.
public struct Script: Hashable, Sendable {
  /// The name used for the script in diagnostics.
  public var fileName: String
  /// The top-level statements; groups hold their own.
  public var statements: [Statement]

  /// Creates a script.
  public init(fileName: String, statements: [Statement]) {
    self.fileName = fileName
    self.statements = statements
  }
}

/// One command of a script and where it is.
public struct Statement: Hashable, Sendable {
  /// What the command does.
  public var command: Command
  /// The command's first word (`add`, `group`).
  public var keyword: SourceRange
  /// The whole command on its line, from the first word to the end of the last token.
  public var range: SourceRange

  /// Creates a statement.
  public init(command: Command, keyword: SourceRange, range: SourceRange) {
    self.command = command
    self.keyword = keyword
    self.range = range
  }
}

/// A command of the language (SPEC §3), one case per command.
public indirect enum Command: Hashable, Sendable {
  /// `canvas WxH [background <c>] [scale <n>]`.
  case canvas(CanvasSettings)
  /// `add [<id>] at <x>,<y> radius <r> [fill <c>] [stroke <c>] [width <w>] [opacity <o>]`;
  /// `id` is `nil` for an automatic name. `center` and `radius` are always present.
  case add(id: Located<String>?, properties: CircleProperties)
  /// `remove <id>`.
  case remove(id: Located<String>)
  /// `move <id> to <x>,<y>` or `move <id> by <dx>,<dy>`.
  case move(id: Located<String>, motion: Motion, point: Located<Point>)
  /// `set <id> ...`, with at least one property.
  case set(id: Located<String>, properties: CircleProperties)
  /// `front <id>`.
  case front(id: Located<String>)
  /// `back <id>`.
  case back(id: Located<String>)
  /// `clear`.
  case clear
  /// `undo [<n>]`; `nil` means one step.
  case undo(count: Located<Int>?)
  /// `redo [<n>]`; `nil` means one step.
  case redo(count: Located<Int>?)
  /// `group "<name>" { ... }`.
  case group(name: Located<String>, body: [Statement])
  /// `limit <n>`: the number of undo levels kept, 0 for unlimited.
  case limit(Located<Int>)
  /// `render <file.png>`: a path relative to the output folder.
  case render(path: Located<String>)
  /// `expect ...`.
  case expect(Expectation)

  /// Whether running the command changes the canvas and so makes an undo step and a frame.
  ///
  /// A group changes the canvas only if something inside it does, which is known only when
  /// it runs; it is counted here as a change.
  public var isChange: Bool {
    switch self {
    case .add, .remove, .move, .set, .front, .back, .clear, .undo, .redo, .group: true
    case .canvas, .limit, .render, .expect: false
    }
  }
}

/// How `move` interprets its point.
public enum Motion: String, Hashable, Sendable {
  /// `to`: the new centre.
  case to
  /// `by`: an offset added to the centre.
  case by
}

/// The settings of a `canvas` command.
public struct CanvasSettings: Hashable, Sendable {
  /// Width in points, 1…16384.
  public var width: Int
  /// Height in points, 1…16384.
  public var height: Int
  /// Where `WxH` was written.
  public var sizeRange: SourceRange
  /// The background, if given (default white).
  public var background: Located<Colour>?
  /// Pixels per point, if given (default 1).
  public var scale: Located<Double>?

  /// Creates canvas settings.
  public init(
    width: Int, height: Int, sizeRange: SourceRange, background: Located<Colour>? = nil,
    scale: Located<Double>? = nil
  ) {
    self.width = width
    self.height = height
    self.sizeRange = sizeRange
    self.background = background
    self.scale = scale
  }
}

/// The circle properties given to `add` or `set`; `nil` where not given.
public struct CircleProperties: Hashable, Sendable {
  /// `at <x>,<y>`.
  public var center: Located<Point>?
  /// `radius <r>` or `r <r>`.
  public var radius: Located<Double>?
  /// `fill <colour>`.
  public var fill: Located<Colour>?
  /// `stroke <colour>`.
  public var stroke: Located<Colour>?
  /// `width <w>`: the stroke width.
  public var strokeWidth: Located<Double>?
  /// `opacity <o>`.
  public var opacity: Located<Double>?

  /// Creates a set of properties; all are absent unless given.
  public init(
    center: Located<Point>? = nil, radius: Located<Double>? = nil, fill: Located<Colour>? = nil,
    stroke: Located<Colour>? = nil, strokeWidth: Located<Double>? = nil,
    opacity: Located<Double>? = nil
  ) {
    self.center = center
    self.radius = radius
    self.fill = fill
    self.stroke = stroke
    self.strokeWidth = strokeWidth
    self.opacity = opacity
  }

  /// Whether no property is given.
  public var isEmpty: Bool {
    center == nil && radius == nil && fill == nil && stroke == nil && strokeWidth == nil
      && opacity == nil
  }
}

/// What an `expect` command checks.
public enum Expectation: Hashable, Sendable {
  /// `expect count <n>`: the number of circles.
  case count(Located<Int>)
  /// `expect undo "<name>"`, or `expect undo none` (`nil`): the next undo step.
  case undo(Located<String>?)
  /// `expect redo "<name>"`, or `expect redo none` (`nil`): the next redo step.
  case redo(Located<String>?)
  /// `expect pixel <x>,<y> <colour> [within <d>]`: the pixel under a point, each channel
  /// within `tolerance` (default 0) of the colour.
  case pixel(point: Located<Point>, colour: Located<Colour>, tolerance: Located<Int>?)
}
