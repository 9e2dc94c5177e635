import Foundation

/// The machine-readable report of a check, for scripts: a JSON object with the totals and every
/// script's frames.
///
/// ```json
/// {"passed": false, "summary": "checked 1 script, 3 frames: 2 passed, 1 failed",
///  "scripts": [{"script": "samples/sun.circles", "passed": false,
///    "firstDivergingFrame": "0001-add-sun",
///    "rerecordCommand": "circles check samples/sun.circles --record failed",
///    "frames": [{"name": "0001-add-sun", "status": "failed", "differingPixels": 189, …}]}]}
/// ```
public enum JSONReport {
  /// The whole report.
  public struct Document: Codable, Hashable, Sendable {
    /// Whether every script passed.
    public var passed: Bool
    /// The summary line of the text report.
    public var summary: String
    /// One entry per script.
    public var scripts: [Script]
  }

  /// One script's outcome.
  public struct Script: Codable, Hashable, Sendable {
    /// The script's path as shown to people.
    public var script: String
    /// The folder of its goldens.
    public var goldenDirectory: String
    /// Whether it passed.
    public var passed: Bool
    /// The first frame that differs from its golden or has none.
    public var firstDivergingFrame: String?
    /// The command that records the goldens it lacked; `nil` when it passed.
    public var rerecordCommand: String?
    /// Every frame, then orphan or pruned goldens.
    public var frames: [Frame]
  }

  /// One frame's outcome.
  public struct Frame: Codable, Hashable, Sendable {
    /// The frame's name without `.png`.
    public var name: String
    /// `passed`, `failed`, `missing`, `recorded`, `orphan` or `pruned`.
    public var status: FrameStatus
    /// What happened, in one phrase.
    public var message: String
    /// The golden's path.
    public var golden: String
    /// Differing pixels, when the images were compared.
    public var differingPixels: Int?
    /// Whether the sizes differ, when the images were compared.
    public var sizesDiffer: Bool?
    /// The full comparison, when the images were compared.
    public var comparison: ImageComparison?
    /// The semantic diff from the golden's scene.
    public var sceneDiff: [String]
    /// Notes (another renderer, a golden without a scene).
    public var notes: [String]
    /// Path of the actual image written for a failure.
    public var actual: String?
    /// Path of the diff image written for a failure.
    public var diff: String?
    /// Path of the golden | diff | actual strip written for a failure.
    public var strip: String?
  }

  /// The report as a value.
  public static func document(for results: [ScriptResult]) -> Document {
    Document(
      passed: results.allSatisfy(\.passed), summary: TextReport.summary(results),
      scripts: results.map { result in
        Script(
          script: result.displayPath, goldenDirectory: DisplayPath.of(result.goldenDirectory),
          passed: result.passed, firstDivergingFrame: result.firstDivergingFrame?.name,
          rerecordCommand: result.passed ? nil : result.rerecordCommand,
          frames: result.frames.map(frame))
      })
  }

  static func frame(_ frame: FrameResult) -> Frame {
    Frame(
      name: frame.name, status: frame.status, message: TextReport.describe(frame),
      golden: DisplayPath.of(frame.golden), differingPixels: frame.comparison?.differingPixels,
      sizesDiffer: frame.comparison.map { !$0.sizesMatch }, comparison: frame.comparison,
      sceneDiff: frame.sceneDiff, notes: frame.notes,
      actual: frame.artifacts.map { DisplayPath.of($0.actual) },
      diff: frame.artifacts?.diff.map(DisplayPath.of),
      strip: frame.artifacts?.strip.map(DisplayPath.of))
  }

  /// The report as pretty-printed UTF-8 JSON with sorted keys, ending in a newline.
  public static func data(for results: [ScriptResult]) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Every field is a plain value: encoding cannot fail.
    var data = (try? encoder.encode(document(for: results))) ?? Data("{}".utf8)
    data.append(0x0A)
    return data
  }
}
