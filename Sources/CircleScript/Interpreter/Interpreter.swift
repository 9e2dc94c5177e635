import CircleCanvas
import UndoKit

/// Runs a parsed script against a canvas, one undo event per top-level command, handing each
/// new canvas state to its host as a frame.
///
/// Frame 0 is the start: the configured (or default) canvas, produced just before the first
/// command other than `canvas`, `limit`, `let` and `seed`, or at the end of a script that has
/// none. Then every top-level command that changes the canvas gives one frame: `add`, `remove`,
/// `move`, `set`, `front`, `back`, `clear`, `undo`, `redo`, and a `group` in which something
/// changed. A group is one undo step named by its string; nested groups fold into the outermost
/// one. A `repeat` runs its body as if it were written out that many times: at top level each
/// change in it is a step and a frame of its own, inside a group it is part of the group.
///
/// Variables and the generator of `random()` belong to the interpreter, so several scripts run
/// one after another (the entries of a REPL session) share them.
///
/// The first error or failed expectation stops the script: nothing after it runs. Inside a
/// loop, the failure carries a note naming the iteration. Groups left open by an error are
/// closed, so the canvas and its undo manager stay usable.
public final class Interpreter {
  /// The canvas the script draws on.
  public let canvas: Canvas
  let host: ScriptHost
  let evaluator = Evaluator()
  var nextFrameNumber = 0
  var hasProducedStart = false
  /// The outermost `repeat` running at top level: the frames its body makes are made at its line.
  var loopRange: SourceRange?
  /// The loops running now, outermost first, each at its pass.
  private(set) var iterations: [Frame.Iteration] = []
  /// The `render` being written, while the host writes it: where the host finds what a failure
  /// it learns of later is located at.
  package private(set) var renderSite: OutputSite?
  /// The changes the group now running has made, each with the circle it changed.
  private var groupChanges: [Frame.Change] = []
  /// Commands left before the run stops; see `maximumCommands`.
  private var commandsLeft = Int.max
  /// Where each circle was added by name, for notes on duplicate ids.
  var additions: [String: SourceRange] = [:]

  /// The most commands one call of `run(_:)` carries out by default: ten times a
  /// million-pass loop, and about what a history held in memory can afford (a group of ten
  /// million changes keeps ten million undo actions).
  public static let defaultMaximumCommands = 10_000_000

  /// The most commands one call of `run(_:)` carries out, each pass through a loop counting
  /// again; past it the script stops with an error at the command that would go over, so
  /// that `repeat 2147483647 { … }` ends instead of filling the memory or the disk.
  /// ``defaultMaximumCommands`` unless set; a fuzzer sets a small limit.
  public var maximumCommands = Interpreter.defaultMaximumCommands

  /// The most changes one run's undo history keeps by default: 2,000,000, about 720 MB at the
  /// 360 bytes each change keeps in a run (`circles run --frames none` of a group of 1,000,000
  /// moves peaks at 365 MB, of 1,000,000 moves at top level at 380 MB; 5 December 2026).
  public static let defaultMaximumKeptChanges = 2_000_000

  /// The most changes the undo history may keep — the inverses registered and still held, in
  /// its steps, its redo steps and the group being recorded — past which the run stops with an
  /// error at the change that went over; 0 is no bound. A `limit` lets old steps go and so
  /// keeps fewer; a group keeps every change made inside it.
  public var maximumKeptChanges = Interpreter.defaultMaximumKeptChanges

  /// Creates an interpreter.
  ///
  /// - Parameters:
  ///   - canvas: the canvas to draw on; a default 512×512 white canvas unless given.
  ///   - host: receives frames and renders and answers pixel queries; held strongly.
  public init(canvas: Canvas = Canvas(), host: ScriptHost) {
    self.canvas = canvas
    self.host = host
  }

  var undoManager: UndoManager { canvas.undoManager }

  /// The variables that have values, by name.
  public var variables: [String: Double] {
    get { evaluator.variables }
    set { evaluator.variables = newValue }
  }

  /// The generator behind `random()`, in its present state.
  package var generator: SplitMix64 {
    get { evaluator.generator }
    set { evaluator.generator = newValue }
  }

