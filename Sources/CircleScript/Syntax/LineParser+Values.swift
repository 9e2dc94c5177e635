import CircleCanvas

extension LineParser {
  /// The largest magnitude a number may have; beyond it drawing loses precision.
  static let numberLimit = 1_000_000.0

  /// The result of reading a plain decimal.
  enum Decimal {
    case value(Double)
    case malformed
    case tooLarge
  }

  /// Reads `12`, `-3.5` or `.5`: an optional minus, digits with an optional fraction, no
  /// exponent; finite and within `numberLimit`.
  static func decimal(_ text: Substring) -> Decimal {
    var bytes = text.utf8
    if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    let whole = bytes.prefix(while: isDigit)
    var rest = bytes.dropFirst(whole.count)
    var fraction = rest.prefix(0)
    if rest.first == UInt8(ascii: ".") {
      rest = rest.dropFirst()
      fraction = rest.prefix(while: isDigit)
      rest = rest.dropFirst(fraction.count)
      if fraction.isEmpty { return .malformed }
    }
    guard rest.isEmpty, !(whole.isEmpty && fraction.isEmpty) else { return .malformed }
    guard let value = Double(String(text)), value.isFinite, abs(value) <= numberLimit else {
      return .tooLarge
    }
    return .value(value)
  }

  private static var rangeAdvice: String {
    "numbers must be between -\(Point.format(numberLimit)) and \(Point.format(numberLimit))"
  }

  /// Reads the number given after `keyword`.
  func number(_ token: Token, after keyword: Token) throws(Diagnostic) -> Located<Double> {
    let found =
      "expected a number after '\(Self.shorten(keyword.text))', found \(Self.describe(token))"
    guard token.kind == .word else { throw .error(found, at: token.range) }
    switch Self.decimal(token.text[...]) {
    case .value(let value):
      return Located(value, at: token.range)
    case .tooLarge:
      throw .error(
        "number \(Self.shorten(token.text)) is too large; \(Self.rangeAdvice)", at: token.range)
    case .malformed:
      guard let first = token.text.first, "0123456789-+.".contains(first) else {
        throw .error(found, at: token.range)
      }
      throw .error(
        "invalid number '\(Self.shorten(token.text))'; write a plain decimal such as 12, -3.5 "
          + "or .5", at: token.range)
    }
  }

  /// Reads a point `x,y` given after `keyword`.
  func point(_ token: Token, after keyword: Token) throws(Diagnostic) -> Located<Point> {
    let shown = Self.shorten(token.text)
    let parts = token.text.split(separator: ",", omittingEmptySubsequences: false)
    guard token.kind == .word, parts.count >= 2 else {
      throw .error(
        "expected a point x,y after '\(Self.shorten(keyword.text))', found \(Self.describe(token))",
        at: token.range)
    }
    guard parts.count == 2 else {
      throw .error("invalid point '\(shown)'; a point is x,y", at: token.range)
    }
    guard !parts[0].isEmpty, !parts[1].isEmpty else {
      throw .error("incomplete point '\(shown)'; write x,y with no spaces", at: token.range)
    }
    var coordinates: [Double] = []
    var offset = 0
    for (part, axis) in zip(parts, ["x", "y"]) {
      let range = token.range.subrange(offset: offset, length: part.count)
      offset += part.count + 1
      switch Self.decimal(part) {
      case .value(let value):
        coordinates.append(value)
      case .tooLarge:
        throw .error(
          "\(axis) coordinate \(Self.shorten(part)) is too large; \(Self.rangeAdvice)",
          at: range)
      case .malformed:
        throw .error(
          "invalid \(axis) coordinate '\(Self.shorten(part))' in point '\(shown)'", at: range)
      }
    }
    return Located(Point(x: coordinates[0], y: coordinates[1]), at: token.range)
  }

