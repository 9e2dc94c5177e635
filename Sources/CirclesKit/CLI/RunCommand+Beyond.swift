import CircleRender
import CircleScript
import Foundation

/// `--sheet` and `--watch`: the contact sheet of a run, and running again on every change.
extension RunCommand {
  /// Writes the contact sheet of a script's frames and prints where it went.
  ///
  /// The states come from running the script again in memory (no files are written then), so
  /// the frame writer never has to keep them.
  ///
  /// - Returns: the exit code for the sheet alone: 0, or 2 when it could not be written.
  func writeSheet(of source: ScriptSource, to path: String, in context: ToolContext) -> Int32 {
    let shown = DiagnosticPrinter.visibleText(path)
    do {
      let frames = try HistoryRunner.run(source).frames
      let layout = try SheetWriter.write(frames, to: context.url(for: path))
      let thumbnails = frames.count == 1 ? "1 thumbnail" : "\(frames.count) thumbnails"
      context.console.print(
        "contact sheet written to \(shown) (\(thumbnails), \(layout.columns)×\(layout.rows))")
      return ExitCode.success
    } catch {
      context.console.error(
        "cannot write the contact sheet '\(shown)': \(FrameFolder.reason(error))")
      return ExitCode.usage
    }
  }

  /// Runs the script now and after every change of its file, until the process is stopped.
  func watch(in context: ToolContext) -> Int32 {
    let scriptURL = context.url(for: scriptPath)
    let folder = outputPath ?? FrameFolder.defaultPath(forScript: scriptPath)
    let refresher = FrameRefresher(
      outputDirectory: context.url(for: folder, isDirectory: true),
      displayPath: DiagnosticPrinter.visibleText(folder), format: format)
    refresher.compression = compression
    refresher.whenBusy = { context.console.printError($0) }
    let watcher = ScriptWatcher(
      scriptPath: DiagnosticPrinter.visibleText(scriptPath), scriptURL: scriptURL,
      refresher: refresher,
      sheet: sheetPath.map { context.url(for: $0) },
      sheetPath: sheetPath.map(DiagnosticPrinter.visibleText),
      console: context.console, currentDirectory: context.currentDirectory)
    context.console.printError(
      "watching \(DiagnosticPrinter.visibleText(scriptPath)) for changes; press Ctrl-C to stop")
    watcher.watch(until: { false })
    return watcher.lastStatus
  }
}
