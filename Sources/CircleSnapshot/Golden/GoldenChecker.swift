import CircleCanvas
import CircleRender
import Dispatch
import Foundation

/// Checks the frames of a script against their golden images, records goldens on request, and
/// writes actual, diff and strip images for failures.
///
/// ```swift
/// let result = GoldenChecker.check(script: url, frames: frames, options: CheckOptions())
/// print(TextReport.lines(for: [result]).joined(separator: "\n"))
/// ```
///
/// Goldens are written only when the record mode asks for it and deleted only with
/// ``CheckOptions/prune``. A golden that is not a PNG or is damaged makes its frame fail with the
/// reason; nothing here traps. Frames are compared on all cores.
public enum GoldenChecker {
  /// One frame to check: its name without `.png`, its pixels and the scene it shows.
  public typealias Frame = (name: String, image: PixelImage, state: CanvasState)

  /// Checks every frame of a script and every golden in its folder.
  ///
  /// - Parameters:
  ///   - script: the script's file; names the default golden folder and the artifacts subfolder.
  ///   - frames: the rendered frames in order.
  ///   - options: golden folder, record mode, prune, comparison and artifacts folder.
  /// - Returns: each frame's outcome in order, then orphan or pruned goldens by name.
  public static func check(script: URL, frames: [Frame], options: CheckOptions = CheckOptions())
    -> ScriptResult
  {
    let folder = options.goldenDirectory(forScript: script)
    let artifacts = options.artifactsDirectory.appendingPathComponent(
      script.deletingPathExtension().lastPathComponent, isDirectory: true)
    let checker = FrameChecker(options: options, goldenFolder: folder, artifactsFolder: artifacts)
    let results = ResultSlots(count: frames.count)
    DispatchQueue.concurrentPerform(iterations: frames.count) { index in
      results.set(index, checker.check(frames[index]))
    }
    var outcomes = results.values
    let names = Set(frames.map(\.name))
    for orphan in goldenNames(in: folder) where !names.contains(orphan) {
      outcomes.append(checker.handleOrphan(named: orphan))
    }
    return ScriptResult(
      script: script, goldenDirectory: folder, frames: outcomes,
      failsOnOrphans: options.failsOnOrphans)
  }

  /// The names (without `.png`) of the PNG files in a golden folder, sorted; none when the folder
  /// does not exist.
  public static func goldenNames(in folder: URL) -> [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".png") && !$0.hasPrefix(".") }
      .map { String($0.dropLast(4)) }.sorted()
  }

  /// The bytes of a golden for a frame: its PNG with the scene and renderer as text chunks.
  ///
  /// - Throws: `RenderError` when the image cannot be encoded.
  public static func goldenData(image: PixelImage, state: CanvasState, renderer: String)
    throws(RenderError) -> Data
  {
    let png = try PNGCodec.encode(image)
    do {
      return try GoldenMetadata(scene: state, renderer: renderer).embedded(in: png)
    } catch {
      throw .damagedPNG(reason: "cannot add metadata: \(error)")
    }
  }
}

/// Results filled in from several threads, each index once.
private final class ResultSlots: @unchecked Sendable {
  private var slots: [FrameResult?]
  private let lock = NSLock()

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ result: FrameResult) {
    lock.lock()
    slots[index] = result
    lock.unlock()
  }

  var values: [FrameResult] {
    lock.lock()
    defer { lock.unlock() }
    return slots.map { $0! }
  }
}
