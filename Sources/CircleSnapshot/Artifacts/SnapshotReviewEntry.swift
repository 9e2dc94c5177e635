import CircleSystem
import Foundation

/// What `circles review --artifacts <dir>` needs to review the failures one `assertSnapshot`
/// call left: written beside their artifacts as `<name>.review.json` when the call fails, and
/// removed when it passes (docs/review.md, "Snapshots of tests").
///
/// A canvas snapshot is reviewed from its actual image, which is the golden a record writes; a
/// script's frames by checking the script's text again against its golden folder.
package struct SnapshotReviewEntry: Codable, Hashable, Sendable {
  /// What was checked.
  package enum Kind: String, Codable, Sendable {
    /// One canvas (`assertSnapshot(of: canvas)`): ``name`` is the golden's name.
    case canvas
    /// A script's frames (`assertSnapshot(ofScript:)`, `assertSnapshot(ofScriptAt:)`).
    case script
  }

  package var kind: Kind
  /// The snapshot's name, or the script's label.
  package var name: String
  /// The golden folder, as an absolute path.
  package var goldens: String
  /// The script's text, for a script.
  package var script: String?
  /// The path the script is checked as (its golden and artifact names follow it), for a script.
  package var scriptPath: String?
  /// The test file, and the line of the call when known.
  package var test: String
  package var line: Int?
  /// How the call compared images.
  package var comparison: ComparisonOptions

  /// The ending of an entry's file name.
  package static let suffix = ".review.json"
  /// The most bytes an entry may have (a script of 16 MiB and its paths): a larger file in an
  /// artifacts folder is not one.
  package static let byteLimit = 16 << 20

  package init(
    kind: Kind, name: String, goldens: String, script: String? = nil, scriptPath: String? = nil,
    test: String, line: Int? = nil, comparison: ComparisonOptions
  ) {
    self.kind = kind
    self.name = name
    self.goldens = goldens
    self.script = script
    self.scriptPath = scriptPath
    self.test = test
    self.line = line
    self.comparison = comparison
  }

  /// The entry's file in an artifacts folder: `<folder>/<name>.review.json`, the name's `/`
  /// written `-`.
  package static func file(in folder: URL, name: String) -> URL {
    folder.appendingPathComponent(name.replacingOccurrences(of: "/", with: "-") + suffix)
  }

  /// Writes the entry whole, or removes an earlier one when `self` is `nil`. A failure to do so
  /// is not the test's failure: the entry only helps a later review.
  package static func keep(_ entry: SnapshotReviewEntry?, at file: URL) {
    guard let entry else {
      try? FolderHandle.open(file.deletingLastPathComponent())?.remove(file.lastPathComponent)
      return
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(entry) else { return }
    try? AtomicFile.write(data, to: file, syncingFolder: false, flushing: false)
  }

  /// Reads an entry; `nil` for a file that is not one.
  package static func read(_ file: URL) -> SnapshotReviewEntry? {
    guard let data = FolderHandle.readFile(file, limit: byteLimit) else { return nil }
    return try? JSONDecoder().decode(SnapshotReviewEntry.self, from: data)
  }
}
