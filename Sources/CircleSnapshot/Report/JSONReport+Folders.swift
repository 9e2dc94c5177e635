import Foundation

/// The JSON of `circles compare` (docs/compare.md, "The JSON report"): in the words of a
/// folder comparison — expected and actual folders, images by path, what changed — not a
/// check's scripts, frames and goldens.
extension JSONReport {
  /// The whole comparison.
  package struct FolderDocument: Codable, Hashable, Sendable {
    /// Whether every image passed.
    package var passed: Bool
    /// The summary line, as the text report ends.
    package var summary: String
    /// One per pair of folders compared.
    package var comparisons: [Comparison]
  }

  /// The comparison of two folders.
  package struct Comparison: Codable, Hashable, Sendable {
    /// The folder of expected images, as given.
    package var expected: String
    /// The folder of actual images, as given.
    package var actual: String
    /// `passed`, `failed` or `error`.
    package var status: ScriptCheckResult.Status
    package var passed: Bool
    /// Why the folders could not be compared, if they could not.
    package var diagnostics: [Diagnostic]
    /// The command that makes the expected folder what the actual one is, when they differ.
    package var updateCommand: String?
    /// How many images have each `change`.
    package var counts: [String: Int]
    /// Every image, by path.
    package var images: [Image]
    /// Files left out and why.
    package var notes: [String]
  }

  /// One image of the two folders.
  package struct Image: Codable, Hashable, Sendable {
    /// Its path below both folders.
    package var path: String
    /// `passed`, `changed`, `new`, `deleted`, `updated`, `added`, `removed` or `error`.
    package var change: FolderTally.RawValue
    /// What the text report says of it.
    package var message: String
    /// The expected image, when there is one.
    package var expected: String?
    /// The actual image, when there is one.
    package var actual: String?
    /// What kept it from being compared.
    package var error: String?
    package var differingPixels: Int?
    package var antialiasedPixels: Int?
    package var ignoredPixels: Int?
    package var ignoredRegions: [Region]
    package var comparedPixels: Int?
    package var sizesDiffer: Bool?
    package var expectedSize: String?
    package var actualSize: String?
    package var firstDifference: Region?
    package var differenceBounds: Region?
    /// The diff image and the expected | diff | actual strip written for a change.
    package var diff: String?
    package var strip: String?
    package var notes: [String]
  }

  /// A folder comparison's report as a value.
  package static func folderDocument(for check: CheckResult) -> FolderDocument {
    FolderDocument(
      passed: check.passed, summary: text(TextReport.summary(check)),
      comparisons: check.scripts.map { entry in
        let result = entry.result
        var counts: [String: Int] = [:]
        for frame in entry.frames { counts[FolderTally(frame).rawValue, default: 0] += 1 }
        return Comparison(
          expected: result.map { path($0.goldenDirectory) } ?? "",
          actual: result.map { path($0.script) } ?? text(entry.displayPath),
          status: entry.status, passed: entry.status == .passed,
          diagnostics: entry.diagnostics.map {
            Diagnostic(
              file: text($0.file), line: $0.line, column: $0.column, message: text($0.message))
          },
          updateCommand: result?.suggestedCommand.map(text), counts: counts,
          images: entry.frames.map { image($0, actualFolder: result?.script) },
          notes: (result?.notes ?? []).map(text))
      })
  }

  /// An image of the comparison: its path below both folders, and each file it has.
  static func image(_ frame: FrameResult, actualFolder: URL?) -> Image {
    let common = self.frame(frame, inFolders: true)
    let change = FolderTally(frame)
    let name = frame.name.lowercased().hasSuffix(".png") ? frame.name : frame.name + ".png"
    let hasExpected = ![.new, .added].contains(change)
    let hasActual = ![.deleted, .removed].contains(change)
    return Image(
      path: text(name), change: change.rawValue, message: common.message,
      expected: hasExpected ? common.golden : nil,
      actual: hasActual ? actualFolder.map { path($0.appendingPathComponent(name)) } : nil,
      error: common.error,
      differingPixels: common.differingPixels, antialiasedPixels: common.antialiasedPixels,
      ignoredPixels: common.ignoredPixels, ignoredRegions: common.ignoredRegions,
      comparedPixels: common.comparedPixels, sizesDiffer: common.sizesDiffer,
      expectedSize: common.goldenSize, actualSize: common.actualSize,
      firstDifference: common.firstDifference, differenceBounds: common.differenceBounds,
      diff: common.diff, strip: common.strip, notes: common.notes)
  }
}