  /// Runs every statement of `script` in order.
  ///
  /// - Throws: `.error` for an error in the script or from the host (exit code 2),
  ///   `.expectationFailed` for a failed `expect` (exit code 1).
  public func run(_ script: Script) throws(ScriptFailure) {
    evaluator.bind(script.variables)
    commandsLeft = maximumCommands
    // The start frame shows the canvas as `canvas` set it up: it is made at that line, or at
    // the top of the script when there is none.
    var startRange = SourceRange(
      start: SourceLocation(file: script.fileName, line: 1, column: 1), length: 0)
    do {
      for statement in script.statements {
        if case .canvas = statement.command { startRange = statement.range }
        if !hasProducedStart, !isSetup(statement.command) {
          try produceStart(at: startRange)
        }
        try runTopLevel(statement, depth: 0)
      }
      if !hasProducedStart { try produceStart(at: startRange) }
    } catch {
      closeOpenGroups()
      throw error
    }
  }

  private func isSetup(_ command: Command) -> Bool {
    switch command {
    case .canvas, .limit, .let, .seed: true
    default: false
    }
  }

  /// Runs a statement outside any group; `depth` counts the loops around it.
  private func runTopLevel(_ statement: Statement, depth: Int) throws(ScriptFailure) {
    try count(statement)
    switch statement.command {
    case .canvas(let settings):
      guard depth == 0 else { throw misplaced(statement, inside: "a repeat") }
      try configure(settings)
    case .undo(let count):
      try undo(count: count, redo: false, statement)
    case .redo(let count):
      try undo(count: count, redo: true, statement)
    case .group(let name, let body):
      try checkDepth(depth, statement)
      let title = try text(name)
      var changed = false
      groupChanges = []
      try canvas.group(title) { () throws(ScriptFailure) in
        try runBody(body, changed: &changed, depth: depth + 1)
      }
      undoManager.endEvent()
      if changed {
        try produceFrame(
          action: currentUndoName(fallback: title), at: statement.range, changes: groupChanges)
      }
    case .repeat(let count, let variable, let body):
      try checkDepth(depth, statement)
      let outer = loopRange
      loopRange = outer ?? statement.range
      defer { loopRange = outer }
      try loop(count, variable, statement) { () throws(ScriptFailure) in
        for inner in body { try runTopLevel(inner, depth: depth + 1) }
      }
    case .if(let branches, let otherwise):
      try checkDepth(depth, statement)
      // As if the chosen branch's commands were written in place of the 'if'.
      for inner in try chosen(branches, otherwise) { try runTopLevel(inner, depth: depth + 1) }
    case .limit, .render, .expect, .let, .seed:
      try runSideCommand(statement)
    case .add, .remove, .move, .set, .front, .back, .clear:
      let change = try performChange(statement)
      undoManager.endEvent()
      try produceFrame(
        action: currentUndoName(fallback: change.action), at: statement.range,
        changes: [Frame.Change(circle: change.circle, range: statement.range)])
    }
  }

  /// Runs the statements of a group; sets `changed` when one of them changed the canvas.
  private func runBody(
    _ body: [Statement], changed: inout Bool, depth: Int
  ) throws(ScriptFailure) {
    for statement in body {
      try count(statement)
      switch statement.command {
      case .group(_, let inner):
        try checkDepth(depth, statement)
        try canvas.group("") { () throws(ScriptFailure) in
          try runBody(inner, changed: &changed, depth: depth + 1)
        }
      case .repeat(let count, let variable, let inner):
        try checkDepth(depth, statement)
        var innerChanged = changed
        try loop(count, variable, statement) { () throws(ScriptFailure) in
          try runBody(inner, changed: &innerChanged, depth: depth + 1)
        }
        changed = innerChanged
      case .if(let branches, let otherwise):
        try checkDepth(depth, statement)
        try runBody(try chosen(branches, otherwise), changed: &changed, depth: depth + 1)
      case .limit, .render, .expect, .let, .seed:
        try runSideCommand(statement)
      case .add, .remove, .move, .set, .front, .back, .clear:
        let change = try performChange(statement)
        groupChanges.append(Frame.Change(circle: change.circle, range: statement.range))
        changed = true
      case .canvas, .undo, .redo:
        throw misplaced(statement, inside: "a group")
      }
    }
  }

