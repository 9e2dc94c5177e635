import CircleCanvas
import CircleRender
import CircleSystem
import Foundation

extension GoldenSession {
  /// An image to compare pixel by pixel with the golden it is paired with.
  struct Comparison {
    /// Its place among the outcomes.
    var outcome: Int
    var item: Item
    var golden: Int
  }

  /// Compares images with the goldens whose bytes differ from theirs, on every core, and adds
  /// what changed in their scenes, in order.
  ///
  /// Each comparison holds the process's ``PixelBudget`` for its two decoded images while it
  /// runs, so the comparisons under way never hold more than the budget (or one image pair
  /// larger than it, alone). What changed in the scenes is read in script order afterwards, as
  /// the scene readers go forward through the history.
  func compare(
    _ comparisons: [Comparison], into outcomes: inout [Outcome], current: SceneReader,
    golden scenes: GoldenScenes
  ) {
    guard !comparisons.isEmpty else { return }
    // Opened once here, so that the threads only read them.
    _ = existingArtifacts()
    _ = scenes.history
    let threads = min(ProcessInfo.processInfo.activeProcessorCount, comparisons.count)
    let inputs = comparisons.map { outcomes[$0.outcome] }
    let results = Locked([Outcome?](repeating: nil, count: comparisons.count))
    let explains = Locked([Bool](repeating: false, count: comparisons.count))
    let next = Locked(0)
    let work: @Sendable (Int) -> Void = { _ in
      while true {
        let job = next.withLock { taken -> Int in
          defer { taken += 1 }
          return taken
        }
        guard job < comparisons.count else { return }
        var outcome = inputs[job]
        let explain = self.comparePixels(
          comparisons[job].item, with: comparisons[job].golden, into: &outcome)
        results.withLock { $0[job] = outcome }
        explains.withLock { $0[job] = explain }
      }
    }
    WorkerThreads.shared.perform(iterations: threads, work)
    let compared = results.withLock { $0 }
    let explained = explains.withLock { $0 }
    for (job, comparison) in comparisons.enumerated() {
      guard var outcome = compared[job] else { continue }
      if explained[job] {
        // The scene's lines come first, as they would had they been read with the pixels.
        let later = outcome.notes
        outcome.notes = []
        explain(
          comparison.item, golden: comparison.golden, bytes: nil, into: &outcome,
          current: current, scenes: scenes)
        outcome.notes += later
      }
      outcomes[comparison.outcome] = outcome
    }
  }

  /// Compares an image with a golden whose bytes differ from it: sizes from the header first,
  /// then, when they agree, pixels; writes the diff and the strip of a failure.
  ///
  /// Decoded pixels are taken from the process's ``PixelBudget`` and the memory asked for
  /// before decoding, so a check never holds more than the budget (or one image's worth), and
  /// memory that cannot be had is an error on the image, not a crash. Safe to call from several
  /// threads at once.
  ///
  /// - Returns: whether the image differs from the golden, so that what changed in the scene
  ///   is worth telling.
  func comparePixels(_ item: Item, with golden: Int, into outcome: inout Outcome) -> Bool {
    let display = DisplayPath.of(location.url.appendingPathComponent(goldens[golden].fileName))
    guard let key = imageKey(of: golden) else {
      let reason: String
      do {
        let file = try openGolden(golden)
        reason = file.size == 0 ? "the file is empty" : "not a PNG file, or a damaged one"
      } catch {
        reason = error.reason
      }
      outcome.problem = "cannot read golden '\(display)': \(reason)"
      return false
    }
    guard let size = item.size else { return false }
    let goldenSize = PixelSize(width: key.width, height: key.height)
    if goldenSize != size {
      outcome.problem = "sizes differ: golden \(goldenSize), actual \(size)"
      return true
    }
    let pixels = size.width * size.height
    let raw = size.height * (1 + size.width * 4)
    guard let goldenData = read(golden, limit: raw + raw / 64 + (64 << 20)) else {
      outcome.problem = "cannot read golden '\(display)': it is larger than its size allows"
      return false
    }
    guard let actualData = recordableBytes(of: item) else {
      outcome.error = "cannot read the actual image of '\(item.name)' back"
      return false
    }
    // The golden and the actual image, decoded under the process's budget; the decoder asks
    // the system for their memory first, so a shortage is an error, not a crash.
    let compared: PNGComparison
    do {
      compared = try PNGComparison(
        expected: goldenData, actual: actualData, options: options.comparison,
        readingScenes: false)
    } catch {
      switch (error.file, error.error) {
      case (_, .outOfMemory):
        outcome.error =
          "cannot compare image '\(item.name)': not enough memory for two \(size) images "
          + "(\((2 * pixels * 4) >> 20) MiB); allow the process more memory, or draw a smaller "
          + "canvas"
      case (.expected, let error):
        outcome.problem = "cannot read golden '\(display)': \(error)"
      case (.actual, let error):
        outcome.error = "cannot read the actual image of '\(item.name)' back: \(error)"
      }
      return false
    }
    outcome.comparison = compared.comparison
    guard let difference = compared.difference, !difference.matches else {
      outcome.equivalent = true
      return false
    }
    writeDiff(difference, of: item, golden: goldens[golden].name, into: &outcome)
    return true
  }

  /// Adds what changed in the scene since the golden, and a note when the golden came from
  /// another renderer.
  private func explain(
    _ item: Item, golden: Int, bytes: Data?, into outcome: inout Outcome, current: SceneReader,
    scenes: GoldenScenes
  ) {
    let bytes = bytes ?? read(golden, limit: 64 << 20)
    let metadata = bytes.flatMap { try? GoldenMetadata(png: $0) }
    if let before = scenes.scene(of: golden, bytes: bytes),
      let after = current.scene(named: item.name)
    {
      outcome.sceneDiff = SceneDiff.lines(from: before, to: after)
      if outcome.sceneDiff.isEmpty {
        outcome.notes.append("the scene is unchanged: the pixels differ through rendering alone")
      }
    } else if scenes.history?.contains(goldens[golden].name) == true {
      outcome.notes.append(
        "what changed cannot be named: the history was written for another image of this "
          + "golden; any --record rewrites it")
    } else if let problem = scenes.problem {
      outcome.notes.append("what changed cannot be named: \(problem)")
    } else {
      outcome.notes.append("the golden carries no scene, so what changed cannot be named")
    }
    if let renderer = metadata?.renderer, renderer != options.renderer {
      outcome.notes.append(
        "the golden was rendered with \(renderer), this run with \(options.renderer)")
    }
  }

  /// Writes the diff image and the golden | diff | actual strip (scaled down when the three
  /// side by side would be too wide for one image), its panels named after the golden and the
  /// frame.
  private func writeDiff(
    _ difference: Difference, of item: Item, golden: String, into outcome: inout Outcome
  ) {
    let encode = options.comparison.diffing.toData
    let diff: PixelImage
    do {
      diff = try difference.diffImage()
      try writeArtifact(try encode(diff), of: item.name, suffix: ".diff.png")
      outcome.diff = true
    } catch {
      outcome.notes.append("no diff image: \(error)")
      return
    }
    do {
      let strip = try difference.strip(diff: diff, names: (golden, item.name))
      try writeArtifact(try encode(strip), of: item.name, suffix: ".strip.png")
      outcome.strip = true
    } catch {
      outcome.notes.append("no golden | diff | actual strip: \(error)")
    }
  }
}
