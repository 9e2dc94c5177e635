import CirclesTestSupport
import Foundation

/// `circles preview` and `circles review`: how soon the open page shows a save of the script,
/// measured in Chromium from just before the file is written to the moment the reloaded page has
/// drawn its picture, or loaded its images (the page's own clock, `performance.timeOrigin` plus
/// the time in `data-ready`).
enum PreviewBenchmark {
  /// Which page is measured.
  enum Page {
    /// `circles preview`: each save adds a circle at the end of the script.
    case preview
    /// `circles review` of a script whose goldens were recorded first: each save changes the
    /// colour of a circle added before every other, so every frame fails its golden.
    case review
  }

  /// Milliseconds from each save to the new picture, in order.
  struct Result {
    var latencies: [Double]
    /// Milliseconds of each save that `circles preview` took to read, run and publish it, as
    /// it printed them.
    var rounds: [Double]
    var states: Int
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Starts `circles preview` of `script` (base text plus one changing line per edit), opens
  /// it in Chromium, and saves the script `edits` times, each adding a circle of another colour.
  static func measure(
    _ page: Page = .preview, circles: String, work: URL, base: String, edits: Int,
    progress: (String) -> Void
  ) async throws -> Result {
    let script = work.appendingPathComponent("p.circles")
    let text = { (edit: Int) in
      let edited = "add edited at 200,150 radius 40 fill rgb(\(edit * 37 % 256), 90, 200)\n"
      guard page == .review, let end = base.firstIndex(of: "\n") else { return base + edited }
      return base[...end] + edited + base[base.index(after: end)...]
    }
    try Data(text(0).utf8).write(to: script, options: .atomic)
    if page == .review {
      let record = Process()
      record.executableURL = URL(fileURLWithPath: circles)
      record.arguments = ["check", script.path, "--record", "--artifacts", work.path + "/a"]
      record.currentDirectoryURL = work
      record.standardOutput = FileHandle.nullDevice
      record.standardError = FileHandle.nullDevice
      try record.run()
      record.waitUntilExit()
      try Data(text(1).utf8).write(to: script, options: .atomic)
    }
    let output = work.appendingPathComponent("preview-output.txt")
    FileManager.default.createFile(atPath: output.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: circles)
    process.arguments = [page == .review ? "review" : "preview", script.path]
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer {
      if process.isRunning {
        process.interrupt()
        process.waitUntilExit()
      }
    }
    var address: URL?
    for _ in 0..<1000 where address == nil {
      let printed = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
      address = printed.split(separator: "\n").first.flatMap {
        $0.split(separator: " ").last.flatMap { URL(string: String($0)) }
      }
      if address == nil { try await Task.sleep(for: .milliseconds(10)) }
    }
    guard let address else { throw Failure(description: "circles preview printed no address") }

    let browser = try await HeadlessChromium()
    try await browser.open(address)
    func shown(_ version: Int) -> String {
      page == .review
        ? "document.body.dataset.version === '\(version)' && document.body.dataset.ready !== "
          + "undefined"
        : "document.body.dataset.version === '\(version)' && document.body.dataset.painted !== "
          + "undefined && document.body.dataset.painted === document.body.dataset.frame"
    }
    try await wait(until: shown(1), in: browser)
    let states =
      (try await browser.evaluate(
        page == .review
          ? "document.querySelectorAll('article.item').length"
          : "Number(document.getElementById('scrub').max) + 1"))
      as? Int ?? 0
    var latencies: [Double] = []
    var rounds: [Double] = []
    // The review's page shows the first edit already: its saves begin with the second.
    let first = page == .review ? 2 : 1
    for edit in first...(edits + first - 1) {
      // A pause between saves, as between a person's.
      try await Task.sleep(for: .milliseconds(300))
      let written = Date().timeIntervalSince1970 * 1000
      try Data(text(edit).utf8).write(to: script, options: .atomic)
      try await wait(until: shown(edit + 2 - first), in: browser)
      let times =
        try await browser.evaluate(
          "[performance.timeOrigin, Number(document.body.dataset.ready)]") as? [Any] ?? []
      let numbers = times.map { ($0 as? Double) ?? Double($0 as? Int ?? 0) }
      guard numbers.count == 2 else { throw Failure(description: "the page gave no times") }
      let at = numbers[0] + numbers[1]
      // From the save to the reload's start, and from there to the picture drawn.
      let toReload = numbers[0] - written
      latencies.append(at - written)
      let printed = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
      let round = printed.split(separator: "\n").last { $0.hasPrefix("page \(edit + 2 - first): ") }
        .flatMap { $0.firstMatch(of: /\((\d+\.\d+) s\)$/) }.flatMap { Double($0.1) }
      rounds.append((round ?? .nan) * 1000)
      progress(
        String(
          format: "  save %d shown after %.0f ms (its run %.0f ms, the reload started at %.0f ms)",
          edit, latencies.last!, rounds.last!, toReload))
    }
    return Result(latencies: latencies, rounds: rounds, states: states)
  }

  /// Asks the page again after every reload until the condition holds, for up to a minute.
  private static func wait(until condition: String, in browser: HeadlessChromium) async throws {
    let deadline = ContinuousClock.now + .seconds(60)
    while ContinuousClock.now < deadline {
      if (try? await browser.evaluate("!!(\(condition))", timeout: .seconds(10))) as? Bool == true {
        return
      }
      try await Task.sleep(for: .milliseconds(5))
    }
    throw Failure(description: "the page did not show '\(condition)' within a minute")
  }

  /// The table's row.
  static func rows(_ result: Result, page: Page = .preview) -> [BenchRow] {
    let sorted = result.latencies.sorted()
    let median = Measures.median(sorted) / 1000
    if page == .review {
      return [
        BenchRow(
          String(
            format: "`circles review` of a script whose %d frames all fail: a save shown by "
              + "Chromium (median of %d, %.0f–%.0f ms; the check %.0f ms of it)",
            result.states, sorted.count, sorted.first!, sorted.last!,
            Measures.median(result.rounds)),
          Measures.seconds(median), "300 ms", ratio: median / 0.3, atMost: 1)
      ]
    }
    return [
      BenchRow(
        String(
          format: "`circles preview` of %d states: a save shown by Chromium (median of %d, "
            + "%.0f–%.0f ms; the run of the script %.0f ms of it)", result.states, sorted.count,
          sorted.first!, sorted.last!, Measures.median(result.rounds)),
        Measures.seconds(median), "200 ms", ratio: median / 0.2, atMost: 1)
    ]
  }
}
