import CircleCanvas
import CircleEngine
import CircleRender
import CircleScript
import CircleSystem
import Foundation

/// A script host that writes no frames of its own: it answers `expect pixel` by rendering,
/// hands frames to a handler, and writes `render` targets into a folder when it has one.
///
/// The interactive session, `circles history` and the frame refresher run scripts through it.
/// A `render` target is written in `renderFormat` when one is set (its extension replaced),
/// else in the format its extension names (`.png`, `.svg`, `.pdf`); a target that already holds
/// the same bytes is left alone. Targets are held to the rules of `RenderPath` and written
/// beneath the folder only (`FolderHandle`).
final class CanvasHost: ScriptHost {
  /// Where `render` paths are resolved; `nil` ignores `render` commands unless `renderWriter`
  /// is set.
  var renderDirectory: URL?
  /// How messages name `renderDirectory`.
  var renderDirectoryName = "."
  /// Writes a `render` target's bytes instead of writing them beneath `renderDirectory`, and
  /// returns where they went.
  var renderWriter: ((Data, RenderPath) throws -> URL)?
  /// The format of `render` targets; `nil` goes by each target's extension.
  var renderFormat: FrameFormat?
  /// Called with every frame as the script produces it; an error stops the script.
  var onFrame: ((Frame) throws -> Void)?
  /// Whether to remember frames.
  var keepsFrames = false
  /// The frames produced so far, when `keepsFrames` is set.
  private(set) var frames: [Frame] = []
  /// The `render` files written.
  private(set) var renders: [URL] = []
  /// Repaints only what changed from one state to the next.
  private let renderer = IncrementalRenderer()

  init(renderDirectory: URL? = nil) {
    self.renderDirectory = renderDirectory
  }

  func scriptDidProduceFrame(_ frame: Frame) throws {
    try onFrame?(frame)
    if keepsFrames { frames.append(frame) }
  }

  func scriptRender(_ state: CanvasState, toPath path: String) throws {
    guard renderWriter != nil || renderDirectory != nil else { return }
    let format: FrameFormat
    if let renderFormat {
      format = renderFormat
    } else {
      let last = path.split(separator: "/").last.map(String.init) ?? ""
      guard let named = FrameFormat(fileExtensionOf: URL(fileURLWithPath: last)) else {
        throw FileError(reason: "give the file a .png, .svg or .pdf extension")
      }
      format = named
    }
    let target = try RenderPath(path, fileExtension: format.fileExtension)
    let data = try format.encode(state, image: image(of:))
    if let renderWriter {
      renders.append(try renderWriter(data, target))
    } else if let renderDirectory {
      renders.append(
        try Self.write(data, to: target, beneath: renderDirectory, named: renderDirectoryName))
    }
  }

  func scriptPixel(in state: CanvasState, x: Int, y: Int) throws -> Colour {
    try renderer.pixel(of: state, x: x, y: y)
  }

  /// The rendered pixels of a state, drawn from the last state asked for.
  func image(of state: CanvasState) throws(RenderError) -> PixelImage {
    try renderer.image(of: state)
  }

  /// Writes a `render` target beneath a folder, unless it already holds these bytes.
  private static func write(
    _ data: Data, to target: RenderPath, beneath directory: URL, named name: String
  ) throws(FileError) -> URL {
    do {
      let folder = try FolderHandle(opening: directory, displayPath: name, creating: false)
        .folder(at: target.folder, creating: true)
      try ChangedFile.write(data, named: target.name, in: folder)
    } catch {
      throw FileError(reason: FileError.reason(of: error))
    }
    return directory.appendingPathComponent(target.path)
  }
}
