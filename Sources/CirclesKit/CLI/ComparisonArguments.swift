import CircleSnapshot

/// The options that set how strictly images are compared, shared by `check` and `diff`.
struct ComparisonArguments {
  var options = ComparisonOptions.exact

  static let help = """
      --threshold <t>        Per-pixel colour threshold, 0…1, on pixelmatch's YIQ scale: pixels
                             closer than this count as equal. Default 0 (exact).
      --ignore-antialiasing  Do not count pixels that look like anti-aliasing of an edge.
      --max-diff <n | p%>    How many pixels may differ (a count, or a share like 0.5%).
                             Default 0.
      --tolerant             Shorthand for --threshold 0.1 --ignore-antialiasing.
    """

  static let options: [CommandOption] = [
    .option("--threshold", "t", .text, "Per-pixel colour threshold, 0 to 1"),
    .flag("--ignore-antialiasing", "Do not count anti-aliasing pixels"),
    .option("--max-diff", "n | p%", .text, "How many pixels may differ"),
    .flag("--tolerant", "Shorthand for --threshold 0.1 --ignore-antialiasing"),
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
    default:
      return false
    }
    return true
  }
}
