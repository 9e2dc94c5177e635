import CircleSystem

/// Reads expressions (docs/language.md, "Expressions") and compiles each into postfix
/// instructions, once.
///
/// Precedence climbs from `or` through `and`, `not`, the comparisons (`< <= > >= == !=`, one
/// level, left to right as in C), `+ -` and `* / %` to unary minus, each left to right. `and`
/// and `or` give 1 or 0 and run their right side only when it decides (a jump over it); calls
/// and parentheses nest up to `maximumNesting` levels, so no input can exhaust the stack.
/// Variables are numbered through the script's `VariableTable`; whether they have a value is
/// known only when the expression runs.
struct ExpressionParser {
  /// The deepest nesting of parentheses, calls and unary minus signs in one expression.
  static let maximumNesting = 100

  private var lexer: ExpressionLexer
  /// The token before the current one, if any.
  private(set) var previous: ExpressionToken?
  /// The token being read.
  private(set) var current: ExpressionToken
  /// The token after it.
  private var following: ExpressionToken
  /// The second token of the expression (the `(` after a colour function's name).
  private(set) var second: ExpressionToken
  private let variables: VariableTable
  private var code: [Instruction] = []
  private var sites = SiteTable()
  private var height = 0
  private var greatestHeight = 0
  private var nesting = 0
  /// Open parentheses around the current token.
  var parentheses = 0
  /// The parenthesis level at which a `%` followed by `,` or `)` ends an `hsl()` argument.
  var percentLevel: Int?

  /// Creates a parser over the tokens of `sources`.
  ///
  /// - Throws: a diagnostic for a character or number that cannot be read.
  init(_ sources: [ExpressionSource], variables: VariableTable) throws(Diagnostic) {
    try self.init(.sources(sources), variables: variables)
  }

  /// Creates a parser over the words of a line, each a piece of the expression.
  init(words: ArraySlice<Token>, variables: VariableTable) throws(Diagnostic) {
    try self.init(.words(words), variables: variables)
  }

  private init(_ sources: ExpressionLexer.Pieces, variables: VariableTable) throws(Diagnostic) {
    try ExpressionLexer.check(sources)
    lexer = ExpressionLexer(sources)
    current = try lexer.next()
    following = try lexer.next()
    second = following
    self.variables = variables
  }

  /// Moves on by `count` tokens.
  mutating func advance(by count: Int = 1) throws(Diagnostic) {
    for _ in 0..<count {
      previous = current
      current = following
      following = try lexer.next()
    }
  }

  /// Reads every token as one expression.
  mutating func whole() throws(Diagnostic) -> NumberExpression {
    let expression = try number()
    try expectEnd()
    return expression
  }

  /// Reads the next expression into a compiled form of its own; a lone number stays a number.
  mutating func number() throws(Diagnostic) -> NumberExpression {
    code = []
    sites = SiteTable()
    height = 0
    greatestHeight = 0
    let range = try disjunction()
    if code.count == 1, case .number(let value) = code[0] { return .number(value, at: range) }
    let compiled = CompiledExpression(code: code, sites: sites, depth: greatestHeight)
    return NumberExpression(.computed(compiled), at: range)
  }

  // MARK: - Grammar

  /// `a or b`: 1 when either is true (not 0), else 0; `b` runs only when `a` is false.
  private mutating func disjunction() throws(Diagnostic) -> SourceRange {
    var range = try conjunction()
    while current.isWord("or") {
      try advance()
      let skip = code.count
      emit(.orSkip(over: 0), popping: 2)
      range = range.extended(through: try conjunction())
      emit(.truth, popping: 1)
      code[skip] = .orSkip(over: Int32(code.count - skip - 1))
    }
    return range
  }

  /// `a and b`: 1 when both are true, else 0; `b` runs only when `a` is true.
  private mutating func conjunction() throws(Diagnostic) -> SourceRange {
    var range = try negated()
    while current.isWord("and") {
      try advance()
      let skip = code.count
      emit(.andSkip(over: 0), popping: 2)
      range = range.extended(through: try negated())
      emit(.truth, popping: 1)
      code[skip] = .andSkip(over: Int32(code.count - skip - 1))
    }
    return range
  }

