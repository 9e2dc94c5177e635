import CircleCanvas
import CircleRender
import Foundation

/// Checks one frame against its golden file; shared by the threads of a check.
struct FrameChecker: Sendable {
  let options: CheckOptions
  let goldenFolder: URL
  let artifactsFolder: URL

  func check(_ frame: GoldenChecker.Frame) -> FrameResult {
    let golden = goldenFolder.appendingPathComponent(frame.name + ".png")
    var result = FrameResult(name: frame.name, status: .passed, golden: golden)
    let actualData: Data
    do {
      actualData = try GoldenChecker.goldenData(
        image: frame.image, state: frame.state, renderer: options.renderer)
    } catch {
      result.status = .failed
      result.problem = "cannot encode the frame: \(error)"
      return result
    }
    guard FileManager.default.fileExists(atPath: golden.path) else {
      return missing(frame, actualData, result)
    }
    let goldenData: Data
    let goldenImage: PixelImage
    do {
      goldenData = try Data(contentsOf: golden)
      goldenImage = try PNGCodec.decode(goldenData)
    } catch {
      result.problem = "cannot read golden '\(DisplayPath.of(golden))': \(error)"
      return failed(frame, actualData, goldenImage: nil, result)
    }
    let comparison = ImageComparison(
      expected: goldenImage, actual: frame.image, options: options.comparison)
    result.comparison = comparison
    if comparison.matches {
      removeStaleArtifacts(of: frame.name)
      if options.record.recordsPassed, goldenData != actualData {
        return write(actualData, to: golden, result)
      }
      return result
    }
    explain(frame.state, goldenData: goldenData, into: &result)
    return failed(frame, actualData, goldenImage: goldenImage, result)
  }

  func handleOrphan(named name: String) -> FrameResult {
    let golden = goldenFolder.appendingPathComponent(name + ".png")
    var result = FrameResult(name: name, status: .orphan, golden: golden)
    guard options.prune else { return result }
    do {
      try FileManager.default.removeItem(at: golden)
      result.status = .pruned
    } catch {
      result.problem = "cannot delete '\(DisplayPath.of(golden))': \(error.localizedDescription)"
    }
    return result
  }

  private func missing(_ frame: GoldenChecker.Frame, _ actualData: Data, _ base: FrameResult)
    -> FrameResult
  {
    var result = base
    if options.record.recordsMissing { return write(actualData, to: result.golden, result) }
    result.status = .missing
    result.notes.append(FrameResult.noGoldenNote)
    writeArtifacts(frame, actualData, goldenImage: nil, into: &result)
    return result
  }

  private func failed(
    _ frame: GoldenChecker.Frame, _ actualData: Data, goldenImage: PixelImage?,
    _ base: FrameResult
  ) -> FrameResult {
    var result = base
    if options.record.recordsFailed {
      result.problem = nil
      return write(actualData, to: result.golden, result)
    }
    result.status = .failed
    writeArtifacts(frame, actualData, goldenImage: goldenImage, into: &result)
    return result
  }

  private func write(_ data: Data, to golden: URL, _ base: FrameResult) -> FrameResult {
    var result = base
    do {
      try AtomicFile.write(data, to: golden)
      result.status = .recorded
      removeStaleArtifacts(of: result.name)
    } catch {
      result.status = .failed
      result.problem = "cannot record the golden: \(error)"
    }
    return result
  }

  /// Adds the semantic diff and renderer notes from the golden's metadata.
  private func explain(_ state: CanvasState, goldenData: Data, into result: inout FrameResult) {
    guard let metadata = try? GoldenMetadata(png: goldenData) else { return }
    if let scene = metadata.scene {
      result.sceneDiff = SceneDiff.lines(from: scene, to: state)
      if result.sceneDiff.isEmpty {
        result.notes.append("the scene is unchanged: the pixels differ through rendering alone")
      }
    } else {
      result.notes.append("the golden carries no scene, so what changed cannot be named")
    }
    if let renderer = metadata.renderer, renderer != options.renderer {
      result.notes.append(
        "the golden was rendered with \(renderer), this run with \(options.renderer)")
    }
  }

  private func artifactURLs(of name: String) -> (actual: URL, diff: URL, strip: URL) {
    (
      artifactsFolder.appendingPathComponent(name + ".actual.png"),
      artifactsFolder.appendingPathComponent(name + ".diff.png"),
      artifactsFolder.appendingPathComponent(name + ".strip.png")
    )
  }

  private func writeArtifacts(
    _ frame: GoldenChecker.Frame, _ actualData: Data, goldenImage: PixelImage?,
    into result: inout FrameResult
  ) {
    let urls = artifactURLs(of: frame.name)
    do {
      try AtomicFile.write(actualData, to: urls.actual)
      guard let goldenImage else {
        for stale in [urls.diff, urls.strip] { try? FileManager.default.removeItem(at: stale) }
        result.artifacts = FrameArtifacts(actual: urls.actual, diff: nil, strip: nil)
        return
      }
      result.artifacts = FrameArtifacts(actual: urls.actual, diff: nil, strip: nil)
      let diff = try DiffImage.highlighting(
        expected: goldenImage, actual: frame.image, options: options.comparison)
      try AtomicFile.write(PNGCodec.encode(diff), to: urls.diff)
      result.artifacts?.diff = urls.diff
      // The actual and diff images stay reported when the strip cannot be made.
      let strip = try DiffImage.strip(expected: goldenImage, diff: diff, actual: frame.image)
      try AtomicFile.write(PNGCodec.encode(strip), to: urls.strip)
      result.artifacts?.strip = urls.strip
    } catch {
      result.notes.append("cannot write the failure images: \(error)")
    }
  }

  private func removeStaleArtifacts(of name: String) {
    let urls = artifactURLs(of: name)
    for url in [urls.actual, urls.diff, urls.strip]
    where FileManager.default.fileExists(
      atPath: url.path)
    {
      try? FileManager.default.removeItem(at: url)
    }
  }
}
