import CircleCanvas

extension LineParser {
  /// The property keywords of `add` and `set`, `r` being short for `radius`.
  static let propertyKeywords = ["at", "radius", "r", "fill", "stroke", "width", "opacity"]

  /// The largest count accepted by `undo`, `redo`, `limit` and `expect count`.
  static let largestCount = Int(Int32.max)

  /// Parses `canvas WxH [background <colour>] [scale <n>]`.
  mutating func canvas() throws(Diagnostic) -> Command {
    let sizeToken = try value(after: commandToken, "a size such as 400x300")
    let (width, height) = try size(sizeToken)
    var settings = CanvasSettings(width: width, height: height, sizeRange: sizeToken.range)
    var seen: [(name: String, range: SourceRange)] = []
    while let keyword = next() {
      switch try knownKeyword(keyword, among: ["background", "scale"], seen: &seen) {
      case "background":
        settings.background = try colour(try value(after: keyword, "a colour"))
      default:
        let token = try value(after: keyword, "a number")
        let scale = try number(token, after: keyword, rule: .positive("scale"))
        if let value = scale.constant {
          try Self.checkScale(
            value, width: width, height: height, shown: Self.shorten(token.text), at: token.range)
        }
        settings.scale = scale
      }
    }
    return .canvas(settings)
  }

  /// Checks that a canvas at `scale` stays within 16384 pixels a side.
  static func checkScale(
    _ scale: Double, width: Int, height: Int, shown: String, at range: SourceRange
  ) throws(Diagnostic) {
    guard Double(max(width, height)) * scale <= 16384 else {
      throw .error(
        "canvas \(width)x\(height) at scale \(shown) is too large; each side × scale "
          + "must be at most 16384", at: range)
    }
  }

  /// Parses `add [<id>] at <x>,<y> radius <r> ...`.
  mutating func add() throws(Diagnostic) -> Command {
    var id: InterpolatedText?
    if let first = peek(), first.kind == .string {
      _ = try self.id(first)
    }
    if let first = peek(), first.kind == .word {
      let isKeyword = Self.propertyKeywords.contains(first.text)
      let nextIsKeyword = peek(1).map { Self.propertyKeywords.contains($0.text) } ?? false
      if !isKeyword || nextIsKeyword {
        id = try self.id(first)
        index += 1
      }
    }
    let properties = try properties()
    guard properties.center != nil else {
      throw .error("missing 'at <x>,<y>' in 'add'", at: endOfLine)
    }
    guard properties.radius != nil else {
      throw .error("missing 'radius <r>' in 'add'", at: endOfLine)
    }
    return .add(id: id, properties: properties)
  }

  /// Parses `set <id> ...` with at least one property.
  mutating func set() throws(Diagnostic) -> Command {
    let id = try idOperand()
    let properties = try properties()
    guard !properties.isEmpty else {
      throw .error(
        "'set' needs at least one property: at, radius, fill, stroke, width or opacity",
        at: endOfLine)
    }
    return .set(id: id, properties: properties)
  }

  /// Parses `move <id> to <x>,<y>` or `move <id> by <dx>,<dy>`.
  mutating func move() throws(Diagnostic) -> Command {
    let id = try idOperand()
    let keyword = try value(after: tokens[index - 1], "'to' or 'by'")
    guard keyword.kind == .word, let motion = Motion(rawValue: keyword.text) else {
      throw .error(
        "expected 'to' or 'by' after the id, found \(Self.describe(keyword))"
          + Suggestion.didYouMean(keyword.text, among: ["to", "by"]), at: keyword.range)
    }
    let point = try point(try value(after: keyword, "a point x,y"), after: keyword)
    return .move(id: id, motion: motion, point: point)
  }

  /// Parses the optional step count of `undo` and `redo`.
  mutating func stepCount() throws(Diagnostic) -> NumberExpression? {
    guard let token = next() else { return nil }
    return try count(token, named: "\(commandToken.text) count", in: 1...Self.largestCount)
  }

