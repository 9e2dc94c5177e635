import CircleSystem
import Foundation

/// The seconds each script's check took in earlier runs, read from their JSON reports
/// (`circles check --json`), by the script's path as the reports show it: what `--durations`
/// balances shards by (docs/ci.md, "Shards of even time").
package struct ShardDurations: Sendable, Equatable {
  /// Seconds by script path; a script in several reports keeps the last one's time.
  package var seconds: [String: Double] = [:]

  /// No times: shares by count.
  package init() {}

  /// Reads the reports at these files.
  ///
  /// - Throws: ``ShardDurationsError`` naming the first file that cannot be read or is not the
  ///   JSON report of a check.
  package init(reading files: [URL]) throws(ShardDurationsError) {
    for file in files {
      let data: Data
      do {
        data = try FolderHandle.readGivenFile(
          atPath: file.path, shownAs: DisplayPath.of(file), limit: Self.largestReport,
          tooLarge: { _ in "is larger than \(Self.largestReport >> 20) MiB" })
      } catch {
        throw ShardDurationsError(file: file, reason: error.reason)
      }
      let document: JSONReport.Document
      do {
        document = try JSONDecoder().decode(JSONReport.Document.self, from: data)
      } catch {
        throw ShardDurationsError(
          file: file, reason: "not the JSON report of 'circles check --json'")
      }
      for script in document.scripts {
        if let time = script.durationSeconds {
          seconds[script.script] = time
        }
      }
    }
  }

  /// The most bytes a report may have: 256 MiB, the JSON of some hundred thousand frames.
  static let largestReport = 256 << 20
}

/// A file `--durations` names that cannot be used.
package struct ShardDurationsError: Error, CustomStringConvertible {
  package var file: URL
  package var reason: String

  package init(file: URL, reason: String) {
    self.file = file
    self.reason = reason
  }

  package var description: String {
    "cannot read the durations in '\(DisplayText.escaped(DisplayPath.of(file)))': \(reason)"
  }
}