  /// Reads a colour: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, a CSS name, `none` or
  /// `transparent`.
  func colour(_ token: Token) throws(Diagnostic) -> Located<Colour> {
    guard token.kind == .word else {
      throw .error("expected a colour, found \(Self.describe(token))", at: token.range)
    }
    let text = token.text
    if text.hasPrefix("#") {
      let digits = text.utf8.dropFirst()
      let isHex = digits.allSatisfy { byte in
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
          || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
      }
      guard isHex, [3, 4, 6, 8].contains(digits.count), let colour = Colour(hex: text) else {
        throw .error(
          "invalid colour '\(Self.shorten(text))'; use #rgb, #rgba, #rrggbb or #rrggbbaa",
          at: token.range)
      }
      return Located(colour, at: token.range)
    }
    guard let colour = NamedColours.colour(named: text) else {
      let hint =
        Suggestion.closest(to: text, among: NamedColours.names).map { "did you mean '\($0)'?" }
        ?? "use a CSS colour name, #rrggbb or none"
      throw .error("unknown colour '\(Self.shorten(text))'; \(hint)", at: token.range)
    }
    return Located(colour, at: token.range)
  }

  /// Whether `text` is an id: a letter or `_`, then letters, digits, `_` or `-` (ASCII).
  static func isID(_ text: String) -> Bool {
    func isLetter(_ byte: UInt8) -> Bool {
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "_")
    }
    guard let first = text.utf8.first, isLetter(first) else { return false }
    return text.utf8.allSatisfy { byte in
      isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || byte == UInt8(ascii: "-")
    }
  }

  /// Reads a circle id.
  func id(_ token: Token) throws(Diagnostic) -> Located<String> {
    guard token.kind == .word else {
      throw .error("expected a circle id, found \(Self.describe(token))", at: token.range)
    }
    guard Self.isID(token.text) else {
      throw .error(
        "invalid id '\(Self.shorten(token.text))'; an id is a letter or '_' followed by "
          + "letters, digits, '_' or '-'", at: token.range)
    }
    return Located(token.text, at: token.range)
  }

  /// Reads a whole number that must lie in `bounds`; `name` names it in messages.
  func count(
    _ token: Token, named name: String, in bounds: ClosedRange<Int>
  ) throws(Diagnostic) -> Located<Int> {
    let text = token.text
    let shown = Self.shorten(text)
    let expected = "expected a whole number for the \(name), found \(Self.describe(token))"
    guard token.kind == .word else { throw .error(expected, at: token.range) }
    let open = bounds.upperBound >= Self.largestCount
    let below =
      open
      ? "\(name) must be at least \(bounds.lowerBound), not \(shown)"
      : "\(name) must be between \(bounds.lowerBound) and \(bounds.upperBound), not \(shown)"
    let above =
      open
      ? "\(name) must be at most \(bounds.upperBound), not \(shown)"
      : "\(name) must be between \(bounds.lowerBound) and \(bounds.upperBound), not \(shown)"
    let isDigits = { (digits: Substring) in
      !digits.isEmpty && digits.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }
    if isDigits(text[...]) {
      guard let value = Int(text) else { throw .error(above, at: token.range) }
      guard value >= bounds.lowerBound else { throw .error(below, at: token.range) }
      guard value <= bounds.upperBound else { throw .error(above, at: token.range) }
      return Located(value, at: token.range)
    }
    if text.hasPrefix("-"), isDigits(text.dropFirst()) {
      throw .error(below, at: token.range)
    }
    if case .malformed = Self.decimal(text[...]) {
      throw .error(expected, at: token.range)
    }
    throw .error("\(name) must be a whole number, not \(shown)", at: token.range)
  }

  /// Reads a canvas size `WxH`, each side a whole number from 1 to 16384.
  func size(_ token: Token) throws(Diagnostic) -> (width: Int, height: Int) {
    let parts = token.text.split(separator: "x", omittingEmptySubsequences: false)
    let isDigits = { (part: Substring) in
      !part.isEmpty && part.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }
    guard token.kind == .word, parts.count == 2, isDigits(parts[0]), isDigits(parts[1]) else {
      throw .error(
        "invalid canvas size \(Self.describe(token)); write WIDTHxHEIGHT, such as 400x300",
        at: token.range)
    }
    var sides: [Int] = []
    var offset = 0
    for (part, name) in zip(parts, ["width", "height"]) {
      guard let side = Int(part), (1...16384).contains(side) else {
        throw .error(
          "canvas \(name) must be between 1 and 16384, not \(Self.shorten(part))",
          at: token.range.subrange(offset: offset, length: part.count))
      }
      sides.append(side)
      offset += part.count + 1
    }
    return (sides[0], sides[1])
  }
}