  /// `not a`: 1 when `a` is 0, else 0; it applies to a whole comparison.
  private mutating func negated() throws(Diagnostic) -> SourceRange {
    guard current.isWord("not") else { return try comparison() }
    let word = current
    try advance()
    try enter()
    let range = word.range.extended(through: try negated())
    nesting -= 1
    emit(.not, popping: 1)
    return range
  }

  /// `a < b`, `a <= b`, `a > b`, `a >= b`, `a == b`, `a != b`: 1 or 0, left to right.
  private mutating func comparison() throws(Diagnostic) -> SourceRange {
    var range = try sum()
    while let (comparison, length) = try comparisonOperator() {
      try advance(by: length)
      range = range.extended(through: try sum())
      emit(.compare(comparison), popping: 2)
    }
    return range
  }

  /// The comparison the current token starts, and how many tokens it takes; `nil` when it
  /// starts none. Other languages' operators are explained where they stand.
  private func comparisonOperator() throws(Diagnostic) -> (Comparison, Int)? {
    guard case .symbol(let symbol) = current.kind else { return nil }
    let withEquals = following.is("=") && current.touches(following)
    let both = current.range.extended(through: following.range)
    switch symbol {
    case "<": return withEquals ? (.lessOrEqual, 2) : (.less, 1)
    case ">": return withEquals ? (.greaterOrEqual, 2) : (.greater, 1)
    case "=":
      guard withEquals else {
        throw .error("'=' does not compare; write '==' to compare", at: current.range)
      }
      return (.equal, 2)
    case "!":
      guard withEquals else { throw Self.foreign(current) }
      return (.notEqual, 2)
    case "&", "|":
      throw Self.foreign(current, through: following.is(symbol) ? both : nil)
    default: return nil
    }
  }

  /// The explanation of an operator of other languages: `&&`, `||`, `!`.
  static func foreign(_ token: ExpressionToken, through range: SourceRange? = nil) -> Diagnostic {
    let (written, word) =
      token.is("&") ? ("&&", "and") : token.is("|") ? ("||", "or") : ("!", "not")
    return .error("write '\(word)' instead of '\(written)'", at: range ?? token.range)
  }

  private mutating func sum() throws(Diagnostic) -> SourceRange {
    var range = try product()
    while current.is("+") || current.is("-") {
      let isAddition = current.is("+")
      try advance()
      range = range.extended(through: try product())
      let site = site(range)
      emit(isAddition ? .add(site: site) : .subtract(site: site), popping: 2)
    }
    return range
  }

  private mutating func product() throws(Diagnostic) -> SourceRange {
    var range = try negation()
    while current.is("*") || current.is("/") || current.is("%") {
      let symbol = current
      if symbol.is("%"), following.is(",") || following.is(")") || following.kind == .end {
        if percentLevel == parentheses { break }
        throw .error("expected a value after '%', found \(following.shown)", at: following.range)
      }
      try advance()
      let right = try negation()
      range = range.extended(through: right)
      let site = site(range)
      let instruction: Instruction =
        symbol.is("*")
        ? .multiply(site: site)
        : symbol.is("/")
          ? .divide(site: site, divisor: self.site(right))
          : .remainder(site: site, divisor: self.site(right))
      emit(instruction, popping: 2)
    }
    return range
  }

  private mutating func negation() throws(Diagnostic) -> SourceRange {
    guard current.is("-") else { return try operand() }
    let minus = current
    try advance()
    try enter()
    let start = code.count
    let range = minus.range.extended(through: try negation())
    nesting -= 1
    if code.count == start + 1, case .number(let value) = code[start] {
      code[start] = .number(-value)
    } else {
      emit(.negate, popping: 1)
    }
    return range
  }

