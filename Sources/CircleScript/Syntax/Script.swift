import CircleCanvas

/// A parsed `.circles` script: its statements in order, ready to run.
public struct Script: Hashable, Sendable {
  /// The name used for the script in diagnostics.
  public var fileName: String
  /// The top-level statements; groups and loops hold their own.
  package var statements: [Statement]
  /// The names of the variables the script uses, in order of first appearance; expressions
  /// and `VariableName.index` refer to them by position.
  package var variables: [String]
  /// The procedures the script defines with `def`, by name.
  package var procedures: [String: Procedure]

  /// Creates a script.
  package init(
    fileName: String, statements: [Statement], variables: [String] = [],
    procedures: [String: Procedure] = [:]
  ) {
    self.fileName = fileName
    self.statements = statements
    self.variables = variables
    self.procedures = procedures
  }
}

/// A procedure: `def <name>(<parameter>, …) { … }`, run by a call as if its body were written
/// out at the call, its parameters and `let`s being locals of the call.
package struct Procedure: Hashable, Sendable {
  /// The name as written.
  package var name: String
  /// Where the name is written on the `def` line.
  package var nameRange: SourceRange
  /// The whole `def` line.
  package var range: SourceRange
  /// The parameters, in order.
  package var parameters: [VariableName]
  /// The commands the body holds.
  package var body: [Statement]
  /// For each variable number that names a local of a call (a parameter, or a name a `let` or
  /// a `repeat … as` inside the body binds), its place among the call's locals.
  package var locals: [Int: Int]

  /// Creates a procedure.
  package init(
    name: String, nameRange: SourceRange, range: SourceRange, parameters: [VariableName],
    body: [Statement], locals: [Int: Int]
  ) {
    self.name = name
    self.nameRange = nameRange
    self.range = range
    self.parameters = parameters
    self.body = body
    self.locals = locals
  }

  /// `name(a, b)`, as hover and messages show it.
  package var signature: String {
    "\(name)(\(parameters.map(\.name).joined(separator: ", ")))"
  }
}

/// One command of a script and where it is.
package struct Statement: Hashable, Sendable {
  /// What the command does.
  package var command: Command
  /// The command's first word (`add`, `group`).
  package var keyword: SourceRange
  /// The whole command on its line, from the first word to the end of the last token.
  package var range: SourceRange

  /// Creates a statement.
  package init(command: Command, keyword: SourceRange, range: SourceRange) {
    self.command = command
    self.keyword = keyword
    self.range = range
  }
}

/// A command of the language (docs/language.md, "Commands"), one case per command.
///
/// Values that may be computed are expressions (`NumberExpression`, `PointExpression`,
/// `ColourExpression`, `InterpolatedText`), evaluated each time the command runs.
package indirect enum Command: Hashable, Sendable {
  /// `canvas WxH [background <c>] [scale <n>]`.
  case canvas(CanvasSettings)
  /// `add [<id>] at <x>,<y> radius <r> [fill <c>] [stroke <c>] [width <w>] [opacity <o>]`;
  /// `id` is `nil` for an automatic name. `center` and `radius` are always present.
  case add(id: InterpolatedText?, properties: CircleProperties)
  /// `remove <id>`.
  case remove(id: InterpolatedText)
  /// `move <id> to <x>,<y>` or `move <id> by <dx>,<dy>`.
  case move(id: InterpolatedText, motion: Motion, point: PointExpression)
  /// `set <id> ...`, with at least one property.
  case set(id: InterpolatedText, properties: CircleProperties)
  /// `front <id>`.
  case front(id: InterpolatedText)
  /// `back <id>`.
  case back(id: InterpolatedText)
  /// `clear`.
  case clear
  /// `undo [<n>]`; `nil` means one step.
  case undo(count: NumberExpression?)
  /// `redo [<n>]`; `nil` means one step.
  case redo(count: NumberExpression?)
  /// `group "<name>" { ... }`.
  case group(name: InterpolatedText, body: [Statement])
  /// `limit <n>`: the number of undo levels kept, 0 for unlimited.
  case limit(NumberExpression)
  /// `render <file.png>`: a path relative to the output folder.
  case render(path: InterpolatedText)
  /// `expect ...`.
  case expect(Expectation)
  /// `let <name> = <expression>`.
  case `let`(VariableName, value: NumberExpression)
  /// `seed <n>`: restarts the generator of `random()` from `n`.
  case seed(NumberExpression)
  /// `repeat <count> [as <name>] { ... }`: the body `count` times, the name counting from 0.
  case `repeat`(count: NumberExpression, variable: VariableName?, body: [Statement])
  /// `if <condition> { ... } else if <condition> { ... } else { ... }`: the body of the first
  /// branch whose condition is true (not 0), else the `else` body, if any.
  case `if`(branches: [Branch], otherwise: [Statement]?)
  /// `<name>(<expression>, …)`: a call of the procedure `name`, with its arguments;
  /// `nameRange` is where the name is written.
  case call(name: String, nameRange: SourceRange, arguments: [NumberExpression])
  /// `return`: leaves the procedure running.
  case `return`
}

