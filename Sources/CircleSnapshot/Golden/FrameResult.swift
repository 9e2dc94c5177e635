import Foundation

/// What became of one frame (or one golden without a frame) in a check.
public enum FrameStatus: String, Hashable, Sendable, Codable, CaseIterable {
  /// The frame matches its golden.
  case passed
  /// The frame differs from its golden, or the golden cannot be read.
  case failed
  /// The frame has no golden and none was recorded.
  case missing
  /// A golden was written for the frame (new, or replacing one that differed).
  case recorded
  /// A golden has no frame of the same name; left in place.
  case orphan
  /// A golden had no frame and was deleted.
  case pruned

  /// Whether this status makes the check fail (orphans only when asked).
  public var isFailure: Bool { self == .failed || self == .missing }
}

/// The files written for a failing frame.
public struct FrameArtifacts: Hashable, Sendable, Codable {
  /// The actual image, as rendered (with scene metadata, ready to become the golden).
  public var actual: URL
  /// Differences in red over a faded copy of the golden; `nil` when there is no golden image.
  public var diff: URL?
  /// Golden | diff | actual side by side; `nil` when there is no golden image.
  public var strip: URL?

  /// Creates a record of artifact files.
  public init(actual: URL, diff: URL?, strip: URL?) {
    self.actual = actual
    self.diff = diff
    self.strip = strip
  }
}

/// The outcome of one frame of a script, or of an orphan golden.
public struct FrameResult: Hashable, Sendable, Codable {
  /// The frame's name without `.png`, e.g. `0001-add-sun`.
  public var name: String
  /// What happened.
  public var status: FrameStatus
  /// Where the golden is (or would be).
  public var golden: URL
  /// The pixel comparison, when both images could be read (also for a recorded frame that had
  /// differed).
  public var comparison: ImageComparison?
  /// Why the frame failed when it is not a pixel difference: an unreadable golden, a failed
  /// write.
  public var problem: String?
  /// The semantic diff from the golden's scene to the frame's, when the golden carries one.
  public var sceneDiff: [String]
  /// Notes for people: a different renderer, a golden without a scene.
  public var notes: [String]
  /// The files written for a failure.
  public var artifacts: FrameArtifacts?

  /// Creates a result.
  public init(
    name: String, status: FrameStatus, golden: URL, comparison: ImageComparison? = nil,
    problem: String? = nil, sceneDiff: [String] = [], notes: [String] = [],
    artifacts: FrameArtifacts? = nil
  ) {
    self.name = name
    self.status = status
    self.golden = golden
    self.comparison = comparison
    self.problem = problem
    self.sceneDiff = sceneDiff
    self.notes = notes
    self.artifacts = artifacts
  }

  /// Whether the frame's history diverges here: it failed or is missing, or was recorded over
  /// a golden that differed.
  public var diverges: Bool {
    status.isFailure || (status == .recorded && (comparison.map { !$0.matches } ?? false))
  }

  /// The note a frame without a golden carries.
  static let noGoldenNote = "no golden image yet"

  /// What a text report shows under the frame's own line, one detail a line and not indented:
  /// `actual:`, `diff:` and `strip:` with the artifacts' paths, then `scene:` and `note:` lines
  /// (a missing golden goes without its note: the frame's status already says it).
  ///
  /// - Parameter path: how a file is shown (relative to the working folder, or whole).
  public func detailLines(path: (URL) -> String) -> [String] {
    var lines: [String] = []
    if let artifacts {
      lines.append("actual: \(path(artifacts.actual))")
      if let diff = artifacts.diff { lines.append("diff:   \(path(diff))") }
      if let strip = artifacts.strip { lines.append("strip:  \(path(strip))") }
    }
    lines += sceneDiff.map { "scene:  \($0)" }
    lines += notes.filter { $0 != Self.noGoldenNote }.map { "note:   \($0)" }
    return lines
  }
}
