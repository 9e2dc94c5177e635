import CircleRender
import CircleSnapshot
import Foundation

/// `circles diff a.png b.png [-o diff.png]`: two PNGs compared with the engine of `check`.
struct DiffCommand: Subcommand {
  static let name = "diff"
  static let summary = "Compare two PNG images and write a diff image."
  static let help = """
    Usage: circles diff <expected.png> <actual.png> [-o <diff.png>] [options]

    Compares two PNG files pixel by pixel with the same engine as 'circles check' and prints how
    many pixels differ and where. When both files are goldens written by circles, also prints
    what changed in the scene ('c3: fill #555555 → #55aa55').

    Options:
      -o, --output <file>    Write a diff image: differences in red over a faded copy of the
                             expected image.
      --strip <file>         Write an expected | diff | actual strip.
    \(ComparisonArguments.help)
      -h, --help             Show this help.

    Exit codes: 0 the images match, 1 they differ, 2 a file is missing or not a PNG.
    """

  var expectedPath: String
  var actualPath: String
  var outputPath: String?
  var stripPath: String?
  var comparison = ComparisonArguments()

  init(arguments: [String]) throws(UsageError) {
    var reader = ArgumentReader(arguments)
    var files: [String] = []
    while let item = reader.next() {
      switch item {
      case .positional(let value):
        files.append(value)
      case .option(let name, let inline):
        if try comparison.take(name, inline: inline, from: &reader) { continue }
        switch name {
        case "-o", "--output": outputPath = try reader.value(for: name, inline: inline)
        case "--strip": stripPath = try reader.value(for: name, inline: inline)
        default:
          throw UsageError.unknownOption(
            name, known: ["--output", "--strip"] + ComparisonArguments.names)
        }
      }
    }
    guard files.count == 2 else {
      throw UsageError("diff takes two PNG files, the expected one and the actual one")
    }
    expectedPath = files[0]
    actualPath = files[1]
  }

  func run(in context: ToolContext) -> Int32 {
    let console = context.console
    let expected: Data
    let actual: Data
    do {
      expected = try read(expectedPath, in: context)
      actual = try read(actualPath, in: context)
    } catch {
      console.error(error.description)
      return ExitCode.usage
    }
    let result: PNGComparison
    do {
      result = try PNGComparison(expected: expected, actual: actual, options: comparison.options)
    } catch {
      console.error("cannot compare '\(expectedPath)' and '\(actualPath)': \(error)")
      return ExitCode.usage
    }
    result.lines.forEach(console.print)
    do {
      let diffImage = outputPath != nil || stripPath != nil ? result.diffImage : nil
      if let outputPath, let diffImage {
        try AtomicFile.write(try PNGCodec.encode(diffImage), to: context.url(for: outputPath))
        console.print("diff:  \(outputPath)")
      }
      if let stripPath, let diffImage {
        let strip = DiffImage.strip(
          expected: result.expected, diff: diffImage, actual: result.actual)
        try AtomicFile.write(try PNGCodec.encode(strip), to: context.url(for: stripPath))
        console.print("strip: \(stripPath)")
      }
    } catch {
      console.error("cannot write the diff image: \(error)")
      return ExitCode.usage
    }
    return result.comparison.matches ? ExitCode.success : ExitCode.failure
  }

  private func read(_ path: String, in context: ToolContext) throws(FileProblem) -> Data {
    let url = context.url(for: path)
    do {
      return try Data(contentsOf: url)
    } catch {
      throw FileProblem("cannot read '\(path)': \(FileProblem.reason(error, url: url))")
    }
  }
}
