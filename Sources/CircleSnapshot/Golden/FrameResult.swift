import Foundation

/// What became of one frame (or one golden without a frame) in a check.
package enum FrameStatus: String, Hashable, Sendable, Codable, CaseIterable {
  /// The frame matches its golden.
  case passed
  /// The frame differs from its golden, or the golden cannot be read.
  case failed
  /// The frame has no golden and none was recorded: a new step.
  case missing
  /// The frame matches a golden recorded under another name, because steps were inserted or
  /// removed before it (``FrameResult/movedFrom``); ``FrameResult/renamed`` when this check
  /// renamed the golden to the frame's name, byte for byte.
  case moved
  /// A golden was written for the frame: new, or replacing one that differed
  /// (``FrameResult/movedFrom`` says from where, when it had another name).
  case recorded
  /// A golden has no frame (its step was removed); left in place.
  case orphan
  /// A golden had no frame and was deleted.
  case pruned

  /// Whether this status makes the check fail (orphans only when asked).
  package var isFailure: Bool { self == .failed || self == .missing }
}

/// Where in a script an image was made: the command's line and column (1-based) and the
/// length of the text it covers.
package struct ScriptLocation: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The line, from 1.
  package var line: Int
  /// The column, from 1.
  package var column: Int
  /// How many characters of the line the command covers.
  package var length: Int

  /// Creates a location.
  package init(line: Int, column: Int, length: Int = 1) {
    self.line = line
    self.column = column
    self.length = length
  }

  /// `line:column`.
  package var description: String { "\(line):\(column)" }
}

/// The files written for a failing frame.
package struct FrameArtifacts: Hashable, Sendable, Codable {
  /// The actual image, as rendered (with its metadata: exactly the golden a record writes).
  package var actual: URL
  /// Differences in red over a faded copy of the golden; `nil` when there is no golden image of
  /// the same size.
  package var diff: URL?
  /// Golden | diff | actual side by side; `nil` when there is no diff, or the three are too
  /// wide for one image.
  package var strip: URL?

  /// Creates a record of artifact files.
  package init(actual: URL, diff: URL?, strip: URL?) {
    self.actual = actual
    self.diff = diff
    self.strip = strip
  }
}

/// The outcome of one frame or `render` target of a script, or of an orphan golden.
package struct FrameResult: Hashable, Sendable, Codable {
  /// The image's name without `.png`: `0001-add-sun` for a frame, `sub/final` for
  /// `render sub/final.png`.
  package var name: String
  /// What happened.
  package var status: FrameStatus
  /// Where the golden is (or would be) under the image's own name.
  package var golden: URL
  /// The golden the image was compared with when it has another name: a golden that moved
  /// because steps were inserted or removed before it (its path before any rename).
  package var movedFrom: URL?
  /// The command that made the image, when it comes from a script.
  package var location: ScriptLocation?
  /// Whether the image is a `render` target rather than a frame.
  package var isRender: Bool
  /// The pixel comparison, when both images were decoded (also for a recorded frame that had
  /// differed).
  package var comparison: ImageComparison?
  /// The golden's size, as its header declares it, when known.
  package var goldenSize: PixelSize?
  /// The frame's size, when known.
  package var actualSize: PixelSize?
  /// Why the frame failed when it is not a pixel difference: an unreadable golden, a golden of
  /// another size.
  package var problem: String?
  /// What kept the check from doing its work on this image: a golden or an artifact that could
  /// not be written, renamed or deleted, memory that could not be had. The check exits 2.
  package var error: String?
  /// The semantic diff from the golden's scene to the frame's, when the golden's is known.
  package var sceneDiff: [String]
  /// Notes for people: a different renderer, a golden without a scene.
  package var notes: [String]
  /// The files written for a failure.
  package var artifacts: FrameArtifacts?
  /// Whether this check renamed the frame's golden from ``movedFrom`` to the frame's name.
  package var renamed = false
  /// Whether the frame had no golden before this check (a recorded golden is then its first).
  package var wasMissing = false
  /// Whether ``error`` is a golden that cannot be read (damaged, not a PNG), which recording
  /// the frame's failure replaces.
  package var goldenUnreadable = false

  /// Creates a result.
  package init(
    name: String, status: FrameStatus, golden: URL, movedFrom: URL? = nil,
    location: ScriptLocation? = nil, isRender: Bool = false, comparison: ImageComparison? = nil,
    goldenSize: PixelSize? = nil, actualSize: PixelSize? = nil, problem: String? = nil,
    error: String? = nil, sceneDiff: [String] = [], notes: [String] = [],
    artifacts: FrameArtifacts? = nil
  ) {
    self.name = name
    self.status = status
    self.golden = golden
    self.movedFrom = movedFrom
    self.location = location
    self.isRender = isRender
    self.comparison = comparison
    self.goldenSize = goldenSize
    self.actualSize = actualSize
    self.problem = problem
    self.error = error
    self.sceneDiff = sceneDiff
    self.notes = notes
    self.artifacts = artifacts
  }

  /// Whether the frame's history diverges here: it failed or is missing, or was recorded over
  /// a golden that differed.
  package var diverges: Bool {
    status.isFailure || (status == .recorded && (comparison.map { !$0.matches } ?? false))
  }

  /// The name with the golden it moved from: `0004-add-b (was 0002-add-b)`.
  package var nameWithOrigin: String {
    guard let movedFrom else { return name }
    return "\(name) (was \(movedFrom.deletingPathExtension().lastPathComponent))"
  }

  /// The note a frame without a golden carries.
  static let noGoldenNote = "no golden image yet"

  /// What a text report shows under the frame's own line, one detail a line and not indented:
  /// `actual:`, `diff:` and `strip:` with the artifacts' paths, then `scene:` and `note:` lines
  /// (a missing golden goes without its note: the frame's status already says it).
  ///
  /// - Parameter path: how a file is shown (relative to the working folder, or whole).
  package func detailLines(path: (URL) -> String) -> [String] {
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
