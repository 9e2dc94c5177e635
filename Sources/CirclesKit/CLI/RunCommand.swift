import CircleEngine
import CircleRender
import CircleScript
import Foundation

/// `circles run <script|-> [-o DIR]`: every canvas state of a script to PNG.
struct RunCommand: Subcommand {
  static let name = "run"
  static let summary = "Run a script and write every canvas state as a PNG frame."
  static let help = """
    Usage: circles run <script.circles | -> [-o <dir>] [--format png|svg|pdf] [--sheet <file.png>]
                       [--frames all|last|none] [--animation <file.png|.apng|.gif>]
                       [--frame-delay <seconds>] [--highlight-changes]
                       [--watch] [--png-compression <choice>]
                       [--max-frames <n>] [--max-bytes <n>]

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
                           order, labelled with its step number and action; undo and redo
                           frames outline the region that changed.
      --frames <all|last|none>
                           Which frames to write as files: every state (the default), only
                           the final one, or none ('render' targets, the animation and the
                           sheet are still written).
      --animation <file>   Also write the whole run as one animated image, looping: .png or
                           .apng for an animated PNG (every frame's pixels exactly, each
                           stored as the rectangle that changed), .gif for a GIF (256
                           colours a frame, transparency on or off).
      --frame-delay <seconds>
                           How long the animation shows each state: 0.01 to 60, in
                           hundredths (default 0.5). The last state stays four times as
                           long, at least 2 seconds.
      --highlight-changes  In the animation, outline the region that changed on undo and
                           redo frames. Frame files never carry marks.
      --watch              Run again every time the script file changes, writing only the
                           frames whose content changed, until interrupted (Ctrl-C).
      --png-compression <fast|default|small>
                           Speed against file size of the PNG frames. 'default'
                           compresses runs of filtered rows with zlib (about the size
                           of Cairo's files at a tenth of the time); 'fast' uses igzip
                           (about twice as fast, files 5-10 % larger); 'small' is
                           25-30× slower and 1-2 % smaller. Every choice decodes to the
                           same pixels.
      --max-frames <n>     The most frame files the run writes (default 100000; 0 for no
                           limit). A command whose frame would go over stops the script
                           with an error at it.
      --max-bytes <n>      The most bytes of frames and 'render' files the run writes
                           (default 4294967296, 4 GiB; 0 for no limit), likewise.
      -h, --help           Show this help.

    Every file is written beneath the output folder: a 'render' path may not start with '/'
    or '~', hold '..', or go through a symbolic link that leads out. The frames a run writes
    are listed in the folder's .circles-frames; the next run removes those it does not write
    again, and nothing else. A second run into the same folder waits for the first to finish
    (the lock is .circles-lock).

    Exit codes: 0 success, 1 an 'expect' failed, 2 an error in the script or the command line.
    """

  static let options: [CommandOption] = [
    .option("--output", short: "-o", "dir", .folder, "Folder for the frames"),
    .option(
      "--format", "format", .choices(FrameFormat.allCases.map(\.rawValue)),
      "Format of frames and render targets"),
    .option("--sheet", "file.png", .file(extensions: ["png"]), "Also write a contact sheet"),
    .flag("--watch", "Run again every time the script changes"),
    .option(
      "--png-compression", "choice", .choices(PNGCompression.allCases.map(\.rawValue)),
      "Speed against size of PNG frames"),
    .option(
      "--frames", "which", .choices(FrameSelection.allCases.map(\.rawValue)),
      "Which frames to write as files"),
    .option(
      "--animation", "file", .file(extensions: ["png", "apng", "gif"]),
      "Also write the run as one animated image"),
    .option("--frame-delay", "seconds", .text, "How long the animation shows each state"),
    .flag("--highlight-changes", "Outline what undo and redo changed, in the animation"),
    .option("--max-frames", "n", .text, "The most frame files the run writes"),
    .option("--max-bytes", "n", .text, "The most bytes of files the run writes"),
  ]
  static let operands = CommandOperands.script

  var scriptPath: String
  var outputPath: String?
  var compression = PNGCompression.default
  var format = FrameFormat.png
  var sheetPath: String?
  var watches = false
  var frames = FrameSelection.all
  var animationPath: String?
  var frameDelay: Double?
  var highlightsChanges = false
  var maximumFrames = FrameOptions.defaultMaximumFrames
  var maximumBytes = FrameOptions.defaultMaximumBytes