  private mutating func operand() throws(Diagnostic) -> SourceRange {
    let token = current
    switch token.kind {
    case .number(let value):
      try advance()
      emit(.number(value), popping: 0)
      return token.range
    case .name where following.is("("):
      return try call()
    case .name where ["and", "or", "not"].contains(token.text):
      let word = String(token.text)
      throw .error(
        word == "not"
          ? "'not' applies to a whole comparison; put it in parentheses here: (not …)"
          : "'\(word)' joins two conditions; a value must come before it", at: token.range)
    case .name:
      try advance()
      let name = String(token.text)
      if name == "pi" {
        emit(.number(.pi), popping: 0)
        return token.range
      }
      if ScriptFunction.names.contains(name) {
        throw .error(
          "'\(name)' is a function; call it with parentheses: \(name)(…)", at: token.range)
      }
      if ScriptFunction.colourFunctions.contains(name.lowercased()) {
        throw .error("'\(name)' gives a colour, not a number", at: token.range)
      }
      if ScriptFunction.reservedWords.contains(name) {
        throw .error("'\(name)' is a command, not a variable", at: token.range)
      }
      if ScriptFunction.isNotANumber(name) {
        throw .error(
          "'\(name)' is not a number; numbers are finite decimals such as 12 or .5",
          at: token.range)
      }
      emit(
        .variable(index: Int32(variables.index(of: name)), site: site(token.range)), popping: 0)
      return token.range
    case .symbol("!"), .symbol("&"), .symbol("|"):
      throw Self.foreign(token)
    case .symbol("("):
      try advance()
      try enter()
      parentheses += 1
      _ = try disjunction()
      let close = try closing(opening: token, after: "the expression")
      parentheses -= 1
      nesting -= 1
      return token.range.extended(through: close)
    case .end:
      let before = previous.map { " after '\(LineParser.shorten($0.text))'" } ?? ""
      throw .error("expected a value\(before)", at: token.range)
    default:
      throw .error("expected a value, found \(token.shown)", at: token.range)
    }
  }

  /// A call: `name(`, comma-separated arguments, `)`.
  private mutating func call() throws(Diagnostic) -> SourceRange {
    let name = current
    let opening = following
    let spelled = String(name.text)
    guard let function = ScriptFunction(rawValue: spelled) else {
      if ScriptFunction.colourFunctions.contains(spelled.lowercased()) {
        throw .error("'\(spelled)' gives a colour, not a number", at: name.range)
      }
      throw .error(
        "unknown function '\(LineParser.shorten(spelled))'"
          + Suggestion.didYouMean(spelled, among: ScriptFunction.names), at: name.range)
    }
    try advance(by: 2)
    try enter()
    parentheses += 1
    var count = 0
    if !current.is(")") {
      while true {
        _ = try disjunction()
        count += 1
        guard current.is(",") else { break }
        try advance()
      }
    }
    let close = try closing(opening: opening, after: "an argument")
    parentheses -= 1
    nesting -= 1
    let range = name.range.extended(through: close)
    guard count == function.arity else {
      let expected = Plural.count(function.arity, "argument")
      throw .error("'\(spelled)' takes \(expected), not \(count)", at: range)
    }
    switch function {
    case .min: emit(.minimum, popping: 2)
    case .max: emit(.maximum, popping: 2)
    case .random: emit(.random(site: site(range)), popping: 2)
    default: emit(.call(function, site: site(range)), popping: 1)
    }
    return range
  }

  /// Reads the `)` that closes `opening`.
  mutating func closing(
    opening: ExpressionToken, after what: String
  ) throws(Diagnostic) -> SourceRange {
    let token = current
    if token.is(")") {
      try advance()
      return token.range
    }
    if token.kind == .end {
      throw .error("unbalanced parentheses; add a ')' to close this '('", at: opening.range)
    }
    let expected =
      what == "an argument" || what == "a parameter" ? "',' or ')'" : "an operator or ')'"
    throw .error("expected \(expected) after \(what), found \(token.shown)", at: token.range)
  }

  func expectEnd() throws(Diagnostic) {
    let token = current
    guard token.kind != .end else { return }
    if token.is(")") {
      throw .error("unbalanced parentheses; this ')' has no '('", at: token.range)
    }
    throw .error("expected an operator, found \(token.shown)", at: token.range)
  }

  private mutating func enter() throws(Diagnostic) {
    nesting += 1
    guard nesting <= Self.maximumNesting else {
      throw .error(
        "expression nested too deeply; at most \(Self.maximumNesting) levels are allowed",
        at: current.range)
    }
  }

  private mutating func emit(_ instruction: Instruction, popping count: Int) {
    code.append(instruction)
    height += 1 - count
    greatestHeight = max(greatestHeight, height)
  }

  private mutating func site(_ range: SourceRange) -> Int32 {
    sites.append(range)
  }
}
