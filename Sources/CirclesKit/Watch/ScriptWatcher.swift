import CircleEngine
import CircleRender
import CircleSystem
import Foundation

/// `circles run --watch`: runs a script whenever its file changes and keeps the frame folder
/// (and the contact sheet, if asked for) up to date, rewriting only what changed.
///
/// Each round prints one summary line on standard output, or the script's diagnostic on
/// standard error; an error does not end the watch, the next save of the file runs again.
package final class ScriptWatcher {
  /// The script file as the user named it.
  package let scriptPath: String
  let scriptURL: URL
  let refresher: FrameRefresher
  let sheet: URL?
  let sheetPath: String?
  let console: Console
  let currentDirectory: URL
  /// The rounds run so far.
  package private(set) var rounds = 0
  /// The exit code of the last round (docs/cli.md, "Exit codes and output").
  package private(set) var lastStatus: Int32 = ExitCode.success

  /// Creates a watcher.
  ///
  /// - Parameters:
  ///   - scriptPath: the script as given on the command line; `scriptURL` is where it is.
  ///   - refresher: writes the frames, in its folder and format.
  ///   - sheet: a contact sheet PNG to keep up to date, if any.
  ///   - sheetPath: how messages name the sheet (as the user typed it); by default its path
  ///     relative to `currentDirectory`.
  ///   - console: where summaries and diagnostics go.
  ///   - currentDirectory: for showing paths relative to it.
  package init(
    scriptPath: String, scriptURL: URL, refresher: FrameRefresher, sheet: URL?,
    sheetPath: String? = nil, console: Console, currentDirectory: URL
  ) {
    self.scriptPath = scriptPath
    self.scriptURL = scriptURL
    self.refresher = refresher
    self.sheet = sheet
    self.sheetPath = sheetPath ?? sheet?.relativePath(from: currentDirectory)
    self.console = console
    self.currentDirectory = currentDirectory
  }

  /// Runs a round at once, then one after every change of the file, until `shouldStop` is true.
  ///
  /// - Parameters:
  ///   - interval: how often the file is looked at.
  ///   - shouldStop: asked between looks; return `true` to end the watch.
  package func watch(interval: Duration = .milliseconds(250), until shouldStop: () -> Bool) {
    FileWatcher(url: scriptURL, interval: interval).watch(until: shouldStop) { _ in
      round()
    }
  }

  /// Runs the script once and brings the folder up to date.
  ///
  /// - Returns: the exit code of the run (docs/cli.md, "Exit codes and output").
  @discardableResult
  package func round() -> Int32 {
    rounds += 1
    lastStatus = runRound()
    return lastStatus
  }

  private func runRound() -> Int32 {
    let start = ContinuousClock.now
    let source: ScriptSource
    let result: RefreshResult
    do {
      source = try ScriptSource(contentsOf: scriptURL, displayName: scriptPath)
    } catch {
      console.error(error.description)
      return ExitCode.usage
    }
    do {
      result = try refresher.refresh(source)
    } catch {
      if case .script(let failure) = error {
        console.report(failure, source: source.bytes)
        return failure.exitCode
      }
      console.error(error.description)
      return ExitCode.usage
    }
    var sheetNote = ""
    if let sheet {
      do {
        try SheetWriter.write(result.frames, to: sheet)
        sheetNote = ", sheet \(sheetPath ?? sheet.path)"
      } catch {
        console.error(
          "cannot write the contact sheet '\(sheetPath ?? sheet.path)': \(FileError.reason(of: error))"
        )
      }
    }
    let folder = refresher.displayPath
    console.noteSetAside(result.setAside, in: folder)
    let frames = Plural.count(result.frames.count, "frame")
    let circles = Plural.count(result.circleCount, "circle")
    let seconds = (ContinuousClock.now - start).formattedSeconds
    if !result.frames.isEmpty {
      console.print(
        "\(frames) in \(folder): \(result.rewritten) rewritten (\(circles)\(sheetNote), \(seconds))"
      )
    }
    if let failure = result.failure {
      console.report(failure, source: source.bytes)
      return failure.exitCode
    }
    return ExitCode.success
  }
}
