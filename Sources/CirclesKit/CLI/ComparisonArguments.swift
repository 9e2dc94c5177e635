import CircleCanvas
import CircleRender
import CircleScript
import CircleSnapshot

/// The options that set how strictly images are compared, shared by `check`, `diff` and
/// `compare`.
struct ComparisonArguments {
  /// The options read; ``ComparisonOptions/exact`` (the library's default) unless given.
  var options = ComparisonOptions.exact

  private static let exact = ComparisonOptions.exact

  static var threshold: OptionKey<Double?> {
    .number(
      "--threshold", "t", in: 0...1, "Per-pixel colour threshold, 0 to 1",
      help: "Per-pixel colour threshold, 0…1, on pixelmatch's YIQ scale: pixels closer than "
        + "this count as equal.",
      default: "\(exact.threshold.shortText) (exact)")
  }
  static var ignoreAntialiasing: OptionKey<Bool> {
    .flag(
      "--ignore-antialiasing", "Do not count anti-aliasing pixels",
      help: "Do not count pixels that look like anti-aliasing of an edge.")
  }
  static var maximumDifference: OptionKey<DifferenceLimit?> {
    .parsed(
      "--max-diff", "n | p%", expected: "a pixel count or a share such as 0.5%",
      "How many pixels may differ",
      help: "How many pixels may differ (a count, or a share like 0.5%).",
      default: "\(exact.limit)", DifferenceLimit.init(parsing:))
  }
  static var tolerant: OptionKey<Bool> {
    .flag(
      "--tolerant", "Shorthand for --threshold 0.1 --ignore-antialiasing",
      help: "Shorthand for --threshold \(ComparisonOptions.tolerant.threshold.shortText) "
        + "--ignore-antialiasing; a --threshold given as well wins.")
  }
  static var checkerboard: OptionKey<Bool> {
    .flag(
      "--checkerboard", "Measure semi-transparent pixels over a checkerboard",
      help: "With a threshold, measure semi-transparent pixels over a dark and light pattern, "
        + "as pixelmatch 7 does (the default): a transparent pixel then never passes for a "
        + "white one.")
  }
  static var noCheckerboard: OptionKey<Bool> {
    .flag(
      "--no-checkerboard", "Measure semi-transparent pixels over white",
      help: "With a threshold, measure semi-transparent pixels over white. The last of "
        + "--checkerboard and --no-checkerboard counts.")
  }
  static var darkerColour: OptionKey<Colour?> {
    .parsed(
      "--darker-colour", "colour", expected: "an opaque colour such as #00ff00 or green",
      "Colour of darker differing pixels",
      help: "Paint differing pixels that are darker in the actual image in this colour "
        + "(#rrggbb or a name) in diff images; the others stay red."
    ) { text in
      (Colour(hex: text) ?? NamedColours.colour(named: text.lowercased())).flatMap {
        $0.alpha == 255 ? $0 : nil
      }
    }
  }
  static var ignore: OptionKey<[CircleRender.PixelRect]> {
    .parsedRepeating(
      "--ignore", "x,y,w,h",
      expected: "x,y,w,h in whole pixels (x and y from 0, w and h from 1), such as 10,20,100,40",
      "Leave this rectangle's pixels out",
      help: "Leave the pixels of this rectangle out (a clock, an avatar): they are neither "
        + "counted nor painted, and diff images show them hatched. Repeatable; a region past "
        + "the image's edge is clipped.", CircleRender.PixelRect.init(parsing:))
  }

  static var options: [CommandOption] {
    declarations(
      threshold, ignoreAntialiasing, maximumDifference, tolerant, checkerboard, noCheckerboard,
      darkerColour, ignore)
  }

  init() {}

  /// Reads the comparison options among a subcommand's arguments.
  ///
  /// - Throws: ``UsageError`` for a `--max-diff`, `--darker-colour` or `--ignore` value it
  ///   cannot read.
  init(_ arguments: ParsedArguments) throws(UsageError) {
    if try arguments[Self.tolerant] { options = .tolerant }
    options.threshold = try arguments[Self.threshold] ?? options.threshold
    if try arguments[Self.ignoreAntialiasing] { options.ignoresAntialiasing = true }
    options.limit = try arguments[Self.maximumDifference] ?? options.limit
    let backgrounds = [Self.checkerboard.declaration, Self.noCheckerboard.declaration]
    switch arguments.last(of: backgrounds) {
    case Self.checkerboard.name: options.background = .checkerboard
    case Self.noCheckerboard.name: options.background = .white
    default: break
    }
    options.darkerColour = try arguments[Self.darkerColour]
    options.ignoredRegions += try arguments[Self.ignore]
  }
}
