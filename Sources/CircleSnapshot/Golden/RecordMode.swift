import Foundation

/// Which goldens a check may write: none (the default), missing ones, failed ones, or all.
///
/// Named as in swift-snapshot-testing and Playwright. Plain `--record` (or `CIRCLES_RECORD=1`)
/// is ``missingAndFailed``. Without a record mode, goldens are never written.
///
/// | mode | missing golden | golden that differs | golden that matches |
/// |------|----------------|---------------------|---------------------|
/// | `none` | fails | fails | passes |
/// | `missing` | written | fails | passes |
/// | `failed` | fails | rewritten | passes |
/// | `missing,failed` | written | rewritten | passes |
/// | `all` | written | rewritten | rewritten when its bytes would change |
public struct RecordMode: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Whether a frame without a golden gets one.
  public var recordsMissing: Bool
  /// Whether a golden that differs (or cannot be read) is replaced.
  public var recordsFailed: Bool
  /// Whether a golden that matches is rewritten too (to refresh its metadata).
  public var recordsPassed: Bool

  /// Creates a mode from its three switches.
  public init(recordsMissing: Bool, recordsFailed: Bool, recordsPassed: Bool = false) {
    self.recordsMissing = recordsMissing
    self.recordsFailed = recordsFailed
    self.recordsPassed = recordsPassed
  }

  /// Writes nothing: a check only compares.
  public static let none = RecordMode(recordsMissing: false, recordsFailed: false)
  /// Writes goldens that do not exist yet.
  public static let missing = RecordMode(recordsMissing: true, recordsFailed: false)
  /// Replaces goldens that differ or cannot be read.
  public static let failed = RecordMode(recordsMissing: false, recordsFailed: true)
  /// Plain `--record`: writes missing goldens and replaces those that differ.
  public static let missingAndFailed = RecordMode(recordsMissing: true, recordsFailed: true)
  /// Writes every golden.
  public static let all = RecordMode(recordsMissing: true, recordsFailed: true, recordsPassed: true)

  /// The environment variable read by ``init(environment:)``: `CIRCLES_RECORD`.
  public static let environmentVariable = "CIRCLES_RECORD"

  /// Whether the mode writes anything.
  public var isRecording: Bool { recordsMissing || recordsFailed || recordsPassed }

  /// Parses `none`, `missing`, `failed`, `all`, or a comma-separated list (`missing,failed`);
  /// an empty text is plain `--record`, ``missingAndFailed``. Case-insensitive.
  ///
  /// - Returns: the mode, or `nil` for any other text.
  public init?(parsing text: String) {
    let words = text.lowercased().split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard !words.isEmpty else {
      self = .missingAndFailed
      return
    }
    var mode = RecordMode.none
    for word in words {
      switch word {
      case "none", "never": break
      case "missing": mode.recordsMissing = true
      case "failed": mode.recordsFailed = true
      case "all": mode = .all
      default: return nil
      }
    }
    self = mode
  }

  /// Reads ``environmentVariable``: unset gives `nil`; `1`, `true`, `yes` give
  /// ``missingAndFailed``; `0`, `false`, `no` and the empty text give ``none``; anything else is
  /// parsed as by ``init(parsing:)``.
  ///
  /// - Throws: ``SnapshotError/invalidRecordMode(_:)`` for a value that is none of those.
  public init?(environment: [String: String]) throws(SnapshotError) {
    guard let raw = environment[Self.environmentVariable] else { return nil }
    let value = raw.trimmingCharacters(in: .whitespaces).lowercased()
    switch value {
    case "1", "true", "yes": self = .missingAndFailed
    case "0", "false", "no", "": self = .none
    default:
      guard let mode = RecordMode(parsing: value) else { throw .invalidRecordMode(raw) }
      self = mode
    }
  }

  /// `none`, `missing`, `failed`, `missing,failed` or `all`.
  public var description: String {
    if recordsPassed { return "all" }
    let words = [recordsMissing ? "missing" : nil, recordsFailed ? "failed" : nil].compactMap(
      \.self)
    return words.isEmpty ? "none" : words.joined(separator: ",")
  }
}
