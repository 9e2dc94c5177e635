import CircleRender
import CircleScript
import CircleSnapshot
import CircleSystem
import Foundation

/// Checks many scripts against their goldens, several at once: what `circles check` does.
///
/// ```swift
/// let checks = try GoldenSuite.check(scripts, options: CheckOptions(), currentDirectory: here)
/// let passed = checks.allSatisfy { $0.result?.passed == true }
/// ```
///
/// Each script is run, drawn and compared as it goes (``FrameEngine``, ``GoldenConsumer``, ``GoldenSession``), so a
/// check holds a few frames at a time however long its scripts' histories are. Before any work
/// the plan is checked: two scripts never share a golden folder, and no artifacts folder lies in
/// a golden folder.
package enum GoldenSuite {
  /// One script's check: its result, or the failure that kept it from finishing.
  package struct ScriptCheck: Sendable {
    /// The script file.
    package var script: URL
    /// The script's name in diagnostics: its path relative to the current folder, made safe
    /// to print.
    package var displayName: String
    /// The script's bytes, for printing diagnostics.
    package var source: [UInt8]
    /// The frame-by-frame result; `nil` when the script could not be read or has an error.
    package var result: ScriptResult?
    /// A syntax or run error, or a failed `expect`, that stopped the script.
    package var failure: ScriptFailure?
    /// Why the script could not be read, if it could not.
    package var readError: RunError?
    /// Why its golden folder could not be used (unreadable, reached through a symbolic link, a
    /// file), if it could not: the script is then not checked (exit 2).
    package var folderError: String?
    /// Each failing frame or `render` target as a diagnostic at the command that made it
    /// (`scene.circles:6:1: error: frame 0002-add-hill differs from its golden: …`).
    package var diagnostics: [Diagnostic]
    /// How long the script's check took, reading it included, in seconds.
    package var durationSeconds: Double?

    /// Creates a check.
    package init(
      script: URL, displayName: String, source: [UInt8], result: ScriptResult?,
      failure: ScriptFailure?, readError: RunError?, folderError: String?,
      diagnostics: [Diagnostic]
    ) {
      self.script = script
      self.displayName = displayName
      self.source = source
      self.result = result
      self.failure = failure
      self.readError = readError
      self.folderError = folderError
      self.diagnostics = diagnostics
    }
  }

  /// Renders and checks each script; scripts run in parallel on all cores.
  ///
  /// - Parameters:
  ///   - scripts: the script files.
  ///   - options: golden folders, record mode, comparison and artifacts. Each script's
  ///     artifacts go to a subfolder named by its path relative to `currentDirectory` (`sun/`,
  ///     `samples/sun/`, `ui/button/`), so two checks run at once in one folder never share
  ///     one; relative to the scripts' common folder when some script lies outside it.
  ///   - currentDirectory: scripts below it are named relative to it in diagnostics.
  /// - Returns: one check per script, in the order given.
  /// - Throws: ``GoldenSuiteError`` when two scripts would share a golden folder or an
  ///   artifacts folder lies in a golden folder; nothing has been read or written then.
  package static func check(
    _ scripts: [URL], options: CheckOptions, currentDirectory: URL
  ) throws(GoldenSuiteError) -> [ScriptCheck] {
    let keys = artifactsKeys(scripts, currentDirectory: currentDirectory)
    try validate(scripts, keys: keys, options: options, currentDirectory: currentDirectory)
    let slots = Locked([ScriptCheck?](repeating: nil, count: scripts.count))
    options.removingEmptyArtifactsFolder {
      WorkerThreads.shared.perform(iterations: scripts.count) { index in
        let script = scripts[index]
        let display = displayName(of: script, currentDirectory: currentDirectory)
        let started = ContinuousClock.now
        var checked = check(
          script, displayName: display, options: options, artifactsKey: keys[index])
        checked.durationSeconds = (ContinuousClock.now - started) / .seconds(1)
        slots.withLock { $0[index] = checked }
      }
    }
    return slots.withLock { $0.map { $0! } }
  }

  /// A script's name in diagnostics and reports: its path relative to the current folder,
  /// made safe to print.
  package static func displayName(of script: URL, currentDirectory: URL) -> String {
    DisplayText.escaped(script.relativePath(from: currentDirectory))
  }

  /// Runs and checks one script file.
  static func check(
    _ script: URL, displayName: String, options: CheckOptions, artifactsKey: String
  ) -> ScriptCheck {
    do {
      return check(
        try ScriptSource(contentsOf: script, displayName: displayName), as: script,
        options: options, artifactsKey: artifactsKey)
    } catch {
      return ScriptCheck(
        script: script, displayName: displayName, source: [], result: nil, failure: nil,
        readError: error, folderError: nil, diagnostics: [])
    }
  }

  /// Runs a script and checks its frames and `render` targets against the goldens of `script`,
  /// as `circles check` does for a file; nothing is written but what the options ask for.
  ///
  /// - Parameters:
  ///   - source: the script's text and the name its diagnostics use.
  ///   - script: the script's file (it need not exist): names its default golden folder.
  ///   - options: golden folder, record mode, comparison and artifacts.
  ///   - artifactsKey: the script's subfolder of the artifacts folder; its name by default.
  /// - Returns: the script's check.
  package static func check(
    _ source: ScriptSource, as script: URL, options: CheckOptions, artifactsKey: String? = nil
  ) -> ScriptCheck {
    let displayName = source.fileName
    var check = ScriptCheck(
      script: script, displayName: displayName, source: source.bytes, result: nil, failure: nil,
      readError: nil, folderError: nil, diagnostics: [])
    let session: GoldenSession
    do {
      session = try GoldenSession(
        script: script, options: options,
        artifactsKey: artifactsKey ?? script.deletingPathExtension().lastPathComponent)
    } catch {
      check.folderError = "goldens of '\(displayName)': \(DisplayText.escaped(error.description))"
      return check
    }
    let golden = GoldenConsumer(session: session)
    do {
      var engineOptions = FrameEngine.Options()
      engineOptions.maximumKeptChanges =
        options.maximumKeptChanges ?? engineOptions.maximumKeptChanges
      check.failure =
        FrameEngine(options: engineOptions, consumer: golden)
        .run(try source.parsed()).failure
    } catch {
      check.failure = .syntax(error)
    }
    golden.finish()
    if check.failure?.isError == true { return check }
    if let clash = golden.rendersNamedLikeFrames.first {
      check.failure = .error(
        .error(
          "render target '\(clash.name).png' has the name of a frame of this script; "
            + "give it another name", at: clash.range))
      return check
    }
    let result = session.finish(stoppedEarly: check.failure != nil)
    check.result = result
    check.diagnostics = FrameDiagnostics.diagnostics(
      for: result, fileName: displayName, provenance: golden.provenance)
    return check
  }

  /// Each script's artifacts subfolder: its path without `.circles` relative to the current
  /// folder when every script is below it, else to the folder all the scripts are in.
  static func artifactsKeys(_ scripts: [URL], currentDirectory: URL) -> [String] {
    let folders = scripts.map { $0.standardizedFileURL.deletingLastPathComponent().pathComponents }
    let here = currentDirectory.standardizedFileURL.pathComponents
    if !scripts.isEmpty, folders.allSatisfy({ $0.starts(with: here) }) {
      return scripts.map { script in
        script.standardizedFileURL.deletingPathExtension().pathComponents.dropFirst(here.count)
          .joined(separator: "/")
      }
    }
    var common = folders.first ?? []
    for folder in folders.dropFirst() {
      common = Array(zip(common, folder).prefix { $0 == $1 }.map(\.0))
    }
    return scripts.map { script in
      let parts = script.standardizedFileURL.deletingPathExtension().pathComponents
      return parts.dropFirst(common.count).joined(separator: "/")
    }
  }
}

/// Why a check was refused before any work.
package struct GoldenSuiteError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The reason, naming the scripts or folders and the fix.
  package var description: String
}
