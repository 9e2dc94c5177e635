import CircleRender
import CircleScript
import Foundation

/// What a run writes besides its frames, and `--watch`: running again on every change.
extension RunCommand {
  /// Prints where the animation and the contact sheet went, or why they could not be written.
  ///
  /// - Returns: 0, or 2 when one of them could not be written.
  func reportOutputs(of result: RunResult, in context: ToolContext) -> Int32 {
    let console = context.console
    if let sheet = result.sheet, let sheetPath {
      let thumbnails = sheet.layout.count == 1 ? "1 thumbnail" : "\(sheet.layout.count) thumbnails"
      console.print(
        "contact sheet written to \(DiagnosticPrinter.visibleText(sheetPath)) (\(thumbnails), \(sheet.layout.columns)×\(sheet.layout.rows))"
      )
    }
    if let animation = result.animation, let animationPath {
      let frames = animation.frames == 1 ? "1 frame" : "\(animation.frames) frames"
      console.print(
        "animation written to \(DiagnosticPrinter.visibleText(animationPath)) (\(frames), \(Self.formatted(bytes: animation.bytes)))"
      )
    }
    for problem in result.outputProblems {
      guard case .cannotWrite(let path, let reason) = problem else { continue }
      console.error("cannot write \(outputName(forPath: path, in: context)): \(reason)")
    }
    return result.outputProblems.isEmpty ? ExitCode.success : ExitCode.usage
  }

  /// Rejects an animation or sheet path that the shell left with a leading `~`, that names the
  /// same file as the other, or that would replace a frame of the output folder.
  func checkOutputPaths(in context: ToolContext) throws(UsageError) {
    let outputs = [("the animation", animationPath), ("the contact sheet", sheetPath)]
    for case (let what, let path?) in outputs where path.hasPrefix("~") {
      throw UsageError(
        "\(what) '\(path)' starts with '~', which the shell did not expand; give the whole path")
    }
    if let animationPath, let sheetPath,
      context.url(for: animationPath).standardizedFileURL
        == context.url(for: sheetPath).standardizedFileURL
    {
      throw UsageError("--animation and --sheet name the same file '\(animationPath)'")
    }
    let baseName = ScriptSource(bytes: [], fileName: scriptPath).baseName
    let folder = context.url(
      for: outputPath ?? "\(scriptPath == "-" ? "stdin" : baseName)-frames", isDirectory: true
    ).standardizedFileURL.path
    for case (let what, let path?) in outputs {
      let url = context.url(for: path).standardizedFileURL
      if url.deletingLastPathComponent().path == folder,
        FrameFolder.isFrameName(url.lastPathComponent)
      {
        throw UsageError(
          "\(what) '\(path)' would take the name of a frame in the output folder; choose another")
      }
    }
  }

  /// "the animation 'h.gif'" or "the contact sheet 'sheet.png'", as the user named it, for the
  /// output that `RunError.cannotWrite` reports at `path`.
  func outputName(forPath path: String, in context: ToolContext) -> String {
    if let sheetPath, context.url(for: sheetPath).standardizedFileURL.path == path {
      return "the contact sheet '\(DiagnosticPrinter.visibleText(sheetPath))'"
    }
    return "the animation '\(DiagnosticPrinter.visibleText(animationPath ?? path))'"
  }

  /// `812 bytes`, `45.3 KB`, `2.1 MB`.
  static func formatted(bytes: Int) -> String {
    if bytes < 1000 { return "\(bytes) bytes" }
    if bytes < 1_000_000 { return String(format: "%.1f KB", Double(bytes) / 1000) }
    return String(format: "%.1f MB", Double(bytes) / 1_000_000)
  }

  /// Runs the script now and after every change of its file, until the process is stopped.
  func watch(in context: ToolContext) -> Int32 {
    let scriptURL = context.url(for: scriptPath)
    let baseName = ScriptSource(bytes: [], fileName: scriptPath).baseName
    let output = context.url(for: outputPath ?? "\(baseName)-frames", isDirectory: true)
    let refresher = FrameRefresher(outputDirectory: output, format: format)
    refresher.compression = compression
    let watcher = ScriptWatcher(
      scriptPath: scriptPath, scriptURL: scriptURL, refresher: refresher,
      sheet: sheetPath.map { context.url(for: $0) }, console: context.console,
      currentDirectory: context.currentDirectory)
    Self.allowStopSignals()
    context.console.printError("watching \(scriptPath) for changes; press Ctrl-C to stop")
    watcher.watch(until: { false })
    return watcher.lastStatus
  }

  /// Unblocks SIGINT, SIGTERM and SIGHUP: a process started with them blocked (as some test
  /// runners and supervisors do) could otherwise never be stopped. Their default action ends
  /// the watch; every file is written whole, so none is left half-written.
  static func allowStopSignals() {
    var signals = sigset_t()
    sigemptyset(&signals)
    for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signal) }
    sigprocmask(SIG_UNBLOCK, &signals, nil)
  }
}
