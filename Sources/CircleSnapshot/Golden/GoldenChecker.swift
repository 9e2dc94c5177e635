import CircleCanvas
import CircleRender
import CircleSystem
import Foundation

/// Checks one named snapshot held in memory against its golden image, as `assertSnapshot`
/// does, through a ``GoldenSession``: goldens are written only when the record mode asks for
/// it. A golden that is not a PNG or is damaged makes its frame fail with the reason; nothing
/// here traps.
package enum GoldenChecker {
  /// Checks one image against the golden of its name, as `assertSnapshot` does: no alignment,
  /// no orphans; a new golden carries its scene in its own text chunks.
  ///
  /// - Parameters:
  ///   - name: the golden's name without `.png`.
  ///   - image: the image.
  ///   - state: the scene it shows.
  ///   - folder: the golden folder.
  ///   - options: record mode, comparison and artifacts folder (its golden folders are unused).
  /// - Returns: the image's outcome.
  package static func checkSnapshot(
    named name: String, image: PixelImage, state: CanvasState, folder: URL,
    options: CheckOptions = CheckOptions()
  ) -> FrameResult {
    var options = options
    options.goldenDirectory = folder
    options.prune = false
    return options.removingEmptyArtifactsFolder {
      snapshot(named: name, image: image, state: state, folder: folder, options: options)
    }
  }

  /// Checks a snapshot already encoded as its golden would be (the actual image an earlier
  /// check left, with its metadata) against the golden of `name` in `folder`, as
  /// ``checkSnapshot(named:image:state:folder:options:)`` checks a canvas: what
  /// `circles review --artifacts` accepts through.
  package static func checkSnapshot(
    named name: String, png: Data, folder: URL, options: CheckOptions
  ) -> FrameResult {
    var options = options
    options.goldenDirectory = folder
    options.prune = false
    let state = (try? GoldenMetadata(png: png))?.scene ?? CanvasState(width: 1, height: 1)
    return options.removingEmptyArtifactsFolder {
      snapshot(named: name, state: state, folder: folder, options: options) { png }
    }
  }

  private static func snapshot(
    named name: String, image: PixelImage, state: CanvasState, folder: URL, options: CheckOptions
  ) -> FrameResult {
    snapshot(named: name, state: state, folder: folder, options: options) {
      let png = try options.comparison.diffing.toData(image)
      let metadata = GoldenMetadata(scene: state, renderer: nil)
      return (try? metadata.embedded(in: png)) ?? png
    }
  }

  private static func snapshot(
    named name: String, state: CanvasState, folder: URL, options: CheckOptions,
    encoded: () throws -> Data
  ) -> FrameResult {
    let script = folder.appendingPathComponent(name)
    let session: GoldenSession
    do {
      session = try GoldenSession(
        script: script, options: options, artifactsKey: folder.lastPathComponent,
        writesHistory: false)
    } catch {
      let golden = folder.appendingPathComponent(name + ".png")
      return FrameResult(name: name, status: .failed, golden: golden, error: error.description)
    }
    let index = session.add(name: name, isRender: true, location: nil, scene: state)
    do {
      session.encoded(index, png: try encoded())
    } catch {
      session.failed(index, error: "cannot encode snapshot '\(name)': \(error)")
    }
    return session.finish(stoppedEarly: true).frames.first {
      $0.name == name
    } ?? FrameResult(name: name, status: .failed, golden: folder, error: "not checked")
  }

  /// The bytes of a golden image: the PNG with the scene and the renderer in text chunks, as
  /// `assertSnapshot` writes them.
  ///
  /// - Throws: `RenderError` when the image cannot be encoded.
  package static func goldenData(image: PixelImage, state: CanvasState, renderer: String)
    throws(RenderError) -> Data
  {
    let png = try PNGWriter.encode(image)
    do {
      return try GoldenMetadata(scene: state, renderer: renderer).embedded(in: png)
    } catch {
      throw .damagedPNG(reason: "cannot add metadata: \(error)")
    }
  }
}
