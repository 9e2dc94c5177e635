import CircleRender
import CircleScript
import Foundation

/// `circles run <script|-> [-o DIR]`: every canvas state of a script to PNG.
struct RunCommand: Subcommand {
  static let name = "run"
  static let summary = "Run a script and write every canvas state as a PNG frame."
  static let help = """
    Usage: circles run <script.circles | -> [-o <dir>] [--format png|svg|pdf] [--sheet <file.png>]
                       [--watch] [--png-compression <choice>]

    Runs a drawing script and writes one PNG per canvas state into the output folder: the start
    (0000-start.png), then one frame after every command that changes the canvas, undo, redo and
    whole groups included (0001-add-sun.png, 0002-undo-add-sun.png, …). 'render' commands write
    their files relative to the same folder. '-' reads the script from standard input.

    Options:
      -o, --output <dir>   Folder for the frames (created when missing).
                           Default: '<script name>-frames' in the current folder
                           ('stdin-frames' for '-').
      --format <png|svg|pdf>
                           The format of frames and 'render' targets: PNG pixels (the
                           default), or an SVG document or one-page PDF of the canvas in
                           points, drawn by Cairo with the same geometry and colours.
      --sheet <file.png>   Also write a contact sheet: every frame as a thumbnail in step
                           order, labelled with its step number and action.
      --watch              Run again every time the script file changes, writing only the
                           frames whose content changed, until interrupted (Ctrl-C).
      --png-compression <fast|default|small>
                           Speed against file size of the PNG frames. 'default'
                           compresses runs of filtered rows with zlib (about the size
                           of Cairo's files at a tenth of the time); 'fast' uses igzip
                           (about twice as fast, files 5-10 % larger); 'small' is
                           25-30× slower and 1-2 % smaller. Every choice decodes to the
                           same pixels.
      -h, --help           Show this help.

    Frames from an earlier run into the same folder that this run did not write again are
    removed, so the folder always shows one run. Other files are left alone.

    Exit codes: 0 success, 1 an 'expect' failed, 2 an error in the script or the command line.
    """

  var scriptPath: String
  var outputPath: String?
  var compression = PNGCompression.default
  var format = FrameFormat.png
  var sheetPath: String?
  var watches = false

  init(arguments: [String]) throws(UsageError) {
    var reader = ArgumentReader(arguments)
    var script: String?
    var output: String?
    while let item = reader.next() {
      switch item {
      case .positional(let value):
        guard script == nil else { throw UsageError("run takes one script; '\(value)' is extra") }
        script = value
      case .option(let name, let inline) where name == "-o" || name == "--output":
        output = try reader.value(for: name, inline: inline)
      case .option(let name, let inline) where name == "--png-compression":
        let value = try reader.value(for: name, inline: inline)
        guard let choice = PNGCompression(rawValue: value) else {
          throw UsageError(
            "--png-compression takes fast, default or small, not '\(value)'")
        }
        compression = choice
      case .option(let name, let inline) where name == "--format":
        let value = try reader.value(for: name, inline: inline)
        guard let chosen = FrameFormat(rawValue: value.lowercased()) else {
          throw UsageError("unknown format '\(value)'; use png, svg or pdf")
        }
        format = chosen
      case .option(let name, let inline) where name == "--sheet":
        sheetPath = try reader.value(for: name, inline: inline)
      case .option(let name, let inline) where name == "--watch":
        guard inline == nil else { throw UsageError("--watch takes no value") }
        watches = true
      case .option(let name, _):
        throw UsageError.unknownOption(
          name, known: ["--output", "--format", "--sheet", "--watch", "--png-compression"])
      }
    }
    guard let script else {
      throw UsageError("run needs a script file (or '-' for standard input)")
    }
    scriptPath = script
    outputPath = output
  }

  func validate(in context: ToolContext) throws(UsageError) {
    if let sheetPath, context.url(for: sheetPath).pathExtension.lowercased() != "png" {
      throw UsageError("the contact sheet '\(sheetPath)' needs a .png extension")
    }
    if watches, scriptPath == "-" {
      throw UsageError("--watch needs a script file, not standard input")
    }
  }

  func run(in context: ToolContext) -> Int32 {
    if watches { return watch(in: context) }
    let console = context.console
    let start = ContinuousClock.now
    let source: ScriptSource
    do {
      source = try ScriptInput.read(scriptPath, in: context)
    } catch {
      console.error(error.description)
      return ExitCode.usage
    }
    let output = context.url(
      for: outputPath ?? "\(scriptPath == "-" ? "stdin" : source.baseName)-frames",
      isDirectory: true)
    let result: RunResult
    do {
      result = try ScriptRunner.run(
        source, outputDirectory: output,
        options: FrameOptions(format: .init(format, compression: compression)))
    } catch {
      report(error, source: source, console: console)
      return error.exitCode
    }
    FrameFolder.removeStaleFrames(
      in: output, keeping: Set(result.frames.map { $0.url.lastPathComponent }))
    let seconds = (ContinuousClock.now - start).formattedSeconds
    let frames = result.frames.count == 1 ? "1 frame" : "\(result.frames.count) frames"
    let circles = result.circleCount == 1 ? "1 circle" : "\(result.circleCount) circles"
    console.print(
      "\(frames) written to \(outputPath ?? output.relativePath(from: context.currentDirectory)) (\(circles), \(seconds))"
    )
    var status = ExitCode.success
    if let sheetPath {
      status = writeSheet(of: source, to: sheetPath, in: context)
    }
    if let failure = result.failure {
      report(.script(failure), source: source, console: console)
      return failure.exitCode
    }
    return status
  }

  func report(_ error: RunError, source: ScriptSource, console: Console) {
    switch error {
    case .cannotRead:
      console.error(error.description)
    case .script(let failure):
      console.report(failure, source: source.bytes)
    }
  }
}

extension RunError {
  /// The exit code this error gives (SPEC §6).
  public var exitCode: Int32 {
    switch self {
    case .cannotRead: ExitCode.usage
    case .script(let failure): failure.exitCode
    }
  }
}

extension Duration {
  /// `0.12 s`, `3.4 s`.
  var formattedSeconds: String {
    let seconds = Double(components.seconds) + Double(components.attoseconds) / 1e18
    return String(format: seconds < 10 ? "%.2f s" : "%.1f s", seconds)
  }
}
