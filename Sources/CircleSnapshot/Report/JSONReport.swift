import CircleRender
import CircleSystem
import Foundation

/// The machine-readable report of a check, for scripts: a JSON object with the totals and every
/// script's frames, in plain fields (numbers, strings, booleans, small objects), described in
/// the README.
///
/// ```json
/// {"passed": false, "summary": "checked 1 script, 3 frames: 1 passed, 1 failed, 1 moved",
///  "scripts": [{"script": "samples/sun.circles", "status": "failed", "passed": false,
///    "goldenDirectory": "samples/__snapshots__/sun", "firstDivergingFrame": "0002-add-sea",
///    "rerecordCommand": "circles check samples/sun.circles --record failed",
///    "frames": [{"name": "0002-add-sea", "status": "failed", "movedFrom":
///      "samples/__snapshots__/sun/0001-add-sea.png", "line": 3, "column": 1,
///      "differingPixels": 189, …}]}]}
/// ```
package enum JSONReport {
  /// The whole report.
  package struct Document: Codable, Hashable, Sendable {
    /// Whether every script passed.
    package var passed: Bool
    /// The summary line of the text report.
    package var summary: String
    /// One entry per script.
    package var scripts: [Script]
  }

  /// One script's outcome.
  package struct Script: Codable, Hashable, Sendable {
    /// The script's path as shown to people.
    package var script: String
    /// `passed`, `failed` (a frame, or an `expect`) or `error` (not checked, or an image that
    /// could not be).
    package var status: ScriptCheckResult.Status
    /// The folder of its goldens; `nil` when the script was not checked.
    package var goldenDirectory: String?
    /// Whether it passed.
    package var passed: Bool
    /// Whether the script stopped before its end (an error or a failed `expect`).
    package var stoppedEarly: Bool
    /// What stopped it or kept it from being checked, each with its file, line, column and
    /// message.
    package var diagnostics: [Diagnostic]
    /// The first frame that differs from its golden or has none.
    package var firstDivergingFrame: String?
    /// The command the report suggests to bring the goldens up to date; `nil` when nothing is
    /// left to do, or there is nothing to run (goldens just recorded, to be looked at).
    package var rerecordCommand: String?
    /// How many frames have each status, by status (`{"passed": 5, "moved": 2}`), as the text
    /// summary counts them.
    package var counts: [String: Int]
    /// Every frame and `render` target, then orphan or pruned goldens.
    package var frames: [Frame]
    /// Whether this entry compares two folders of images (`circles compare`): `script` is then
    /// `expected vs actual`, `goldenDirectory` the expected folder, and each frame an image.
    package var comparesFolders: Bool
    /// Notes on the whole entry: files that were skipped and why.
    package var notes: [String]
    /// How long the script's check took, in seconds; absent when it was not timed.
    package var durationSeconds: Double?
  }

  /// A problem that stopped a script, where it is and what it says.
  package struct Diagnostic: Codable, Hashable, Sendable {
    /// The file, as shown to people.
    package var file: String
    /// The line, from 1, when the problem has a place in the script.
    package var line: Int?
    /// The column, from 1, when the problem has a place in the script.
    package var column: Int?
    /// What is wrong.
    package var message: String
  }

  /// A rectangle or a point of pixels.
  package struct Region: Codable, Hashable, Sendable {
    /// The left column.
    package var x: Int
    /// The top row.
    package var y: Int
    /// The width (1 for a point).
    package var width: Int
    /// The height (1 for a point).
    package var height: Int
  }

  /// One frame's outcome.
  package struct Frame: Codable, Hashable, Sendable {
    /// The frame's name without `.png`.
    package var name: String
    /// `passed`, `failed`, `missing`, `moved`, `recorded`, `orphan` or `pruned`.
    package var status: FrameStatus
    /// What happened, in one phrase.
    package var message: String
    /// Whether it is a `render` target.
    package var render: Bool
    /// The golden's path under the frame's name.
    package var golden: String
    /// The golden it was compared with when that has another name (a moved golden), as it was
    /// before any rename.
    package var movedFrom: String?
    /// `true` when this check renamed the moved golden to the frame's name; absent otherwise.
    package var renamed: Bool?
    /// The line of the command that made it.
    package var line: Int?
    /// The column of that command.
    package var column: Int?
    /// What kept the check from doing its work on it (the check exits 2).
    package var error: String?
    /// Differing pixels, when the images were compared.
    package var differingPixels: Int?
    /// Differing pixels ignored as anti-aliasing, when the images were compared.
    package var antialiasedPixels: Int?
    /// Pixels left out because they lie in an ignored region, when the images were compared.
    package var ignoredPixels: Int?
    /// The regions left out of the comparison, as given; empty when none was.
    package var ignoredRegions: [Region]
    /// For an image of two folders, what became of it: `passed`, `changed`, `new`, `deleted`,
    /// or after an update `updated`, `added`, `removed`; `nil` for a script's frame.
    package var change: FolderTally.RawValue?
    /// Pixels compared, when the images were compared.
    package var comparedPixels: Int?
    /// Whether the sizes differ, when both are known.
    package var sizesDiffer: Bool?
    /// The golden's size, `WxH`.
    package var goldenSize: String?
    /// The frame's size, `WxH`.
    package var actualSize: String?
    /// The first differing pixel in reading order.
    package var firstDifference: Region?
    /// The smallest rectangle holding every differing pixel.
    package var differenceBounds: Region?
    /// The semantic diff from the golden's scene.
    package var sceneDiff: [String]
    /// Notes (another renderer, a golden without a scene).
    package var notes: [String]
    /// Path of the actual image written for a failure.
    package var actual: String?
    /// Path of the diff image written for a failure.
    package var diff: String?
    /// Path of the golden | diff | actual strip written for a failure.
    package var strip: String?
  }

  /// The report as a value.
  package static func document(for check: CheckResult) -> Document {
    Document(
      passed: check.passed, summary: text(TextReport.summary(check)),
      scripts: check.scripts.map { entry in
        var counts: [String: Int] = [:]
        let folders = entry.result?.comparesFolders ?? false
        for frame in entry.frames {
          let tally = folders ? FolderTally(frame).rawValue : frame.status.rawValue
          counts[tally, default: 0] += 1
        }
        let result = entry.result
        return Script(
          script: text(entry.displayPath), status: entry.status,
          goldenDirectory: result.map { text(DisplayPath.of($0.goldenDirectory)) },
          passed: entry.status == .passed,
          stoppedEarly: result?.stoppedEarly ?? true,
          diagnostics: entry.diagnostics.map {
            Diagnostic(
              file: text($0.file), line: $0.line, column: $0.column, message: text($0.message))
          },
          firstDivergingFrame: result?.firstDivergingFrame.map { text($0.name) },
          rerecordCommand: result?.suggestedCommand.map(text),
          counts: counts,
          frames: entry.frames.map { frame($0, inFolders: result?.comparesFolders ?? false) },
          comparesFolders: result?.comparesFolders ?? false,
          notes: (result?.notes ?? []).map(text),
          durationSeconds: entry.durationSeconds.map { ($0 * 1000).rounded() / 1000 })
      })
  }

  static func frame(_ frame: FrameResult, inFolders: Bool = false) -> Frame {
    let comparison = frame.comparison
    let goldenSize = frame.goldenSize ?? comparison?.expectedSize
    let actualSize = frame.actualSize ?? comparison?.actualSize
    return Frame(
      name: text(frame.name), status: frame.status,
      message: text(TextReport.describe(frame, inFolders: inFolders)),
      render: frame.isRender, golden: path(frame.golden), movedFrom: frame.movedFrom.map(path),
      renamed: frame.renamed ? true : nil,
      line: frame.location?.line, column: frame.location?.column, error: frame.error.map(text),
      differingPixels: comparison?.differingPixels,
      antialiasedPixels: comparison?.antialiasedPixels,
      ignoredPixels: comparison?.ignoredPixels,
      ignoredRegions: (comparison?.options.ignoredRegions ?? []).map {
        Region(x: $0.minX, y: $0.minY, width: $0.width, height: $0.height)
      },
      change: inFolders ? FolderTally(frame).rawValue : nil,
      comparedPixels: comparison?.comparedPixels,
      sizesDiffer: goldenSize.flatMap { golden in actualSize.map { $0 != golden } },
      goldenSize: goldenSize?.description, actualSize: actualSize?.description,
      firstDifference: comparison?.firstDifference.map {
        Region(x: $0.x, y: $0.y, width: 1, height: 1)
      },
      differenceBounds: comparison?.differenceBounds.map {
        Region(x: $0.minX, y: $0.minY, width: $0.width, height: $0.height)
      },
      sceneDiff: frame.sceneDiff.map(text), notes: frame.notes.map(text),
      actual: frame.artifacts.map { path($0.actual) },
      diff: frame.artifacts?.diff.map(path), strip: frame.artifacts?.strip.map(path))
  }

  /// Text from files as JSON holds it: bytes that are not UTF-8 shown as `�` (control
  /// characters are escaped by JSON itself).
  static func text(_ value: String) -> String {
    guard RawPath.holdsRawBytes(value) else { return value }
    return String(
      String.UnicodeScalarView(
        value.unicodeScalars.map { RawPath.holdsRawBytes(String($0)) ? "\u{FFFD}" : $0 }))
  }

  static func path(_ url: URL) -> String { text(DisplayPath.of(url)) }

  /// The report as pretty-printed UTF-8 JSON with sorted keys, ending in a newline.
  ///
  /// - Parameter comparesFolders: whether the check is `circles compare`'s, whose JSON speaks
  ///   of folders and images (``folderDocument(for:)``).
  package static func data(for check: CheckResult, comparesFolders: Bool = false) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Every field is a plain value: encoding cannot fail. A folder comparison speaks its own
    // words (JSONReport+Folders.swift).
    let encoded =
      comparesFolders
      ? try? encoder.encode(folderDocument(for: check))
      : try? encoder.encode(document(for: check))
    var data = encoded ?? Data("{}".utf8)
    data.append(0x0A)
    return data
  }
}
