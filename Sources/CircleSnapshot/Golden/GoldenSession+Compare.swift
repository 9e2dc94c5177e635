import CircleCanvas
import CircleRender
import CircleSystem
import Foundation

extension GoldenSession {
  /// An image to compare pixel by pixel with the golden it is paired with.
  struct Comparison {
    /// Its place among the outcomes.
    var outcome: Int
    var item: GoldenImages.Item
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
    // Read once here, so that the threads only read it.
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

  /// Compares an image with a golden whose bytes differ from it: the golden must be a whole
  /// PNG first (``PNGChunkWalk/damage(in:)``), then sizes from the header, then, when they
  /// agree, pixels; writes the diff and the strip of a failure.
  ///
  /// Decoded pixels are taken from the process's ``PixelBudget`` and the memory asked for
  /// before decoding, so a check never holds more than the budget (or one image's worth), and
  /// memory that cannot be had is an error on the image, not a crash. Safe to call from several
  /// threads at once.
  ///
  /// - Returns: whether the image differs from the golden, so that what changed in the scene
  ///   is worth telling.
  func comparePixels(_ item: GoldenImages.Item, with golden: Int, into outcome: inout Outcome)
    -> Bool
  {
    let display = store.displayPath(of: golden)
    func unreadable(_ reason: String, damaged: Bool = true) -> Bool {
      outcome.verdict = .unreadable
      outcome.problem =
        damaged
        ? "golden '\(display)' is damaged: \(reason); --record failed replaces it"
        : "cannot read golden '\(display)': \(reason)"
      return false
    }
    guard let size = item.size else { return false }
    let raw = size.height * (1 + size.width * 4)
    guard let key = store.imageKey(of: golden) else {
      let reason: String
      do {
        let file = try store.open(golden)
        reason = file.size == 0 ? "the file is empty" : "not a whole PNG file"
      } catch {
        return unreadable(error.reason, damaged: false)
      }
      return unreadable(reason)
    }
    if let damage = store.damage(of: golden) { return unreadable(damage) }
    let goldenSize = PixelSize(width: key.width, height: key.height)
    let sizesDiffer = "sizes differ: golden \(goldenSize), actual \(size)"
    guard let goldenData = store.read(golden, limit: raw + raw / 64 + (64 << 20)) else {
      // Larger than any PNG of the actual image's size: only its header is read.
      if goldenSize != size {
        outcome.problem = sizesDiffer
        return true
      }
      return unreadable("it is larger than its size allows")
    }
    if let damage = PNGChunkWalk.damage(in: goldenData) {
      store.noteDamage(damage, of: golden)
      return unreadable(damage)
    }
    do {
      _ = try PNGHeader(goldenData)
    } catch {
      return unreadable("\(error)")
    }
    if goldenSize != size {
      outcome.problem = sizesDiffer
      return true
    }
    let pixels = size.width * size.height
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
        return unreadable("\(error)")
      case (.actual, let error):
        outcome.error = "cannot read the actual image of '\(item.name)' back: \(error)"
      }
      return false
    }
    outcome.comparison = compared.comparison
    guard let difference = compared.difference, !difference.matches else {
      outcome.verdict = .same
      return false
    }
    writeDiff(difference, of: item, golden: store.goldens[golden].name, into: &outcome)
    return true
  }

  /// Adds what changed in the scene since the golden, and a note when the golden came from
  /// another renderer.
  private func explain(
    _ item: GoldenImages.Item, golden: Int, bytes: Data?, into outcome: inout Outcome,
    current: SceneReader,
    scenes: GoldenScenes
  ) {
    let bytes = bytes ?? store.read(golden, limit: 64 << 20)
    let metadata = bytes.flatMap { try? GoldenMetadata(png: $0) }
    if let before = scenes.scene(of: golden, bytes: bytes),
      let after = current.scene(named: item.name)
    {
      outcome.sceneDiff = SceneDiff.lines(from: before, to: after)
      if outcome.sceneDiff.isEmpty {
        outcome.notes.append("the scene is unchanged: the pixels differ through rendering alone")
      }
    } else if scenes.history?.contains(store.goldens[golden].name) == true {
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
    _ difference: Difference, of item: GoldenImages.Item, golden: String,
    into outcome: inout Outcome
  ) {
    let encode = options.comparison.diffing.toData
    let diff: PixelImage
    do {
      diff = try difference.diffImage()
      try artifacts.write(try encode(diff), of: item.path, suffix: ".diff.png")
      outcome.diff = true
    } catch {
      outcome.notes.append("no diff image: \(error)")
      return
    }
    guard options.writesStrips else { return }
    do {
      let strip = try difference.strip(diff: diff, names: (golden, item.name))
      try artifacts.write(try encode(strip), of: item.path, suffix: ".strip.png")
      outcome.strip = true
    } catch {
      outcome.notes.append("no golden | diff | actual strip: \(error)")
    }
  }
}
