import CircleRender
import CircleScript
import CircleSnapshot
import CircleSystem
import Foundation

/// `circles diff a.png b.png [-o diff.png]`: two PNGs compared with the engine of `check`.
struct DiffCommand: Subcommand {
  static let name = "diff"
  static let summary = "Compare two PNG images and write a diff image."
  static let discussion = """
    Compares two PNG files pixel by pixel with the same engine as 'circles check' and prints how
    many pixels differ and where. When both files are goldens written by circles, also prints
    what changed in the scene ('c3: fill #555555 → #55aa55'). Sizes are compared first, from the
    files' headers: files of different sizes are decoded only to draw a picture.
    """
  static let epilogue = """
    Exit codes: 0 the images match, 1 they differ, 2 a file is missing or not a PNG, a picture
    cannot be written, or memory runs out.
    """

  static var output: OptionKey<String?> {
    .option(
      "--output", short: "-o", "diff.png", .file(extensions: ["png"]), "Write a diff image",
      help: "Write a diff image: differences in red over a faded copy of the expected image. "
        + "For files of different sizes it covers both: the region they share is compared, "
        + "the rest is red.")
  }
  static var strip: OptionKey<String?> {
    .option(
      "--strip", "strip.png", .file(extensions: ["png"]),
      "Write an expected | diff | actual strip",
      help: "Write an expected | diff | actual strip, labelled; strips wider than 16384 "
        + "pixels are scaled down.")
  }
  static var options: [CommandOption] {
    declarations(output, strip) + ComparisonArguments.options
  }
  static var operands: CommandOperands {
    CommandOperands(
      placeholders: ["expected.png", "actual.png"], kind: .file(extensions: ["png"]),
      noun: "two PNG files", missing: "two PNG files, the expected one and the actual one")
  }

  var expectedPath: String
  var actualPath: String
  var outputPath: String?
  var stripPath: String?
  var comparison: ComparisonArguments

  init(_ arguments: ParsedArguments) throws(UsageError) {
    expectedPath = arguments.operands[0]
    actualPath = arguments.operands[1]
    outputPath = try arguments[Self.output]
    stripPath = try arguments[Self.strip]
    comparison = try ComparisonArguments(arguments)
  }

  func run(in context: ToolContext) -> Int32 {
    let console = context.console
    var inputs: [Data] = []
    for path in [expectedPath, actualPath] {
      do {
        inputs.append(
          try FolderHandle.readGivenFile(atPath: context.url(for: path).path, shownAs: path))
      } catch {
        console.error(DisplayText.escaped(error.description))
        return ExitCode.usage
      }
    }
    let diff = PNGDiff(
      options: comparison.options, diffImage: outputPath.map { context.url(for: $0) },
      strip: stripPath.map { context.url(for: $0) })
    var outcome: PNGDiff.Outcome
    do {
      outcome = try diff.run(expected: inputs[0], actual: inputs[1])
    } catch {
      // The message names the file of the pair that could not be read.
      let file = error.file == .expected ? expectedPath : actualPath
      let message =
        if case .outOfMemory = error.error {
          "cannot compare '\(expectedPath)' and '\(actualPath)': \(error)"
        } else {
          "cannot read '\(file)': \(error)"
        }
      console.error(DisplayText.escaped(message))
      return ExitCode.usage
    }
    outcome.comparison.explainFromHistories(
      expected: (inputs[0], context.url(for: expectedPath)),
      actual: (inputs[1], context.url(for: actualPath)))
    // Scene and renderer lines come from the files: no escape sequence reaches the terminal.
    for line in outcome.comparison.lines { console.print(DisplayText.escaped(line)) }
    for picture in outcome.written {
      switch picture {
      case .diffImage: console.print("diff:  \(DisplayText.escaped(outputPath ?? ""))")
      case .strip: console.print("strip: \(DisplayText.escaped(stripPath ?? ""))")
      }
    }
    for (picture, error) in outcome.failed {
      let path = (picture == .strip ? stripPath : outputPath) ?? ""
      let reason: String
      if case .cannotWrite(_, let why) = error { reason = why } else { reason = "\(error)" }
      console.error(
        DisplayText.escaped("cannot write the \(picture.rawValue) '\(path)': \(reason)"))
    }
    if !outcome.failed.isEmpty { return ExitCode.usage }
    return outcome.comparison.comparison.matches ? ExitCode.success : ExitCode.failure
  }
}
