import CircleEngine
import CircleRender
import CircleScript
import CircleSystem
import Foundation

/// `circles run <script|-> [-o DIR]`: every canvas state of a script to PNG.
struct RunCommand: Subcommand {
  static let name = "run"
  static let summary = "Run a script and write every canvas state as a PNG frame."
  static let discussion = """
    Runs a drawing script and writes one PNG per canvas state into the output folder: the start
    (0000-start.png), then one frame after every command that changes the canvas, undo, redo and
    whole groups included (0001-add-sun.png, 0002-undo-add-sun.png, …). 'render' commands write
    their files relative to the same folder. '-' reads the script from standard input.
    """
  static let epilogue = """
    Every file is written beneath the output folder: a 'render' path may not start with '/'
    or '~', hold '..', or go through a symbolic link that leads out. The frames a run writes
    are listed in the folder's .circles-frames; the next run removes those it does not write
    again, and nothing else. A second run into the same folder waits for the first to finish
    (the lock is .circles-lock).

    Exit codes: 0 success, 1 an 'expect' failed, 2 an error in the script or the command line.
    """

  /// The library's defaults, which the help shows.
  private static let defaults = RunOptions()

  static var output: OptionKey<String?> {
    .option(
      "--output", short: "-o", "dir", .folder, "Folder for the frames",
      help: "Folder for the frames (created when missing).",
      default: "'<script name>-frames' in the current folder ('stdin-frames' for '-')")
  }
  static var format: OptionKey<FrameFormat?> {
    .choice(
      "--format", "format", of: FrameFormat.self, "Format of frames and render targets",
      help: "The format of frames and 'render' targets: PNG pixels, or an SVG document or "
        + "one-page PDF of the canvas in points, drawn by Cairo with the same geometry and "
        + "colours.",
      default: defaults.format.rawValue)
  }
  static var sheet: OptionKey<String?> {
    .option(
      "--sheet", "file.png", .file(extensions: ["png"]), "Also write a contact sheet",
      help: "Also write a contact sheet: every frame as a thumbnail in step order, labelled "
        + "with its step number and action; undo and redo frames outline the region that "
        + "changed.", noun: "the contact sheet")
  }
  static var frames: OptionKey<FrameSelection?> {
    .choice(
      "--frames", "which", of: FrameSelection.self, "Which frames to write as files",
      help: "Which frames to write as files: every state, only the final one, or none "
        + "('render' targets, the animation and the sheet are still written).",
      default: defaults.frames.rawValue)
  }
  static var animation: OptionKey<String?> {
    .option(
      "--animation", "file", .file(extensions: ["png", "apng", "gif"]),
      "Also write the run as one animated image",
      help: "Also write the whole run as one animated image, looping: .png or .apng for an "
        + "animated PNG (every frame's pixels exactly, each stored as the rectangle that "
        + "changed), .gif for a GIF (256 colours a frame, transparency on or off).",
      noun: "the animation")
  }
  static var frameDelay: OptionKey<Double?> {
    .number(
      "--frame-delay", "seconds", in: AnimationOptions.frameDelays, unit: "seconds",
      "How long the animation shows each state",
      help: "How long the animation shows each state, in seconds, from 0.01 to 60 (such as "
        + "0.5; kept to hundredths, as GIF and APNG keep it). The last state stays four "
        + "times as long, at least 2 seconds. Needs --animation.",
      default: AnimationOptions.defaultFrameDelay.shortText)
  }
  static var highlightChanges: OptionKey<Bool> {
    .flag(
      "--highlight-changes", "Outline what undo and redo changed, in the animation",
      help: "In the animation, outline the region that changed on undo and redo frames. Frame "
        + "files never carry marks. Needs --animation.")
  }
  static var watch: OptionKey<Bool> {
    .flag(
      "--watch", "Run again every time the script changes",
      help: "Run again every time the script file changes, writing only the frames whose "
        + "content changed, until interrupted (Ctrl-C). Not with --animation or --frames.")
  }
  static var compression: OptionKey<PNGCompression?> {
    .choice(
      "--png-compression", "choice", of: PNGCompression.self, "Speed against size of PNG frames",
      help: "Speed against file size of the PNG frames. 'default' compresses runs of filtered "
        + "rows with zlib (about the size of Cairo's files at a tenth of the time); 'fast' "
        + "uses igzip (about twice as fast, files 5-10 % larger); 'small' is 25-30× slower "
        + "and 1-2 % smaller. Every choice decodes to the same pixels.",
      default: defaults.compression.rawValue)
  }
  static var maximumFrames: OptionKey<Int?> {
    .wholeNumber(
      "--max-frames", "n", in: 0...Int.max, "The most frame files the run writes",
      help: "The most frame files the run writes (0 for no limit). A command whose frame "
        + "would go over stops the script with an error at it.",
      default: String(defaults.maximumFrames))
  }
  static var maximumBytes: OptionKey<Int?> {
    .wholeNumber(
      "--max-bytes", "n", in: 0...Int.max, "The most bytes of files the run writes",
      help: "The most bytes of frames and 'render' files the run writes (0 for no limit), "
        + "likewise.",
      default: "\(defaults.maximumBytes) (4 GiB)")
  }

