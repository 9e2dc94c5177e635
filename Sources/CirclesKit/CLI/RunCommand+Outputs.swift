import CircleEngine
import CircleRender
import CircleScript
import CircleSystem
import Foundation

/// What a run writes besides its frames, and `--watch`: running again on every change.
extension RunCommand {
  /// Prints where the animation and the contact sheet went, or why they could not be written.
  ///
  /// - Returns: 0, or 2 when one of them could not be written.
  func reportOutputs(of result: RunResult, in context: ToolContext) -> Int32 {
    let console = context.console
    if let sheet = result.sheet, let sheetPath {
      let thumbnails = Plural.count(sheet.layout.count, "thumbnail")
      console.print(
        "contact sheet written to \(DisplayText.escaped(sheetPath)) (\(thumbnails), \(sheet.layout.columns)×\(sheet.layout.rows))"
      )
    }
    if let animation = result.animation, let animationPath {
      let frames = Plural.count(animation.frames, "frame")
      console.print(
        "animation written to \(DisplayText.escaped(animationPath)) (\(frames), \(Self.formatted(bytes: animation.bytes)))"
      )
    }
    for problem in result.outputProblems {
      guard case .cannotWrite(let path, let reason) = problem,
        let name = outputName(forPath: path, in: context)
      else {
        console.error(problem.description)
        continue
      }
      console.error("cannot write \(name): \(reason)")
    }
    return result.outputProblems.isEmpty ? ExitCode.success : ExitCode.usage
  }

  /// Rejects the outputs the library refuses (``RunOptions/conflict(outputDirectory:)``),
  /// naming them as typed.
  func checkOutputPaths(in context: ToolContext) throws(UsageError) {
    let folder = context.url(
      for: outputPath ?? FrameFolder.defaultPath(forScript: scriptPath), isDirectory: true)
    guard let conflict = frameOptions(in: context).conflict(outputDirectory: folder) else {
      return
    }
    let path = DisplayText.escaped(
      (conflict.output == .animation ? animationPath : sheetPath) ?? "")
    switch conflict {
    case .sameFile:
      throw UsageError("--animation and --sheet name the same file '\(path)'")
    case .frameName(let output):
      throw UsageError(
        "\(output.name) '\(path)' would take the name of a frame in the output folder; choose "
          + "another")
    }
  }

  /// "the animation 'h.gif'" or "the contact sheet 'sheet.png'", as the user named it (control
  /// characters shown as pictures), for the output that `RunError.cannotWrite` reports at
  /// `path`; `nil` for any other file.
  func outputName(forPath path: String, in context: ToolContext) -> String? {
    let outputs = [("the animation", animationPath), ("the contact sheet", sheetPath)]
    for case (let what, let typed?) in outputs
    where context.url(for: typed).standardizedFileURL.path == path {
      return "\(what) '\(DisplayText.escaped(typed))'"
    }
    return nil
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
    let folder = outputPath ?? FrameFolder.defaultPath(forScript: scriptPath)
    let refresher = FrameRefresher(
      outputDirectory: context.url(for: folder, isDirectory: true),
      displayPath: DisplayText.escaped(folder), format: options.format)
    refresher.compression = options.compression
    refresher.whenBusy = { context.console.printError($0) }
    let watcher = ScriptWatcher(
      scriptPath: DisplayText.escaped(scriptPath), scriptURL: scriptURL,
      refresher: refresher,
      sheet: sheetPath.map { context.url(for: $0) },
      sheetPath: sheetPath.map(DisplayText.escaped),
      console: context.console, currentDirectory: context.currentDirectory)
    context.console.printError(
      "watching \(DisplayText.escaped(scriptPath)) for changes; press Ctrl-C to stop")
    watcher.watch(until: { false })
    return watcher.lastStatus
  }
}
