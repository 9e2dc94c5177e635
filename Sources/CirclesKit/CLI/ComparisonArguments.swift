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

  static var options: [CommandOption] {
    [
      .option(
        "--threshold", "t", .text, rule: .number(0...1), "Per-pixel colour threshold, 0 to 1",
        help: "Per-pixel colour threshold, 0…1, on pixelmatch's YIQ scale: pixels closer than "
          + "this count as equal.",
        default: "\(exact.threshold.shortText) (exact)"),
      .flag(
        "--ignore-antialiasing", "Do not count anti-aliasing pixels",
        help: "Do not count pixels that look like anti-aliasing of an edge."),
      .option(
        "--max-diff", "n | p%", .text,
        rule: .described("a pixel count or a share such as 0.5%"), "How many pixels may differ",
        help: "How many pixels may differ (a count, or a share like 0.5%).",
        default: "\(exact.limit)"),
      .flag(
        "--tolerant", "Shorthand for --threshold 0.1 --ignore-antialiasing",
        help: "Shorthand for --threshold \(ComparisonOptions.tolerant.threshold.shortText) "
          + "--ignore-antialiasing; a --threshold given as well wins."),
      .flag(
        "--checkerboard", "Measure semi-transparent pixels over a checkerboard",
        help: "With a threshold, measure semi-transparent pixels over a dark and light pattern, "
          + "as pixelmatch 7 does (the default): a transparent pixel then never passes for a "
          + "white one."),
      .flag(
        "--no-checkerboard", "Measure semi-transparent pixels over white",
        help: "With a threshold, measure semi-transparent pixels over white. The last of "
          + "--checkerboard and --no-checkerboard counts."),
      .option(
        "--darker-colour", "colour", .text,
        rule: .described("an opaque colour such as #00ff00 or green"),
        "Colour of darker differing pixels",
        help: "Paint differing pixels that are darker in the actual image in this colour "
          + "(#rrggbb or a name) in diff images; the others stay red."),
      .option(
        "--ignore", "x,y,w,h", .text,
        rule: .described(
          "x,y,w,h in whole pixels (x and y from 0, w and h from 1), such as 10,20,100,40"),
        repeats: true, "Leave this rectangle's pixels out",
        help: "Leave the pixels of this rectangle out (a clock, an avatar): they are neither "
          + "counted nor painted, and diff images show them hatched. Repeatable; a region past "
          + "the image's edge is clipped."),
    ]
  }

  /// The long names of its options.
  static var names: [String] { options.map(\.name) }

  init() {}

  /// Reads the comparison options among a subcommand's arguments.
  ///
  /// - Throws: ``UsageError`` for a `--max-diff`, `--darker-colour` or `--ignore` value it
  ///   cannot read.
  init(_ arguments: ParsedArguments) throws(UsageError) {
    if arguments.flag("--tolerant") { options = .tolerant }
    if let threshold = arguments.number("--threshold") { options.threshold = threshold }
    if arguments.flag("--ignore-antialiasing") { options.ignoresAntialiasing = true }
    if let limit = try arguments.value("--max-diff", DifferenceLimit.init(parsing:)) {
      options.limit = limit
    }
    switch arguments.last(of: ["--checkerboard", "--no-checkerboard"]) {
    case "--checkerboard": options.background = .checkerboard
    case "--no-checkerboard": options.background = .white
    default: break
    }
    options.darkerColour = try arguments.value("--darker-colour") { text in
      (Colour(hex: text) ?? NamedColours.colour(named: text.lowercased())).flatMap {
        $0.alpha == 255 ? $0 : nil
      }
    }
    for text in arguments.strings("--ignore") {
      guard let region = CircleRender.PixelRect(parsing: text) else {
        throw ParsedArguments.badValue(text, of: Self.options.first { $0.name == "--ignore" }!)
      }
      options.ignoredRegions.append(region)
    }
  }
}
