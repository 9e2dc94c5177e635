import CircleCanvas
import CircleRender
import CircleSnapshot
import CircleSystem
import Foundation

/// Checks canvases and scripts against their golden images: the engine under `assertSnapshot`
/// and `verifySnapshot`.
///
/// Goldens of a canvas live in `__snapshots__/<the test file's path without .swift>/<name>.png`
/// at the root of the test file's package (see ``snapshotFolder(of:)``), and the frames of a
/// script given as text in `<that folder>/<name>/`, unless a folder is given. The record mode comes
/// from the call, else from the `CIRCLES_RECORD` environment variable, else it is `missing`
/// outside CI and `none` in CI. As in
/// swift-snapshot-testing, a snapshot that gets recorded is reported too, so that a test run in
/// record mode never passes silently: run again to check against the new golden.
package struct SnapshotVerifier: Sendable {
  /// The record mode given to the call, if any.
  package var record: RecordMode?
  /// How images are compared; exact by default.
  package var comparison: ComparisonOptions
  /// The golden folder; `nil` means the default folder beside the test file (or the script).
  package var snapshotDirectory: URL?
  /// Where actual, diff and strip images of failures go, in a folder per test file or script;
  /// `nil` means `.circles-artifacts/` in the package of the test file (the folder above it that
  /// holds `Package.swift`, else the current folder), as `circles check` uses
  /// `.circles-artifacts/` in the folder it runs in.
  package var artifactsDirectory: URL?
  /// The process environment, read for `CIRCLES_RECORD`.
  package var environment: [String: String]

  /// Creates a verifier.
  package init(
    record: RecordMode? = nil, comparison: ComparisonOptions = .exact,
    snapshotDirectory: URL? = nil, artifactsDirectory: URL? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    self.record = record
    self.comparison = comparison
    self.snapshotDirectory = snapshotDirectory
    self.artifactsDirectory = artifactsDirectory
    self.environment = environment
  }

  /// Renders the canvas and compares it with its golden.
  ///
  /// - Parameters:
  ///   - canvas: the state to render.
  ///   - name: the golden's name without `.png`.
  ///   - testFile: the path of the test file (`#filePath`); names the default folders.
  /// - Returns: `nil` when the snapshot matches; otherwise a message saying what differs, where
  ///   the images are and how to record.
  package func verify(_ canvas: CanvasState, named name: String, testFile: String) -> String? {
    if let problem = Self.nameProblem(name) { return problem }
    let mode: RecordMode
    do {
      mode = try recordMode()
    } catch {
      return "\(error)"
    }
    let image: PixelImage
    do {
      image = try Renderer.render(canvas)
    } catch {
      return "cannot render snapshot '\(name)': \(error)"
    }
    let testURL = URL(fileURLWithPath: testFile)
    let options = CheckOptions(
      record: mode, comparison: comparison, artifactsDirectory: artifactsRoot(for: testURL))
    let folder = snapshotDirectory ?? Self.snapshotFolder(of: testURL)
    let frame = GoldenChecker.checkSnapshot(
      named: name, image: image, state: canvas, folder: folder, options: options)
    // For `circles review --artifacts`: beside the artifacts of a failure, what it was.
    let artifacts = options.artifactsDirectory.appendingPathComponent(
      folder.lastPathComponent, isDirectory: true)
    SnapshotReviewEntry.keep(
      frame.status.isFailure && frame.artifacts != nil
        ? SnapshotReviewEntry(
          kind: .canvas, name: name, goldens: folder.standardizedFileURL.path, test: testFile,
          comparison: comparison) : nil,
      at: SnapshotReviewEntry.file(in: artifacts, name: name))
    return Self.message(for: frame)
  }

  /// The record mode of a check: the call's, else `CIRCLES_RECORD`'s, else none.
  ///
  /// - Throws: `SnapshotError` when `CIRCLES_RECORD` holds no record mode.
  func recordMode() throws(SnapshotError) -> RecordMode {
    try CheckOptions.recordMode(requested: record, environment: environment)
  }

  /// Why a snapshot name cannot name a file in the golden folder, if it cannot: it must not be
  /// empty, start with `.`, or hold `/`, `\` or control characters.
  static func nameProblem(_ name: String) -> String? {
    let bad =
      name.isEmpty || name.hasPrefix(".")
      || name.unicodeScalars.contains {
        $0 == "/" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7f
      }
    guard bad else { return nil }
    return "invalid snapshot name '\(name.debugDescription.dropFirst().dropLast())': use a file "
      + "name without '/' that does not start with '.'"
  }

  /// The folder of a test file's goldens: `__snapshots__/<the test file's path in its package,
  /// without .swift>/` at the package's root (`__snapshots__/Tests/DrawingTests/DrawingTests/`),
  /// outside every target, so that SwiftPM finds no file it does not handle in a test target.
  /// A folder `__snapshots__/<test file name>/` beside the test file, where goldens were kept
  /// before, is still used when it exists; so is that place for a test file in no package.
  static func snapshotFolder(of testFile: URL) -> URL {
    let beside = CheckOptions.defaultGoldenDirectory(forScript: testFile)
    guard FolderHandle.status(atPath: beside.path) == nil,
      let root = packageRoot(of: testFile)
    else { return beside }
    let inside = testFile.deletingPathExtension().pathComponents.dropFirst(
      root.pathComponents.count)
    return inside.reduce(root.appendingPathComponent("__snapshots__", isDirectory: true)) {
      $0.appendingPathComponent($1, isDirectory: true)
    }
  }

  /// The nearest folder above a test file that holds a `Package.swift`.
  static func packageRoot(of testFile: URL) -> URL? {
    var folder = testFile.deletingLastPathComponent()
    while folder.pathComponents.count > 1 {
      if FolderHandle.status(atPath: folder.appendingPathComponent("Package.swift").path) != nil {
        return folder
      }
      folder.deleteLastPathComponent()
    }
    return nil
  }

  /// The artifacts folder: the one given, or `.circles-artifacts/` in the test file's package.
  func artifactsRoot(for testFile: URL) -> URL {
    if let artifactsDirectory { return artifactsDirectory }
    let root =
      Self.packageRoot(of: testFile)
      ?? FolderHandle.currentDirectory
    return root.appendingPathComponent(".circles-artifacts", isDirectory: true)
  }

  /// The message for a frame's outcome; `nil` when it passed.
  static func message(for frame: FrameResult) -> String? {
    guard var lines = problemLines(for: frame) else { return nil }
    if frame.status != .recorded {
      lines.append(recordHint(frame.status == .missing ? .missing : .failed))
    }
    return lines.joined(separator: "\n")
  }

  /// What went wrong with a frame, or what was recorded, without the hint to record; `nil` when
  /// it passed.
  static func problemLines(for frame: FrameResult) -> [String]? {
    let golden = frame.golden.path
    var lines: [String]
    switch frame.status {
    case .recorded:
      lines = ["recorded snapshot '\(frame.name)' at \(golden)"]
      if let comparison = frame.comparison, !comparison.matches {
        lines.append("it replaced a golden that differed: \(comparison.summary)")
      }
      lines.append("run the test again without a record mode to check against it")
      return lines
    case .missing:
      lines = ["no golden for snapshot '\(frame.name)' at \(golden)"]
    case .failed:
      let reason =
        frame.error ?? frame.problem ?? frame.comparison?.summary ?? "differs from its golden"
      lines = [
        "snapshot '\(frame.name)' does not match its golden: \(reason)", "golden: \(golden)",
      ]
    default:
      // Passed, moved, or a golden with no frame: nothing to report, unless the check could not
      // do its work on it (a golden that could not be renamed or deleted).
      guard let error = frame.error else { return nil }
      lines = ["snapshot '\(frame.name)': \(error)"]
    }
    return lines + frame.detailLines(path: \.path)
  }

  /// How to record the goldens a check lacked.
  static func recordHint(_ mode: RecordMode) -> String {
    let call =
      mode == .missing ? "missing" : mode == .failed ? "failed" : "missingAndFailed"
    let variable = mode == .missingAndFailed ? "missing,failed" : call
    return
      "to record it: pass record: .\(call), or set \(RecordMode.environmentVariable)=\(variable)"
  }
}
