import CircleCanvas

/// The values of a run's variables and its random generator, and the machine that evaluates
/// compiled expressions against them.
///
/// Global variables live in slots by name; each script run binds its own variable numbers to
/// the slots, so scripts parsed apart (the entries of a REPL session) share their variables. A
/// procedure call has locals of its own (`locals`): its parameters and what its `let`s bind,
/// read before the globals. A slot holds NaN until a value is given: results are always
/// finite, so NaN can only mean "no value yet".
final class Evaluator {
  /// The locals of one procedure call: a value for each variable number the procedure makes
  /// local, NaN until the call gives it one.
  final class Locals {
    /// For each local's variable number, its place in `values`.
    let places: [Int: Int]
    var values: [Double]

    init(places: [Int: Int]) {
      self.places = places
      values = Array(repeating: .nan, count: places.count)
    }

    /// The local's value, or NaN when `number` names no local of the call or it has none yet.
    func value(_ number: Int) -> Double {
      places[number].map { values[$0] } ?? .nan
    }
  }

  private(set) var names: [String] = []
  private var slots: [String: Int] = [:]
  private(set) var values: [Double] = []
  /// The generator of `random()`, seeded with 1 until a `seed` command.
  var generator = SplitMix64(seed: 1)
  /// For each variable number of the code running, its slot: the script's numbers, or in a
  /// call those of the script that defined the procedure.
  var binding: [Int] = []
  /// The locals of the procedure call running, if any.
  var locals: Locals?
  private var stack: UnsafeMutablePointer<Double>
  private var capacity = 16

  init() {
    stack = .allocate(capacity: capacity)
  }

  deinit {
    stack.deallocate()
  }

  /// Binds the variable numbers of a script about to run to slots.
  func bind(_ variables: [String]) {
    binding = variables.map(slot(for:))
  }

  private func slot(for name: String) -> Int {
    if let slot = slots[name] { return slot }
    slots[name] = names.count
    names.append(name)
    values.append(.nan)
    return names.count - 1
  }

  /// Gives a variable of the running script a value: in a call, the local it names.
  func assign(_ variable: VariableName, _ value: Double) {
    if let locals, let place = locals.places[variable.index] {
      locals.values[place] = value
      return
    }
    let slot = variable.index < binding.count ? binding[variable.index] : slot(for: variable.name)
    values[slot] = value
  }

  /// The variables that have values, by name.
  var variables: [String: Double] {
    get {
      var result: [String: Double] = [:]
      for (name, value) in zip(names, values) where !value.isNaN { result[name] = value }
      return result
    }
    set {
      for index in values.indices { values[index] = .nan }
      for (name, value) in newValue { values[slot(for: name)] = value }
    }
  }

  /// The value of a number position, unchecked against the position's rules.
  ///
  /// - Throws: a diagnostic at the part of the expression that failed: a variable without a
  ///   value, a division by zero, a result that is not finite, `random(a, b)` with a > b.
  func evaluate(_ expression: NumberExpression) throws(Diagnostic) -> Double {
    switch expression.form {
    case .literal(let value): value
    case .computed(let compiled): try run(compiled)
    }
  }

  private func run(_ compiled: CompiledExpression) throws(Diagnostic) -> Double {
    if compiled.depth > capacity {
      stack.deallocate()
      capacity = compiled.depth
      stack = .allocate(capacity: capacity)
    }
    let stack = self.stack
    let (values, binding, locals) = (self.values, self.binding, self.locals)
    var top = -1
    let code = compiled.code
    var next = 0
    while next < code.count {
      let instruction = code[next]
      next += 1
      switch instruction {
      case .number(let value):
        top += 1
        stack[top] = value
      case .variable(let number, let site):
        let index = Int(number)
        var value = locals?.value(index) ?? .nan
        if value.isNaN { value = index < binding.count ? values[binding[index]] : .nan }
        guard !value.isNaN else { throw unknownVariable(index, at: compiled.sites[site]) }
        top += 1
        stack[top] = value
      case .negate:
        stack[top] = -stack[top]
      case .add(let site):
        top -= 1
        stack[top] = try finite(stack[top] + stack[top + 1], compiled.sites[site])
      case .subtract(let site):
        top -= 1
        stack[top] = try finite(stack[top] - stack[top + 1], compiled.sites[site])
      case .multiply(let site):
        top -= 1
        stack[top] = try finite(stack[top] * stack[top + 1], compiled.sites[site])
      case .divide(let site, let divisor):
        top -= 1
        guard stack[top + 1] != 0 else {
          throw .error("division by zero", at: compiled.sites[divisor])
        }
        stack[top] = try finite(stack[top] / stack[top + 1], compiled.sites[site])
      case .remainder(let site, let divisor):
        top -= 1
        guard stack[top + 1] != 0 else {
          throw .error("remainder of a division by zero", at: compiled.sites[divisor])
        }
        stack[top] = try finite(
          stack[top].truncatingRemainder(dividingBy: stack[top + 1]), compiled.sites[site])
      case .call(let function, let site):
        let argument = stack[top]
        if function == .sqrt, argument < 0 {
          throw .error(
            "sqrt of a negative number, \(LineParser.shorten(Point.format(argument)))",
            at: compiled.sites[site])
        }
        stack[top] = try finite(ScriptFunction.apply(function, argument), compiled.sites[site])
      case .minimum:
        top -= 1
        stack[top] = min(stack[top], stack[top + 1])
      case .maximum:
        top -= 1
        stack[top] = max(stack[top], stack[top + 1])
      case .random(let site):
        top -= 1
        let (low, high) = (stack[top], stack[top + 1])
        guard low <= high else {
          throw .error(
            "random(a, b) needs a ≤ b, not \(Point.format(low)) and \(Point.format(high))",
            at: compiled.sites[site])
        }
        stack[top] = try finite(
          low + (high - low) * generator.nextUnit(), compiled.sites[site])
      case .compare(let comparison):
        top -= 1
        stack[top] = comparison.holds(stack[top], stack[top + 1]) ? 1 : 0
      case .not:
        stack[top] = stack[top] == 0 ? 1 : 0
      case .truth:
        stack[top] = stack[top] == 0 ? 0 : 1
      case .andSkip(let over):
        // The right side runs only when the left is true.
        if stack[top] == 0 {
          next += Int(over)
        } else {
          top -= 1
        }
      case .orSkip(let over):
        if stack[top] != 0 {
          stack[top] = 1
          next += Int(over)
        } else {
          top -= 1
        }
      }
    }
    return stack[0]
  }

  private func finite(_ value: Double, _ site: SourceRange) throws(Diagnostic) -> Double {
    guard value.isFinite else {
      throw .error("the result is not a finite number", at: site)
    }
    return value
  }

  private func unknownVariable(_ index: Int, at range: SourceRange) -> Diagnostic {
    let name = index < binding.count ? names[binding[index]] : "?"
    var known = variables.keys.sorted() + ["pi"]
    for (number, place) in locals?.places ?? [:]
    where number < binding.count && !(locals?.values[place].isNaN ?? true) {
      known.append(names[binding[number]])
    }
    return .error(
      "unknown variable '\(LineParser.shorten(name))'"
        + Suggestion.didYouMean(name, among: known), at: range)
  }
}
