import CircleCanvas
import CircleRender
import CircleSystem
import Foundation

/// Checks the images of one script against its goldens as they are made, one at a time, so
/// that a check holds one image at a time whatever the length of the history.
///
/// ```swift
/// let session = try GoldenSession(script: url, options: CheckOptions())
/// for frame in frames {   // in script order
///   let index = session.add(name: frame.name, location: nil, scene: frame.state)
///   session.encoded(index, png: try PNGWriter.encode(frame.image))
/// }
/// let result = session.finish()
/// ```
///
/// Each image is announced with its scene, in script order (``add(name:isRender:location:scene:)``),
/// then handed over as PNG bytes from `PNGWriter` (``encoded(_:png:)``), possibly on another
/// thread and later, but one at a time. An image whose bytes equal a golden's (chunks other than
/// text) needs nothing more; any other is written to the artifacts folder at once and compared
/// pixel by pixel at the end. ``finish(stoppedEarly:)`` then works out the whole
/// ``GoldenPlan`` of the check — pairs, statuses, deletions, renames and writes — checks its
/// rules, and only then changes the folder.
///
/// Three parts, each with its own lock: the golden folder (``GoldenStore``), the artifacts
/// folder (``ArtifactsFolder``) and the images (``GoldenImages``).
package final class GoldenSession: Sendable {
  let script: URL
  let options: CheckOptions
  let store: GoldenStore
  let artifacts: ArtifactsFolder
  let images = GoldenImages()
  /// Whether recording rewrites the scene history beside the golden folder (not for snapshots,
  /// whose goldens carry their scenes).
  let writesHistory: Bool

  /// Opens a script's golden folder for checking.
  ///
  /// - Parameters:
  ///   - script: the script; names the default golden folder.
  ///   - options: golden folder, record mode, comparison, artifacts folder.
  ///   - artifactsKey: the script's subfolder of the artifacts folder (`more/dot`); by default
  ///     its file name without `.circles`.
  ///   - writesHistory: whether goldens' scenes are kept in a history beside the golden folder
  ///     (snapshots keep theirs in their own text chunks).
  /// - Throws: ``SnapshotError/cannotUseFolder(_:)`` when the golden folder cannot be read or
  ///   is reached through a symbolic link.
  package init(
    script: URL, options: CheckOptions, artifactsKey: String? = nil, writesHistory: Bool = true
  ) throws(SnapshotError) {
    self.script = script
    self.options = options
    self.writesHistory = writesHistory
    artifacts = ArtifactsFolder(
      url: options.artifactsDirectory.appendingPathComponent(
        artifactsKey ?? CheckOptions.key(of: script), isDirectory: true))
    do {
      store = try GoldenStore(
        location: GoldenLocation(
          script: script, options: options, key: CheckOptions.key(of: script)))
    } catch {
      throw .cannotUseFolder(error.description)
    }
  }

  /// Announces the next image of the script, in script order, with the scene it shows.
  ///
  /// - Parameters:
  ///   - name: the frame's name without `.png` (`0001-add-sun`), or a `render` target's path
  ///     without `.png` (`sub/final`); a `render` of a name given before replaces it.
  ///   - isRender: whether the image is a `render` target.
  ///   - location: the command that made it.
  ///   - scene: the canvas state it shows.
  /// - Returns: the image's number, for ``encoded(_:png:)``.
  @discardableResult
  package func add(
    name: String, isRender: Bool = false, location: ScriptLocation?, scene: CanvasState
  ) -> Int {
    images.add(name: name, isRender: isRender, location: location, scene: scene)
  }

  /// Hands over an image's PNG bytes, as `PNGWriter` made them (without text chunks).
  ///
  /// Compares them with the goldens that may hold the same picture, byte for byte, and writes
  /// the image to the artifacts folder unless one does.
  package func encoded(_ index: Int, png: Data) {
    let item = images[index]
    guard let key = PNGImageKey(png: png) else {
      failed(index, error: "cannot check image '\(item.name)': it is not a PNG file")
      return
    }
    let recordsPassed = options.record.recordsPassed
    let found = store.identify(
      name: item.name, slug: item.slug, byName: item.byName, png: png, key: key,
      recordsPassed: recordsPassed, golden: { goldenBytes(png) })
    var result = item
    result.encoded = true
    result.size = PixelSize(width: key.width, height: key.height)
    result.picture = found.picture
    result.identical = found.identical
    result.exact = found.exact
    if found.identical == nil || (recordsPassed && !found.exact) {
      do throws(FileError) {
        try artifacts.write(goldenBytes(png), of: item.path, suffix: ".actual.png")
        result.spilled = true
      } catch {
        result.error = error.description
      }
    }
    images.update(index) { $0 = result }
  }

  /// Records that an image could not be made, so it is reported with the reason (exit 2).
  package func failed(_ index: Int, error: String) {
    images.update(index) {
      $0.encoded = true
      $0.error = error
    }
  }

  /// The bytes of a golden for PNG bytes: the renderer's identity added as a text chunk.
  func goldenBytes(_ png: Data) -> Data {
    (try? PNGImageKey.appendingText([(GoldenMetadata.rendererKey, options.renderer)], to: png))
      ?? png
  }

  /// The bytes a record of the image writes (and its actual artifact holds): the artifact
  /// written in pass one, or the image of a byte-identical golden with this renderer's text.
  func recordableBytes(of item: GoldenImages.Item) -> Data? {
    if item.spilled, let data = artifacts.contents(of: item.path, suffix: ".actual.png") {
      return data
    }
    guard let identical = item.identical, let data = store.read(identical, limit: Int.max),
      let image = PNGImageKey.imageOnly(data)
    else { return nil }
    return goldenBytes(image)
  }
}
