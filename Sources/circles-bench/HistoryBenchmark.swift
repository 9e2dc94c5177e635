import Foundation

/// What `--sheet` and `--animation` add to a run: the same script run with and without them,
/// interleaved, as whole commands (start to exit), reported as medians and ratios.
enum HistoryBenchmark {
  /// Runs each variant `runs` times, interleaved with plain runs of the same script.
  ///
  /// - Parameters:
  ///   - circles: the `circles` binary.
  ///   - work: a folder for the runs' files.
  ///   - sheetScript: a script of 1000 frames.
  ///   - w2Script: the W2 script (501 frames).
  ///   - sixtyScript: W2's first 60 steps.
  static func rows(
    circles: String, work: URL, sheetScript: String, w2Script: String, sixtyScript: String,
    runs: Int, progress: (String) -> Void
  ) -> [BenchRow] {
    var serial = 0
    func folder() -> String {
      serial += 1
      return work.appendingPathComponent("history-\(serial)").path
    }
    func pair(_ script: String, _ extra: (String) -> [String]) -> (Double, Double) {
      var plain: [Double] = []
      var with: [Double] = []
      for _ in 0..<runs {
        plain.append(Launcher.run(circles, ["run", script, "-o", folder()]).seconds)
        let output = folder()
        with.append(Launcher.run(circles, ["run", script, "-o", output] + extra(output)).seconds)
        progress(String(format: "  plain %.3f s, with %.3f s", plain.last!, with.last!))
      }
      return (Measures.median(plain), Measures.median(with))
    }
    var rows: [BenchRow] = []
    progress("--sheet on 1000 frames…")
    let sheet = pair(sheetScript) { ["--sheet", $0 + "/sheet.png"] }
    rows.append(
      BenchRow(
        "`--sheet` on 1000 frames (400×300): the run with it, without", seconds(sheet.1),
        seconds(sheet.0), ratio: sheet.1 / sheet.0, atMost: 1.3))
    for (name, file) in [("APNG", "history.png"), ("GIF", "history.gif")] {
      progress("--animation \(file) on W2…")
      var last = ""
      let timing = pair(w2Script) { output in
        last = output
        return ["--animation", output + "/" + file]
      }
      rows.append(
        BenchRow(
          "`--animation` \(name) of W2 (501 frames): the run with it, without",
          seconds(timing.1), seconds(timing.0), ratio: Measures.times(timing.1 / timing.0),
          goal: "—", met: nil))
      rows.append(
        sizeRow("\(name) of W2 (501 frames)", last, file, goal: name == "APNG" ? 0.5 : nil))
    }
    // The 60-step history the animation's size is promised on.
    let sixty = folder()
    _ = Launcher.run(circles, ["run", sixtyScript, "-o", sixty, "--animation", sixty + "/a.png"])
    rows.append(
      sizeRow("APNG of a 60-step history (W2's first 60 circles)", sixty, "a.png", goal: 0.5))
    return rows
  }

  static func seconds(_ value: Double) -> String { Measures.seconds(value) }

  /// The animation's bytes against the frames' beside it.
  static func sizeRow(_ label: String, _ folder: String, _ file: String, goal: Double?) -> BenchRow
  {
    func size(_ path: String) -> Int {
      ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }
    let animation = size(folder + "/" + file)
    let frames = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .filter { $0.hasSuffix(".png") && $0 != file }.reduce(0) { $0 + size(folder + "/" + $1) }
    let ratio = Double(animation) / Double(max(1, frames))
    let workload = "\(label): its bytes, the frames'"
    let measured = "\(animation / 1024) KB"
    let against = "\(frames / 1024) KB"
    guard let goal else {
      return BenchRow(
        workload, measured, against, ratio: Measures.times(ratio), goal: "—", met: nil)
    }
    return BenchRow(workload, measured, against, ratio: ratio, atMost: goal)
  }
}
