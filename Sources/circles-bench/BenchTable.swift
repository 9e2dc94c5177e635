import Foundation

/// One line of the results table: a workload, what was measured, what it is measured against,
/// their ratio, the goal and whether it was met.
struct BenchRow {
  var workload: String
  var measured: String
  var against: String
  var ratio: String
  var goal: String
  var met: String

  /// A row whose goal is a largest ratio.
  init(_ workload: String, _ measured: String, _ against: String, ratio: Double, atMost: Double) {
    self.init(
      workload, measured, against, ratio: Measures.times(ratio),
      goal: "≤ " + String(format: "%.2f×", atMost), met: ratio <= atMost)
  }

  init(
    _ workload: String, _ measured: String, _ against: String, ratio: String, goal: String,
    met: Bool?
  ) {
    self.workload = workload
    self.measured = measured
    self.against = against
    self.ratio = ratio
    self.goal = goal
    self.met = met.map { $0 ? "yes" : "**no**" } ?? "—"
  }

  /// The table in Markdown.
  static func table(_ rows: [BenchRow]) -> String {
    var lines = [
      "| workload | measured | against | ratio | goal | met |", "|---|---|---|---|---|---|",
    ]
    for row in rows {
      lines.append(
        "| \(row.workload) | \(row.measured) | \(row.against) | \(row.ratio) | \(row.goal) "
          + "| \(row.met) |")
    }
    return lines.joined(separator: "\n")
  }
}

/// Medians and the ways figures are written in the table.
enum Measures {
  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
  }

  /// Seconds, or milliseconds below a tenth of a second.
  static func seconds(_ value: Double) -> String {
    value < 0.1 ? String(format: "%.2f ms", value * 1000) : String(format: "%.3f s", value)
  }

  static func mebibytes(_ bytes: Int) -> String {
    String(format: "%.1f MiB", Double(bytes) / 1_048_576)
  }

  static func times(_ ratio: Double) -> String { String(format: "%.3f×", ratio) }

  /// Seconds since `start`.
  static func elapsed(since start: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
  }

  /// A line of progress on standard error.
  static func progress(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }

  /// The bytes of the regular files below a folder.
  static func bytes(below folder: String) -> Int {
    let manager = FileManager.default
    var total = 0
    for path in (try? manager.subpathsOfDirectory(atPath: folder)) ?? [] {
      let attributes = try? manager.attributesOfItem(atPath: folder + "/" + path)
      if attributes?[.type] as? FileAttributeType == .typeRegular {
        total += (attributes?[.size] as? Int) ?? 0
      }
    }
    return total
  }
}
