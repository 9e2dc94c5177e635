import CirclesTestSupport
import Foundation

/// `circles view` on a 5000-state history: what writing the page costs against a run of the
/// same script, how big the page is against the frames, and how soon Chromium shows it.
enum ViewerBenchmark {
  struct Result {
    var run: Double
    var view: Double
    var pageBytes: Int
    var frameBytes: Int
    /// Milliseconds from the start of navigation to the first picture drawn, each time.
    var opening: [Double]
  }

  /// Runs `run` and `view` interleaved `runs` times, then opens the page `opens` times, each in
  /// a fresh browser.
  static func measure(
    circles: String, work: URL, script: String, runs: Int, opens: Int,
    progress: (String) -> Void
  ) async throws -> Result {
    let page = work.appendingPathComponent("viewer.html")
    let frames = work.appendingPathComponent("viewer-frames").path
    var run: [Double] = []
    var view: [Double] = []
    for _ in 0..<runs {
      run.append(Launcher.run(circles, ["run", script, "-o", frames]).seconds)
      view.append(Launcher.run(circles, ["view", script, "-o", page.path]).seconds)
      progress(String(format: "  run %.3f s, view %.3f s", run.last!, view.last!))
    }
    func size(_ path: String) -> Int {
      ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }
    let frameBytes = ((try? FileManager.default.contentsOfDirectory(atPath: frames)) ?? [])
      .reduce(0) { $0 + size(frames + "/" + $1) }
    var opening: [Double] = []
    for _ in 0..<opens {
      let browser = try await HeadlessChromium()
      try await browser.open(page)
      try await browser.wait(until: "document.body.dataset.ready !== undefined")
      let ready = try await browser.evaluate("Number(document.body.dataset.ready)")
      opening.append((ready as? Double) ?? Double(ready as? Int ?? -1))
      progress(String(format: "  page shown after %.0f ms", opening.last!))
    }
    return Result(
      run: Measures.median(run), view: Measures.median(view), pageBytes: size(page.path),
      frameBytes: frameBytes,
      opening: opening)
  }

  /// The table rows of a measure.
  static func rows(_ result: Result) -> [BenchRow] {
    let opening = result.opening.sorted()
    let shown = opening[opening.count / 2] / 1000
    return [
      BenchRow(
        "`circles view` of 5000 states (W2 × 10), against `circles run`",
        Measures.seconds(result.view), Measures.seconds(result.run),
        ratio: Measures.times(result.view / result.run), goal: "—", met: nil),
      BenchRow(
        "`circles view` of 5000 states: the page's bytes, the frames'",
        Measures.mebibytes(result.pageBytes), Measures.mebibytes(result.frameBytes),
        ratio: Measures.times(Double(result.pageBytes) / Double(max(1, result.frameBytes))),
        goal: "—", met: nil),
      BenchRow(
        String(
          format: "`circles view` of 5000 states: shown by Chromium (median of %d, %.0f–%.0f ms)",
          opening.count, opening.first!, opening.last!),
        Measures.seconds(shown), "2 s", ratio: shown / 2, atMost: 1),
    ]
  }
}
