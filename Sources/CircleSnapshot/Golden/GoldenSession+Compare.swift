import CircleCanvas
import CircleRender
import Foundation

extension GoldenSession {
  /// Compares an image with a golden whose bytes differ from it: sizes from the header first,
  /// then, when they agree, pixels; writes the diff and the strip of a failure.
  ///
  /// Decoded pixels are taken from the process's ``PixelBudget`` and the memory asked for
  /// before decoding, so a check never holds more than the budget (or one image's worth), and
  /// memory that cannot be had is an error on the image, not a crash.
  func compare(
    _ item: Item, with golden: Int, into outcome: inout Outcome, current: SceneReader,
    golden scenes: GoldenScenes
  ) {
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
      return
    }
    guard let size = item.size else { return }
    let goldenSize = PixelSize(width: key.width, height: key.height)
    if goldenSize != size {
      outcome.problem = "sizes differ: golden \(goldenSize), actual \(size)"
      explain(item, golden: golden, bytes: nil, into: &outcome, current: current, scenes: scenes)
      return
    }
    let pixels = size.width * size.height
    // The golden, the actual image, the diff and the strip (three panels wide). Memory is asked
    // of the system just before each of them is made, so that a shortage is reported, not
    // crashed into.
    let held = pixels * 6
    PixelBudget.shared.holding(held) {
      guard PixelBudget.reserve(bytes: pixels * 4 * 3) else {
        outcome.error =
          "cannot compare image '\(item.name)': not enough memory for two \(size) images"
        return
      }
      let raw = size.height * (1 + size.width * 4)
      guard let goldenData = read(golden, limit: raw + raw / 64 + (64 << 20)) else {
        outcome.problem = "cannot read golden '\(display)': it is larger than its size allows"
        return
      }
      guard let actualData = recordableBytes(of: item) else {
        outcome.error = "cannot read the actual image of '\(item.name)' back"
        return
      }
      let expected: PixelImage
      let actual: PixelImage
      do {
        expected = try PNGCodec.decode(goldenData)
      } catch {
        outcome.problem = "cannot read golden '\(display)': \(error)"
        return
      }
      do {
        actual = try PNGCodec.decode(actualData)
      } catch {
        outcome.error = "cannot read the actual image of '\(item.name)' back: \(error)"
        return
      }
      let comparison = ImageComparison(expected: expected, actual: actual, options: options.comparison)
      outcome.comparison = comparison
      if comparison.matches {
        outcome.equivalent = true
        return
      }
      explain(item, golden: golden, bytes: goldenData, into: &outcome, current: current, scenes: scenes)
      writeDiff(item, expected: expected, actual: actual, into: &outcome)
    }
  }

  /// Adds what changed in the scene since the golden, and a note when the golden came from
  /// another renderer.
  private func explain(
    _ item: Item, golden: Int, bytes: Data?, into outcome: inout Outcome, current: SceneReader,
    scenes: GoldenScenes
  ) {
    let bytes = bytes ?? read(golden, limit: 64 << 20)
    let metadata = bytes.flatMap { try? GoldenMetadata(png: $0) }
    if let before = scenes.scene(of: goldens[golden].name, bytes: bytes),
      let after = current.scene(named: item.name)
    {
      outcome.sceneDiff = SceneDiff.lines(from: before, to: after)
      if outcome.sceneDiff.isEmpty {
        outcome.notes.append("the scene is unchanged: the pixels differ through rendering alone")
      }
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

  /// Writes the diff image and, when it fits in one image, the golden | diff | actual strip.
  private func writeDiff(
    _ item: Item, expected: PixelImage, actual: PixelImage, into outcome: inout Outcome
  ) {
    let bytes = expected.width * expected.height * 4
    guard PixelBudget.reserve(bytes: bytes * 3) else {
      outcome.notes.append("no diff image: not enough memory for it")
      return
    }
    let diff = DiffImage.highlighting(expected: expected, actual: actual, options: options.comparison)
    do {
      try writeArtifact(try PNGWriter.encode(diff), of: item.name, suffix: ".diff.png")
      outcome.diff = true
    } catch {
      outcome.notes.append("cannot write the diff image: \(error)")
    }
    let width = expected.width + diff.width + actual.width + 2 * DiffImage.separatorWidth
    guard width <= 16384 else {
      outcome.notes.append(
        "no golden | diff | actual strip: the three side by side would be \(width) pixels wide")
      return
    }
    guard PixelBudget.reserve(bytes: bytes * 6) else {
      outcome.notes.append("no golden | diff | actual strip: not enough memory for it")
      return
    }
    let strip = DiffImage.strip(expected: expected, diff: diff, actual: actual)
    do {
      try writeArtifact(try PNGWriter.encode(strip), of: item.name, suffix: ".strip.png")
      outcome.strip = true
    } catch {
      outcome.notes.append("cannot write the strip: \(error)")
    }
  }
}
