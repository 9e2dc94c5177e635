import CircleEngine
import CircleScript
import CircleSnapshot
import CircleSystem
import Foundation

/// A frame that `circles preview --check` marks: one that differs from its golden, has none, or
/// matches one under another name.
package struct PreviewMark: Encodable, Equatable, Sendable {
  /// The frame's number in the page.
  package var frame: Int
  /// `failed`, `missing` or `moved`, as `circles check --json` names them.
  package var status: String
  /// What `circles check` says of the frame.
  package var message: String
  /// Golden, differences and actual side by side (or the differences alone, when the three are
  /// too wide), as a base64 PNG file; `nil` when there is no golden of the same size.
  package var diff: String?
}

/// What the page shows of a check: a summary and the frames marked.
package struct PreviewCheckResult: Encodable, Equatable, Sendable {
  /// One line for the page's header and the console.
  package var summary: String
  /// Whether the check failed.
  package var failed: Bool
  /// The frames that did not simply pass.
  package var marks: [PreviewMark]
}

/// Checks each version of the script against its goldens as `circles check` does, recording
/// nothing: the images of failing frames go to a folder of the checker's own, read back for
/// the page, and removed with it.
package final class PreviewChecker {
  /// The script file, whose goldens are `__snapshots__/<name>/` beside it.
  package let script: URL
  /// Where the actual and diff images go while a check runs.
  private let scratch = ScratchFolder(purpose: "preview")
  package var artifacts: URL { scratch.url }

  /// Creates a checker with a new folder for its images.
  package init(script: URL) {
    self.script = script
  }

  /// Runs the check of `source` and marks the frames of its history (matched by name).
  package func check(_ source: ScriptSource, frames: [ViewerFrame]) -> PreviewCheckResult {
    let options = CheckOptions(record: .none, artifactsDirectory: artifacts)
    let check = GoldenSuite.check(source, as: script, options: options, artifactsKey: "script")
    defer { scratch.clear() }
    if let problem = check.folderError {
      return PreviewCheckResult(summary: "cannot check: \(problem)", failed: true, marks: [])
    }
    guard let result = check.result else {
      return PreviewCheckResult(
        summary: "not checked: the script stops before its frames can be", failed: true,
        marks: [])
    }
    let numbers = Dictionary(
      frames.map { ($0.name, $0.number) }, uniquingKeysWith: { first, _ in first })
    var marks: [PreviewMark] = []
    for frame in result.frames where !frame.isRender && frame.status != .passed {
      guard let number = numbers[frame.name] else { continue }
      let image = frame.artifacts.flatMap { $0.strip ?? $0.diff }
      let diff = image.flatMap { FolderHandle.readFile($0, limit: 1 << 28) }?
        .base64EncodedString()
      marks.append(
        PreviewMark(
          frame: number, status: frame.status.rawValue,
          message: check.message(for: frame), diff: diff))
    }
    let failing = marks.filter { $0.status != FrameStatus.moved.rawValue }.count
    let count = Plural.count(frames.count, "frame")
    let summary =
      failing == 0
      ? "check: \(count), each matching its golden"
      : "check: \(failing) of \(count) \(failing == 1 ? "fails its golden" : "fail their goldens")"
    return PreviewCheckResult(summary: summary, failed: failing > 0, marks: marks)
  }
}
