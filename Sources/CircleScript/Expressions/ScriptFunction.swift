#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A function that expressions may call (docs/language.md, "Variables, expressions and loops").
enum ScriptFunction: String, CaseIterable, Hashable, Sendable {
  case sin, cos, sqrt, abs, floor, ceil, round, min, max, random

  /// How many arguments it takes.
  var arity: Int {
    switch self {
    case .min, .max, .random: 2
    default: 1
    }
  }

  /// Every function name, for suggestions.
  static let names = allCases.map(\.rawValue)

  /// The functions that make colours rather than numbers.
  static let colourFunctions = ["rgb", "hsl"]

  /// Words that cannot name a variable: the commands, the functions and `pi`.
  static let reservedWords: Set<String> = Set(
    LineParser.commandNames + names + colourFunctions + ["pi"])

  /// The words that follow a command to say what comes next (`radius`, `fill`, `as`, `to`, …)
  /// and the colour words `none` and `transparent`. Each may name a variable, since a value's
  /// position is never in doubt (`radius radius`); in a number position such a word reads as
  /// a variable once a `let` or a `repeat … as` has bound it, and otherwise is reported as the
  /// keyword it is (`expected a number after 'radius', found 'fill'`).
  /// `r` is not among them: short for `radius`, it has always read as a variable in a number
  /// position (`radius r`).
  static let keywords: Set<String> = Set(
    LineParser.propertyKeywords + [
      "as", "to", "by", "background", "scale", "count", "pixel", "within", "none",
      "transparent",
    ]
  ).subtracting(["r"])

  /// Whether a word spells a value that is not a finite number (`nan`, `inf`, `infinity`, in
  /// any case): never a variable, so that `radius nan` is refused as it always was.
  static func isNotANumber(_ word: some StringProtocol) -> Bool {
    ["nan", "inf", "infinity"].contains(word.lowercased())
  }

  /// Applies a one-argument function; `sin` and `cos` take degrees.
  ///
  /// Angles are reduced to one turn first, and whole multiples of 90° give exact results
  /// (`sin(180)` is 0, not 1.2e-16), so that points on a circle land where they should.
  static func apply(_ function: ScriptFunction, _ x: Double) -> Double {
    switch function {
    case .sin: degrees(x, sine: true)
    case .cos: degrees(x, sine: false)
    case .sqrt: x.squareRoot()
    case .abs: Swift.abs(x)
    case .floor: x.rounded(.down)
    case .ceil: x.rounded(.up)
    case .round: x.rounded(.toNearestOrAwayFromZero)
    case .min, .max, .random: .nan
    }
  }

  private static func degrees(_ angle: Double, sine: Bool) -> Double {
    let turn = angle.truncatingRemainder(dividingBy: 360)
    if turn == turn.rounded(), Int(turn) % 90 == 0 {
      let quarter = (Int(turn) / 90 + 4) % 4
      let values: [Double] = sine ? [0, 1, 0, -1] : [1, 0, -1, 0]
      return values[quarter]
    }
    let radians = turn * .pi / 180
    return sine ? sineOf(radians) : cosineOf(radians)
  }
}

/// The C library's sine, out of reach by name inside `ScriptFunction`, whose cases shadow it.
private func sineOf(_ radians: Double) -> Double { sin(radians) }

/// The C library's cosine.
private func cosineOf(_ radians: Double) -> Double { cos(radians) }
