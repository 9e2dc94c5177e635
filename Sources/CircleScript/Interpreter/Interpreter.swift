import CircleCanvas
import CircleSystem
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
  /// The outermost `repeat` or call running at top level: the frames its body makes are made
  /// at its line.
  var anchor: SourceRange?
  /// The loop passes and calls running now, outermost first.
  private(set) var contexts: [Frame.Context] = []
  /// Whether the failure being thrown has the notes of `contexts` already.
  private var contextNoted = false
  /// The procedures of the scripts run so far, by name, each with the binding of its script's
  /// variable numbers.
  private var procedures: [String: (procedure: Procedure, binding: [Int])] = [:]
  /// How many calls are running, one inside the other.
  private var callDepth = 0
  /// The blocks and calls around the body running, outside it.
  private var outerNesting = 0
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

  /// The deepest calls nest: a procedure that calls itself without end stops with an error at
  /// the call past this depth (docs/language.md, "Procedures").
  public static let maximumCallDepth = 1000

  /// The deepest calls and the blocks around them nest, counted together, past which a call
  /// stops with an error: 10 blocks around each of 1000 nested calls.
  public static let maximumNesting = 10_000

  /// The stack of the thread that runs a script with procedures: room for
  /// ``maximumNesting`` levels and the 100 blocks of the innermost body. 10,000 levels took
  /// 16–24 MiB in a release build and 96–112 MiB in a debug build (1000 calls, each inside 9
  /// blocks; 5 December 2026), so 512 MiB leaves room for a sanitizer's larger frames. The
  /// stack is address space: its pages are used only as deep as the calls go.
  static let callStackSize = 512 << 20

  /// The most changes one run's undo history keeps by default: 2,000,000, about 720 MB at the
  /// 360 bytes each change keeps in a run (`circles run --frames none` of a group of 1,000,000
  /// moves peaks at 365 MB, of 1,000,000 moves at top level at 380 MB; 5 December 2026).
  public static let defaultMaximumKeptChanges = 2_000_000

  /// The most changes the undo history may keep — the inverses registered and still held, in
  /// its steps, its redo steps and the group being recorded — past which the run stops with an
  /// error at the change that went over; 0 is no bound. A `limit` lets old steps go and so
  /// keeps fewer; a group keeps every change made inside it.
  public var maximumKeptChanges = Interpreter.defaultMaximumKeptChanges

  /// When a run for an editor must end: the run stops with an error at the command it has
  /// reached then, whatever block it is in; `nil` for no time bound. The clock is read every
  /// 4096 commands (some 100 µs of a debug build's work), so a group of ten million moves stops
  /// within a millisecond of the deadline instead of running to its end.
  package var deadline: ContinuousClock.Instant?

  /// Which bound a run stopped at, as a caller that runs within budgets tells a stop for lack of
  /// time or memory from an error of the script.
  package enum BudgetStop: Sendable {
    /// ``deadline`` passed.
    case time
    /// The undo history would have kept more than ``maximumKeptChanges`` changes.
    case keptChanges
  }

  /// The bound the last run stopped at, if it stopped at one.
  package internal(set) var budgetStop: BudgetStop?

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

  /// The procedures of the scripts run so far, by name: what a script that goes on from them
  /// (a REPL's next entry) may call.
  package var definedProcedures: [String: Procedure] {
    procedures.mapValues(\.procedure)
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
    for (name, procedure) in script.procedures {
      procedures[name] = (procedure, evaluator.binding)
    }
    commandsLeft = maximumCommands
    budgetStop = nil
    contextNoted = false
    guard !procedures.isEmpty else { return try runStatements(script) }
    // Calls nest deeper than a thread's stack may hold (a worker's is 1 MiB): they run on a
    // thread whose stack holds the deepest nesting allowed.
    var result: Result<Void, ScriptFailure> = .success(())
    let started = WorkerThreads.runOnThreadOfItsOwn(stackSize: Self.callStackSize) {
      do throws(ScriptFailure) {
        try runStatements(script)
      } catch {
        result = .failure(error)
      }
    }
    guard started else {
      let top = SourceRange.startOfFile(script.fileName)
      let size = Self.callStackSize >> 20
      throw .error(
        .error(
          "cannot start a thread with a stack of \(size) MiB to run the script's procedures; "
            + "the address space is too small", at: top))
    }
    try result.get()
  }

  /// Runs the statements of `script`, the start frame first.
  private func runStatements(_ script: Script) throws(ScriptFailure) {  // The start frame shows the canvas as `canvas` set it up: it is made at that line, or at
    // the top of the script when there is none.
    var startRange = SourceRange.startOfFile(script.fileName)
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

  /// Runs a statement outside any group; `depth` counts the blocks around it in the body
  /// running (the script's, or a procedure's). Returns true when a `return` ran: the rest of
  /// the procedure is skipped.
  @discardableResult
  private func runTopLevel(_ statement: Statement, depth: Int) throws(ScriptFailure) -> Bool {
    try count(statement)
    switch statement.command {
    case .canvas(let settings):
      guard depth == 0, callDepth == 0 else { throw misplaced(statement, inside: "a repeat") }
      try configure(settings)
    case .undo(let count):
      try undo(count: count, redo: false, statement)
    case .redo(let count):
      try undo(count: count, redo: true, statement)
    case .group(let name, let body):
      try checkDepth(depth, statement)
      let title = try text(name)
      var changed = false
      var returned = false
      groupChanges = []
      try canvas.group(title) { () throws(ScriptFailure) in
        returned = try runBody(body, changed: &changed, depth: depth + 1)
      }
      undoManager.endEvent()
      if changed {
        try produceFrame(
          action: currentUndoName(fallback: title), at: statement.range, changes: groupChanges)
      }
      return returned
    case .repeat(let count, let variable, let body):
      try checkDepth(depth, statement)
      return try anchored(statement) { () throws(ScriptFailure) in
        try loop(count, variable, statement) { () throws(ScriptFailure) in
          for inner in body where try runTopLevel(inner, depth: depth + 1) { return true }
          return false
        }
      }
    case .if(let branches, let otherwise):
      try checkDepth(depth, statement)
      // As if the chosen branch's commands were written in place of the 'if'.
      for inner in try chosen(branches, otherwise) where try runTopLevel(inner, depth: depth + 1) {
        return true
      }
    case .call(let name, let nameRange, let arguments):
      try anchored(statement) { () throws(ScriptFailure) in
        try call(name, at: nameRange, arguments, depth: depth) { body throws(ScriptFailure) in
          for inner in body where try runTopLevel(inner, depth: 0) { return }
        }
      }
    case .return:
      return true
    case .limit, .render, .expect, .let, .seed:
      try runSideCommand(statement)
    case .add, .remove, .move, .set, .front, .back, .clear:
      let change = try performChange(statement)
      undoManager.endEvent()
      try produceFrame(
        action: currentUndoName(fallback: change.action), at: statement.range,
        changes: [Frame.Change(circle: change.circle, range: statement.range)])
    }
    return false
  }

  /// Runs the statements of a group; sets `changed` when one of them changed the canvas.
  /// Returns true when a `return` ran: the group ends there, as one step holding what ran.
  private func runBody(
    _ body: [Statement], changed: inout Bool, depth: Int
  ) throws(ScriptFailure) -> Bool {
    for statement in body {
      try count(statement)
      switch statement.command {
      case .group(_, let inner):
        try checkDepth(depth, statement)
        var returned = false
        try canvas.group("") { () throws(ScriptFailure) in
          returned = try runBody(inner, changed: &changed, depth: depth + 1)
        }
        if returned { return true }
      case .repeat(let count, let variable, let inner):
        try checkDepth(depth, statement)
        var innerChanged = changed
        let returned = try loop(count, variable, statement) { () throws(ScriptFailure) in
          try runBody(inner, changed: &innerChanged, depth: depth + 1)
        }
        changed = innerChanged
        if returned { return true }
      case .if(let branches, let otherwise):
        try checkDepth(depth, statement)
        if try runBody(try chosen(branches, otherwise), changed: &changed, depth: depth + 1) {
          return true
        }
      case .call(let name, let nameRange, let arguments):
        var innerChanged = changed
        try call(name, at: nameRange, arguments, depth: depth) { body throws(ScriptFailure) in
          _ = try runBody(body, changed: &innerChanged, depth: 0)
        }
        changed = innerChanged
      case .return:
        return true
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
    return false
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

  /// Runs `body` with `statement` as the anchor of the frames it makes, unless a `repeat` or a
  /// call around it is already.
  private func anchored<Result>(
    _ statement: Statement, _ body: () throws(ScriptFailure) -> Result
  ) throws(ScriptFailure) -> Result {
    let outer = anchor
    anchor = outer ?? statement.range
    defer { anchor = outer }
    return try body()
  }

  /// Runs `body` as many times as `count` says, the variable counting from 0, until it returns
  /// true (a `return` ran); returns whether it did. A failure inside gets the notes of the
  /// passes and calls around it.
  private func loop(
    _ count: NumberExpression, _ variable: VariableName?, _ statement: Statement,
    _ body: () throws(ScriptFailure) -> Bool
  ) throws(ScriptFailure) -> Bool {
    let times = try self.count(count, Self.repeatRule)
    guard times > 0 else { return false }
    let name = variable?.name
    return try within(
      Frame.Context(range: statement.keyword, kind: .pass(index: 0, variable: name))
    ) { () throws(ScriptFailure) in
      for iteration in 0..<times {
        if let variable { evaluator.assign(variable, Double(iteration)) }
        contexts[contexts.count - 1].kind = .pass(index: iteration, variable: name)
        if try body() { return true }
      }
      return false
    }
  }

  /// Calls the procedure `name`: the arguments are evaluated where the call is, then `run`
  /// runs the body with them bound as locals of the call, as if written out at the call.
  private func call(
    _ name: String, at nameRange: SourceRange, _ arguments: [NumberExpression], depth: Int,
    _ run: ([Statement]) throws(ScriptFailure) -> Void
  ) throws(ScriptFailure) {
    guard let callee = procedures[name] else {
      throw .error(.error("unknown procedure '\(LineParser.shorten(name))'", at: nameRange))
    }
    let procedure = callee.procedure
    var values: [Double] = []
    values.reserveCapacity(arguments.count)
    for argument in arguments { values.append(try number(argument, .any)) }
    guard values.count == procedure.parameters.count else {
      throw .error(
        .error(
          "'\(LineParser.shorten(name))' takes \(procedure.parameters.count) arguments, not "
            + "\(values.count)", at: nameRange))
    }
    guard callDepth < Self.maximumCallDepth else {
      throw tooDeep(
        "calls nest at most \(Self.maximumCallDepth) deep; this call of "
          + "'\(LineParser.shorten(name))' would be call \(Self.maximumCallDepth + 1) of the chain",
        at: nameRange)
    }
    let nesting = outerNesting + depth + 1
    guard nesting <= Self.maximumNesting else {
      throw tooDeep(
        "blocks and calls nest at most \(Self.maximumNesting) levels deep, counted together; "
          + "with this call of '\(LineParser.shorten(name))' they would reach \(nesting)",
        at: nameRange)
    }
    let locals = Evaluator.Locals(places: procedure.locals)
    for (parameter, value) in zip(procedure.parameters, values) {
      locals.values[procedure.locals[parameter.index] ?? 0] = value
    }
    let (outerLocals, outerBinding) = (evaluator.locals, evaluator.binding)
    evaluator.locals = locals
    evaluator.binding = callee.binding
    callDepth += 1
    let outer = outerNesting
    outerNesting = nesting
    defer {
      outerNesting = outer
      callDepth -= 1
      evaluator.locals = outerLocals
      evaluator.binding = outerBinding
    }
    try within(
      Frame.Context(range: nameRange, kind: .call(procedure: name, depth: callDepth))
    ) { () throws(ScriptFailure) in
      try run(procedure.body)
    }
  }

  /// The error of a call past ``maximumCallDepth`` or ``maximumNesting``: at the call's name,
  /// with a note at the first call of the chain and at the passes outside it.
  private func tooDeep(_ message: String, at nameRange: SourceRange) -> ScriptFailure {
    var notes: [Diagnostic.Note] = []
    if let first = contexts.firstIndex(where: \.isCall) {
      notes.append(
        Diagnostic.Note(range: contexts[first].range, message: "the chain of calls starts here"))
      notes += contexts[..<first].reversed().map(\.note)
    }
    contextNoted = true
    return .error(.error(message, at: nameRange, notes: notes))
  }

  /// Runs `body` inside a loop pass or a call; a failure inside gets the notes of every pass
  /// and call around it (``Frame/Context/notes(for:)``) once, where it is first caught.
  private func within<Result>(
    _ context: Frame.Context, _ body: () throws(ScriptFailure) -> Result
  ) throws(ScriptFailure) -> Result {
    contexts.append(context)
    // Nothing is failing while a context is entered.
    contextNoted = false
    defer { contexts.removeLast() }
    do {
      return try body()
    } catch {
      guard !contextNoted else { throw error }
      contextNoted = true
      throw Frame.Context.notes(for: contexts).reduce(error) { $0.noting($1) }
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
    if let deadline, commandsLeft & 4095 == 0, ContinuousClock.now >= deadline {
      budgetStop = .time
      throw .error(.error("the run was stopped at its deadline", at: statement.keyword))
    }
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
        contexts: contexts)
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