  /// The body of the first branch whose condition is true (not 0), else `otherwise`, else none;
  /// the conditions after the true one are not evaluated.
  private func chosen(
    _ branches: [Branch], _ otherwise: [Statement]?
  ) throws(ScriptFailure) -> [Statement] {
    for branch in branches where try number(branch.condition, .any) != 0 {
      return branch.body
    }
    return otherwise ?? []
  }

  /// Runs `body` as many times as `count` says, the variable counting from 0; a failure inside
  /// gets a note naming the iteration.
  private func loop(
    _ count: NumberExpression, _ variable: VariableName?, _ statement: Statement,
    _ body: () throws(ScriptFailure) -> Void
  ) throws(ScriptFailure) {
    let times = try self.count(count, Self.repeatRule)
    guard times > 0 else { return }
    iterations.append(
      Frame.Iteration(keyword: statement.keyword, index: 0, variable: variable?.name))
    defer { iterations.removeLast() }
    for iteration in 0..<times {
      if let variable { evaluator.assign(variable, Double(iteration)) }
      iterations[iterations.count - 1].index = iteration
      do {
        try body()
      } catch {
        throw error.noting(iterations[iterations.count - 1].note)
      }
    }
  }

  /// What the count of a `repeat` accepts.
  static let repeatRule = NumberRule.count("repeat count", 0...LineParser.largestCount)

  /// Counts a command against `maximumCommands`.
  private func count(_ statement: Statement) throws(ScriptFailure) {
    guard commandsLeft > 0 else {
      throw .error(
        .error(
          "the script runs more than \(maximumCommands) commands, the most one run carries out",
          at: statement.keyword))
    }
    commandsLeft -= 1
  }

  private func checkDepth(_ depth: Int, _ statement: Statement) throws(ScriptFailure) {
    guard depth < Parser.maximumGroupDepth else {
      throw .error(
        .error(
          "groups nested too deeply; at most \(Parser.maximumGroupDepth) levels are allowed",
          at: statement.keyword))
    }
  }

  private func misplaced(_ statement: Statement, inside block: String) -> ScriptFailure {
    .error(
      .error("'\(statement.command.word)' cannot be used inside \(block)", at: statement.keyword))
  }

  /// Runs a command that changes neither the canvas nor the undo history.
  private func runSideCommand(_ statement: Statement) throws(ScriptFailure) {
    switch statement.command {
    case .limit(let levels):
      undoManager.levelsOfUndo = try count(levels, .count("limit", 0...LineParser.largestCount))
    case .render(let template):
      let path = try text(template)
      try diagnosing { () throws(Diagnostic) in
        try LineParser.checkRenderPath(path, shown: path, at: template.range)
      }
      let site = OutputSite(
        output: .render(path: path, at: template.range), command: statement.range,
        iterations: iterations)
      renderSite = site
      defer { renderSite = nil }
      do {
        try host.scriptRender(canvas.state, toPath: path, at: statement.range)
      } catch {
        throw site.failure(error)
      }
    case .expect(let expectation):
      try check(expectation, statement)
    case .let(let variable, let value):
      evaluator.assign(variable, try number(value, .any))
    case .seed(let seed):
      let value = try count(seed, .count("seed", 0...LineParser.largestCount))
      evaluator.generator = SplitMix64(seed: UInt64(value))
    default:
      break
    }
  }
}

extension ScriptFailure {
  /// The failure with one more note on its diagnostic (syntax errors are left as they are).
  package func noting(_ note: Diagnostic.Note) -> ScriptFailure {
    switch self {
    case .error(var diagnostic):
      diagnostic.notes.append(note)
      return .error(diagnostic)
    case .expectationFailed(var diagnostic):
      diagnostic.notes.append(note)
      return .expectationFailed(diagnostic)
    case .syntax:
      return self
    }
  }
}