  static var options: [CommandOption] {
    declarations(
      output, format, sheet, frames, animation, frameDelay, highlightChanges, watch,
      compression, maximumFrames, maximumBytes, UndoBudget.option)
  }
  static var operands: CommandOperands {
    CommandOperands.script
  }

  var scriptPath: String
  var outputPath: String?
  /// Format, compression, which frames and the bounds: the library's defaults unless given.
  var options = RunOptions()
  var sheetPath: String?
  var watches: Bool
  var animationPath: String?
  var frameDelay: Double?
  var highlightsChanges: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    scriptPath = arguments.operands[0]
    outputPath = try arguments[Self.output]
    options.format = try arguments[Self.format] ?? options.format
    options.compression = try arguments[Self.compression] ?? options.compression
    options.frames = try arguments[Self.frames] ?? options.frames
    options.maximumFrames = try arguments[Self.maximumFrames] ?? options.maximumFrames
    options.maximumBytes = try arguments[Self.maximumBytes] ?? options.maximumBytes
    options.maximumKeptChanges = try UndoBudget.value(in: arguments)
    sheetPath = try arguments[Self.sheet]
    watches = try arguments[Self.watch]
    animationPath = try arguments[Self.animation]
    frameDelay = try arguments[Self.frameDelay]
    highlightsChanges = try arguments[Self.highlightChanges]
  }

  func validate(in context: ToolContext) throws(UsageError) {
    if let sheetPath {
      try Self.requireExtension(of: sheetPath, for: Self.sheet)
    }
    if watches, scriptPath == "-" {
      throw UsageError("--watch needs a script file, not standard input")
    }
    if let animationPath {
      try Self.requireExtension(of: animationPath, for: Self.animation)
    }
    if animationPath == nil, frameDelay != nil || highlightsChanges {
      throw UsageError(
        "\(frameDelay != nil ? "--frame-delay" : "--highlight-changes") needs --animation <file>")
    }
    try checkOutputPaths(in: context)
    if watches, animationPath != nil || options.frames != .all {
      throw UsageError(
        "--watch cannot be used with \(animationPath != nil ? "--animation" : "--frames")")
    }
  }

  /// The options of the run: format, frames, animation and sheet.
  func frameOptions(in context: ToolContext) -> RunOptions {
    var options = options
    options.animation = animationPath.flatMap {
      AnimationOptions(
        url: context.url(for: $0), frameDelay: frameDelay ?? AnimationOptions.defaultFrameDelay,
        highlightsChanges: highlightsChanges)
    }
    options.sheet = sheetPath.map { context.url(for: $0) }
    return options
  }

  func run(in context: ToolContext) -> Int32 {
    if watches { return watch(in: context) }
    let console = context.console
    let start = ContinuousClock.now
    guard let source = ScriptSource.givenReporting(scriptPath, in: context) else {
      return ExitCode.usage
    }
    let path = outputPath ?? FrameFolder.defaultPath(forScript: scriptPath)
    // Messages show the folder as typed, with any control character made visible.
    let folder = DisplayText.escaped(path)
    let result: RunResult
    do {
      result = try ScriptRunner.run(
        source, outputDirectory: context.url(for: path, isDirectory: true),
        displayPath: folder, options: frameOptions(in: context),
        whenBusy: { console.printError($0) })
    } catch {
      report(error, source: source, in: context)
      return error.exitCode
    }
    let seconds = (ContinuousClock.now - start).formattedSeconds
    console.noteSetAside(result.setAside, in: folder)
    let circles = Plural.count(result.circleCount, "circle")
    if options.frames == .none {
      console.print("no frames written (--frames none; \(circles), \(seconds))")
    } else if !result.frames.isEmpty {
      let count = Plural.count(result.frames.count, "frame")
      // A run that stopped says so first, so that its count does not read as success.
      let stop = result.failure.map {
        "run stopped by the \($0.isError ? "error" : "failed expect") at line "
          + "\($0.diagnostic.range.start.line) after "
      }
      console.print(
        "\(stop ?? "")\(count)\(stop == nil ? "" : ",") written to \(folder) (\(circles), "
          + "\(seconds))")
    }
    let status = reportOutputs(of: result, in: context)
    if let failure = result.failure {
      report(.script(failure), source: source, in: context)
      return failure.exitCode
    }
    return status
  }

  func report(_ error: RunError, source: ScriptSource, in context: ToolContext) {
    let console = context.console
    switch error {
    case .cannotWrite(let path, let reason):
      if let name = outputName(forPath: path, in: context) {
        console.error("cannot write \(name): \(reason)")
      } else {
        console.error(error.description)
      }
    case .cannotRead:
      console.error(error.description)
    case .script(let failure):
      console.report(failure, source: source.bytes)
    }
  }
}

extension RunError {
  /// The exit code this error gives (docs/cli.md, "Exit codes and output").
  package var exitCode: Int32 {
    switch self {
    case .cannotRead, .cannotWrite: ExitCode.usage
    case .script(let failure): failure.exitCode
    }
  }
}