  /// Parses `limit <n>`.
  mutating func limit() throws(Diagnostic) -> Command {
    let token = try value(after: commandToken, "a number of undo levels")
    return .limit(try count(token, named: "limit", in: 0...Self.largestCount))
  }

  /// Parses `render <file.png>`, the file as a word or a string; either may interpolate.
  mutating func render() throws(Diagnostic) -> Command {
    let token = try value(after: commandToken, "a file name such as frame.png")
    guard token.kind == .word || token.kind == .string else {
      throw .error("expected a file name, found \(Self.describe(token))", at: token.range)
    }
    let path = try template(token)
    // An interpolation writes digits and perhaps a leading '-': a path that passes with a 0
    // in each passes with any number.
    try Self.checkRenderPath(path.skeleton, shown: token.text, at: token.range)
    return .render(path: path)
  }

  /// Checks that a `render` path names a `.png` file inside the output folder.
  static func checkRenderPath(
    _ path: String, shown: String, at range: SourceRange
  ) throws(Diagnostic) {
    guard path.lowercased().hasSuffix(".png"), path.count > 4 else {
      throw .error("render file '\(Self.shorten(shown))' must be a '.png' file", at: range)
    }
    let components = path.split(separator: "/", omittingEmptySubsequences: false)
    guard !path.hasPrefix("/"), !components.contains("..") else {
      throw .error(
        "render file '\(Self.shorten(shown))' must stay inside the output folder", at: range)
    }
  }

  /// Parses the `id` operand that follows the command word.
  mutating func idOperand() throws(Diagnostic) -> InterpolatedText {
    try id(try value(after: commandToken, "a circle id"))
  }

  /// Parses keywords and values of `add` and `set` until the end of the line.
  mutating func properties() throws(Diagnostic) -> CircleProperties {
    var properties = CircleProperties()
    var seen: [(name: String, range: SourceRange)] = []
    seen.reserveCapacity(Self.propertyKeywords.count)
    while let keyword = next() {
      switch try knownKeyword(keyword, among: Self.propertyKeywords, seen: &seen) {
      case "at":
        properties.center = try point(try value(after: keyword, "a point x,y"), after: keyword)
      case "radius":
        properties.radius = try number(
          try value(after: keyword, "a radius"), after: keyword, rule: .nonNegative("radius"))
      case "fill":
        properties.fill = try colour(try value(after: keyword, "a colour"))
      case "stroke":
        properties.stroke = try colour(try value(after: keyword, "a colour"))
      case "width":
        properties.strokeWidth = try number(
          try value(after: keyword, "a stroke width"), after: keyword,
          rule: .nonNegative("width"))
      default:
        properties.opacity = try number(
          try value(after: keyword, "an opacity from 0 to 1"), after: keyword,
          rule: .between("opacity", 0, 1))
      }
    }
    return properties
  }

  /// Checks that `token` is one of `keywords` not seen before on this line.
  ///
  /// - Returns: the keyword, `r` given as `radius`.
  func knownKeyword(
    _ token: Token, among keywords: [String], seen: inout [(name: String, range: SourceRange)]
  ) throws(Diagnostic) -> String {
    guard token.kind == .word, keywords.contains(token.text) else {
      let list = keywords.filter { $0 != "r" }.map { "'\($0)'" }.joined(separator: ", ")
      let suggestion =
        token.kind == .word ? Suggestion.closest(to: token.text, among: keywords) : nil
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? "; expected one of \(list)"
      throw .error(
        "unknown keyword \(Self.describe(token)) in '\(commandToken.text)'\(hint)",
        at: token.range)
    }
    let name = token.text == "r" ? "radius" : token.text
    if let first = seen.first(where: { $0.name == name })?.range {
      throw .error(
        "'\(name)' is given twice", at: token.range,
        notes: [Diagnostic.Note(range: first, message: "'\(name)' is first given here")])
    }
    seen.append((name, token.range))
    return name
  }
}
