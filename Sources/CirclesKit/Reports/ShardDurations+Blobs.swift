import CircleSnapshot
import CircleSystem
import Foundation

extension ShardDurations {
  /// The times of earlier runs that `--durations` names: blobs (`.tar`, from `--blob`) and
  /// JSON reports (`--json`). A file that is not there yet, as on a suite's first run in CI, is
  /// noted on standard error and left out: its scripts are shared by count.
  ///
  /// - Throws: ``ShardDurationsError`` for a file that is there but cannot be read.
  static func reading(
    _ paths: [String], in context: ToolContext
  ) throws(ShardDurationsError) -> ShardDurations {
    var durations = ShardDurations()
    for path in paths {
      let url = context.url(for: path)
      guard FolderHandle.status(atPath: url.path) != nil else {
        context.console.printError(
          "note: no times in '\(DisplayText.escaped(path))' yet: scripts are shared by count")
        continue
      }
      if url.pathExtension.lowercased() == "tar" {
        do {
          let seconds = try ReportBlob.durations(reading: url, shownAs: path)
          // A time that is not a finite number of seconds is left to the split, which ignores it.
          durations.seconds.merge(seconds) { _, last in last }
        } catch {
          throw ShardDurationsError(file: url, reason: error.description)
        }
      } else {
        durations.seconds.merge(try ShardDurations(reading: [url]).seconds) { _, last in last }
      }
    }
    return durations
  }
}
