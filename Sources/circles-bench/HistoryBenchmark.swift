import Foundation

/// What `--sheet` and `--animation` add to a run: the same script run with and without them,
/// interleaved, as whole commands (start to exit), reported as medians and ratios.
enum HistoryBenchmark {
  struct Row {
    var workload: String
    var plain: Double
    var with: Double
    var note: String
  }

  /// Runs each variant `runs` times, interleaved with plain runs of the same script.
  ///
  /// - Parameters:
  ///   - circles: the `circles` binary.
  ///   - work: a folder for the runs' files.
  ///   - sheetScript: a script of 1000 frames.
  ///   - w2Script: the W2 script (501 frames).
  static func measure(
    circles: String, work: URL, sheetScript: String, w2Script: String, runs: Int,
    progress: (String) -> Void
  ) -> [Row] {
    var serial = 0
    func folder() -> String {
      serial += 1
      return work.appendingPathComponent("history-\(serial)").path
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    func pair(_ script: String, _ extra: (String) -> [String]) -> (Double, Double) {
      var plain: [Double] = []
      var with: [Double] = []
      for _ in 0..<runs {
        plain.append(Launcher.run(circles, ["run", script, "-o", folder()]).seconds)
        let output = folder()
        with.append(Launcher.run(circles, ["run", script, "-o", output] + extra(output)).seconds)
        progress(String(format: "  plain %.3f s, with %.3f s", plain.last!, with.last!))
      }
      return (median(plain), median(with))
    }
    func size(_ path: String) -> Int {
      ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }
    func framesSize(_ folder: String) -> Int {
      ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { $0.hasSuffix(".png") }.reduce(0) { $0 + size(folder + "/" + $1) }
    }
    var rows: [Row] = []
    progress("--sheet on 1000 frames…")
    let sheet = pair(sheetScript) { ["--sheet", $0 + "/sheet.png"] }
    rows.append(
      Row(workload: "--sheet, 1000 frames (400×300)", plain: sheet.0, with: sheet.1, note: ""))
    for (name, file) in [("APNG", "history.png"), ("GIF", "history.gif")] {
      progress("--animation \(file) on W2…")
      var last = ""
      let timing = pair(w2Script) { output in
        last = output
        return ["--animation", output + "/" + file]
      }
      let animation = size(last + "/" + file)
      let frames = framesSize(last)
      rows.append(
        Row(
          workload: "--animation \(name), W2 (501 frames)", plain: timing.0, with: timing.1,
          note: String(
            format: "%d KB, %.3f× the frames' %d KB", animation / 1024,
            Double(animation) / Double(max(1, frames)), frames / 1024)))
    }
    return rows
  }
}
