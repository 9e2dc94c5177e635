import CircleCanvas
import CircleScript
import CircleSnapshot

/// The options that set how strictly images are compared, shared by `check`, `diff` and
/// `compare`.
struct ComparisonArguments {
  var options = ComparisonOptions.exact

  static let help = """
      --threshold <t>        Per-pixel colour threshold, 0…1, on pixelmatch's YIQ scale: pixels
                             closer than this count as equal. Default 0 (exact).
      --ignore-antialiasing  Do not count pixels that look like anti-aliasing of an edge.
      --max-diff <n | p%>    How many pixels may differ (a count, or a share like 0.5%).
                             Default 0.
      --tolerant             Shorthand for --threshold 0.1 --ignore-antialiasing.
      --checkerboard         With a threshold, measure semi-transparent pixels over a dark and
                             light pattern, as pixelmatch 7 does (the default): a transparent
                             pixel then never passes for a white one.
      --no-checkerboard      With a threshold, measure semi-transparent pixels over white.
      --darker-colour <c>    Paint differing pixels that are darker in the actual image in this
                             colour (#rrggbb or a name) in diff images; the others stay red.
      --ignore <x,y,w,h>     Leave the pixels of this rectangle out (a clock, an avatar): they
                             are neither counted nor painted, and diff images show them hatched.
                             Repeatable; a region past the image's edge is clipped.
    """

  static let options: [CommandOption] = [
    .option("--threshold", "t", .text, "Per-pixel colour threshold, 0 to 1"),
    .flag("--ignore-antialiasing", "Do not count anti-aliasing pixels"),
    .option("--max-diff", "n | p%", .text, "How many pixels may differ"),
    .flag("--tolerant", "Shorthand for --threshold 0.1 --ignore-antialiasing"),
    .flag("--checkerboard", "Measure semi-transparent pixels over a checkerboard"),
    .flag("--no-checkerboard", "Measure semi-transparent pixels over white"),
    .option("--darker-colour", "colour", .text, "Colour of darker differing pixels"),
    .option("--ignore", "x,y,w,h", .text, repeats: true, "Leave this rectangle's pixels out"),
  ]

  /// Takes a comparison option; returns false when `name` is not one.
  mutating func take(
    _ name: String, inline: String?, from reader: inout ArgumentReader
  ) throws(UsageError) -> Bool {
    switch name {
    case "--threshold":
      let text = try reader.value(for: name, inline: inline)
      guard let value = Double(text), value.isFinite, (0...1).contains(value) else {
        throw UsageError("--threshold takes a number from 0 to 1, not '\(text)'")
      }
      options.threshold = value
    case "--ignore-antialiasing":
      options.ignoresAntialiasing = true
    case "--max-diff":
      let text = try reader.value(for: name, inline: inline)
      guard let limit = DifferenceLimit(parsing: text) else {
        throw UsageError("--max-diff takes a pixel count or a share such as 0.5%, not '\(text)'")
      }
      options.limit = limit
    case "--tolerant":
      options.threshold = ComparisonOptions.tolerant.threshold
      options.ignoresAntialiasing = true
    case "--checkerboard":
      options.background = .checkerboard
    case "--no-checkerboard":
      options.background = .white
    case "--darker-colour":
      let text = try reader.value(for: name, inline: inline)
      guard let colour = Colour(hex: text) ?? NamedColours.colour(named: text.lowercased()),
        colour.alpha == 255
      else {
        throw UsageError(
          "--darker-colour takes an opaque colour such as #00ff00 or green, not '\(text)'")
      }
      options.darkerColour = colour
    case "--ignore":
      let text = try reader.value(for: name, inline: inline)
      guard let region = CircleSnapshot.PixelRect(parsing: text) else {
        throw UsageError(
          "--ignore takes x,y,w,h in whole pixels (x and y from 0, w and h from 1), such as "
            + "10,20,100,40, not '\(DisplayText.escaped(text))'")
      }
      options.ignoredRegions.append(region)
    default:
      return false
    }
    return true
  }
}
