import CircleCanvas
import CircleRender
import CircleSnapshot
import Foundation

/// Checks one canvas against its golden image: the engine under `assertSnapshot` and
/// `verifySnapshot`.
///
/// Goldens live in `__snapshots__/<test file name without .swift>/<name>.png` beside the test
/// file, unless a folder is given. The record mode comes from the call, else from the
/// `CIRCLES_RECORD` environment variable, else it is `none`. As in swift-snapshot-testing, a
/// snapshot that gets recorded is reported too, so that a test run in record mode never passes
/// silently: run again to check against the new golden.
public struct SnapshotVerifier: Sendable {
  /// The record mode given to the call, if any.
  public var record: RecordMode?
  /// How images are compared; exact by default.
  public var comparison: ComparisonOptions
  /// The golden folder; `nil` means `__snapshots__/<test file name>/` beside the test file.
  public var snapshotDirectory: URL?
  /// Where actual, diff and strip images of failures go; `nil` means
  /// `circles-artifacts/<test file name>/` in the system's temporary folder.
  public var artifactsDirectory: URL?
  /// The process environment, read for `CIRCLES_RECORD`.
  public var environment: [String: String]

  /// Creates a verifier.
  public init(
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
  public func verify(_ canvas: CanvasState, named name: String, testFile: String) -> String? {
    let mode: RecordMode
    do {
      mode = try CheckOptions.recordMode(requested: record, environment: environment)
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
    let testName = testURL.deletingPathExtension().lastPathComponent
    let artifacts =
      artifactsDirectory
      ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "circles-artifacts", isDirectory: true)
    let options = CheckOptions(record: mode, comparison: comparison, artifactsDirectory: artifacts)
    let folder = snapshotDirectory ?? CheckOptions.defaultGoldenDirectory(forScript: testURL)
    let frame = GoldenChecker.checkSnapshot(
      named: name, image: image, state: canvas, folder: folder, options: options)
    return Self.message(for: frame, testName: testName)
  }

  /// The message for a frame's outcome; `nil` when it passed.
  static func message(for frame: FrameResult, testName: String) -> String? {
    let golden = frame.golden.path
    var lines: [String]
    switch frame.status {
    case .passed, .orphan, .pruned, .moved:
      return nil
    case .recorded:
      lines = ["recorded snapshot '\(frame.name)' at \(golden)"]
      if let comparison = frame.comparison, !comparison.matches {
        lines.append("it replaced a golden that differed: \(comparison.summary)")
      }
      lines.append("run the test again without a record mode to check against it")
      return lines.joined(separator: "\n")
    case .missing:
      lines = ["no golden for snapshot '\(frame.name)' at \(golden)"]
    case .failed:
      let reason =
        frame.error ?? frame.problem ?? frame.comparison?.summary ?? "differs from its golden"
      lines = [
        "snapshot '\(frame.name)' does not match its golden: \(reason)", "golden: \(golden)",
      ]
    }
    lines += frame.detailLines(path: \.path)
    let mode = frame.status == .missing ? "missing" : "failed"
    lines.append(
      "to record it: pass record: .\(mode), or set \(RecordMode.environmentVariable)=\(mode)")
    return lines.joined(separator: "\n")
  }
}
