import CircleCanvas
import CircleRender
import CircleSystem
import Foundation

/// What a golden PNG says about itself: the scene it was rendered from and the renderer.
///
/// Stored as PNG text chunks: the renderer (`cairo 1.16.0`) under ``rendererKey``; the scene as
/// JSON under ``sceneKey`` in goldens of `assertSnapshot` and of older versions of circles.
/// Goldens that `circles check` records keep their scenes in one history file beside their
/// folder instead (`__snapshots__/sun.history`), which ``init(png:file:)`` reads. Either may be
/// missing, for goldens made by other tools.
package struct GoldenMetadata: Hashable, Sendable {
  /// The key of the canvas state, as JSON.
  package static let sceneKey = "circles:scene"
  /// The key of the renderer's identity.
  package static let rendererKey = "circles:renderer"

  /// The canvas state the image shows.
  package var scene: CanvasState?
  /// The renderer that drew it, e.g. `cairo 1.16.0`.
  package var renderer: String?

  /// Creates metadata.
  package init(scene: CanvasState?, renderer: String?) {
    self.scene = scene
    self.renderer = renderer
  }

  /// Reads the metadata of PNG bytes; an unreadable scene is left out rather than failing.
  ///
  /// - Throws: ``PNGTextError`` when the bytes are not a well-formed PNG.
  package init(png: Data) throws(PNGTextError) {
    let entries = try PNGTextChunks.entries(in: png)
    let sceneJSON = entries.first { $0.key == Self.sceneKey }?.value
    scene = sceneJSON.flatMap { try? JSONDecoder().decode(CanvasState.self, from: Data($0.utf8)) }
    renderer = entries.first { $0.key == Self.rendererKey }?.value
  }

  /// Reads the metadata of a golden file's bytes, taking the scene from the history beside its
  /// folder (`<folder>.history`) when the file carries none.
  ///
  /// - Throws: ``PNGTextError`` when the bytes are not a well-formed PNG.
  package init(png: Data, file: URL) throws(PNGTextError) {
    try self.init(png: png)
    guard scene == nil else { return }
    let folder = file.deletingLastPathComponent()
    let history = folder.deletingLastPathComponent().appendingPathComponent(
      SceneHistory.fileName(forFolder: folder.lastPathComponent))
    guard let data = FolderHandle.readFile(history, limit: SceneHistory.maximumBytes),
      let parsed = try? SceneHistory(data: data)
    else { return }
    scene = SceneReader(parsed).scene(named: file.deletingPathExtension().lastPathComponent)
  }

  /// Returns the PNG with this metadata in its text chunks (replacing earlier values).
  ///
  /// - Throws: ``PNGTextError`` when the bytes are not a well-formed PNG.
  package func embedded(in png: Data) throws(PNGTextError) -> Data {
    var entries: [(key: String, value: String)] = []
    if let scene {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      if let json = try? encoder.encode(scene) {
        entries.append((Self.sceneKey, String(decoding: json, as: UTF8.self)))
      }
    }
    if let renderer { entries.append((Self.rendererKey, renderer)) }
    return try PNGTextChunks.inserting(entries, into: png)
  }
}
