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
/// pixel by pixel at the end, when ``finish(stoppedEarly:)`` has aligned frames with goldens
/// (``GoldenAlignment``), recorded, renamed and pruned what the options ask for, and rewritten the
/// goldens' scene history when goldens changed.
///
/// Goldens are read and written only as real files in real folders (``FolderHandle``): never through a
/// symbolic link, never a FIFO or a device, and none larger than its header's size allows.
package final class GoldenSession: @unchecked Sendable {
  /// One image of the script, in order.
  struct Item {
    var name: String
    var isRender: Bool
    /// Whether it is matched with a golden by its name alone: a `render` target, or an image
    /// whose name is not a frame's (a snapshot).
    var byName: Bool
    var slug: String
    var location: ScriptLocation?
    /// The picture it shares with a byte-identical golden of the same slug, if any.
    var picture: Int?
    /// A golden whose image is byte-identical to this one, if any.
    var identical: Int?
    /// Whether the golden of the same name holds exactly the bytes a record would write.
    var exact = false
    /// Whether the actual image was written to the artifacts folder.
    var spilled = false
    var size: PixelSize?
    var error: String?
    var encoded = false
    /// A later `render` of the same name took its place.
    var superseded = false
  }

  let script: URL
  let options: CheckOptions
  let location: GoldenLocation
  /// The folder holding the golden folder, when it exists.
  var parent: FolderHandle?
  /// The golden folder, when it exists.
  var folder: FolderHandle?
  let artifactsURL: URL
  /// The script's subfolder of the artifacts folder.
  let artifactsKey: String
  var artifacts: FolderHandle?
  /// Guards `artifacts` and `madeArtifactsFolder` while images are compared on several threads.
  let artifactsLock = NSLock()
  /// Whether this check made the script's artifacts folder.
  var madeArtifactsFolder = false
  var goldens: [GoldenFile] = []
  var goldenIndex: [String: Int] = [:]

  // What pass one learnt of the goldens; touched by `encoded` alone, one call at a time.
  let storeLock = NSLock()
  var keys: [Int: PNGImageKey?] = [:]
  var byDigest: [Int: [Int]]?
  var goldenPicture: [Int: Int] = [:]
  var verified: Set<Int> = []
  var pictureCount = 0
  /// Where goldens are read to be compared with images.
  var readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 0, alignment: 16)

  /// Whether recording rewrites the scene history beside the golden folder (not for snapshots,
  /// whose goldens carry their scenes).
  var writesHistory = true

  let itemsLock = NSLock()
  var items: [Item] = []
  let scenes = SceneRecorder()

  deinit { readBuffer.deallocate() }

  /// Opens a script's golden folder for checking.
  ///
  /// - Parameters:
  ///   - script: the script; names the default golden folder.
  ///   - options: golden folder, record mode, comparison, artifacts folder.
  ///   - artifactsKey: the script's subfolder of the artifacts folder (`more/dot`); by default
  ///     its file name without `.circles`.
  /// - Throws: ``SnapshotError/cannotUseFolder(_:)`` when the golden folder cannot be read or
  ///   is reached through a symbolic link.
  package init(script: URL, options: CheckOptions, artifactsKey: String? = nil)
    throws(SnapshotError)
  {
    self.script = script
    self.options = options
    location = GoldenLocation(script: script, options: options, key: CheckOptions.key(of: script))
    self.artifactsKey = artifactsKey ?? CheckOptions.key(of: script)
    artifactsURL = options.artifactsDirectory.appendingPathComponent(
      self.artifactsKey, isDirectory: true)
    do {
      parent = try location.parent(creating: false)
      folder = try parent?.subfolder(location.name)
      try list("")
    } catch {
      throw .cannotUseFolder(error.description)
    }
  }

  /// Adds the goldens of a subfolder (`""` for the golden folder itself) and of the folders
  /// below it to those known: the PNG files that are not hidden. Subfolders hold `render`
  /// targets (`render sub/final.png`); hidden ones and links are left out.
  func list(_ subfolder: String, depth: Int = 0) throws(FileError) {
    guard let folder, depth <= Self.maximumDepth else { return }
    let base = subfolder.isEmpty ? folder : try folder.subfolder(subfolder)
    guard let base else { return }
    let prefix = subfolder.isEmpty ? "" : subfolder + "/"
    for entry in try base.entries() where !entry.name.hasPrefix(".") {
      if entry.isFolder {
        try list(prefix + entry.name, depth: depth + 1)
        continue
      }
      guard entry.name.hasSuffix(".png") else { continue }
      let name = prefix + String(entry.name.dropLast(4))
      guard goldenIndex[name] == nil else { continue }
      goldenIndex[name] = goldens.count
      goldens.append(GoldenFile(name: name))
    }
  }

  /// How deep below the golden folder goldens are looked for.
  static let maximumDepth = 16

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
    itemsLock.withLock {
      if isRender, let earlier = items.firstIndex(where: { $0.isRender && $0.name == name }) {
        items[earlier].superseded = true
      }
      let file = GoldenFile(name: name)
      items.append(
        Item(
          name: name, isRender: isRender, byName: isRender || !file.isFrame, slug: file.slug,
          location: location))
      scenes.append(name: name, scene: scene)
      return items.count - 1
    }
  }

  /// Hands over an image's PNG bytes, as `PNGWriter` made them (without text chunks).
  ///
  /// Compares them with the goldens that may hold the same picture, byte for byte, and writes
  /// the image to the artifacts folder unless one does.
  package func encoded(_ index: Int, png: Data) {
    let item = itemsLock.withLock { items[index] }
    guard let key = PNGImageKey(png: png) else {
      failed(index, error: "cannot check image '\(item.name)': it is not a PNG file")
      return
    }
    let found = storeLock.withLock { identify(item, png: png, key: key) }
    var result = item
    result.encoded = true
    result.size = PixelSize(width: key.width, height: key.height)
    result.picture = found.picture
    result.identical = found.identical
    result.exact = found.exact
    if found.identical == nil || (options.record.recordsPassed && !found.exact) {
      do throws(FileError) {
        try writeArtifact(goldenBytes(png), of: item.name, suffix: ".actual.png")
        result.spilled = true
      } catch {
        result.error = error.description
      }
    }
    itemsLock.withLock { items[index] = result }
  }

  /// Records that an image could not be made, so it is reported with the reason (exit 2).
  package func failed(_ index: Int, error: String) {
    itemsLock.withLock {
      items[index].encoded = true
      items[index].error = error
    }
  }

  /// The bytes of a golden for PNG bytes: the renderer's identity added as a text chunk.
  func goldenBytes(_ png: Data) -> Data {
    (try? PNGImageKey.appendingText([(GoldenMetadata.rendererKey, options.renderer)], to: png))
      ?? png
  }

  /// The golden of a name, when the folder has one.
  func golden(named name: String) -> Int? { goldenIndex[name] }
}