/// One branch of an `if`: its condition, its body, and the line that opens it (`if …` or
/// `} else if …`).
package struct Branch: Hashable, Sendable {
  /// The condition, true when not 0.
  package var condition: NumberExpression
  /// The commands run when it is the first true one.
  package var body: [Statement]
  /// The word `if` of the line.
  package var keyword: SourceRange
  /// The whole line.
  package var range: SourceRange

  package init(
    condition: NumberExpression, body: [Statement], keyword: SourceRange, range: SourceRange
  ) {
    self.condition = condition
    self.body = body
    self.keyword = keyword
    self.range = range
  }
}

/// How `move` interprets its point.
package enum Motion: String, Hashable, Sendable {
  /// `to`: the new centre.
  case to
  /// `by`: an offset added to the centre.
  case by
}

/// The settings of a `canvas` command.
package struct CanvasSettings: Hashable, Sendable {
  /// Width in points, 1…16384.
  package var width: Int
  /// Height in points, 1…16384.
  package var height: Int
  /// Where `WxH` was written.
  package var sizeRange: SourceRange
  /// The background, if given (default white).
  package var background: ColourExpression?
  /// Pixels per point, if given (default 1).
  package var scale: NumberExpression?

  /// Creates canvas settings.
  package init(
    width: Int, height: Int, sizeRange: SourceRange, background: ColourExpression? = nil,
    scale: NumberExpression? = nil
  ) {
    self.width = width
    self.height = height
    self.sizeRange = sizeRange
    self.background = background
    self.scale = scale
  }
}

/// The circle properties given to `add` or `set`; `nil` where not given.
package struct CircleProperties: Hashable, Sendable {
  /// `at <x>,<y>`.
  package var center: PointExpression?
  /// `radius <r>` or `r <r>`.
  package var radius: NumberExpression?
  /// `fill <colour>`.
  package var fill: ColourExpression?
  /// `stroke <colour>`.
  package var stroke: ColourExpression?
  /// `width <w>`: the stroke width.
  package var strokeWidth: NumberExpression?
  /// `opacity <o>`.
  package var opacity: NumberExpression?

  /// Creates a set of properties; all are absent unless given.
  package init(
    center: PointExpression? = nil, radius: NumberExpression? = nil,
    fill: ColourExpression? = nil, stroke: ColourExpression? = nil,
    strokeWidth: NumberExpression? = nil, opacity: NumberExpression? = nil
  ) {
    self.center = center
    self.radius = radius
    self.fill = fill
    self.stroke = stroke
    self.strokeWidth = strokeWidth
    self.opacity = opacity
  }

  /// Whether no property is given.
  package var isEmpty: Bool {
    center == nil && radius == nil && fill == nil && stroke == nil && strokeWidth == nil
      && opacity == nil
  }
}

/// What an `expect` command checks.
package enum Expectation: Hashable, Sendable {
  /// `expect count <n>`: the number of circles.
  case count(NumberExpression)
  /// `expect undo "<name>"`, or `expect undo none` (`nil`): the next undo step.
  case undo(InterpolatedText?)
  /// `expect redo "<name>"`, or `expect redo none` (`nil`): the next redo step.
  case redo(InterpolatedText?)
  /// `expect pixel <x>,<y> <colour> [within <d>]`: the pixel under a point, each channel
  /// within `tolerance` (default 0) of the colour.
  case pixel(point: PointExpression, colour: ColourExpression, tolerance: NumberExpression?)
}