  init(arguments: [String]) throws(UsageError) {
    var reader = ArgumentReader(arguments)
    var script: String?
    while let (name, inline) = try reader.nextOption(keepingScriptIn: &script, of: Self.name) {
      switch name {
      case "-o", "--output":
        outputPath = try reader.value(for: name, inline: inline)
      case "--png-compression":
        let value = try reader.value(for: name, inline: inline)
        guard let choice = PNGCompression(rawValue: value) else {
          throw UsageError(
            "--png-compression takes fast, default or small, not '\(value)'")
        }
        compression = choice
      case "--format":
        let value = try reader.value(for: name, inline: inline)
        guard let chosen = FrameFormat(rawValue: value.lowercased()) else {
          throw UsageError("unknown format '\(value)'; use png, svg or pdf")
        }
        format = chosen
      case "--sheet":
        sheetPath = try reader.value(for: name, inline: inline)
      case "--watch":
        try ArgumentReader.flag(name, inline: inline)
        watches = true
      case "--frames":
        let value = try reader.value(for: name, inline: inline)
        guard let chosen = FrameSelection(rawValue: value) else {
          throw UsageError("--frames takes all, last or none, not '\(value)'")
        }
        frames = chosen
      case "--animation":
        animationPath = try reader.value(for: name, inline: inline)
      case "--frame-delay":
        let value = try reader.value(for: name, inline: inline)
        guard let seconds = Double(value), AnimationOptions.frameDelays.contains(seconds) else {
          throw UsageError("--frame-delay takes seconds from 0.01 to 60, not '\(value)'")
        }
        frameDelay = seconds
      case "--highlight-changes":
        try ArgumentReader.flag(name, inline: inline)
        highlightsChanges = true
      case "--max-frames", "--max-bytes":
        let value = try reader.value(for: name, inline: inline)
        guard let bound = Int(value), bound >= 0 else {
          throw UsageError("\(name) takes a whole number ≥ 0 (0 for no limit), not '\(value)'")
        }
        if name == "--max-frames" { maximumFrames = bound } else { maximumBytes = bound }
      default:
        throw Self.unknownOption(name)
      }
    }
    scriptPath = try ArgumentReader.requiredScript(script, of: Self.name)
  }

  func validate(in context: ToolContext) throws(UsageError) {
    if let sheetPath, context.url(for: sheetPath).pathExtension.lowercased() != "png" {
      throw UsageError("the contact sheet '\(sheetPath)' needs a .png extension")
    }
    if watches, scriptPath == "-" {
      throw UsageError("--watch needs a script file, not standard input")
    }
    if let animationPath, AnimationFormat(fileExtensionOf: context.url(for: animationPath)) == nil {
      throw UsageError(
        "the animation '\(animationPath)' needs a .png, .apng or .gif extension")
    }
    if animationPath == nil, frameDelay != nil || highlightsChanges {
      throw UsageError(
        "\(frameDelay != nil ? "--frame-delay" : "--highlight-changes") needs --animation <file>")
    }
    try checkOutputPaths(in: context)
    if watches, animationPath != nil || frames != .all {
      throw UsageError(
        "--watch cannot be used with \(animationPath != nil ? "--animation" : "--frames")")
    }
  }

  /// The options of the run: format, frames, animation and sheet.
  func frameOptions(in context: ToolContext) -> FrameOptions {
    var options = FrameOptions(format: format, compression: compression)
    options.frames = frames
    options.maximumFrames = maximumFrames
    options.maximumBytes = maximumBytes
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
    guard let source = ScriptInput.readReporting(scriptPath, in: context) else {
      return ExitCode.usage
    }
    let path = outputPath ?? FrameFolder.defaultPath(forScript: scriptPath)
    // Messages show the folder as typed, with any control character made visible.
    let folder = DiagnosticPrinter.visibleText(path)
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
    let circles = result.circleCount == 1 ? "1 circle" : "\(result.circleCount) circles"
    if frames == .none {
      console.print("no frames written (--frames none; \(circles), \(seconds))")
    } else if !result.frames.isEmpty {
      let count = result.frames.count == 1 ? "1 frame" : "\(result.frames.count) frames"
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
  /// The exit code this error gives (SPEC §6).
  public var exitCode: Int32 {
    switch self {
    case .cannotRead, .cannotWrite: ExitCode.usage
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
