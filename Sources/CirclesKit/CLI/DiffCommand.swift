import CircleRender
import CircleScript
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
    what changed in the scene ('c3: fill #555555 → #55aa55'). Sizes are compared first, from the
    files' headers: files of different sizes are decoded only to draw a picture.

    Options:
      -o, --output <file>    Write a diff image: differences in red over a faded copy of the
                             expected image. For files of different sizes it covers both: the
                             region they share is compared, the rest is red.
      --strip <file>         Write an expected | diff | actual strip, labelled; strips wider
                             than 16384 pixels are scaled down.
    \(ComparisonArguments.help)
      -h, --help             Show this help.

    Exit codes: 0 the images match, 1 they differ, 2 a file is missing or not a PNG, a picture
    cannot be written, or memory runs out.
    """

  static let options: [CommandOption] =
    [
      .option(
        "--output", short: "-o", "diff.png", .file(extensions: ["png"]), "Write a diff image"),
      .option(
        "--strip", "strip.png", .file(extensions: ["png"]),
        "Write an expected | diff | actual strip"),
    ] + ComparisonArguments.options
  static let operands = CommandOperands(
    placeholders: ["expected.png", "actual.png"], kind: .file(extensions: ["png"]))

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
          throw Self.unknownOption(name)
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
    var inputs: [Data] = []
    for path in [expectedPath, actualPath] {
      switch Self.read(path, in: context) {
      case .success(let data): inputs.append(data)
      case .failure(let problem):
        console.error(problem.description)
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
      console.error("cannot compare '\(expectedPath)' and '\(actualPath)': \(error)")
      return ExitCode.usage
    }
    outcome.comparison.explainFromHistories(
      expected: (inputs[0], context.url(for: expectedPath)),
      actual: (inputs[1], context.url(for: actualPath)))
    // Scene and renderer lines come from the files: no escape sequence reaches the terminal.
    for line in outcome.comparison.lines { console.print(DiagnosticPrinter.visibleText(line)) }
    for picture in outcome.written {
      switch picture {
      case .diffImage: console.print("diff:  \(outputPath ?? "")")
      case .strip: console.print("strip: \(stripPath ?? "")")
      }
    }
    for (picture, error) in outcome.failed {
      let path = (picture == .strip ? stripPath : outputPath) ?? ""
      let reason: String
      if case .cannotWrite(_, let why) = error { reason = why } else { reason = "\(error)" }
      console.error("cannot write the \(picture.rawValue) '\(path)': \(reason)")
    }
    if !outcome.failed.isEmpty { return ExitCode.usage }
    return outcome.comparison.comparison.matches ? ExitCode.success : ExitCode.failure
  }

  /// Reads a whole regular file; a device or a FIFO is refused before it is opened.
  private static func read(_ path: String, in context: ToolContext) -> Result<Data, FileError> {
    let url = context.url(for: path)
    var status = stat()
    if stat(url.path, &status) == 0, status.st_mode & S_IFMT != S_IFREG,
      status.st_mode & S_IFMT != S_IFDIR
    {
      return .failure(FileError(path: path, action: "read", reason: "is not a regular file"))
    }
    do {
      return .success(try Data(contentsOf: url))
    } catch {
      return .failure(FileError(path: path, action: "read", error: error))
    }
  }
}
